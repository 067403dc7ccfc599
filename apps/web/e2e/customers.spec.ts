import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, randomMobile, signInUi, unique } from './helpers';

/** Clicks "Xuất Excel" and checks the saved file: its name and that it is a real, non-empty .xlsx. */
async function expectXlsxExport(page: Page, name: RegExp): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
}

/** Opens an Ant Design select by its label, types to filter, and picks the option with this text. */
async function pick(page: Page, label: string, search: string, option = search): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** A valid 10-digit tax code nobody else in the run uses. */
const randomTaxCode = () => `03${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function createCustomer(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.post('/api/customers', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; code: string; name: string; version: number };
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('Khách hàng', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm (tổ chức, người liên hệ, tệp) → sửa (lỗi máy chủ, xung đột) → tìm không dấu → xuất Excel → chi tiết', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await adminLogin(request);
    const id = unique();
    const name = `Công ty TNHH Môi trường Xanh Đồng Nai ${id}`;
    const taxCode = randomTaxCode();
    const phone = randomMobile();
    const other = await createCustomer(request, token, {
      type: 'organization',
      name: `Công ty CP Nước sạch Biên Hòa ${id}`,
      tax_code: randomTaxCode(),
    });
    const otherTaxCode = (
      (await (await request.get(`/api/customers/${other.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        tax_code: string;
      }
    ).tax_code;

    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'Khách hàng', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm khách hàng' }).first().click();
    await expect(page).toHaveURL(/\/admin\/customers\/create$/);

    // Client rules: the name is required; the phone and tax code must be valid.
    await page.locator('form').getByRole('button', { name: 'Thêm khách hàng' }).click();
    await expect(page.getByText('Vui lòng nhập tên khách hàng')).toBeVisible();
    await page.getByLabel('Điện thoại (di động hoặc cố định)', { exact: true }).fill('0123');
    await page.getByLabel('Mã số thuế').fill('123');
    await expect(page.getByText('Số điện thoại không hợp lệ (di động 10 số hoặc cố định 11 số bắt đầu bằng 02)')).toBeVisible();
    await expect(page.getByText('Mã số thuế không hợp lệ', { exact: false })).toBeVisible();

    // The type decides which fields matter: an individual has no representative.
    await expect(page.getByLabel('Tên tổ chức, doanh nghiệp')).toBeVisible();
    await page.getByText('Cá nhân', { exact: true }).click();
    await expect(page.getByLabel('Họ và tên')).toBeVisible();
    await expect(page.getByLabel('Người đại diện', { exact: true })).toHaveCount(0);
    await page.getByText('Tổ chức', { exact: true }).click();
    await expect(page.getByLabel('Người đại diện', { exact: true })).toBeVisible();

    await page.getByLabel('Tên tổ chức, doanh nghiệp').fill(name);
    await page.getByLabel('Mã số thuế').fill(taxCode);
    await page.getByLabel('Người đại diện', { exact: true }).fill('Trần Văn Đức');
    await page.getByLabel('Chức vụ người đại diện').fill('Giám đốc');
    await page
      .getByLabel('Điện thoại (di động hoặc cố định)', { exact: true })
      .fill(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    await page.getByLabel('Email', { exact: true }).fill(`lienhe.${id}@moitruongxanh.vn`);
    await page.getByLabel('Số nhà, đường').fill('Số 5 đường Đồng Khởi');
    await page.getByLabel('Phường/xã').fill('Phường Trấn Biên');
    await pick(page, 'Tỉnh/thành phố', 'dong nai', 'Đồng Nai');

    await page.getByRole('button', { name: 'Thêm người liên hệ' }).click();
    await page.getByLabel('Họ tên người liên hệ 1').fill('Nguyễn Thị Hoa');
    await page.getByLabel('Chức vụ người liên hệ 1').fill('Trưởng phòng HSE');
    await page.getByLabel('Số di động người liên hệ 1').fill('0123');
    await page.getByRole('button', { name: 'Thêm người liên hệ' }).click();
    await page.getByRole('button', { name: 'Xóa người liên hệ 2' }).click();
    await page.locator('form').getByRole('button', { name: 'Thêm khách hàng' }).click();
    await expect(page.getByTestId('contact-row').getByText('Số điện thoại không hợp lệ', { exact: false })).toBeVisible();
    await page.getByLabel('Số di động người liên hệ 1').fill('0987 654 321');
    await page.getByLabel('Ghi chú').fill('Khách hàng quan trắc định kỳ hằng quý.');

    await page.locator('input[type=file]').setInputFiles({
      name: 'ho-so-nang-luc.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await expect(page.getByTestId('attachment').filter({ hasText: 'ho-so-nang-luc.pdf' })).toContainText('sẽ đính kèm khi lưu');
    await page.locator('form').getByRole('button', { name: 'Thêm khách hàng' }).click();

    await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
    const customerId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expect(page.getByText(/Mã khách hàng KH/)).toBeVisible();
    await expect(page.getByText('Trần Văn Đức — Giám đốc')).toBeVisible();
    await expect(page.getByText('Số 5 đường Đồng Khởi, Phường Trấn Biên, Đồng Nai')).toBeVisible();
    await expect(page.getByRole('link', { name: phone })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Nguyễn Thị Hoa' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '0987654321' })).toBeVisible();
    await expect(page.getByText('Khách hàng chưa gửi yêu cầu nào')).toBeVisible();
    await expect(page.getByTestId('attachment')).toContainText('ho-so-nang-luc.pdf');
    await expect(page.getByTestId('history-item').filter({ hasText: 'Tạo mới' })).toBeVisible();
    await expect(page.getByTestId('history-item').filter({ hasText: 'Đính kèm tệp: ho-so-nang-luc.pdf' })).toBeVisible();

    // The attachment downloads under its own name.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ho-so-nang-luc.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('ho-so-nang-luc.pdf');

    // Edit: the server's 422 (tax code of another customer) lands under the field.
    await page.getByRole('button', { name: 'Sửa' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}/edit$`));
    await expect(page.getByLabel('Tên tổ chức, doanh nghiệp')).toHaveValue(name);
    await expect(page.getByLabel('Họ tên người liên hệ 1')).toHaveValue('Nguyễn Thị Hoa');
    await page.getByLabel('Mã số thuế').fill(otherTaxCode);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText(`Mã số thuế đã được dùng cho khách hàng ${other.code}.`)).toBeVisible();
    await page.getByLabel('Mã số thuế').fill(taxCode);

    // Someone else saves meanwhile: 409 with "Tải lại", which brings the latest version back.
    const current = (await (
      await request.get(`/api/customers/${customerId}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as Record<string, unknown>;
    const {
      id: _i,
      code: _c,
      source: _s,
      created_by: _b,
      created_at: _ca,
      updated_at: _u,
      requests_count: _r,
      attachments: _a,
      ...body
    } = current;
    const res = await request.put(`/api/customers/${customerId}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...body, notes: 'Ghi chú do đồng nghiệp sửa.' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.getByLabel('Tên tổ chức, doanh nghiệp').fill(`${name} (sửa)`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByTestId('conflict-alert')).toBeVisible();
    await page.getByRole('button', { name: 'Tải lại' }).click();
    await expect(page.getByTestId('conflict-alert')).toHaveCount(0);
    await expect(page.getByLabel('Ghi chú')).toHaveValue('Ghi chú do đồng nghiệp sửa.');

    const newName = `Công ty TNHH Môi trường Xanh Đồng Nai ${id} – Chi nhánh Biên Hòa`;
    await page.getByLabel('Tên tổ chức, doanh nghiệp').fill(newName);
    await page.getByRole('button', { name: 'Thêm người liên hệ' }).click();
    await page.getByLabel('Họ tên người liên hệ 2').fill('Lê Minh Tuấn');
    await page.getByLabel('Email người liên hệ 2').fill(`tuan.${id}@moitruongxanh.vn`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
    await expect(page.getByRole('heading', { name: newName, level: 3 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Lê Minh Tuấn' })).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tên khách hàng');

    // List: accent-insensitive search, filters, export.
    await page.goto('/admin/customers');
    await page.getByRole('searchbox').fill(`moi truong xanh dong nai ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(newName);
    await expect(rows(page).first()).toContainText('Tổ chức');
    await expect(rows(page).first()).toContainText('Đồng Nai');
    await pick(page, 'Lọc theo tỉnh/thành phố', 'ha noi', 'Hà Nội');
    await page.keyboard.press('Escape');
    await expect(page.getByText('Không tìm thấy khách hàng nào phù hợp với điều kiện lọc')).toBeVisible();
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).first().click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await page.getByRole('searchbox').fill(id);
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel('Lọc theo loại khách hàng', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Tổ chức', { exact: true }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(page).toHaveURL(/type=organization/);

    await expectXlsxExport(page, /^khach-hang-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await page.getByRole('link', { name: newName }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
    await expect(page.getByRole('heading', { name: newName, level: 3 })).toBeVisible();
  });

  test('ô tìm kiếm giữ chữ gõ ngay sau "Xóa bộ lọc" hoặc khi lần tìm trước chưa xong', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    await createCustomer(request, token, { type: 'organization', name: `Công ty CP Quan trắc Sông Hồng ${id}` });
    await createCustomer(request, token, { type: 'individual', name: `Nguyễn Văn Sông ${id}` });
    await page.goto(`/admin/customers?search=${id}&type=individual`);
    await expect(rows(page)).toHaveCount(1);

    // Typed at once, while the cleared address is still on its way: the new words stay and are searched.
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).first().click();
    await page.getByRole('searchbox').fill(`song hong ${id}`);
    await expect(page).toHaveURL(new RegExp(`[?&]search=song(\\+|%20)hong(\\+|%20)${id}$`));
    await expect(page.getByRole('searchbox')).toHaveValue(`song hong ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`Sông Hồng ${id}`);

    // Enter sends the first words; more typed before that search lands are kept and sent after them.
    const box = page.getByRole('searchbox');
    await box.fill(id);
    await box.press('Enter');
    await page.keyboard.type(' xyz');
    await expect(box).toHaveValue(`${id} xyz`);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${id}(\\+|%20)xyz$`));
    await expect(page.getByText('Không tìm thấy khách hàng nào phù hợp với điều kiện lọc')).toBeVisible();
  });

  test('xóa từ danh sách; khách hàng cá nhân với mã định danh 12 số', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    const personal = `${Math.floor(Math.random() * 9 + 1)}${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;

    // A 12-digit tax code is an individual's: refused for an organisation, accepted for an individual.
    await page.goto('/admin/customers/create');
    await page.getByLabel('Tên tổ chức, doanh nghiệp').fill(`Hộ kinh doanh ${id}`);
    await page.getByLabel('Mã số thuế').fill(personal);
    await expect(page.getByText('Mã số thuế 12 số là số định danh cá nhân, chỉ dùng cho khách hàng cá nhân')).toBeVisible();
    await page.getByText('Cá nhân', { exact: true }).click();
    await expect(page.getByText('Mã số thuế 12 số là số định danh cá nhân, chỉ dùng cho khách hàng cá nhân')).toHaveCount(0);
    await page.getByLabel('Họ và tên').fill(`Phạm Thị Thu Hằng ${id}`);
    await pick(page, 'Tỉnh/thành phố', 'hue', 'Huế');
    await page.locator('form').getByRole('button', { name: 'Thêm khách hàng' }).click();
    await expect(page.getByRole('heading', { name: `Phạm Thị Thu Hằng ${id}`, level: 3 })).toBeVisible();
    await expect(page.getByText('Người đại diện')).toHaveCount(0);
    await expect(page.getByText('Chưa có người liên hệ')).toBeVisible();

    await createCustomer(request, token, { type: 'individual', name: `Võ Văn Kiệt ${id}` });
    await page.goto(`/admin/customers?search=${id}&type=individual`);
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('button', { name: `Xóa khách hàng Võ Văn Kiệt ${id}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Xóa khách hàng “Võ Văn Kiệt ${id}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.locator('.ant-notification-notice')).toContainText(`Đã xóa khách hàng “Võ Văn Kiệt ${id}”.`);
  });
});
