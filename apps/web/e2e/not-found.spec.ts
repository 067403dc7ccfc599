import { expect, test } from '@playwright/test';
import { adminLogin, useToken } from './helpers';

test('đường dẫn không tồn tại hiện trang 404 tại chính đường dẫn đó', async ({ page }) => {
  await page.goto('/khong-ton-tai/trang-nay');
  await expect(page).toHaveURL(/\/khong-ton-tai\/trang-nay$/);
  await expect(page.getByText('404 — Không tìm thấy trang')).toBeVisible();
  await expect(page).toHaveTitle('Không tìm thấy trang | Quan trắc & Kỹ thuật');
});

test('/404 và đường dẫn lạ trong khu quản trị', async ({ page, request }) => {
  await page.goto('/404');
  await expect(page.getByText('404 — Không tìm thấy trang')).toBeVisible();

  await useToken(page, await adminLogin(request));
  await page.goto('/admin/khong-co-muc-nay');
  await expect(page.getByText('404 — Không tìm thấy trang')).toBeVisible();
  await page.getByRole('button', { name: 'Về trang chủ' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
