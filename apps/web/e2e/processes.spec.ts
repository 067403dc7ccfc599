import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, createRole, createUser, signInUi, unique } from './helpers';

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

/** Opens an Ant Design select / tree select by its label, types to filter, and picks the option with this text. */
async function pick(page: Page, label: string, search: string, option = search): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

const stepRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** The step names in the order the table shows them. */
async function expectOrder(page: Page, names: string[]): Promise<void> {
  await expect(stepRows(page)).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(stepRows(page).nth(i)).toContainText(name);
}

async function addDepartment(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.post('/api/departments', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

test.describe('Quy trình', () => {
  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('thêm quy trình → thêm ba bước → sắp xếp (mũi tên, kéo thả) → sửa bước → chi tiết, lịch sử, xuất Excel', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await adminLogin(request);
    const id = unique();
    const planning = await createDepartment(request, token, { code: `KH-${id}`, name: `Phòng Kế hoạch ${id}` });
    const monitoring = await createDepartment(request, token, { code: `QT-${id}`, name: `Phòng Quan trắc ${id}` });
    const field = await addDepartment(request, token, {
      code: `HT-${id}`,
      name: `Tổ Hiện trường ${id}`,
      parent_id: monitoring.id,
    });
    const role = await createRole(request, token, { code: `nv-${id}`, name: `Nhân viên ${id}`, permissions: [] });
    const lan = await createUser(request, token, {
      name: `Nguyễn Thị Lan ${id}`,
      username: `lan.${id}`,
      password: 'MatKhau#2026',
      role_id: role.id,
      department_id: planning.id,
    });
    const hung = await createUser(request, token, {
      name: `Đặng Quốc Hưng ${id}`,
      username: `hung.${id}`,
      password: 'MatKhau#2026',
      role_id: role.id,
      department_id: field.id,
    });
    const name = `Quan trắc khí thải định kỳ ${id}`;

    await page.goto('/admin/processes');
    await expect(page.getByRole('heading', { name: 'Quy trình', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm quy trình' }).first().click();
    await expect(page).toHaveURL(/\/admin\/processes\/create$/);
    await page.locator('form').getByRole('button', { name: 'Thêm quy trình' }).click();
    await expect(page.getByText('Vui lòng nhập mã quy trình')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tên quy trình')).toBeVisible();
    await page.getByLabel('Mã quy trình').fill(`QT khí ${id}`);
    await expect(page.getByText('Mã quy trình chỉ gồm chữ không dấu, số và dấu . _ -')).toBeVisible();
    await page.getByLabel('Mã quy trình').fill(`QTKT-${id}`);
    await page.getByLabel('Tên quy trình').fill(name);
    await page.getByLabel('Mô tả').fill('Lấy mẫu, phân tích và trả kết quả quan trắc khí thải cho khách hàng.');
    await page.locator('form').getByRole('button', { name: 'Thêm quy trình' }).click();

    await expect(page).toHaveURL(/\/admin\/processes\/\d+$/);
    const processId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expect(page.getByText('Quy trình chưa có bước nào')).toBeVisible();
    await expect(page.getByTestId('history-item').first()).toContainText('Tạo mới');

    // Step 1, with the form's own checks first.
    await page.getByRole('button', { name: 'Thêm bước đầu tiên' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${processId}/steps/create$`));
    await expect(page.locator('.ant-breadcrumb')).toHaveText('Thêm bước quy trình');
    await page.getByLabel('Thời hạn xử lý (SLA)').fill('');
    await page.locator('form').getByRole('button', { name: 'Thêm bước' }).click();
    await expect(page.getByText('Vui lòng nhập tên bước')).toBeVisible();
    await expect(page.getByText('Vui lòng chọn phòng ban phụ trách')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập thời hạn xử lý (giờ)')).toBeVisible();
    await expect(page.getByLabel('Người phụ trách mặc định')).toBeDisabled();
    await page.getByLabel('Tên bước').fill('Tiếp nhận hồ sơ');
    await pick(page, 'Phòng ban phụ trách', `phong ke hoach ${id}`, planning.name);
    await pick(page, 'Người phụ trách mặc định', `nguyen thi lan ${id}`, lan.name);
    await page.getByLabel('Thời hạn xử lý (SLA)').fill('8');
    await page.locator('form').getByRole('button', { name: 'Thêm bước' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${processId}$`));
    await expectOrder(page, ['Tiếp nhận hồ sơ']);

    // Step 2: the default assignee works in a department under the responsible one.
    await page.getByRole('button', { name: 'plus Thêm bước', exact: true }).click();
    await page.getByLabel('Tên bước').fill('Lấy mẫu hiện trường');
    await pick(page, 'Phòng ban phụ trách', `phong quan trac ${id}`, monitoring.name);
    await pick(page, 'Người phụ trách mặc định', `dang quoc hung ${id}`, hung.name);
    await page.getByLabel('Thời hạn xử lý (SLA)').fill('24');
    await expect(page.getByText('= 24 giờ (1 ngày)')).toBeVisible();
    await page.locator('form').getByRole('button', { name: 'Thêm bước' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${processId}$`));
    await expect(stepRows(page)).toHaveCount(2);

    // Step 3 gives the customer the result.
    await page.getByRole('button', { name: 'plus Thêm bước', exact: true }).click();
    await page.getByLabel('Tên bước').fill('Trả kết quả');
    await expect(page.getByLabel('Vị trí trong quy trình')).toBeVisible();
    await pick(page, 'Phòng ban phụ trách', `ke hoach ${id}`, planning.name);
    await page.getByLabel('Thời hạn xử lý (SLA)').fill('16');
    await page.getByLabel('Tạo kết quả trả khách hàng').click();
    await page.getByLabel('Mô tả công việc của bước').fill('Gửi phiếu kết quả cho khách hàng qua trang tra cứu.');
    await page.locator('form').getByRole('button', { name: 'Thêm bước' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${processId}$`));

    await expectOrder(page, ['Tiếp nhận hồ sơ', 'Lấy mẫu hiện trường', 'Trả kết quả']);
    await expect(stepRows(page).nth(0)).toContainText(planning.name);
    await expect(stepRows(page).nth(0)).toContainText(lan.name);
    await expect(stepRows(page).nth(1)).toContainText(monitoring.name);
    await expect(stepRows(page).nth(1)).toContainText(hung.name);
    await expect(stepRows(page).nth(2)).toContainText('Có');
    await expect(page.getByTestId('total-sla')).toHaveText('48');
    await expect(page.getByText('Các bước xử lý (3)')).toBeVisible();

    // Reorder with the arrows…
    await page.getByRole('button', { name: 'Chuyển bước Lấy mẫu hiện trường lên' }).click();
    await expectOrder(page, ['Lấy mẫu hiện trường', 'Tiếp nhận hồ sơ', 'Trả kết quả']);
    await expect(page.locator('.ant-notification-notice').first()).toContainText('tới vị trí 1');
    // …and by dragging a row onto another.
    await stepRows(page).nth(1).dragTo(stepRows(page).nth(0));
    await expectOrder(page, ['Tiếp nhận hồ sơ', 'Lấy mẫu hiện trường', 'Trả kết quả']);
    await page.reload();
    await expectOrder(page, ['Tiếp nhận hồ sơ', 'Lấy mẫu hiện trường', 'Trả kết quả']);
    await expect(page.getByTestId('history-item').filter({ hasText: 'Sắp xếp lại các bước' })).toHaveCount(2);

    // Edit a step: its own route, the form filled with the step.
    await page.getByRole('button', { name: 'Sửa bước Lấy mẫu hiện trường' }).click();
    await expect(page).toHaveURL(/\/admin\/processes\/steps\/\d+\/edit$/);
    await expect(page.getByRole('heading', { name: 'Sửa bước 2: Lấy mẫu hiện trường', level: 3 })).toBeVisible();
    await expect(page.getByLabel('Tên bước')).toHaveValue('Lấy mẫu hiện trường');
    await expect(page.locator('form').getByText(hung.name)).toBeVisible();
    await page.getByLabel('Tên bước').fill('Lấy mẫu và bảo quản mẫu');
    await page.getByLabel('Thời hạn xử lý (SLA)').fill('32');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${processId}$`));
    await expectOrder(page, ['Tiếp nhận hồ sơ', 'Lấy mẫu và bảo quản mẫu', 'Trả kết quả']);
    await expect(page.getByTestId('total-sla')).toHaveText('56');
    await expect(page.getByTestId('history-item').first()).toContainText('Sửa bước “Lấy mẫu hiện trường”');
    await expect(page.getByTestId('history-item').first()).toContainText('thời hạn 24 giờ → 32 giờ');

    // Show: details and the link back from a step page.
    await expect(page.getByText('56 giờ (2 ngày 8 giờ)').first()).toBeVisible();
    await expect(page.locator('.ant-descriptions').getByText('Trả kết quả', { exact: true })).toBeVisible();

    // Edit the process itself.
    await page.getByRole('button', { name: 'edit Sửa', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${processId}/edit$`));
    await page.getByLabel('Tên quy trình').fill(`${name} (2026)`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByRole('heading', { name: `${name} (2026)`, level: 3 })).toBeVisible();

    // List: accent-insensitive search, export.
    await page.goto('/admin/processes');
    await page.getByRole('searchbox').fill(`quan trac khi thai dinh ky ${id}`);
    await expect(stepRows(page)).toHaveCount(1);
    await expect(stepRows(page).first()).toContainText('56 giờ (2 ngày 8 giờ)');
    await expect(stepRows(page).first()).toContainText('Đang sử dụng');
    await expectXlsxExport(page, /^quy-trinh-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByRole('link', { name: `${name} (2026)` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/processes/${processId}$`));
  });

  test('xóa bước có xác nhận; lọc theo trạng thái; quy trình không tồn tại', async ({ page, request }) => {
    const token = await adminLogin(request);
    const id = unique();
    const dep = await createDepartment(request, token, { code: `PT-${id}`, name: `Phòng Thí nghiệm ${id}` });
    const step = { department_id: dep.id, duration_hours: 4 };
    const res = await request.post('/api/processes', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        code: `PTN-${id}`,
        name: `Phân tích mẫu nước ${id}`,
        active: false,
        steps: [
          { ...step, name: 'Nhận mẫu' },
          { ...step, name: 'Phân tích' },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const process = (await res.json()) as { id: number };

    await page.goto(`/admin/processes/${process.id}`);
    await expectOrder(page, ['Nhận mẫu', 'Phân tích']);
    await expect(page.getByText('Ngừng sử dụng')).toBeVisible();
    await page.getByRole('button', { name: 'Xóa bước Nhận mẫu' }).click();
    await expect(page.getByRole('dialog')).toContainText('Xóa bước “Nhận mẫu”?');
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa bước' }).click();
    await expectOrder(page, ['Phân tích']);
    await expect(page.getByTestId('history-item').first()).toContainText('Xóa bước “Nhận mẫu”');

    await page.goto(`/admin/processes?search=${id}&active=true`);
    await expect(page.getByText('Không tìm thấy quy trình nào phù hợp với điều kiện lọc')).toBeVisible();
    await page.goto(`/admin/processes?search=${id}&active=false`);
    await expect(stepRows(page)).toHaveCount(1);

    await page.goto('/admin/processes/999999');
    await expect(page.getByText('Không tìm thấy quy trình', { exact: true })).toBeVisible();
    await page.goto('/admin/processes/steps/999999/edit');
    await expect(page.getByText('Không tìm thấy bước quy trình', { exact: true })).toBeVisible();
  });
});
