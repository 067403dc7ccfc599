import { expect, test } from '@playwright/test';
import { unique } from './helpers';

test('cùng một thông báo ba lần: một thông báo kèm bộ đếm (3)', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Tên đăng nhập', { exact: true }).fill(`khong.co.${unique()}`);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('SaiMatKhau#1');
  const button = page.getByRole('button', { name: 'Đăng nhập' });

  const toasts = page.locator('.ant-notification-notice');
  await button.click();
  await expect(toasts).toHaveCount(1);
  const title = toasts.locator('.ant-notification-notice-title');
  const first = (await title.textContent())?.trim() ?? '';
  expect(first).not.toMatch(/\(\d+\)$/);

  await expect(button).toBeEnabled();
  await button.click();
  await expect(title).toHaveText(`${first} (2)`);
  await expect(button).toBeEnabled();
  await button.click();
  await expect(title).toHaveText(`${first} (3)`);
  await expect(toasts).toHaveCount(1);

  // Helpers show toasts at the top right.
  await expect(page.locator('.ant-notification-topRight .ant-notification-notice')).toHaveCount(1);
});
