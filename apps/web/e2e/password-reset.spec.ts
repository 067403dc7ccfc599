import { expect, test } from '@playwright/test';
import { adminLogin, apiLogin, createRole, createUser, randomMobile, readSmsCode, TOKEN_KEY, unique } from './helpers';

test('quên mật khẩu → mã qua SMS → đặt lại → đăng nhập bằng mật khẩu mới', async ({ page, request }) => {
  const token = await adminLogin(request);
  const id = unique();
  const role = await createRole(request, token, { code: `nv-${id}`, name: `Nhân viên ${id}`, permissions: [] });
  const mobile = randomMobile();
  const oldPassword = 'MatKhauCu#2026';
  const newPassword = 'MatKhauMoi#2026';
  await createUser(request, token, {
    name: 'Lê Minh Hoàng',
    username: `hoang.${id}`,
    password: oldPassword,
    role_id: role.id,
    mobile,
  });

  // Forgot: validation first, then the code is sent and the reset page opens with the mobile.
  await page.goto('/auth/forgot');
  await page.getByRole('button', { name: 'Gửi mã xác thực' }).click();
  await expect(page.getByText('Vui lòng nhập số điện thoại')).toBeVisible();
  await page.getByLabel('Số điện thoại').fill('12345');
  await page.getByRole('button', { name: 'Gửi mã xác thực' }).click();
  await expect(page.getByText(/Số điện thoại không hợp lệ/)).toBeVisible();
  await page.getByLabel('Số điện thoại').fill(`+84${mobile.slice(1)}`);
  await page.getByRole('button', { name: 'Gửi mã xác thực' }).click();
  await expect(page).toHaveURL(/\/auth\/reset$/);
  await expect(page.getByLabel('Số điện thoại')).toHaveValue(mobile);
  await expect(page.getByRole('button', { name: /Gửi lại sau \d+ giây/ })).toBeDisabled();

  const code = await readSmsCode(mobile);
  expect(code).toMatch(/^\d{6}$/);

  // Reset: client-side rules.
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.getByText('Mã xác thực gồm 6 chữ số')).toBeVisible();
  await page.getByLabel('Mã xác thực').fill(code);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill(newPassword);
  await page.getByLabel('Nhập lại mật khẩu mới').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu nhập lại không khớp')).toBeVisible();

  // A wrong code is refused by the server.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Mã xác thực').fill(wrong);
  await page.getByLabel('Nhập lại mật khẩu mới').fill(newPassword);
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page.locator('.ant-notification-notice-error')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/reset$/);

  // The right code: password changed, then signed in.
  await page.getByLabel('Mã xác thực').fill(code);
  await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('user-menu')).toContainText('Lê Minh Hoàng');
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();

  // The new password works, the old one does not.
  await apiLogin(request, `hoang.${id}`, newPassword);
  const old = await request.post('/api/auth/login', { data: { username: `hoang.${id}`, password: oldPassword } });
  expect(old.status()).toBe(422);
});
