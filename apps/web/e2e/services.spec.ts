import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, adminLogin, createRole, createUser, signInUi, unique } from './helpers';

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const HEADERS = [
  'Mã',
  'Tên dịch vụ',
  'Nhóm',
  'Đơn vị tính',
  'Đơn giá',
  'Thuế suất VAT',
  'Giảm thuế theo quy định',
  'Mô tả',
  'Đang dùng',
];

async function sheet(data: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dịch vụ');
  ws.addRow(HEADERS);
  for (const r of data) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function createUnit(request: APIRequestContext, token: string, code: string, name: string) {
  const res = await request.post('/api/units', { headers: { Authorization: `Bearer ${token}` }, data: { code, name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** Opens the import dialog, picks a file and runs it. */
async function importFile(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('button', { name: 'Nhập Excel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nhập danh mục dịch vụ từ Excel' });
  await dialog.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: 'Nhập dịch vụ' }).click();
  return dialog;
}

test.describe('Danh mục dịch vụ', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm dịch vụ → tìm không dấu → nhập Excel có dòng lỗi (báo cáo) → nhập tệp đúng', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await adminLogin(request);
    const id = unique();
    const unit = await createUnit(request, token, `MAU-${id}`, `mẫu ${id}`);
    const group = `Quan trắc khí thải ${id}`;
    const name = `Quan trắc khí thải ống khói lò hơi ${id}`;

    await page.goto('/admin/settings/master-data');
    await expect(page.getByRole('heading', { name: 'Danh mục dịch vụ', level: 3 })).toBeVisible();
    // Empty on a fresh run of this spec alone (the screenshot of the empty catalogue); other specs may have added services.
    await expect(page.locator('.ant-table')).toBeVisible();
    await page.screenshot({ path: shot('service-list-first'), fullPage: true });
    await page.getByPlaceholder('Tìm theo mã, tên, nhóm').fill(`khong co dich vu ${id}`);
    await expect(page.getByText('Không tìm thấy dịch vụ nào phù hợp với điều kiện lọc')).toBeVisible();

    await page.getByRole('button', { name: 'Thêm dịch vụ' }).first().click();
    await expect(page).toHaveURL(/\/admin\/settings\/master-data\/create$/);
    await page.locator('form').getByRole('button', { name: 'Thêm dịch vụ' }).click();
    await expect(page.getByText('Vui lòng nhập mã dịch vụ')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tên dịch vụ')).toBeVisible();
    await expect(page.getByText('Vui lòng chọn đơn vị tính')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập đơn giá')).toBeVisible();
    await page.screenshot({ path: shot('service-form-errors'), fullPage: true });

    await page.getByLabel('Mã dịch vụ').fill(`KT-${id}`);
    await page.getByLabel('Tên dịch vụ').fill(name);
    await page.getByLabel('Nhóm dịch vụ').fill(group);
    // Typed first: other specs' units fill the list, and only its first rows are drawn.
    await page.getByLabel('Đơn vị tính').click();
    await page.getByLabel('Đơn vị tính').fill(unit.name);
    await page.locator('.ant-select-dropdown:visible').getByTitle(unit.name, { exact: true }).click();
    await page.getByLabel('Đơn giá (chưa VAT)').fill('3200000');
    await page.locator('form').getByRole('button', { name: 'Thêm dịch vụ' }).click();
    await expect(page.getByText(`Đã thêm dịch vụ “${name}”.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings\/master-data$/);

    // Accent-insensitive search over the name.
    await page.getByPlaceholder('Tìm theo mã, tên, nhóm').fill(`ong khoi lo hoi ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('3.200.000 ₫');
    await expect(rows(page).first()).toContainText('10 % (giảm còn 8 % theo quy định)');

    // A file with a wrong unit and a bad price: nothing imported, the report names each row.
    const bad = await importFile(
      page,
      'dich-vu-loi.xlsx',
      await sheet([
        [`IM1-${id}`, `Quan trắc nước thải ${id}`, group, unit.name, 1650000, '10 %', 'Có', null, 'Có'],
        [`IM2-${id}`, `Đo tiếng ồn ${id}`, group, 'kg', 'hai trăm', '10 %', 'Có', null, 'Có'],
      ]),
    );
    await expect(bad.getByText('Tệp có 1 dòng lỗi: chưa nhập dịch vụ nào.', { exact: false })).toBeVisible();
    await expect(bad.getByRole('cell', { name: 'đơn vị tính "kg" không có' })).toBeVisible();
    await expect(bad.getByRole('cell', { name: 'đơn giá "hai trăm" không phải số' })).toBeVisible();
    await page.screenshot({ path: shot('service-import-errors'), fullPage: true });
    await bad.getByRole('button', { name: 'Hủy' }).click();
    await page.getByPlaceholder('Tìm theo mã, tên, nhóm').fill(`IM1-${id}`);
    await expect(page.getByText('Không tìm thấy dịch vụ nào phù hợp với điều kiện lọc')).toBeVisible();

    // The good file: one new code, one known code updated.
    const good = await importFile(
      page,
      'dich-vu.xlsx',
      await sheet([
        [`IM1-${id}`, `Quan trắc nước thải ${id}`, group, unit.name, 1650000, '10 %', 'Có', null, 'Có'],
        [`KT-${id}`, name, group, unit.name, '3.500.000', '10 %', 'Không', 'Giá 2026', 'Có'],
      ]),
    );
    await expect(good.getByText('Đã thêm 1, cập nhật 1 dịch vụ.')).toBeVisible();
    await good.locator('.ant-modal-footer').getByRole('button', { name: 'Đóng' }).click();
    await page.getByPlaceholder('Tìm theo mã, tên, nhóm').fill(group);
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByText('3.500.000 ₫')).toBeVisible();
    await page.screenshot({ path: shot('service-list'), fullPage: true });
  });
});

test('Danh mục dịch vụ: người không có quyền cài đặt chỉ xem, không có nút thêm, nhập, sửa', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminLogin(request);
  const id = unique();
  const role = await createRole(request, token, { code: `xem-dv-${id}`, name: `Xem dịch vụ ${id}`, permissions: [] });
  const password = 'Matkhau@2026';
  await createUser(request, token, { name: `Trần Văn Xem ${id}`, username: `xem.${id}`, password, role_id: role.id });
  await signInUi(page, `xem.${id}`, password);

  await page.goto('/admin/settings/master-data');
  await expect(page.getByRole('heading', { name: 'Danh mục dịch vụ', level: 3 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Xuất Excel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Thêm dịch vụ' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nhập Excel' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Thao tác' })).toHaveCount(0);
  await page.goto('/admin/settings/master-data/create');
  await expect(page.getByText('403 — Không có quyền truy cập')).toBeVisible();
});
