import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers';

test('yêu cầu gửi kèm X-Language, X-Device, JSON và Bearer token', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(ADMIN.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(ADMIN.password);

  const loginRequest = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
  const infoRequest = page.waitForRequest((r) => r.url().endsWith('/api/auth/info'));
  const loginResponse = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Đăng nhập' }).click();

  const login = await loginRequest;
  const loginHeaders = await login.allHeaders();
  expect(loginHeaders['x-language']).toBe('vi');
  expect(loginHeaders['x-device']).toBe('web');
  expect(loginHeaders.accept).toContain('application/json');
  expect(loginHeaders['content-type']).toContain('application/json');
  expect(loginHeaders.authorization).toBeUndefined();
  // Same origin as the app.
  expect(new URL(login.url()).origin).toBe(new URL(page.url()).origin);

  const { token } = (await (await loginResponse).json()) as { token: string };
  const info = await infoRequest;
  const infoHeaders = await info.allHeaders();
  expect(infoHeaders['x-language']).toBe('vi');
  expect(infoHeaders['x-device']).toBe('web');
  expect(infoHeaders.accept).toContain('application/json');
  expect(infoHeaders.authorization).toBe(`Bearer ${token}`);
  expect(info.url()).not.toContain(token);
});
