import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, signInUi, unique } from './helpers';

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('Đơn vị tính', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm (lỗi nhập) → sửa → tìm không dấu → xóa', async ({ page }) => {
    test.setTimeout(120_000);
    const id = unique();
    const name = `ngày công ${id}`;

    await page.goto('/admin/settings/units');
    await expect(page.getByRole('heading', { name: 'Đơn vị tính', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm đơn vị tính' }).first().click();
    await expect(page).toHaveURL(/\/admin\/settings\/units\/create$/);
    await page.getByLabel('Mã đơn vị tính').fill('có dấu');
    await page.locator('form').getByRole('button', { name: 'Thêm đơn vị tính' }).click();
    await expect(page.getByText('Mã đơn vị tính chỉ gồm chữ không dấu, số và dấu . _ -')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tên đơn vị tính')).toBeVisible();
    await page.screenshot({ path: shot('unit-form-errors'), fullPage: true });

    await page.getByLabel('Mã đơn vị tính').fill(`NC-${id}`);
    await page.getByLabel('Tên đơn vị tính').fill(name);
    await page.getByLabel('Mô tả').fill('Một ngày làm việc của một người');
    await page.locator('form').getByRole('button', { name: 'Thêm đơn vị tính' }).click();
    await expect(page.getByText(`Đã thêm đơn vị tính “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings\/units$/);

    // Accent-insensitive search.
    await page.getByPlaceholder('Tìm theo mã, tên').fill(`ngay cong ${id}`);
    // The search has landed (alone in a fresh database, the list has one row before it does).
    await expect(page).toHaveURL(/search=ngay\+cong/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(name);
    await page.screenshot({ path: shot('unit-list'), fullPage: true });

    await rows(page)
      .first()
      .getByRole('button', { name: `Sửa đơn vị tính ${name}` })
      .click();
    await expect(page.getByRole('heading', { name: `Sửa đơn vị tính: ${name}` })).toBeVisible();
    await page.getByLabel('Tên đơn vị tính').fill(`${name} (8 giờ)`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText(`Đã lưu đơn vị tính “${name} (8 giờ)”.`)).toBeVisible();

    await page.getByPlaceholder('Tìm theo mã, tên').fill(`NC-${id}`);
    await expect(page).toHaveURL(/search=NC-/);
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('link', { name: `${name} (8 giờ)` })
      .click();
    await expect(page.getByText('Lịch sử')).toBeVisible();
    await page.goBack();
    await rows(page).first().getByRole('button', { name: 'Xóa' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText(`Đã xóa đơn vị tính “${name} (8 giờ)”.`)).toBeVisible();
    await expect(page.getByText('Không tìm thấy đơn vị tính nào phù hợp với điều kiện lọc')).toBeVisible();
  });

  test('a row clicked just after typing in the search box opens (the pending search does not cancel it)', async ({
    page,
    request,
  }) => {
    const id = unique();
    const token = await adminLogin(request);
    const res = await request.post('/api/units', {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: `GO-${id}`, name: `lượt đo ${id}` },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/admin/settings/units?search=${id}`);
    await expect(rows(page)).toHaveCount(1);
    // A second word, then at once the row's "Sửa": the search would go out 0.4 s later, mid-navigation.
    await page.getByPlaceholder('Tìm theo mã, tên').fill(`${id} luot`);
    await rows(page)
      .first()
      .getByRole('button', { name: `Sửa đơn vị tính lượt đo ${id}` })
      .click();
    await expect(page.getByRole('heading', { name: `Sửa đơn vị tính: lượt đo ${id}` })).toBeVisible();
    await page.waitForTimeout(800);
    await expect(page).toHaveURL(/\/units\/\d+\/edit$/);
  });
});
