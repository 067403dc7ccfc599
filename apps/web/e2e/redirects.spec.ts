import { expect, test } from '@playwright/test';
import { ADMIN, adminLogin, signInUi, useToken } from './helpers';

test.describe('Điều hướng khi chưa đăng nhập', () => {
  for (const path of ['/', '/admin', '/admin/users', '/admin/users/1/edit', '/admin/personal', '/admin/works/my-works']) {
    test(`${path} → /auth/login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
    });
  }

  test('các trang đăng nhập, quên và đặt lại mật khẩu mở được', async ({ page }) => {
    for (const [path, heading] of [
      ['/auth/login', 'Đăng nhập'],
      ['/auth/forgot', 'Quên mật khẩu'],
      ['/auth/reset', 'Đặt lại mật khẩu'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
  });

  test('trang công khai không cần đăng nhập', async ({ page }) => {
    await page.goto('/yeu-cau');
    await expect(page).toHaveURL(/\/yeu-cau$/);
    await expect(page.getByRole('heading', { name: 'Gửi yêu cầu' })).toBeVisible();
    await page.goto('/yeu-cau/ket-qua');
    await expect(page).toHaveURL(/\/yeu-cau\/ket-qua$/);
    await expect(page.getByRole('heading', { name: 'Xem kết quả' })).toBeVisible();
  });

  test('đăng nhập xong quay lại trang đã yêu cầu', async ({ page }) => {
    await page.goto('/admin/departments');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill(ADMIN.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page).toHaveURL(/\/admin\/departments$/);
  });
});

test.describe('Điều hướng khi đã đăng nhập', () => {
  test.beforeEach(async ({ page, request }) => {
    await useToken(page, await adminLogin(request));
  });

  test('/ → /admin', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  for (const path of ['/auth/login', '/auth/forgot', '/auth/reset']) {
    test(`${path} → / → /admin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin$/);
    });
  }

  test('/admin/requests/request-types → danh sách loại yêu cầu', async ({ page }) => {
    await page.goto('/admin/requests/request-types');
    await expect(page).toHaveURL(/\/admin\/request-types$/);
    await expect(page.getByRole('heading', { name: 'Loại yêu cầu' })).toBeVisible();
  });

  test('trang con: đúng đường dẫn, breadcrumb về trang cha, không còn thông báo chưa khả dụng', async ({ page }) => {
    await page.goto('/admin/contracts/create');
    await expect(page.getByRole('heading', { name: 'Tạo hợp đồng' })).toBeVisible();
    await expect(page.getByText('Chức năng này chưa khả dụng')).toHaveCount(0);
    const crumbs = page.locator('.ant-breadcrumb');
    await expect(crumbs).toContainText('Hợp đồng');
    await expect(crumbs).toContainText('Thêm hợp đồng');
    await crumbs.getByRole('link', { name: 'Hợp đồng' }).click();
    await expect(page).toHaveURL(/\/admin\/contracts$/);
    await expect(page).toHaveTitle('Hợp đồng | Quan trắc & Kỹ thuật');
  });

  test('breadcrumb: tổ tiên rồi đến trang (Công việc của tôi / Thêm công việc; không cha cho bước quy trình)', async ({
    page,
  }) => {
    await page.goto('/admin/works/create');
    await expect(page.locator('.ant-breadcrumb')).toHaveText(/Công việc của tôi\s*\/\s*Thêm công việc/);
    await page.goto('/admin/processes/3/steps/create');
    await expect(page.locator('.ant-breadcrumb')).toHaveText('Thêm bước quy trình');
    await page.goto('/admin/users/5/edit');
    await expect(page.locator('.ant-breadcrumb')).toHaveText(/Người dùng\s*\/\s*Sửa người dùng/);
  });

  test('mỗi lần chuyển trang cuộn về đầu trang', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.goto('/admin');
    // The dashboard's last card sits below the fold at this height; it opens its list already filtered.
    const link = page.locator('main a[href*="/admin/user-evaluations"]').first();
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await link.click();
    await expect(page).toHaveURL(/\/admin\/user-evaluations\?/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('trang báo lỗi chung /error', async ({ page }) => {
  await page.goto('/error');
  await expect(page.getByText('Đã xảy ra lỗi')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tải lại trang' })).toBeVisible();
});

test('đăng nhập qua màn hình rồi mở trực tiếp một trang quản trị', async ({ page }) => {
  await signInUi(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/kpi-types/create');
  await expect(page.getByRole('heading', { name: 'Thêm loại KPI' })).toBeVisible();
});
