import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSidewaysScroll, PHONE } from './attendance-helpers';
import { ADMIN, sidebar, signInUi, unique } from './helpers';

// Issue 25 part 1: the national technical regulations (QCVN) catalogue — the shipped QCVN 40:2011 read as printed,
// a regulation created, edited, its limits table downloaded and imported back (a wrong row imports nothing), deleted.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The form item around a field, where its error shows. */
const itemOf = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .last();
const fullShot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
};
/** A row of the limits table by its analyte code, and its cell in a regulation column. */
const limitRow = (page: Page, analyte: string) =>
  page.getByTestId('limits-table').locator(`tr.ant-table-row[data-analyte="${analyte}"]`);
const cellOf = (row: Locator, column: string) => row.locator(`td[data-column="${column}"]`);

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  // On a busy machine a click landing while the dropdown still moves can be lost: click again until it closes.
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(open).toHaveCount(1);
  const target = open.locator('.ant-select-item-option').filter({ hasText: option }).first();
  // Picked: a single select closes, a multiple one marks the option selected.
  const picked = page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected').filter({ hasText: option });
  await expect(async () => {
    const done = async () => (await open.count()) === 0 || (await picked.count()) > 0;
    if (!(await done())) {
      await target.click({ timeout: 2_000 });
      // Wait for the click to show before judging it lost: a second click on a multiple select takes the option back.
      await expect.poll(done, { timeout: 3_000 }).toBe(true);
    }
    expect(await done()).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/** The template's rows (headers first) as plain values. */
async function readSheet(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Giá trị giới hạn') ?? wb.worksheets[0]!;
  const out: string[][] = [];
  ws.eachRow((row) => {
    const values = Array.from(row.values as unknown[])
      .slice(1)
      .map((v) => (v === null || v === undefined ? '' : String(v)));
    out.push(values);
  });
  return out;
}

async function sheetOf(data: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Giá trị giới hạn');
  for (const r of data) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function pickFile(page: Page, name: string, buffer: Buffer) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX, buffer });
  return dialog;
}

test.describe('Quy chuẩn kỹ thuật', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('danh mục có QCVN 40:2011 → chi tiết: bảng Kq, Kf, BOD5 cột B ≤ 50; lọc theo ngày hiệu lực; xóa bị từ chối khi đang dùng; 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/admin');
    await sidebar(page).getByText('Quan trắc', { exact: true }).click();
    await sidebar(page).getByRole('link', { name: 'Quy chuẩn kỹ thuật' }).click();
    await expect(page).toHaveURL(/\/admin\/regulations$/);
    await expect(page.getByRole('heading', { name: 'Quy chuẩn kỹ thuật', level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Thêm quy chuẩn' })).toBeVisible();
    // Exactly the catalogue's one (other specs add their own regulations named after it, e.g. "…/BTNMT-<id>").
    const qcvn40 = () => rows(page).filter({ has: page.getByRole('link', { name: 'QCVN 40:2011/BTNMT', exact: true }) });
    await expect(qcvn40()).toHaveCount(1);
    await fullShot(page, 'regulations-list');

    // Air regulations in force on a day of 2015: the 2013 one (replaced since), not the 2023 one.
    await choose(page, 'Lọc theo thành phần môi trường', 'Không khí xung quanh');
    await page.getByLabel('Còn hiệu lực ngày', { exact: true }).click();
    await page.getByLabel('Còn hiệu lực ngày', { exact: true }).fill('01/06/2015');
    await page.getByLabel('Còn hiệu lực ngày', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/in_force_on=2015-06-01/);
    await expect(rows(page)).toHaveCount(1);
    const old = rows(page).first();
    await expect(old.getByRole('link').first()).toHaveText('QCVN 05:2013/BTNMT');
    await expect(old).toContainText('Hết hiệu lực');
    await expect(old).toContainText('Thay thế bởi QCVN 05:2023/BTNMT');
    // Its replacement, which names it back, with limits per averaging period.
    await old.getByRole('link', { name: 'QCVN 05:2023/BTNMT' }).click();
    await expect(page.getByRole('heading', { name: 'QCVN 05:2023/BTNMT', level: 3 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'QCVN 05:2013/BTNMT' })).toBeVisible();
    await expect(page.getByTestId('limits-table').getByRole('columnheader', { name: 'Thời gian trung bình' })).toBeVisible();
    await page.screenshot({ path: shot('regulations-air'), fullPage: true });
    await page.goBack();
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).first().click();

    await page.getByPlaceholder('Tìm theo số hiệu, tên quy chuẩn').fill('40:2011');
    await page.getByPlaceholder('Tìm theo số hiệu, tên quy chuẩn').press('Enter');
    await expect(page).toHaveURL(/40(%3A|:)2011/);
    await expect(rows(page).filter({ hasNotText: '40:2011' })).toHaveCount(0);
    await expect(qcvn40()).toHaveCount(1);
    await qcvn40().getByRole('link', { name: 'QCVN 40:2011/BTNMT', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/regulations\/\d+$/);
    await expect(page.getByRole('heading', { name: 'QCVN 40:2011/BTNMT', level: 3 })).toBeVisible();
    await expect(page.getByText('Đang hiệu lực').first()).toBeVisible();

    const factors = page.getByTestId('factor-table');
    await expect(factors).toHaveCount(2);
    await expect(factors.nth(0)).toContainText('Kq');
    await expect(factors.nth(1)).toContainText('Kf');
    // Values with the Vietnamese comma.
    await expect(factors.nth(0)).toContainText(/0,9/);

    const bod = limitRow(page, 'BOD5');
    await expect(cellOf(bod, 'B')).toHaveText('≤ 50');
    await expect(cellOf(bod, 'A')).toHaveText('≤ 30');
    await expect(bod).toContainText('C × Kq × Kf');
    await expect(cellOf(limitRow(page, 'PH'), 'A')).toHaveText(/^\d+(,\d+)?–\d+(,\d+)?$/);
    await fullShot(page, 'regulations-detail');

    // In use by points: the server refuses and its words are shown.
    const refusal =
      'Quy chuẩn QCVN 40:2011/BTNMT đang được áp dụng cho 3 điểm quan trắc; hãy đổi quy chuẩn của các điểm đó trước khi xóa.';
    await page.route(
      (url) => /\/api\/regulations\/\d+$/.test(url.pathname),
      (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 409, json: { message: refusal, errors: [], error_code: 'REGULATION_IN_USE' } })
          : route.continue(),
    );
    await page.getByRole('button', { name: 'Xóa quy chuẩn QCVN 40:2011/BTNMT' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText(refusal)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/regulations\/\d+$/);
    await page.unroute((url) => /\/api\/regulations\/\d+$/.test(url.pathname));

    // A phone: the page does not scroll sideways, the limits table scrolls inside its box.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'QCVN 40:2011/BTNMT', level: 3 })).toBeVisible();
    await expect(cellOf(limitRow(page, 'BOD5'), 'B')).toHaveText('≤ 50');
    await expectNoSidewaysScroll(page);
    const box = page.getByTestId('limits-table').locator('.ant-table-content, .ant-table-body').first();
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.getByText('Vuốt ngang để xem thêm').first()).toBeVisible();
    await fullShot(page, 'regulations-detail-390');
    await page.screenshot({ path: shot('regulations-detail-390-top') });
    await page.getByTestId('limits-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: shot('regulations-detail-390-limits') });
    // The list as cards, no sideways scroll.
    await page.goto('/admin/regulations');
    await expect(page.getByRole('link', { name: 'QCVN 40:2011/BTNMT' }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expect(page.locator('.ant-spin-fullscreen')).toHaveCount(0);
    await page.screenshot({ path: shot('regulations-list-390') });
  });

  test('thêm (lỗi dưới đúng ô) → sửa (lỗi 422 của máy chủ vào đúng ô, lịch sử) → tải bảng giới hạn → nhập tệp có dòng sai, rồi tệp đúng → xóa', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const code = `QCVN ${id}:2026/BTNMT`;

    await page.goto('/admin/regulations');
    await page.getByRole('button', { name: 'Thêm quy chuẩn' }).first().click();
    await expect(page).toHaveURL(/\/admin\/regulations\/create$/);
    await expect(page.getByRole('heading', { name: 'Thêm quy chuẩn', level: 3 })).toBeVisible();

    // Nothing filled: the required fields say so.
    await page.locator('form').getByRole('button', { name: 'Thêm quy chuẩn' }).click();
    await expect(itemOf(page, 'Số hiệu')).toContainText('Vui lòng nhập số hiệu quy chuẩn');
    await expect(itemOf(page, 'Thành phần môi trường')).toContainText('Vui lòng chọn thành phần môi trường');
    await expect(itemOf(page, 'Có hiệu lực từ ngày')).toContainText('Vui lòng chọn ngày có hiệu lực');

    await page.getByLabel('Số hiệu', { exact: true }).fill(code);
    await page.getByLabel('Tên quy chuẩn', { exact: true }).fill(`Quy chuẩn thử nghiệm nước thải ${id}`);
    await choose(page, 'Thành phần môi trường', 'Nước thải');
    await page.getByLabel('Cơ quan ban hành', { exact: true }).fill('Bộ Tài nguyên và Môi trường');
    await page.getByLabel('Có hiệu lực từ ngày', { exact: true }).click();
    await page.getByLabel('Có hiệu lực từ ngày', { exact: true }).fill('01/01/2026');
    await page.getByLabel('Có hiệu lực từ ngày', { exact: true }).press('Tab');

    // Two columns.
    await page.getByLabel('Ký hiệu cột 1', { exact: true }).fill('A');
    await page.getByLabel('Ý nghĩa cột 1', { exact: true }).fill('Xả vào nguồn nước dùng cho cấp nước sinh hoạt');
    await page.getByRole('button', { name: 'Thêm cột' }).click();
    await page.getByLabel('Ký hiệu cột 2', { exact: true }).fill('B');
    await page.getByLabel('Ý nghĩa cột 2', { exact: true }).fill('Xả vào nguồn nước không dùng cho cấp nước sinh hoạt');

    // One factor with two values.
    await page.getByRole('button', { name: 'Thêm hệ số' }).click();
    await page.getByLabel('Ký hiệu hệ số 1', { exact: true }).fill('Kq');
    await page.getByLabel('Tên hệ số 1', { exact: true }).fill('Hệ số lưu lượng nguồn tiếp nhận');
    await page.getByLabel('Điều kiện 1 của Kq', { exact: true }).fill('Q ≤ 50 m³/s');
    await page.getByLabel('Giá trị 1 của Kq', { exact: true }).fill('0,9');
    await page.getByRole('button', { name: /Thêm giá trị$/ }).click();
    await page.getByLabel('Điều kiện 2 của Kq', { exact: true }).fill('Q > 50 m³/s');
    await page.getByLabel('Giá trị 2 của Kq', { exact: true }).fill('1.1');

    // Two limits: COD × Kq in column A; pH with its min above its max first.
    await page.getByRole('button', { name: 'Thêm giá trị giới hạn' }).click();
    await page.getByLabel('Mã chất dòng 1', { exact: true }).fill('cod');
    await page.getByLabel('Thông số dòng 1', { exact: true }).fill('COD');
    await page.getByLabel('Đơn vị dòng 1', { exact: true }).fill('mg/L');
    await page.getByLabel('Tối đa dòng 1', { exact: true }).fill('75');
    await choose(page, 'Hệ số dòng 1', 'Kq');
    await page.keyboard.press('Escape');
    await expect(
      page
        .getByLabel('Hệ số dòng 1', { exact: true })
        .locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]'),
    ).toContainText('Kq');
    await page.getByRole('button', { name: 'Thêm giá trị giới hạn' }).click();
    await page.getByLabel('Mã chất dòng 2', { exact: true }).fill('PH');
    await page.getByLabel('Thông số dòng 2', { exact: true }).fill('pH');
    await page.getByLabel('Đơn vị dòng 2', { exact: true }).fill('-');
    await page.getByLabel('Tối thiểu dòng 2', { exact: true }).fill('6');
    await page.getByLabel('Tối đa dòng 2', { exact: true }).fill('5,5');
    await page.locator('form').getByRole('button', { name: 'Thêm quy chuẩn' }).click();
    await expect(itemOf(page, 'Tối thiểu dòng 2')).toContainText('Giá trị tối thiểu lớn hơn giá trị tối đa');
    await page.getByLabel('Tối thiểu dòng 2', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('regulations-form-error') });
    await page.getByLabel('Tối đa dòng 2', { exact: true }).fill('9');
    await page.locator('form').getByRole('button', { name: 'Thêm quy chuẩn' }).click();

    await expect(page).toHaveURL(/\/admin\/regulations\/\d+$/);
    const regulationId = Number(/\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: code, level: 3 })).toBeVisible();
    await expect(cellOf(limitRow(page, 'COD'), 'A')).toHaveText('≤ 75');
    await expect(limitRow(page, 'COD')).toContainText('C × Kq');
    await expect(cellOf(limitRow(page, 'PH'), 'A')).toHaveText('6–9');
    await expect(page.getByTestId('factor-table')).toContainText('1,1');

    // Edit: a server's 422 on a limit lands under that limit's field; then saved for real.
    await page.getByRole('button', { name: /Sửa$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/regulations/${regulationId}/edit$`));
    await page.getByLabel('Tên quy chuẩn', { exact: true }).fill(`Quy chuẩn thử nghiệm đã sửa ${id}`);
    // A limit reads as text until it is edited; one the server refuses opens with its error.
    await expect(page.getByTestId('limit-max-1')).toHaveText('75');
    await expect(page.getByLabel('Tối đa dòng 2', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sửa dòng 1', exact: true }).click();
    await page.getByLabel('Tối đa dòng 1', { exact: true }).fill('80,5');
    await page.getByLabel('Tối đa dòng 1', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('regulations-edit') });
    const fromServer = 'Giá trị tối đa vượt giới hạn máy chủ cho phép (thử nghiệm)';
    await page.route(
      (url) => url.pathname === `/api/regulations/${regulationId}`,
      (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 422,
              json: {
                message: 'Dữ liệu không hợp lệ.',
                error_code: 'VALIDATION_FAILED',
                errors: [{ field: 'limits.1.max', message: fromServer }],
              },
            })
          : route.continue(),
      { times: 1 },
    );
    await page.locator('form').getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(itemOf(page, 'Tối đa dòng 2')).toContainText(fromServer);
    await expect(itemOf(page, 'Tối đa dòng 1')).not.toContainText(fromServer);
    await page.locator('form').getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/regulations/${regulationId}$`));
    await expect(page.getByText(`Quy chuẩn thử nghiệm đã sửa ${id}`).first()).toBeVisible();
    await expect(cellOf(limitRow(page, 'COD'), 'A')).toHaveText('≤ 80,5');
    const history = page.getByTestId('history-item').first();
    await expect(history).toContainText('COD cột A: ≤ 75 × Kq → ≤ 80,5 × Kq');

    // The limits table in the import's layout.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Tải bảng giới hạn (.xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^gioi-han-qcvn-.*\.xlsx$/);
    const sheet = await readSheet(readFileSync((await file.path())!));
    expect(sheet[0]!.slice(0, 4)).toEqual(['Mã chất', 'Thông số', 'Đơn vị', 'Cột']);
    expect(sheet.slice(1).map((r) => `${r[0]}|${r[3]}|${r[5]}`)).toEqual(['COD|A|80.5', 'PH|A|9']);

    // A file with a wrong row (a column the regulation has not): the report says which, nothing is written.
    const header = sheet[0]!;
    const wrong = await sheetOf([
      header,
      ...sheet.slice(1),
      ['COD', 'COD', 'mg/L', 'B', '', '100', '', 'Kq', ''],
      ['TSS', 'Tổng chất rắn lơ lửng', 'mg/L', 'C', '', '50', '', '', ''],
    ]);
    await page.getByRole('button', { name: 'Nhập bảng giới hạn' }).click();
    let dialog = await pickFile(page, 'sai.xlsx', wrong);
    await dialog.getByRole('button', { name: 'Kiểm tra tệp' }).click();
    const errors = dialog.getByTestId('import-errors');
    await expect(errors).toContainText('Có 1 dòng không hợp lệ; chưa nhập dòng nào.');
    await expect(errors.locator('tr.ant-table-row')).toHaveCount(1);
    await expect(errors.locator('tr.ant-table-row').first()).toContainText('5');
    await expect(errors.locator('tr.ant-table-row').first()).toContainText('Cột');
    await expect(errors.locator('tr.ant-table-row').first()).toContainText('cột C không có');
    await expect(dialog.getByRole('button', { name: /^Nhập \d+ giá trị$/ })).toHaveCount(0);
    await page.screenshot({ path: shot('regulations-import-errors') });
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Giá trị giới hạn (2)')).toBeVisible();

    // The right file: a dry run reports the rows per column, then "Nhập" replaces the table.
    const right = await sheetOf([header, ...sheet.slice(1), ['COD', 'COD', 'mg/L', 'B', '', '100', '', 'Kq', '']]);
    await page.getByRole('button', { name: 'Nhập bảng giới hạn' }).click();
    dialog = await pickFile(page, 'dung.xlsx', right);
    await dialog.getByRole('button', { name: 'Kiểm tra tệp' }).click();
    const check = dialog.getByTestId('import-check');
    await expect(check).toContainText('Tệp hợp lệ: 3 giá trị giới hạn');
    await expect(check).toContainText('Cột A');
    await expect(check).toContainText('2 giá trị');
    await expect(check).toContainText('Cột B');
    await page.screenshot({ path: shot('regulations-import-report') });
    // Checked only: nothing written yet.
    await expect(page.getByText('Giá trị giới hạn (2)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Nhập 3 giá trị' }).click();
    await expect(dialog).toContainText('Đã nhập 3 giá trị giới hạn (cột A: 2, cột B: 1).');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Đóng' }).click();
    await expect(page.getByText('Giá trị giới hạn (3)')).toBeVisible();
    await expect(cellOf(limitRow(page, 'COD'), 'B')).toHaveText('≤ 100');
    await expect(page.getByTestId('history-item').first()).toContainText('nhập từ Excel');

    // Delete.
    await page.getByRole('button', { name: `Xóa quy chuẩn ${code}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page).toHaveURL(/\/admin\/regulations$/);
    await page.getByPlaceholder('Tìm theo số hiệu, tên quy chuẩn').fill(code);
    await page.getByPlaceholder('Tìm theo số hiệu, tên quy chuẩn').press('Enter');
    await expect(page.getByText('Không tìm thấy quy chuẩn nào phù hợp với điều kiện lọc')).toBeVisible();
  });
});
