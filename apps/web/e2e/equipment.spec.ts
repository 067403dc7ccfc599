import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from './attendance-helpers';
import { ADMIN, adminLogin, sidebar, signInUi, unique, useToken } from './helpers';

// Issue 24 part 4: instruments and vehicles — a lapsed calibration shows red, a renewed one green, the change is in
// the history; the list as cards on a 390 px phone.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const fieldItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};
const choose = async (page: Page, label: string, option: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
};
/** Vietnam's date `days` from today, as the API (`YYYY-MM-DD`) and the date pickers (`DD/MM/YYYY`) write it. */
const vnDay = (days: number) => {
  const iso = new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, shown: `${d}/${m}/${y}` };
};
/** The kind's button (the radio input itself is hidden under its label). */
const pickKind = async (page: Page, kind: string) => {
  await page.locator('.ant-radio-button-wrapper').filter({ hasText: kind }).click();
  await expect(page.getByRole('radio', { name: kind })).toBeChecked();
};
const pickDate = async (page: Page, label: string, shown: string) => {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(shown);
  await input.press('Tab');
};

async function createEquipment(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<{ id: number; code: string; name: string }> {
  const token = await adminLogin(request);
  const res = await request.post('/api/equipment', { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test.describe('Thiết bị, phương tiện', () => {
  test('danh sách trống nói phải làm gì và mở trang thêm', async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.route(
      (url) => url.pathname === '/api/equipment',
      (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ json: { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } } })
          : route.continue(),
    );
    await page.goto('/admin/monitoring/equipment');
    await expect(page.getByRole('heading', { name: 'Thiết bị, phương tiện', level: 3 })).toBeVisible();
    await expect(page.getByText('Chưa có thiết bị, phương tiện nào.', { exact: false })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Thiết bị, phương tiện' })).toBeVisible();
    await fullShot(page, 'equipment-empty');
    await page.locator('.ant-empty').getByRole('button', { name: 'Thêm thiết bị' }).click();
    await expect(page).toHaveURL(/\/admin\/monitoring\/equipment\/create$/);
  });

  test('thêm máy đo quá hạn hiệu chuẩn → danh sách báo đỏ → gia hạn thành "Còn hạn" → lịch sử → xóa', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const id = unique();
    const code = `TB-KT-${id}`.toUpperCase();
    const name = `Máy phân tích khí thải Testo 350 ${id}`;
    const lapsed = vnDay(-20);
    const lastYear = vnDay(-385);
    const renewed = vnDay(345);
    // A vehicle whose inspection lapsed: its tag speaks of "đăng kiểm".
    const truck = await createEquipment(request, {
      code: `XE-${id}`.toUpperCase(),
      name: `Xe bán tải ${id}`,
      kind: 'vehicle',
      identifier: '51C-123.45',
      calibration_due: vnDay(-3).iso,
    });

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/monitoring/equipment');
    await page.getByRole('button', { name: 'Thêm thiết bị' }).first().click();
    await expect(page).toHaveURL(/\/equipment\/create$/);

    // Nothing filled: the required fields say so.
    await page.locator('form').getByRole('button', { name: 'Thêm mới' }).click();
    await expect(fieldItem(page, 'Mã thiết bị')).toContainText('Vui lòng nhập mã');
    await expect(fieldItem(page, 'Tên thiết bị')).toContainText('Vui lòng nhập tên');

    // A vehicle asks for its plate, in the registration's form.
    await pickKind(page, 'Phương tiện');
    await expect(page.locator('.ant-card-head-title').getByText('Đăng kiểm', { exact: true })).toBeVisible();
    await page.getByLabel('Biển số', { exact: true }).fill('ABC');
    await page.locator('form').getByRole('button', { name: 'Thêm mới' }).click();
    await expect(fieldItem(page, 'Biển số')).toContainText('Biển số xe không đúng dạng');
    await pickKind(page, 'Thiết bị đo');

    await page.getByLabel('Mã thiết bị').fill(code);
    await page.getByLabel('Tên thiết bị').fill(name);
    await page.getByLabel('Hãng, model').fill('Testo 350');
    await page.getByLabel('Số sê-ri', { exact: true }).fill('61925874');
    await page.getByLabel('Chỉ tiêu đo được').fill('O₂, CO, NO, NO₂, SO₂');
    await pickDate(page, 'Hạn hiệu chuẩn', lapsed.shown);
    // The form reads the date as the list will.
    await expect(fieldItem(page, 'Hạn hiệu chuẩn')).toContainText('Quá hạn hiệu chuẩn');
    // The last calibration after the due date: refused on its field, nothing sent.
    await pickDate(page, 'Ngày hiệu chuẩn gần nhất', renewed.shown);
    await page.getByLabel('Số giấy chứng nhận').fill('HC-K 0963/2025');
    await page.locator('form').getByRole('button', { name: 'Thêm mới' }).click();
    await expect(fieldItem(page, 'Ngày hiệu chuẩn gần nhất')).toContainText(
      'Ngày hiệu chuẩn gần nhất không được sau hạn hiệu chuẩn',
    );
    await fullShot(page, 'equipment-form-errors');
    await pickDate(page, 'Ngày hiệu chuẩn gần nhất', lastYear.shown);
    await expect(fieldItem(page, 'Ngày hiệu chuẩn gần nhất').locator('.ant-form-item-explain-error')).toHaveCount(0);
    await page.locator('form').getByRole('button', { name: 'Thêm mới' }).click();
    await expect(page.getByText(`Đã thêm thiết bị “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/equipment$/);

    // The lapsed filter: ours in red with its date, the lapsed vehicle speaks of its inspection.
    await choose(page, 'Lọc theo hạn hiệu chuẩn', 'Quá hạn');
    await expect(page).toHaveURL(/calibration=lapsed/);
    const ours = rows(page).filter({ hasText: code });
    await expect(ours).toHaveCount(1);
    await expect(ours).toContainText(lapsed.shown);
    await expect(ours.locator('.ant-tag-red')).toHaveText('Quá hạn hiệu chuẩn');
    await expect(ours).toContainText('Testo 350 · Số sê-ri 61925874');
    await expect(rows(page).filter({ hasText: truck.code }).locator('.ant-tag-red')).toHaveText('Quá hạn đăng kiểm');
    await fullShot(page, 'equipment-list');

    // Renewed: the due date a year on, "Còn hạn" in green.
    await ours.getByRole('button', { name: `Sửa ${name} ${code}` }).click();
    await expect(page.getByRole('heading', { name: `Sửa thiết bị: ${name}` })).toBeVisible();
    await expect(page.getByLabel('Hạn hiệu chuẩn', { exact: true })).toHaveValue(lapsed.shown);
    await pickDate(page, 'Hạn hiệu chuẩn', renewed.shown);
    await pickDate(page, 'Ngày hiệu chuẩn gần nhất', vnDay(-20).shown);
    await page.getByLabel('Số giấy chứng nhận').fill('HC-K 1022/2026');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText(`Đã lưu thiết bị “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/equipment$/);
    await page.getByPlaceholder('Tìm theo mã, tên, model, số sê-ri, biển số').fill(code);
    await expect(rows(page).filter({ hasText: code }).locator('.ant-tag-green').filter({ hasText: 'Còn hạn' })).toHaveText(
      'Còn hạn',
    );
    await expect(rows(page).filter({ hasText: code })).toContainText(renewed.shown);

    // The history names the change of the due date.
    await rows(page).filter({ hasText: code }).getByRole('link', { name }).click();
    const change = page.getByTestId('history-item').filter({ hasText: 'Cập nhật' }).first();
    await expect(change).toContainText('Hạn hiệu chuẩn / đăng kiểm');
    await expect(change).toContainText(lapsed.shown);
    await expect(change).toContainText(renewed.shown);
    await expect(change).toContainText('HC-K 1022/2026');
    await fullShot(page, 'equipment-edit-history');

    // Delete from its page, through the confirmation.
    await page.getByRole('button', { name: `Xóa thiết bị ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Xóa thiết bị “${name}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText(`Đã xóa thiết bị “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/monitoring\/equipment$/);
    const token = await adminLogin(request);
    const gone = await request.get(`/api/equipment?search=${code}`, { headers: auth(token) });
    expect(((await gone.json()) as { data: unknown[] }).data).toHaveLength(0);
  });

  test('trên điện thoại 390 px: danh sách thành thẻ, biểu mẫu một cột, không cuộn ngang', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const id = unique();
    const meter = await createEquipment(request, {
      code: `TB-DCT-${id}`.toUpperCase(),
      name: `Máy đo pH/DO/độ dẫn cầm tay ${id}`,
      kind: 'instrument',
      model: 'YSI ProDSS',
      identifier: '21K100742',
      calibration_due: vnDay(10).iso,
    });
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await useToken(page, await adminLogin(request));
    await page.goto(`/admin/monitoring/equipment?search=${meter.code}`);
    const card = page.locator('.qlcv-phone-card').filter({ hasText: meter.code });
    await expect(card).toHaveCount(1);
    for (const text of [meter.name, 'Thiết bị đo', 'Hạn hiệu chuẩn', vnDay(10).shown, 'Sắp đến hạn (còn 10 ngày)'])
      await expect(card).toContainText(text);
    await expect(card.locator('.ant-tag-orange')).toHaveText('Sắp đến hạn (còn 10 ngày)');
    await expectNoSidewaysScroll(page);
    await page.goto('/admin/monitoring/equipment');
    await expect(page.locator('.qlcv-phone-card').first()).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'equipment-phone-list');

    await page.goto('/admin/monitoring/equipment/create');
    await pickKind(page, 'Phương tiện');
    await page.getByLabel('Biển số', { exact: true }).fill('51C-12345X');
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await expect(fieldItem(page, 'Biển số')).toContainText('Biển số xe không đúng dạng');
    // One column: the due date above the last inspection, both the card's width.
    const due = (await fieldItem(page, 'Hạn đăng kiểm').boundingBox())!;
    const last = (await fieldItem(page, 'Ngày đăng kiểm gần nhất').boundingBox())!;
    expect(Math.abs(due.x - last.x)).toBeLessThan(1);
    expect(last.y).toBeGreaterThan(due.y + due.height - 1);
    await expectNoSidewaysScroll(page);
    await fullShot(page, 'equipment-phone-form');
    await context.close();
  });
});
