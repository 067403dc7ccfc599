import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, signInUi, unique } from './helpers';

/** Clicks "Xuất Excel" and checks the saved file: its name and that it is a real, non-empty .xlsx. */
async function expectXlsxExport(page: Page, name: RegExp): Promise<void> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
}

/** Opens an Ant Design select by its label, types to filter, and picks the option with this text. */
async function pick(page: Page, label: string, search: string, option = search): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** Opens a select without search by its label and picks the option with this text. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** A process with three steps, made through the API. */
async function createProcess(request: APIRequestContext, token: string, id: string, name: string, active = true) {
  const dep = await createDepartment(request, token, {
    code: `D-${id}-${active ? 1 : 0}`,
    name: `Phòng Quan trắc ${id}${active ? '' : ' (cũ)'}`,
  });
  const step = { department_id: dep.id, duration_hours: 8 };
  const res = await request.post('/api/processes', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      code: `P-${id}-${active ? 1 : 0}`,
      name,
      active,
      steps: [
        { ...step, name: 'Tiếp nhận' },
        { ...step, name: 'Lấy mẫu' },
        { ...step, name: 'Trả kết quả', produces_result: true },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

test.describe('Loại yêu cầu', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm (theo quy trình, công khai) → sửa → danh sách, bộ lọc → xuất Excel → chi tiết', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await adminLogin(request);
    const id = unique();
    const process = await createProcess(request, token, id, `Quan trắc không khí xung quanh ${id}`);
    const stopped = await createProcess(request, token, id, `Quy trình cũ ${id}`, false);
    const name = `Quan trắc chất lượng không khí ${id}`;

    await page.goto('/admin/request-types');
    await expect(page.getByRole('heading', { name: 'Loại yêu cầu', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm loại yêu cầu' }).first().click();
    await expect(page).toHaveURL(/\/admin\/request-types\/create$/);
    await page.locator('form').getByRole('button', { name: 'Thêm loại yêu cầu' }).click();
    await expect(page.getByText('Vui lòng nhập mã loại yêu cầu')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tên loại yêu cầu')).toBeVisible();
    await expect(page.getByText('Vui lòng chọn quy trình xử lý')).toBeVisible();

    await page.getByLabel('Mã loại yêu cầu').fill(`QTKK-${id}`);
    await page.getByLabel('Tên loại yêu cầu').fill(name);
    // A process no longer used is offered but cannot be chosen.
    await page.getByLabel('Quy trình xử lý').click();
    await page.getByLabel('Quy trình xử lý').fill(`quy trinh cu ${id}`);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled')).toContainText(stopped.name);
    await pick(page, 'Quy trình xử lý', `khong khi xung quanh ${id}`, process.name);
    await page.getByLabel('Nhóm dịch vụ').fill('Quan trắc môi trường');
    await page.getByLabel('Mô tả').fill('Đo bụi, tiếng ồn, SO2, NO2, CO tại khu dân cư và khu công nghiệp.');
    await page.getByLabel('Công khai trên trang gửi yêu cầu').click();
    await page.locator('form').getByRole('button', { name: 'Thêm loại yêu cầu' }).click();

    await expect(page).toHaveURL(/\/admin\/request-types\/\d+$/);
    const typeId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expect(page.getByRole('link', { name: process.name })).toBeVisible();
    await expect(page.getByText('Công khai', { exact: true })).toBeVisible();
    await expect(page.getByText('Khách hàng chọn được khi gửi yêu cầu')).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tạo mới');

    // The public page's list offers it.
    const publicList = (await (await request.get('/api/public/request-types')).json()) as { name: string }[];
    expect(publicList.map((t) => t.name)).toContain(name);

    // Edit: the server's 422 (a code already taken) lands under the field; then a new name.
    const taken = await request.post('/api/request-types', {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: `PTN-${id}`, name: `Phân tích mẫu nước ${id}`, process_id: process.id },
    });
    expect(taken.status()).toBe(201);
    await page.getByRole('button', { name: 'edit Sửa', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/request-types/${typeId}/edit$`));
    await expect(page.getByLabel('Tên loại yêu cầu')).toHaveValue(name);
    await expect(page.locator('form').getByText(process.name)).toBeVisible();
    await page.getByLabel('Mã loại yêu cầu').fill(`PTN-${id}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Mã loại yêu cầu đã tồn tại.')).toBeVisible();
    await page.getByLabel('Mã loại yêu cầu').fill(`QTKK-${id}`);
    await page.getByLabel('Tên loại yêu cầu').fill(`${name} và tiếng ồn`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/request-types/${typeId}$`));
    await expect(page.getByRole('heading', { name: `${name} và tiếng ồn`, level: 3 })).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tên loại yêu cầu');

    // List: accent-insensitive search, filters, export.
    await page.goto('/admin/request-types');
    await page.getByRole('searchbox').fill(`chat luong khong khi ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`${name} và tiếng ồn`);
    await expect(rows(page).first()).toContainText('Quan trắc môi trường');
    await expect(rows(page).first()).toContainText(process.name);
    await expect(rows(page).first()).toContainText('Công khai');
    await page.getByRole('searchbox').fill(id);
    await expect(rows(page)).toHaveCount(2);
    await choose(page, 'Lọc theo hiển thị công khai', 'Công khai');
    await expect(rows(page)).toHaveCount(1);
    await expect(page).toHaveURL(/is_public=true/);
    await choose(page, 'Lọc theo hiển thị công khai', 'Nội bộ');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`Phân tích mẫu nước ${id}`);
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await page.getByRole('searchbox').fill(id);
    await pick(page, 'Lọc theo quy trình', `khong khi xung quanh ${id}`, process.name);
    await expect(rows(page)).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`process_id=${process.id}`));
    await choose(page, 'Lọc theo trạng thái', 'Ngừng sử dụng');
    await expect(page.getByText('Không tìm thấy loại yêu cầu nào phù hợp với điều kiện lọc')).toBeVisible();
    await choose(page, 'Lọc theo trạng thái', 'Đang sử dụng');
    await expect(rows(page)).toHaveCount(2);

    await expectXlsxExport(page, /^loai-yeu-cau-\d{4}-\d{2}-\d{2}\.xlsx$/);

    // Show, then its process.
    await page.getByRole('link', { name: `${name} và tiếng ồn` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/request-types/${typeId}$`));
    await page.getByRole('link', { name: process.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${process.id}$`));
    await expect(page.getByText('Số loại yêu cầu dùng')).toBeVisible();

    // The process cannot be deleted while request types use it: the server's refusal is shown.
    await page.getByRole('button', { name: `Xóa quy trình ${process.name}` }).click();
    await expect(page.getByRole('dialog')).toContainText('đang được dùng cho 2 loại yêu cầu');
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.locator('.ant-notification-notice')).toContainText(
      'Không thể xóa quy trình đang được dùng cho 2 loại yêu cầu.',
    );
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${process.id}$`));
  });

  test('xóa từ danh sách; loại yêu cầu không tồn tại', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    const process = await createProcess(request, token, id, `Lắp đặt thiết bị quan trắc tự động ${id}`);
    const res = await request.post('/api/request-types', {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: `LD-${id}`, name: `Lắp đặt trạm quan trắc ${id}`, process_id: process.id, service_group: 'Lắp đặt thiết bị' },
    });
    expect(res.status(), await res.text()).toBe(201);

    await page.goto(`/admin/request-types?search=${id}`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: `Xóa loại yêu cầu Lắp đặt trạm quan trắc ${id}` }).click();
    await expect(page.getByRole('dialog')).toContainText(`Xóa loại yêu cầu “Lắp đặt trạm quan trắc ${id}”?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
    await expect(page.getByText('Không tìm thấy loại yêu cầu nào phù hợp với điều kiện lọc')).toBeVisible();

    await page.goto('/admin/request-types/999999');
    await expect(page.getByText('Không tìm thấy loại yêu cầu', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Về danh sách loại yêu cầu' }).click();
    await expect(page).toHaveURL(/\/admin\/request-types$/);
  });
});
