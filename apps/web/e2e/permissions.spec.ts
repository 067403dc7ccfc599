import { expect, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, createRole, createUser, sidebar, signInUi, unique } from './helpers';

test.describe('Quyền truy cập', () => {
  test('người dùng thiếu quyền bị chuyển tới 403 và menu ẩn mục không được mở', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    const role = await createRole(request, token, {
      code: `xem-nd-${id}`,
      name: `Xem người dùng ${id}`,
      permissions: ['users.index', 'leaves.index'],
    });
    const department = await createDepartment(request, token, { code: `PB-${id}`, name: `Phòng Quan trắc ${id}` });
    const password = 'MatKhau#2026';
    const user = await createUser(request, token, {
      name: 'Trần Thị Bích Ngọc',
      username: `ngoc.${id}`,
      password,
      role_id: role.id,
      department_id: department.id,
    });

    await signInUi(page, `ngoc.${id}`, password);

    // Dashboard: greeting with role and department, cards only for what they may open.
    await expect(page.getByRole('heading', { level: 3 })).toContainText(user.name);
    await expect(page.getByTestId('user-role')).toHaveText(`Vai trò: ${role.name}`);
    await expect(page.getByTestId('user-department')).toHaveText(`Phòng ban: ${department.name}`);

    const menu = sidebar(page);
    await expect(menu.getByText('Tổng quan')).toBeVisible();
    await expect(menu.getByText('Thông báo')).toBeVisible();
    await expect(menu.getByText('Quản trị hệ thống')).toBeVisible();
    await menu.getByText('Quản trị hệ thống').click();
    await expect(menu.getByRole('link', { name: 'Người dùng' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Vai trò' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Phòng ban' })).toHaveCount(0);
    // Authentication-only sections are there; keyed sections the role lacks are not.
    await expect(menu.getByText('Công việc', { exact: true })).toBeVisible();
    await expect(menu.getByText('Cài đặt')).toBeVisible();
    await expect(menu.getByText('Yêu cầu & quy trình')).toHaveCount(0);
    await expect(menu.getByText('Đánh giá KPI')).toHaveCount(0);
    await expect(menu.getByText('Khách hàng & hợp đồng')).toHaveCount(0);
    await menu.getByText('Cài đặt').click();
    await expect(menu.getByRole('link', { name: 'Danh mục dịch vụ' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Mẫu hợp đồng' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Thông tin công ty' })).toHaveCount(0);
    await menu.getByText('Công việc', { exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Công việc của tôi' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Danh sách công việc' })).toHaveCount(0);

    // Pages without the key → the route named error.403.
    for (const path of [
      '/admin/roles',
      '/admin/departments/create',
      '/admin/works',
      '/admin/settings/company',
      '/admin/leaves/create-for-employee',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/403$/);
      await expect(page.getByText('403 — Không có quyền truy cập')).toBeVisible();
    }

    // Pages they hold a key for, and authentication-only pages, open.
    for (const path of [
      '/admin/users',
      '/admin/timekeeping',
      '/admin/works/my-works',
      '/admin/personal',
      '/admin/settings/master-data',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    }

    // Leave edit accepts any of leaves.edit / leaves.departments / leaves.all: this role has none.
    await page.goto('/admin/leaves/1/edit');
    await expect(page).toHaveURL(/\/403$/);
  });

  test('quản trị viên thấy đủ các nhóm menu', async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
    const menu = sidebar(page);
    for (const group of [
      'Tổng quan',
      'Thông báo',
      'Yêu cầu & quy trình',
      'Công việc',
      'Khách hàng & hợp đồng',
      'Nghỉ phép & chấm công',
      'Đánh giá KPI',
      'Quản trị hệ thống',
      'Cài đặt',
    ]) {
      await expect(menu.getByText(group, { exact: true })).toBeVisible();
    }
    // The personal page is hidden from the menu but reachable from the user menu.
    await expect(menu.getByText('Trang cá nhân')).toHaveCount(0);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Trang cá nhân' }).click();
    await expect(page).toHaveURL(/\/admin\/personal$/);
  });
});
