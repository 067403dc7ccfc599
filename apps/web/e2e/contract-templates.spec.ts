import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import PizZip from 'pizzip';
import { ADMIN, adminLogin, createRole, createUser, signInUi, unique } from './helpers';

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The text of a .docx's body, tags stripped. */
const textOf = (buf: Buffer) =>
  (new PizZip(buf).file('word/document.xml')?.asText() ?? '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), data: readFileSync(file) };
}

test.describe('Mẫu hợp đồng', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('tải mẫu gợi ý → tải lên tệp lỗi (danh sách lỗi) → tải lên mẫu đúng → xem thử với dữ liệu mẫu', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const name = `Hợp đồng quan trắc định kỳ ${id}`;
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/admin/settings/contract-template');
    await expect(page.getByRole('heading', { name: 'Mẫu hợp đồng', level: 3 })).toBeVisible();
    await page.screenshot({ path: shot('contract-templates-list-empty'), fullPage: true });

    // The suggested template, to start from.
    const sample = await downloaded(page, () => page.getByRole('button', { name: 'Tải mẫu gợi ý' }).first().click());
    expect(sample.name).toMatch(/\.docx$/);
    expect(textOf(sample.data)).toContain('HỢP ĐỒNG DỊCH VỤ QUAN TRẮC MÔI TRƯỜNG');

    // A broken copy: a misspelt field and a tag left open.
    const zip = new PizZip(sample.data);
    const xml = zip.file('word/document.xml')?.asText() ?? '';
    zip.file(
      'word/document.xml',
      xml.replace('{customer.address}', '{customer.dia_chi}').replace('{contract.title}', '{contract.title'),
    );
    const broken = zip.generate({ type: 'nodebuffer' }) as Buffer;

    await page.getByRole('button', { name: 'Thêm mẫu hợp đồng' }).first().click();
    await expect(page).toHaveURL(/\/admin\/settings\/contract-template\/create$/);
    await expect(page.locator('.ant-card-head-title', { hasText: 'Trường trộn' })).toBeVisible();
    await expect(page.getByText('{contract.number}', { exact: true })).toBeVisible();
    await page.getByLabel('Mã mẫu').fill(`HD-${id}`);
    await page.getByLabel('Tên mẫu').fill(name);
    await page.locator('input[type=file]').setInputFiles({ name: 'mau-loi.docx', mimeType: DOCX, buffer: broken });
    await page.locator('form').getByRole('button', { name: 'Thêm mẫu hợp đồng' }).click();
    const problems = page.getByTestId('template-problems');
    await expect(problems).toBeVisible();
    await expect(problems).toContainText('Mẫu hợp đồng có');
    await expect(problems.locator('li')).toHaveCount(2);
    await expect(problems).toContainText('Trường "{customer.dia_chi}" không có trong danh mục trường trộn');
    await expect(problems).toContainText('Thẻ "{contract.title" chưa được đóng');
    await page.screenshot({ path: shot('contract-template-problems'), fullPage: true });

    // The good one: saved, then its edit page.
    await page.locator('input[type=file]').setInputFiles({ name: 'mau-hop-dong.docx', mimeType: DOCX, buffer: sample.data });
    await expect(problems).toBeHidden();
    await page.locator('form').getByRole('button', { name: 'Thêm mẫu hợp đồng' }).click();
    await expect(page.getByText(`Đã thêm mẫu hợp đồng “${name}”`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings\/contract-template\/\d+\/edit$/);
    await expect(page.getByText('mau-hop-dong.docx')).toBeVisible();
    await expect(page.getByText('Tạo mới').first()).toBeVisible();
    await page.screenshot({ path: shot('contract-template-edit'), fullPage: true });

    // The preview: the template filled with the catalogue's sample data.
    const preview = await downloaded(page, () => page.getByRole('button', { name: 'Xem thử (dữ liệu mẫu)' }).click());
    expect(preview.name).toBe(`xem-thu-HD-${id}.docx`);
    const text = textOf(preview.data);
    expect(text).toContain('Số: 015/2026/HĐ-QT');
    expect(text).toContain('Công ty TNHH Bia Hà Nội - Mê Linh');
    expect(text).toContain('Mười chín triệu không trăm linh tám nghìn đồng');
    expect(text).not.toMatch(/\{[a-z#/]/);

    // The file as uploaded.
    const stored = await downloaded(page, () => page.getByRole('button', { name: 'Tải tệp mẫu' }).click());
    expect(stored.data.equals(sample.data)).toBe(true);

    // In the list, searched without diacritics.
    await page.goto('/admin/settings/contract-template');
    await page.getByPlaceholder('Tìm theo mã, tên mẫu').fill(`hop dong quan trac dinh ky ${id}`);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await page.screenshot({ path: shot('contract-templates-list'), fullPage: true });

    const token = await adminLogin(request);
    const list = await request.get(`/api/contract-templates?search=HD-${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await list.json()).data[0].placeholders).toContain('#items');
  });
});

test('Mẫu hợp đồng: người không có quyền cài đặt chỉ xem và tải, không thêm, sửa, xóa', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminLogin(request);
  const auth = { Authorization: `Bearer ${token}` };
  const id = unique();
  const sample = await (await request.get('/api/contract-templates/sample', { headers: auth })).body();
  const created = await request.post('/api/contract-templates', {
    headers: auth,
    multipart: {
      code: `HD-XEM-${id}`,
      name: `Mẫu chỉ xem ${id}`,
      file: { name: 'mau.docx', mimeType: DOCX, buffer: sample },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const role = await createRole(request, token, { code: `xem-mhd-${id}`, name: `Xem mẫu hợp đồng ${id}`, permissions: [] });
  const password = 'Matkhau@2026';
  await createUser(request, token, { name: `Lê Thị Xem ${id}`, username: `xem.mhd.${id}`, password, role_id: role.id });
  await signInUi(page, `xem.mhd.${id}`, password);

  await page.goto('/admin/settings/contract-template');
  await expect(page.getByRole('heading', { name: 'Mẫu hợp đồng', level: 3 })).toBeVisible();
  await page.getByPlaceholder('Tìm theo mã, tên mẫu').fill(`HD-XEM-${id}`);
  await expect(page.getByText(`Mẫu chỉ xem ${id}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thêm mẫu hợp đồng' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Sửa mẫu/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Xóa mẫu/ })).toHaveCount(0);
  const preview = await downloaded(page, () => page.getByRole('button', { name: `Xem thử Mẫu chỉ xem ${id}` }).click());
  expect(textOf(preview.data)).toContain('Công ty TNHH Bia Hà Nội - Mê Linh');
  await page.goto('/admin/settings/contract-template/create');
  await expect(page.getByText('403 — Không có quyền truy cập')).toBeVisible();
});

/** The sample's package with its body replaced by one paragraph per line (a report template, decision 40.32). */
function withBody(sample: Buffer, lines: string[]): Buffer {
  const zip = new PizZip(sample);
  const xml = zip.file('word/document.xml')?.asText() ?? '';
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${l}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', xml.replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${body}</w:body>`));
  return zip.generate({ type: 'nodebuffer' }) as Buffer;
}

test('Mẫu phiếu kết quả thử nghiệm: chọn loại mẫu, trợ giúp trường trộn của phiếu, tệp lỗi → danh sách lỗi, tệp đúng → lưu', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminLogin(request);
  const auth = { Authorization: `Bearer ${token}` };
  const id = unique();
  const sample = await (await request.get('/api/contract-templates/sample', { headers: auth })).body();
  const good = withBody(sample, [
    'PHIẾU KẾT QUẢ – MẪU RIÊNG {report.number}',
    'Khách hàng: {customer.name}',
    '{#points}',
    'Điểm {point.code} – {point.name}',
    '{#params}{param.name}: {param.result} {param.unit}{/params}',
    '{/points}',
    'Mã xác thực: {verify.code}',
  ]);
  const broken = withBody(sample, ['Số hợp đồng: {contract.number}', '{param.result}']);
  await signInUi(page, ADMIN.username, ADMIN.password);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/admin/settings/contract-template/create');
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Phiếu kết quả thử nghiệm' }).click();
  await expect(page.getByText('{param.result}', { exact: true })).toBeVisible();
  await expect(page.getByText('{contract.number}', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Mã QR của trang kiểm tra phiếu được tự động thêm vào cuối phiếu', { exact: false })).toBeVisible();
  await page.getByLabel('Mã mẫu').fill(`PKQ-${id}`);
  await page.getByLabel('Tên mẫu').fill(`Phiếu kết quả riêng ${id}`);
  await page.locator('input[type=file]').setInputFiles({ name: 'phieu-loi.docx', mimeType: DOCX, buffer: broken });
  await page.locator('form').getByRole('button', { name: 'Thêm mẫu phiếu kết quả' }).click();
  const problems = page.getByTestId('template-problems');
  await expect(problems).toContainText('Mẫu phiếu kết quả thử nghiệm có 2 lỗi');
  await expect(problems).toContainText('Trường "{contract.number}" không có trong danh mục trường trộn');
  await expect(problems).toContainText('Trường "{param.result}" chỉ dùng được bên trong vòng lặp {#params}');
  await page.screenshot({ path: shot('report-template-problems-390'), fullPage: true });

  await page.locator('input[type=file]').setInputFiles({ name: 'phieu-rieng.docx', mimeType: DOCX, buffer: good });
  await page.locator('form').getByRole('button', { name: 'Thêm mẫu phiếu kết quả' }).click();
  await expect(page.getByText(`Đã thêm mẫu phiếu kết quả “Phiếu kết quả riêng ${id}”`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/settings\/contract-template\/\d+\/edit$/);
  await expect(page.getByRole('radio', { name: 'Phiếu kết quả thử nghiệm' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Hợp đồng' })).toBeDisabled();
  await page.screenshot({ path: shot('report-template-edit-390'), fullPage: true });

  // Listed with its kind; never among the contract form's templates.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/settings/contract-template');
  await page.getByPlaceholder('Tìm theo mã, tên mẫu').fill(`PKQ-${id}`);
  const row = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Phiếu kết quả thử nghiệm')).toBeVisible();
  await page.screenshot({ path: shot('report-template-list'), fullPage: true });
  const options = await (await request.get('/api/contract-templates/options', { headers: auth })).json();
  const saved = (await (await request.get(`/api/contract-templates?search=PKQ-${id}`, { headers: auth })).json()).data[0];
  expect(saved.kind).toBe('test_report');
  expect(options.map((o: { id: number }) => o.id)).not.toContain(saved.id);

  // Removed again: an active report template would print every later signed report of this run.
  expect((await request.delete(`/api/contract-templates/${saved.id}`, { headers: auth })).status()).toBe(204);
});
