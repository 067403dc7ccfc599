import { expect, test } from '@playwright/test';
import { ADMIN, signInUi } from './helpers';

// Issue 21 part 9: the leave date pickers said "Chọn thời điểm" (Ant Design's Vietnamese default, "a point in time");
// a date field says "Chọn ngày" like the rest of the product.

test('ô chọn ngày của đơn nghỉ phép ghi "Chọn ngày", không phải "Chọn thời điểm"', async ({ page }) => {
  await signInUi(page, ADMIN.username, ADMIN.password);
  for (const path of ['/admin/leaves/create', '/admin/leaves/create-for-employee']) {
    await page.goto(path);
    await expect(page.getByLabel('Từ ngày')).toHaveAttribute('placeholder', 'Chọn ngày');
    await expect(page.getByLabel('Đến ngày')).toHaveAttribute('placeholder', 'Chọn ngày');
    await expect(page.getByPlaceholder('Chọn thời điểm')).toHaveCount(0);
  }
});
