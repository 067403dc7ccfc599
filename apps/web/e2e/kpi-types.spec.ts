import { expect, type Page, test } from '@playwright/test';
import { ADMIN, sidebar, signInUi, unique } from './helpers';

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/**
 * Types in the search box until the list's address holds it: the box follows the address, so an earlier search landing
 * a moment after this one was typed resets it, and it is typed again.
 */
const search = async (page: Page, text: string) => {
  await expect(async () => {
    const box = page.getByPlaceholder('Tìm theo mã, tên');
    if ((await box.inputValue()) !== text) await box.fill(text);
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === text, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
};
/** Picks a measure, again until the select shows it (under load a click on an option can land while the list moves). */
const chooseMeasure = async (page: Page, label: string) => {
  const picker = page.getByLabel('Cách đo', { exact: true });
  const select = picker.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await picker.click({ timeout: 2_000 });
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: label })
      .first()
      .click({ timeout: 3_000 });
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
};

test.describe('Loại KPI', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm loại tự tính (lỗi nhập, gợi ý chiều và đơn vị) và loại nhập tay → tìm, lọc → sửa → xóa', async ({ page }) => {
    test.setTimeout(240_000);
    const id = unique();
    const computed = `Công việc quá hạn ${id}`;
    const manual = `Thái độ phục vụ khách hàng ${id}`;

    await page.goto('/admin/kpi-types');
    await expect(page.getByRole('heading', { name: 'Loại KPI', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm loại KPI' }).first().click();
    await expect(page).toHaveURL(/\/admin\/kpi-types\/create$/);
    await expect(page.getByText('Người đánh giá nhập giá trị thực tế; hệ thống không tự tính.')).toBeVisible();
    await page.getByLabel('Mã KPI').fill('có dấu');
    await page.locator('form').getByRole('button', { name: 'Thêm loại KPI' }).click();
    await expect(page.getByText('Mã KPI chỉ gồm chữ không dấu, số và dấu . _ -')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tên KPI')).toBeVisible();
    await page.screenshot({ path: shot('kpi-type-form-errors'), fullPage: true });

    // A computed measure suggests its direction and unit and says how it counts.
    await page.getByLabel('Mã KPI').fill(`QH-${id}`);
    await page.getByLabel('Tên loại KPI').fill(computed);
    await chooseMeasure(page, 'Tỷ lệ công việc hoàn thành đúng hạn');
    await expect(page.getByLabel('Càng cao càng tốt')).toBeChecked();
    await expect(page.getByLabel('Đơn vị')).toHaveValue('%');
    await chooseMeasure(page, 'Số công việc quá hạn');
    await expect(page.getByText('Tự động tính: Số công việc quá hạn')).toBeVisible();
    await expect(page.getByLabel('Càng thấp càng tốt')).toBeChecked();
    await expect(page.getByLabel('Đơn vị')).toHaveValue('công việc');
    await page.getByLabel('Trọng số mặc định (%)').fill('10');
    await page.getByLabel('Chỉ tiêu mặc định').fill('2');
    await page.screenshot({ path: shot('kpi-type-form-computed'), fullPage: true });
    await page.locator('form').getByRole('button', { name: 'Thêm loại KPI' }).click();
    await expect(page.getByText(`Đã thêm loại KPI “${computed}”.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: computed })).toBeVisible();
    await expect(page.getByText('Càng thấp càng tốt')).toBeVisible();
    await expect(page.getByText('Lịch sử')).toBeVisible();
    await page.screenshot({ path: shot('kpi-type-show'), fullPage: true });

    // A manual one; a taken code comes back under its field.
    await sidebar(page).getByRole('link', { name: 'Loại KPI' }).click();
    await page.getByRole('button', { name: 'Thêm loại KPI' }).first().click();
    await page.getByLabel('Mã KPI').fill(`QH-${id}`);
    await page.getByLabel('Tên loại KPI').fill(manual);
    await page.getByLabel('Đơn vị').fill('điểm');
    await page.getByLabel('Chỉ tiêu mặc định').fill('8.5');
    await page.locator('form').getByRole('button', { name: 'Thêm loại KPI' }).click();
    await expect(page.getByText('Mã KPI đã tồn tại.')).toBeVisible();
    await page.getByLabel('Mã KPI').fill(`TD-${id}`);
    await page.locator('form').getByRole('button', { name: 'Thêm loại KPI' }).click();
    await expect(page.getByText(`Đã thêm loại KPI “${manual}”.`)).toBeVisible();
    await expect(page.getByText('8,5 điểm')).toBeVisible();

    // Accent-insensitive search, then the measure filter.
    await sidebar(page).getByRole('link', { name: 'Loại KPI' }).click();
    await search(page, id);
    await expect(rows(page)).toHaveCount(2);
    await search(page, `thai do phuc vu khach hang ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Nhập tay');
    await search(page, id);
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel('Lọc theo cách đo', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Số công việc quá hạn', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(computed);
    await page.screenshot({ path: shot('kpi-type-list'), fullPage: true });
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).first().click();

    // Edit the manual one.
    await search(page, `TD-${id}`);
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('button', { name: `Sửa loại KPI ${manual}` })
      .click();
    await expect(page.getByRole('heading', { name: `Sửa loại KPI: ${manual}` })).toBeVisible();
    await page.screenshot({ path: shot('kpi-type-edit'), fullPage: true });
    await page.getByLabel('Tên loại KPI').fill(`${manual} (khảo sát)`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText(`Đã lưu loại KPI “${manual} (khảo sát)”.`)).toBeVisible();
    await expect(page.getByText('Tên loại KPI', { exact: false }).first()).toBeVisible();

    // Delete the computed one from the list.
    await sidebar(page).getByRole('link', { name: 'Loại KPI' }).click();
    await search(page, `QH-${id}`);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('button', { name: 'Xóa' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText(`Đã xóa loại KPI “${computed}”.`)).toBeVisible();
    await expect(page.getByText('Không tìm thấy loại KPI nào phù hợp với điều kiện lọc')).toBeVisible();
    await page.screenshot({ path: shot('kpi-type-list-empty'), fullPage: true });
  });
});
