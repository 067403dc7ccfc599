import { expect, test } from '@playwright/test';
import { ADMIN, adminLogin, apiLogin, signInUi, TOKEN_KEY, useToken } from './helpers';

test.describe('Đăng nhập và đăng xuất', () => {
  test('đăng nhập, lưu token dưới khóa QLCV_TOKEN, đăng xuất xóa phiên', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('Đăng nhập | Quan trắc & Kỹ thuật');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

    await page.getByLabel('Tên đăng nhập', { exact: true }).fill(ADMIN.username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(ADMIN.password);
    const loginResponse = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    const { token } = (await (await loginResponse).json()) as { token: string };

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 3 })).toContainText('Chào');
    // Seed §4: the token is kept under the app code + TOKEN.
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBe(token);
    expect(await page.evaluate(() => Object.keys(localStorage))).toContain('QLCV_TOKEN');

    // Logout calls the server, then clears everything.
    await page.getByTestId('user-menu').click();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST');
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await logout;
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // The old token no longer opens the admin area.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('đăng xuất vẫn xóa phiên khi máy chủ lỗi', async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  });

  test('kiểm tra dữ liệu nhập trước khi gửi', async ({ page }) => {
    await page.goto('/auth/login');
    let called = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) called = true;
    });
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByText('Vui lòng nhập tên đăng nhập')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập mật khẩu')).toBeVisible();
    expect(called).toBe(false);
  });

  test('trang đăng nhập không tải Ant Design: lỗi gắn với ô nhập, lỗi của máy chủ dưới ô, hiện/ẩn mật khẩu, bộ đếm', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    const username = page.getByLabel('Tên đăng nhập', { exact: true });
    const password = page.getByLabel('Mật khẩu', { exact: true });
    await expect(username).toBeFocused();
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    // The first invalid field takes the focus; its error is read with it.
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(/Vui lòng nhập tên đăng nhập/);
    await username.fill('a');
    await expect(page.getByText('Vui lòng nhập tên đăng nhập')).toBeHidden();
    await expect(page.getByText('1 / 150')).toBeVisible();

    await password.fill('Bi-mat#1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Hiện mật khẩu' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ẩn mật khẩu' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    // Plain HTML: no Ant Design part on the page (its JavaScript loads only with the first toast).
    expect(await page.evaluate(() => document.querySelector('.ant-form, .ant-input, .ant-btn'))).toBeNull();

    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    // 422 from the server: its message under the password field, and the toast.
    await expect(password).toHaveAccessibleDescription('Tên đăng nhập hoặc mật khẩu không đúng.');
    await expect(page.locator('.ant-notification-notice')).toBeVisible();
  });

  test('sai mật khẩu: báo lỗi của máy chủ, không lưu token', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill('khong-ton-tai-auth');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('SaiMatKhau#1');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.locator('.ant-notification-notice')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('phiên hết hạn (token bị thu hồi): về trang đăng nhập, báo phiên hết hạn', async ({ page, request }) => {
    await adminLogin(request);
    const token = await apiLogin(request, ADMIN.username, ADMIN.password);
    await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    await useToken(page, token);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('đang tải hồ sơ: hiện lớp phủ, ẩn sau 1 giây khi tải xong', async ({ page, request }) => {
    const token = await adminLogin(request);
    await useToken(page, token);
    let answeredAt = 0;
    await page.route('**/api/auth/info', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      const response = await route.fetch();
      answeredAt = Date.now();
      await route.fulfill({ response });
    });
    await page.goto('/admin');
    const overlay = page.getByTestId('loading-overlay');
    await expect(overlay).toBeVisible();
    await expect.poll(() => answeredAt).toBeGreaterThan(0);
    await expect(overlay).toBeHidden({ timeout: 5000 });
    // Hidden about one second after the profile arrived, not before.
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(900);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });
});
