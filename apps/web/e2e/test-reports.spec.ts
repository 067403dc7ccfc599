import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, type Download, expect, type Page, test } from '@playwright/test';
import PizZip from 'pizzip';
import { PASSWORD } from './attendance-helpers';
import { createDepartment, randomMobile, signInUi, unique } from './helpers';
import { post, releasedExceedance, vnDay } from './lab-world';

// Issue 25 part 4 (screens): a trip's released results (COD above its QCVN 40 column B limit) make a test report. A
// laboratory clerk drafts it from the list, sees the table and the exceeded verdict, edits the QC statement; the
// analyst may not sign it (SAME_ANALYST), the head signs; the public page checks the code at 390 px; a correction with a
// reason issues v2 and v1's code then warns it is replaced. The fixtures are built through the API as
// analysis-verdicts.spec.ts builds them.

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const PHONE = { width: 390, height: 844 };

async function setup(request: APIRequestContext, id: string) {
  // Noon in Vietnam on the trip's first day: the same calendar day in UTC and in Vietnam, whatever the hour of the run.
  // The analyst also holds lab.approve: the server still refuses them the signature of a report holding their result.
  const w = await releasedExceedance(request, id, {
    analystKeys: ['lab.analyse', 'lab.index', 'lab.approve'],
    takenAt: `${vnDay(-1)}T05:00:00.000Z`,
  });
  // A customer without results on the trip: drafting for it is refused (422 NO_RELEASED_RESULTS).
  const other = await post<{ id: number; name: string }>(request, w.token, '/api/customers', {
    type: 'organization',
    name: `Công ty Bao bì Thái Nguyên ${id}`,
  });
  const clerk = await w.person('tn', 'Phạm Thu Hà', ['lab.index', 'lab.receive', 'customer.index']);
  const head = await w.person('tp', 'Hoàng Đức Anh', ['lab.index', 'lab.approve']);
  // The sampling day as the report prints it: the sample's day in Vietnam.
  const sampledOn = new Date(Date.parse(w.takenAt) + 7 * 3_600_000).toISOString().slice(0, 10);
  const { customer, trip, sample, cod, regulation, analyst } = w;
  return { token: w.token, customer, other, trip, sample, cod, regulation, analyst, clerk, head, sampledOn };
}

type World = Awaited<ReturnType<typeof setup>>;

async function pick(page: Page, label: string, text: string, typed = text) {
  await page.getByLabel(label, { exact: true }).fill(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** The downloaded .docx: its SHA-256 and its text, one line per paragraph (table cells are paragraphs). */
async function docxOf(file: Download) {
  const bytes = readFileSync((await file.path()) as string);
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? '';
  const text = xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return { sha: createHash('sha256').update(bytes).digest('hex'), text, lines: text.split('\n') };
}

/** Clicks "Tải phiếu (.docx)" and reads what the browser saved. */
async function downloadReport(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tải phiếu (.docx)' }).click();
  const file = await download;
  return { name: file.suggestedFilename(), ...(await docxOf(file)) };
}

/** A request of the customer (a process, its type), as the sales desk records it: its tracking code and mobile. */
async function customerRequest(request: APIRequestContext, token: string, customerId: number) {
  const id = unique();
  const dep = await createDepartment(request, token, { code: `KD-${id}`, name: `Phòng Kinh doanh ${id}` });
  const process = await post<{ id: number }>(request, token, '/api/processes', {
    code: `QT-PKQ-${id}`,
    name: `Quan trắc nước thải ${id}`,
    steps: [{ name: 'Lấy mẫu, phân tích', department_id: dep.id, duration_hours: 48 }],
  });
  const type = await post<{ id: number }>(request, token, '/api/request-types', {
    code: `LYC-PKQ-${id}`,
    name: `Quan trắc nước thải định kỳ ${id}`,
    process_id: process.id,
  });
  const mobile = randomMobile();
  const made = await post<{ tracking_code: string }>(request, token, '/api/requests', {
    request_type_id: type.id,
    customer_id: customerId,
    requester_name: 'Phạm Văn Long',
    requester_phone: mobile,
    title: `Quan trắc nước thải quý IV ${id}`,
  });
  return { code: made.tracking_code, mobile };
}

/** The public check page in a fresh phone-sized browser, without signing in. */
async function publicPage(browser: Browser, code: string) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/kiem-tra-phieu/${code}`);
  return page;
}

test.describe('Phiếu kết quả thử nghiệm', () => {
  test.describe.configure({ mode: 'serial' });
  let w: World;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    w = await setup(request, unique());
  });

  test('lập, sửa, ký, kiểm tra công khai và sửa đổi phiếu', async ({ page, browser, request }) => {
    test.setTimeout(180_000);

    // The clerk: an empty (filtered) list, then "Lập phiếu".
    await signInUi(page, w.clerk.username, PASSWORD);
    await page.goto(`/admin/monitoring/test-reports?customer_id=${w.other.id}`);
    await expect(page.getByRole('heading', { name: 'Phiếu kết quả thử nghiệm' })).toBeVisible();
    await expect(page.getByTestId('test-reports-table')).toContainText(
      'Không tìm thấy phiếu kết quả nào phù hợp với điều kiện lọc',
    );
    await page.screenshot({ path: shot('test-reports-empty'), fullPage: true });

    await page.goto('/admin/monitoring/test-reports');
    await page.getByRole('button', { name: 'Lập phiếu' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Lập phiếu kết quả thử nghiệm' });
    await expect(dialog).toBeVisible();
    // Validation: nothing chosen.
    await dialog.getByRole('button', { name: 'Lập phiếu' }).click();
    await expect(dialog).toContainText('Vui lòng chọn chuyến lấy mẫu');
    await expect(dialog).toContainText('Vui lòng chọn khách hàng');
    // The server's refusal: a customer without released results on that trip.
    await pick(page, 'Chuyến lấy mẫu', w.trip.code);
    await pick(page, 'Khách hàng', w.other.name);
    await dialog.getByRole('button', { name: 'Lập phiếu' }).click();
    await expect(dialog.getByTestId('create-report-error')).toHaveText(
      'Chuyến lấy mẫu chưa có kết quả đã phát hành của khách hàng này để lập phiếu.',
    );
    await page.screenshot({ path: shot('test-reports-create-error'), fullPage: true });
    await pick(page, 'Khách hàng', w.customer.name);
    await dialog.getByRole('button', { name: 'Lập phiếu' }).click();

    // The draft: its number, version and state; the table with the exceeded verdict.
    await expect(page).toHaveURL(/\/admin\/monitoring\/test-reports\/\d+$/);
    const draftUrl = page.url();
    await expect(page.getByText(/^Phiếu \d{3}\/\d{4}\/PKQ$/)).toBeVisible();
    const number = ((await page.getByText(/^Phiếu \d{3}\/\d{4}\/PKQ$/).textContent()) ?? '').replace('Phiếu ', '');
    expect(number).toMatch(/^\d{3}\/\d{4}\/PKQ$/);
    await expect(page.getByText('Lần 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Nháp', { exact: true })).toBeVisible();
    const results = page.getByTestId('report-results');
    await expect(results).toContainText(w.sample.code);
    await expect(results).toContainText(`Nhu cầu oxy hóa học`);
    await expect(results).toContainText('180 mg/L');
    await expect(results).toContainText(`${w.regulation.code}, cột B`);
    await expect(results.getByTestId('row-exceeded')).toHaveText('Vượt');
    // The clerk drafts but does not sign.
    await expect(page.getByRole('button', { name: 'Ký phát hành' })).toHaveCount(0);

    // The QC statement.
    await page.getByRole('button', { name: 'Sửa ghi chú' }).click();
    const edit = page.getByRole('dialog', { name: /Sửa ghi chú phiếu/ });
    await edit.getByLabel('Nhận xét kiểm soát chất lượng').fill('Mẫu trắng và mẫu lặp đạt yêu cầu; độ thu hồi 98 %.');
    await edit.getByRole('button', { name: 'Lưu' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('report-qc')).toHaveText('Mẫu trắng và mẫu lặp đạt yêu cầu; độ thu hồi 98 %.');
    await page.screenshot({ path: shot('test-report-draft'), fullPage: true });

    // The list now holds it.
    await page.goto('/admin/monitoring/test-reports');
    const row = page.locator(`[data-report="${number} v1"]`);
    await expect(row).toContainText(w.customer.name);
    await expect(row).toContainText(w.trip.code);
    await expect(row).toContainText('Nháp');
    await expect(row).toContainText('Chưa ký');
    await page.screenshot({ path: shot('test-reports-list'), fullPage: true });
    await page.setViewportSize(PHONE);
    await expect(row).toContainText(w.customer.name);
    await page.screenshot({ path: shot('test-reports-list-390'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The analyst holds lab.approve but analysed COD: the server refuses, the page says why.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInUi(page, w.analyst.username, PASSWORD);
    await page.goto(draftUrl);
    await page.getByRole('button', { name: 'Ký phát hành' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ký phát hành' }).click();
    await expect(page.getByTestId('report-refusal')).toContainText(
      'Người ký phiếu không được là người phân tích của bất kỳ kết quả nào trong phiếu.',
    );
    await page.screenshot({ path: shot('test-report-same-analyst'), fullPage: true });

    // The head signs, on a phone.
    await page.evaluate(() => localStorage.clear());
    await signInUi(page, w.head.username, PASSWORD);
    await page.setViewportSize(PHONE);
    await page.goto(draftUrl);
    await page.getByRole('button', { name: 'Ký phát hành' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ký phát hành' }).click();
    await expect(page.getByText('Đã ký phát hành', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-descriptions').getByText(w.head.name)).toBeVisible();
    const code1 = ((await page.getByTestId('report-verify-code').textContent()) ?? '').trim();
    expect(code1).toMatch(/^[A-Z2-9]{16}$/);
    await expect(page.getByTestId('report-check-link')).toHaveText(`/kiem-tra-phieu/${code1}`);
    await expect(page.getByRole('button', { name: 'Tải phiếu (.docx)' })).toBeVisible();
    await page.screenshot({ path: shot('test-report-signed-390'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The .docx stored at signing: named by number and version, the report's text, its SHA-256 the one on the page.
    const doc1 = await downloadReport(page);
    expect(doc1.name).toBe(`phieu-ket-qua-${number.replace(/\//g, '-')}-v1.docx`);
    expect(doc1.text).toContain(`Số: ${number} · Lần ban hành: 1`);
    expect(doc1.text).toContain(w.customer.name);
    expect(doc1.text).toContain(w.head.name);
    expect(doc1.text).toContain(`/kiem-tra-phieu/${code1}`);
    // COD's row: result, unit, method, limit, column, then the verdict "Vượt".
    const at = doc1.lines.indexOf('180');
    expect(at, doc1.text).toBeGreaterThan(0);
    expect(doc1.lines.slice(at, at + 6)).toContain('Vượt');
    await expect(page.locator('.ant-descriptions').getByText(doc1.sha)).toBeVisible();
    await page.screenshot({ path: shot('test-report-signed'), fullPage: true });

    // The public page, at 390 px: valid.
    const pub = await publicPage(browser, code1);
    await expect(pub.getByTestId('report-check-valid')).toContainText('Phiếu hợp lệ');
    const details = pub.getByTestId('report-check-details');
    await expect(details).toContainText(number);
    await expect(details).toContainText('Lần 1');
    await expect(details).toContainText(w.customer.name);
    await expect(details.locator('tr').filter({ hasText: 'Ngày lấy mẫu' })).toContainText(ddmmyyyy(w.sampledOn));
    await expect(details.locator('tr').filter({ hasText: 'Ngày ban hành' })).toContainText(ddmmyyyy(vnDay()));
    await expect(details).toContainText(doc1.sha);
    await pub.screenshot({ path: shot('public-test-report-valid-390'), fullPage: true });
    // The officer downloads the original by its code: the very file whose SHA-256 the page shows.
    const original = pub.waitForEvent('download');
    await pub.getByRole('link', { name: 'Tải bản gốc (.docx)' }).click();
    expect((await docxOf(await original)).sha).toBe(doc1.sha);
    // The customer's request: its public result page lists the report in force and opens its check.
    const lookup = await customerRequest(request, w.token, w.customer.id);
    await pub.goto(`/yeu-cau/ket-qua?ma=${lookup.code}`);
    await pub.getByLabel('Số di động').fill(lookup.mobile);
    await pub.getByRole('button', { name: 'Tra cứu' }).click();
    const listed = pub.getByTestId('lookup-test-reports');
    await expect(listed).toContainText(`Phiếu ${number} · lần 1`);
    await expect(listed.getByRole('link', { name: /Tải phiếu/ })).toHaveAttribute(
      'href',
      `/api/public/test-reports/${code1}/document`,
    );
    await listed.scrollIntoViewIfNeeded();
    await pub.screenshot({ path: shot('public-result-test-reports-390'), fullPage: true });
    await listed.getByRole('link', { name: 'Kiểm tra' }).click();
    await expect(pub).toHaveURL(new RegExp(`/kiem-tra-phieu/${code1}$`));
    await expect(pub.getByTestId('report-check-valid')).toBeVisible();

    // The correction: a reason is required, then v2 replaces v1.
    await page.getByRole('button', { name: 'Sửa đổi (ban hành lần mới)' }).click();
    const correct = page.getByRole('dialog', { name: /Sửa đổi phiếu/ });
    await correct.getByRole('button', { name: 'Ban hành lần mới' }).click();
    await expect(correct).toContainText('Vui lòng nhập lý do sửa đổi');
    await correct.getByLabel('Lý do sửa đổi').fill('Sai tên điểm quan trắc trên phiếu lần 1.');
    await correct.getByRole('button', { name: 'Ban hành lần mới' }).click();
    await expect(page).not.toHaveURL(draftUrl);
    await expect(page.getByText('Lần 2', { exact: true })).toBeVisible();
    await expect(page.getByTestId('report-correction')).toContainText(`Thay thế phiếu ${number} lần 1`);
    await expect(page.getByTestId('report-correction')).toContainText('Sai tên điểm quan trắc trên phiếu lần 1.');
    const code2 = ((await page.getByTestId('report-verify-code').textContent()) ?? '').trim();
    expect(code2).toMatch(/^[A-Z2-9]{16}$/);
    expect(code2).not.toBe(code1);
    await page.screenshot({ path: shot('test-report-v2'), fullPage: true });
    // v1 says what replaced it.
    await page.goto(draftUrl);
    await expect(page.getByTestId('report-replaced')).toContainText(`Đã được thay thế bởi ${number} lần 2`);
    await expect(page.getByText('Đã thay thế', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sửa đổi (ban hành lần mới)' })).toHaveCount(0);
    // A replaced version's file is still the one signed first.
    const again = await downloadReport(page);
    expect(again.sha).toBe(doc1.sha);

    // v1's code now warns, in red, that it is replaced.
    await pub.goto(`/kiem-tra-phieu/${code1}`);
    await expect(pub.getByTestId('report-check-replaced')).toContainText(`Phiếu này đã được thay thế bởi phiếu ${number} lần 2`);
    await expect(pub.getByTestId('report-check-valid')).toHaveCount(0);
    await pub.screenshot({ path: shot('public-test-report-replaced-390'), fullPage: true });
    // An unknown code.
    await pub.goto('/kiem-tra-phieu/ABCDEFGHJKLMNPQR');
    await expect(pub.getByTestId('report-check-not-found')).toContainText('Không tìm thấy phiếu với mã này');
    await pub.screenshot({ path: shot('public-test-report-404-390'), fullPage: true });
    await pub.context().close();
  });
});
