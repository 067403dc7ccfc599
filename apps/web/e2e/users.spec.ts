import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, createRole, createUser, randomMobile, signInUi, unique } from './helpers';

/** Clicks "Xuất Excel" and checks the saved file: its name and that it is a real, non-empty .xlsx. */
async function expectXlsxExport(page: Page, name: RegExp): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('xl/workbook.xml'))).toBe(true);
  expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
}

/** Opens an Ant Design select by its label and picks the option with this text. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  // Searchable selects: type to bring the option into the (virtual) list.
  if ((await input.getAttribute('readonly')) === null) await input.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('Người dùng', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm → sửa → tìm không dấu → khóa / mở khóa → xuất Excel', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await adminLogin(request);
    const id = unique();
    const role = await createRole(request, token, {
      code: `ktv-${id}`,
      name: `Kỹ thuật viên ${id}`,
      permissions: ['leaves.index'],
    });
    const department = await createDepartment(request, token, { code: `PTN-${id}`, name: `Phòng Thí nghiệm ${id}` });
    const name = `Đặng Thị Hồng Nhung ${id}`;
    const username = `nhung.${id}`;
    const mobile = randomMobile();

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Người dùng', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm người dùng' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/create$/);
    await expect(page.getByRole('heading', { name: 'Thêm người dùng', level: 3 })).toBeVisible();

    // Client-side rules.
    await page.getByRole('button', { name: 'Thêm người dùng' }).click();
    await expect(page.getByText('Vui lòng nhập họ tên')).toBeVisible();
    await expect(page.getByText('Tên đăng nhập 3–50 ký tự: chữ không dấu, số, dấu . _ -').first()).toBeVisible();
    await expect(page.getByText('Vui lòng chọn vai trò')).toBeVisible();
    await expect(page.getByText('Mật khẩu tối thiểu 8 ký tự')).toBeVisible();
    await page.getByLabel('Số di động').fill('12345');
    await expect(page.getByText('Số điện thoại không hợp lệ (10 số, bắt đầu 03, 05, 07, 08, 09)')).toBeVisible();

    // The server's 422 lands under the field.
    await page.getByLabel('Họ tên').fill(name);
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await pick(page, 'Vai trò', role.name);
    await page.getByLabel('Mật khẩu', { exact: true }).fill('Nhung#2026abc');
    await page.getByLabel('Nhập lại mật khẩu', { exact: true }).fill('Nhung#2026abd');
    await expect(page.getByText('Mật khẩu nhập lại không khớp')).toBeVisible();
    await page.getByLabel('Nhập lại mật khẩu', { exact: true }).fill('Nhung#2026abc');
    await page.getByLabel('Số di động').fill(mobile);
    await page.getByRole('button', { name: 'Thêm người dùng' }).click();
    await expect(page.getByText('Tên đăng nhập đã được sử dụng.')).toBeVisible();

    await page.getByLabel('Tên đăng nhập').fill(username);
    await page.getByLabel('Email').fill(`${username}@quantrac.vn`);
    await pick(page, 'Phòng ban', department.name);
    await page.getByLabel('Chức danh').fill('Kỹ sư phân tích');
    await page.getByLabel('Nữ').check();
    await page.getByLabel('Ngày sinh').fill('15/08/1995');
    await page.getByLabel('Ngày sinh').press('Tab');
    await page.getByLabel('Ngày vào làm').fill('01/03/2020');
    await page.getByLabel('Ngày vào làm').press('Tab');
    await page.getByLabel('Địa chỉ').fill('12 Nguyễn Trãi, phường Bến Thành, TP. Hồ Chí Minh');
    await page.getByRole('button', { name: 'Thêm người dùng' }).click();

    // Show page: profile card and history.
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    const userId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    const card = page.getByTestId('profile-card');
    await expect(card).toContainText(role.name);
    await expect(card).toContainText(department.name);
    await expect(card).toContainText('Kỹ sư phân tích');
    await expect(card).toContainText('Đang hoạt động');
    await expect(page.getByText('15/08/1995')).toBeVisible();
    await expect(page.getByText('01/03/2020')).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tạo mới');

    // Edit: a new position and a new password.
    await page.getByRole('button', { name: 'Sửa' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${userId}/edit$`));
    await expect(page.getByLabel('Họ tên')).toHaveValue(name);
    await expect(page.getByLabel('Ngày sinh')).toHaveValue('15/08/1995');
    await page.getByLabel('Chức danh').fill('Trưởng nhóm phân tích');
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('MatKhauMoi#2026');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Vui lòng nhập lại mật khẩu')).toBeVisible();
    await page.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill('MatKhauMoi#2026');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${userId}$`));
    await expect(page.getByTestId('profile-card')).toContainText('Trưởng nhóm phân tích');
    await expect(page.getByTestId('history-item').first()).toContainText('Chức danh');
    const login = await request.post('/api/auth/login', { data: { username, password: 'MatKhauMoi#2026' } });
    expect(login.status()).toBe(200);

    // List: accent-insensitive search, filters, status.
    await page.goto('/admin/users');
    await page.getByRole('searchbox').fill(`dang thi hong nhung ${id}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(row).toContainText(role.name);
    await expect(row).toContainText(department.name);
    await pick(page, 'Lọc theo vai trò', role.name);
    await expect(page).toHaveURL(new RegExp(`role_id=${role.id}`));
    await expect(row).toBeVisible();
    await pick(page, 'Lọc theo trạng thái', 'Đã khóa');
    await expect(page.getByText('Không tìm thấy người dùng nào phù hợp với điều kiện lọc')).toBeVisible();

    // Lock, with a confirmation: the user can no longer sign in.
    await pick(page, 'Lọc theo trạng thái', 'Đang hoạt động');
    await row.getByRole('button', { name: `Khóa tài khoản ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Khóa tài khoản “${name}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Khóa', exact: true }).click();
    await expect(page.getByText('Không tìm thấy người dùng nào phù hợp với điều kiện lọc')).toBeVisible();
    await pick(page, 'Lọc theo trạng thái', 'Đã khóa');
    await expect(row).toContainText('Đã khóa');
    const refused = await request.post('/api/auth/login', { data: { username, password: 'MatKhauMoi#2026' } });
    expect(refused.status()).not.toBe(200);

    // Unlock: signing in works again.
    await row.getByRole('button', { name: `Mở khóa tài khoản ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mở khóa' }).click();
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).first().click();
    // The clear resets the search box too, a moment after the address changes: type once it has settled (a person
    // types slower than the test; what is typed within that moment is lost, so type again until it is searched).
    await expect(page).not.toHaveURL(/status=/);
    await expect(async () => {
      await page.getByRole('searchbox').fill(username);
      await expect(page).toHaveURL(new RegExp(`search=${username}`), { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await expect(row).toContainText('Đang hoạt động');
    expect((await request.post('/api/auth/login', { data: { username, password: 'MatKhauMoi#2026' } })).status()).toBe(200);

    await expectXlsxExport(page, /^nguoi-dung-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  test('phân trang và sắp xếp theo máy chủ', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await adminLogin(request);
    const id = unique();
    const role = await createRole(request, token, { code: `pt-${id}`, name: `Phân trang ${id}`, permissions: [] });
    const names: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const name = `Nhân viên ${String(i).padStart(2, '0')} ${id}`;
      names.push(name);
      await createUser(request, token, { name, username: `nv${i}.${id}`, password: 'MatKhau#2026', role_id: role.id });
    }

    await page.goto(`/admin/users?search=${id}&per_page=10`);
    await expect(page.getByText('Tổng 12 người dùng')).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).first()).toContainText(names[0]!);

    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).last()).toContainText(names[11]!);

    // Sorting goes back to page 1 and asks the server for -name.
    const sorted = page.waitForRequest((r) => r.url().includes('/api/users?') && r.url().includes('sort=-name'));
    await page.getByRole('columnheader', { name: 'Họ tên' }).click();
    await sorted;
    await expect(page).toHaveURL(/sort=-name/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows(page).first()).toContainText(names[11]!);

    // "Tất cả" (seed §9 "all rows"): every row on one page, per_page=all in the address and in the call.
    const all = page.waitForRequest((r) => r.url().includes('/api/users?') && r.url().includes('per_page=all'));
    await page.locator('.ant-pagination').getByRole('combobox').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Tất cả', { exact: true }).click();
    await all;
    await expect(page).toHaveURL(/per_page=all/);
    await expect(rows(page)).toHaveCount(12);
    await expect(page.getByText('Tổng 12 người dùng')).toBeVisible();
    await expect(page.locator('.ant-pagination').getByTitle('2', { exact: true })).toHaveCount(0);
    await expect(rows(page).first()).toContainText(names[11]!);
    // The address keeps it: a reload shows every row again.
    await page.reload();
    await expect(rows(page)).toHaveCount(12);
  });

  test('sửa cùng lúc báo 409; người dùng không tồn tại báo rõ', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    const role = await createRole(request, token, { code: `xd-${id}`, name: `Xung đột ${id}`, permissions: [] });
    const user = await createUser(request, token, {
      name: `Lê Văn Tám ${id}`,
      username: `tam.${id}`,
      password: 'MatKhau#2026',
      role_id: role.id,
    });

    await page.goto(`/admin/users/${user.id}/edit`);
    await expect(page.getByLabel('Họ tên')).toHaveValue(`Lê Văn Tám ${id}`);
    const res = await request.put(`/api/users/${user.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `Lê Văn Tám (HC) ${id}`, username: `tam.${id}`, role_id: role.id, version: 1 },
    });
    expect(res.status()).toBe(200);
    await page.getByLabel('Chức danh').fill('Lái xe');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByTestId('conflict-alert')).toContainText('Bản ghi đã được người khác cập nhật');
    await page.getByRole('button', { name: 'Tải lại' }).click();
    await expect(page.getByLabel('Họ tên')).toHaveValue(`Lê Văn Tám (HC) ${id}`);

    await page.goto('/admin/users/99999999');
    await expect(page.getByText('Không tìm thấy người dùng', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Về danh sách người dùng' })).toBeVisible();
  });
});
