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
