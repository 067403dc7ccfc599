import { expect, type Page, test } from '@playwright/test';
import { ADMIN, TOKEN_KEY } from './helpers';

// Issue 21 part 9: a session that ended mid-use landed on the login page with no word. The login page says the
// seed's text (§8, "Unauthenticated." shown as it), and signing in brings the person back to the page they were on.

const EXPIRED = 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập để tiếp tục.';
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;

async function signIn(page: Page) {
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(ADMIN.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

/** A move inside the app, as a link would make it (no reload). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('phiên hết hạn giữa chừng: trang đăng nhập báo rõ, đăng nhập lại quay về trang đang mở', async ({ page, request }) => {
  await page.goto('/auth/login');
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/departments?search=phong');
  await expect(page.getByRole('heading', { name: 'Phòng ban', level: 3 })).toBeVisible();

  // The session ends elsewhere (signed out on another device, a password changed, the token expired).
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);

  // The next call of the page answers 401.
  await goInApp(page, '/admin/roles?page=1&sort=name');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
  await page.screenshot({ path: shot('session-expired-login'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shot('session-expired-login-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/roles\?page=1&sort=name$/);
  await expect(page.getByRole('heading', { name: 'Vai trò', level: 3 })).toBeVisible();

  // A plain sign-out says nothing of the kind.
  await page.getByTestId('user-menu').click();
  await page.getByText('Đăng xuất').click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
});

test('mở lại trang khi phiên đã hết hạn: báo hết hạn, đăng nhập xong về đúng trang', async ({ page, request }) => {
  await page.goto('/auth/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });

  // A reload (or a bookmark) with the dead token still in the browser: the profile call answers 401.
  await page.goto('/admin/departments');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/departments$/);
});
