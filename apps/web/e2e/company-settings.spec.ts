import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, signInUi } from './helpers';

// Cài đặt công ty (route settings.company.index, /admin/settings/company): details with their rules, the logo, the
// working week, a stale save (409), and a year's holidays proposed from the calendar, edited and saved.

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const thisYear = () => Number(new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 4));

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** The holidays of a year: chosen again until its card shows (a click during the list's first load can be lost). */
async function chooseYear(page: Page, year: number): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await choose(page, 'Chọn năm', `Năm ${year}`);
    await expect(page.getByText(`Ngày nghỉ lễ năm ${year}`, { exact: true }).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('Cài đặt công ty', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thông tin công ty: kiểm tra dữ liệu, lưu, logo, tuần làm việc, sửa trùng (409)', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.goto('/admin/settings/company');
    await expect(page.getByRole('heading', { name: 'Cài đặt công ty', level: 3 })).toBeVisible();
    await expect(page.getByLabel('Tên công ty')).not.toHaveValue('');

    // The shared rules, in the browser.
    await page.getByLabel('Mã số thuế').fill('12345');
    await page.getByLabel('Mã số thuế').blur();
    await expect(page.getByText(/Mã số thuế không hợp lệ/)).toBeVisible();
    await page.getByLabel('Website').fill('javascript:alert(1)');
    await page.getByLabel('Website').blur();
    await expect(page.getByText(/Địa chỉ website không hợp lệ/)).toBeVisible();
    // The test report number's pattern: the contracts' rule, its own words, an example of today's 15th report.
    const reportPattern = page.getByLabel('Mẫu số phiếu kết quả');
    await reportPattern.fill('PKQ/{yyyy}');
    await reportPattern.blur();
    await expect(page.getByText(/Mẫu số phiếu kết quả phải chứa \{seq\}/)).toBeVisible();
    await reportPattern.fill('{seq:3}/{yyyy}/PKQ');
    await expect(page.getByTestId('report-number-example')).toContainText(/015\/\d{4}\/PKQ/);

    const name = 'Công ty TNHH Quan trắc & Kỹ thuật Môi trường Thăng Long';
    await page.getByLabel('Tên công ty').fill(name);
    await page.getByLabel('Tên viết tắt').fill('QTKT Thăng Long');
    await page.getByLabel('Mã số thuế').fill('0109876543');
    await page.getByLabel('Điện thoại').fill('024 3795 1234');
    await page.getByLabel('Email').fill('lienhe@qtktthanglong.vn');
    await page.getByLabel('Website').fill('qtktthanglong.vn');
    await page.getByLabel('Địa chỉ').fill('Số 18 Duy Tân, phường Cầu Giấy, Hà Nội');
    await page.getByLabel('Người đại diện theo pháp luật').fill('Nguyễn Văn Thành');
    await page.getByLabel('Chức vụ').fill('Giám đốc');
    await page.getByLabel('Số tài khoản').fill('0011 0045 67890');
    await page.getByLabel('Ngân hàng').fill('Vietcombank – Chi nhánh Thành Công');

    // Working week: Saturday off makes "morning only" unavailable; back to Monday–Saturday morning.
    const saturdayHalf = page.getByLabel('Thứ Bảy chỉ làm buổi sáng');
    await expect(page.getByText('Mỗi tuần: 5,5 ngày làm việc.', { exact: false })).toBeVisible();
    await page.getByLabel('Thứ Bảy', { exact: true }).uncheck();
    await expect(saturdayHalf).toBeDisabled();
    await expect(page.getByText('Mỗi tuần: 5 ngày làm việc.', { exact: false })).toBeVisible();
    await page.getByLabel('Thứ Bảy', { exact: true }).check();
    await saturdayHalf.check();

    await page.getByRole('button', { name: 'Lưu thông tin công ty' }).click();
    await expect(toast(page, 'Đã lưu thông tin công ty.')).toBeVisible();
    await expect(page.getByLabel('Website')).toHaveValue('https://qtktthanglong.vn');
    await expect(page.getByLabel('Điện thoại')).toHaveValue('02437951234');

    // Logo: uploaded at once, shown from its public address.
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Đã cập nhật logo công ty.')).toBeVisible();
    await expect(page.getByTestId('company-logo-preview').locator('img')).toHaveAttribute(
      'src',
      /\/api\/public\/company\/logo\?v=\d+/,
    );
    const logoUrl = await page.getByTestId('company-logo-preview').locator('img').getAttribute('src');
    expect((await request.get(logoUrl!)).status()).toBe(200);

    // Saving after the logo keeps working (the page follows its own version).
    await page.getByLabel('Tên viết tắt').fill('QTKT TL');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/company') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Lưu thông tin công ty' }).click();
    expect((await saved).status()).toBe(200);

    // Someone else saves meanwhile: this save gets 409, "Tải lại" shows their version.
    const token = await adminLogin(request);
    const current = await (await request.get('/api/settings/company', { headers: { Authorization: `Bearer ${token}` } })).json();
    const other = await request.put('/api/settings/company', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...current, short_name: 'Bản của người khác' },
    });
    expect(other.status()).toBe(200);
    await page.getByLabel('Tên viết tắt').fill('Bản của tôi');
    await page.getByRole('button', { name: 'Lưu thông tin công ty' }).click();
    await expect(page.getByTestId('conflict-alert')).toBeVisible();
    await page.getByTestId('conflict-alert').getByRole('button', { name: 'Tải lại' }).click();
    await expect(page.getByLabel('Tên viết tắt')).toHaveValue('Bản của người khác');
    await expect(page.getByTestId('conflict-alert')).toHaveCount(0);

    // History.
    await page.getByRole('tab', { name: 'Lịch sử thay đổi' }).click();
    await expect(page.getByTestId('history-item').first()).toContainText('Tên viết tắt');
  });

  test('ngày nghỉ lễ: đề xuất theo lịch, thêm nghỉ bù, lưu', async ({ page }) => {
    test.setTimeout(90_000);
    const year = thisYear() + 1;
    await page.goto('/admin/settings/company');
    await page.getByRole('tab', { name: 'Ngày nghỉ lễ' }).click();
    await chooseYear(page, year);

    // A year never saved shows the proposal: Tết, Giỗ Tổ, 30/4, 1/5, Quốc khánh… (11 statutory days and their nghỉ bù).
    await expect(page.getByTestId('holidays-unsaved')).toBeVisible();
    await expect(page.getByTestId('holidays-summary')).toContainText('11 ngày nghỉ lễ, Tết');
    const proposed = await rows(page).count();
    expect(proposed).toBeGreaterThanOrEqual(11);
    await expect(page.getByLabel('Ngày, dòng 1', { exact: true })).toHaveValue(`01/01/${year}`);

    // A duplicate date is refused under its cell.
    await page.getByRole('button', { name: 'Thêm ngày' }).click();
    const last = proposed + 1;
    await page.getByLabel(`Ngày, dòng ${last}`, { exact: true }).click();
    await page.getByLabel(`Ngày, dòng ${last}`, { exact: true }).fill(`01/01/${year}`);
    await page.getByLabel(`Ngày, dòng ${last}`, { exact: true }).press('Tab');
    await page.getByLabel(`Tên ngày nghỉ, dòng ${last}`, { exact: true }).fill('Nghỉ bù cuối năm');
    await page.getByRole('button', { name: 'Lưu ngày nghỉ lễ' }).click();
    // Both rows of the date are marked.
    await expect(page.getByText(`Ngày 01/01/${year} bị trùng`)).toHaveCount(2);

    // A real nghỉ bù: 31/12.
    await page.getByLabel(`Ngày, dòng ${last}`, { exact: true }).click();
    await page.getByLabel(`Ngày, dòng ${last}`, { exact: true }).fill(`31/12/${year}`);
    await page.getByLabel(`Ngày, dòng ${last}`, { exact: true }).press('Tab');
    await choose(page, `Loại, dòng ${last}`, 'Nghỉ bù');
    await page.getByRole('button', { name: 'Lưu ngày nghỉ lễ' }).click();
    await expect(toast(page, `Đã lưu ${proposed + 1} ngày của năm ${year}.`)).toBeVisible();
    await expect(page.getByTestId('holidays-unsaved')).toHaveCount(0);

    // Saved: still there after a reload, sorted by date (31/12 last).
    await page.reload();
    await page.getByRole('tab', { name: 'Ngày nghỉ lễ' }).click();
    await chooseYear(page, year);
    await expect(rows(page)).toHaveCount(proposed + 1);
    await expect(page.getByLabel(`Ngày, dòng ${proposed + 1}`, { exact: true })).toHaveValue(`31/12/${year}`);
    await expect(page.getByLabel(`Tên ngày nghỉ, dòng ${proposed + 1}`, { exact: true })).toHaveValue('Nghỉ bù cuối năm');

    // "Đề xuất theo lịch" refills the table (after confirming), unsaved until "Lưu".
    await page.getByRole('button', { name: 'Đề xuất theo lịch' }).click();
    await page.getByRole('button', { name: 'Đề xuất', exact: true }).click();
    await expect(rows(page)).toHaveCount(proposed);
  });
});
