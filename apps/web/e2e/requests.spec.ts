import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, createRole, createUser, randomMobile, signInUi, unique } from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;

/** A department, its staff member, a two-step process (the member is step 1's default assignee) and a request type. */
async function setupProcess(request: APIRequestContext, token: string, id: string) {
  const dep = await createDepartment(request, token, { code: `QT-${id}`, name: `Phòng Quan trắc ${id}` });
  const role = await createRole(request, token, { code: `qt-${id}`, name: `Quan trắc viên ${id}`, permissions: ['works.show'] });
  const staff = await createUser(request, token, {
    name: `Lê Văn Đạt ${id}`,
    username: `dat.${id}`,
    password: 'Matkhau@2026',
    role_id: role.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  const processRes = await request.post('/api/processes', {
    headers: auth(token),
    data: {
      code: `QT-KT-${id}`,
      name: `Quan trắc khí thải ${id}`,
      steps: [
        { name: 'Khảo sát hiện trường', department_id: dep.id, default_assignee_id: staff.id, duration_hours: 24 },
        { name: 'Lấy mẫu và phân tích', department_id: dep.id, duration_hours: 48, produces_result: true },
      ],
    },
  });
  expect(processRes.status(), await processRes.text()).toBe(201);
  const process = (await processRes.json()) as { id: number };
  const typeRes = await request.post('/api/request-types', {
    headers: auth(token),
    data: { code: `LYC-${id}`, name: `Quan trắc môi trường định kỳ ${id}`, process_id: process.id },
  });
  expect(typeRes.status(), await typeRes.text()).toBe(201);
  const type = (await typeRes.json()) as { id: number; name: string };
  return { dep, staff, type };
}

/** Opens an Ant Design select by its label, types to filter, and picks the option with this text. */
async function pick(page: Page, label: string, search: string, option = search): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test.describe('Yêu cầu', () => {
  test('nhân viên tạo yêu cầu → tìm không dấu, lọc trạng thái → tiếp nhận → công việc bước 1 → xuất Excel', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await adminLogin(request);
    const id = unique();
    const { staff, type } = await setupProcess(request, token, id);
    const title = `Quan trắc khí thải lò hơi quý IV ${id}`;
    const phone = randomMobile();

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/requests');
    await expect(page.getByRole('heading', { name: 'Yêu cầu', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm yêu cầu' }).first().click();
    await expect(page).toHaveURL(/\/admin\/requests\/create$/);

    // Client rules first.
    await page.getByRole('button', { name: 'Tạo yêu cầu' }).click();
    await expect(page.getByText('Vui lòng chọn loại yêu cầu')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập tiêu đề')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập số điện thoại')).toBeVisible();
    await page.getByLabel('Số di động').fill('0123');
    await expect(page.getByText('Số điện thoại không hợp lệ', { exact: false })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('request-form-errors'), fullPage: true });

    await pick(page, 'Loại yêu cầu', `quan trac moi truong dinh ky ${id}`, type.name);
    await page.getByLabel('Tiêu đề').fill(title);
    await page.getByLabel('Nội dung').fill('Đo bụi, SO2, NOx tại ống khói lò hơi số 2.');
    await page.getByText('Cao', { exact: true }).click();
    await page.getByLabel('Người yêu cầu').fill('Phạm Thị Lan');
    await page.getByLabel('Số di động').fill(phone);
    await page.getByLabel('Đơn vị').fill(`Công ty CP Giấy Sài Gòn ${id}`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'so-do-ong-khoi.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await expect(page.getByTestId('attachment').filter({ hasText: 'so-do-ong-khoi.pdf' })).toContainText('sẽ đính kèm khi lưu');
    await page.getByRole('button', { name: 'Tạo yêu cầu' }).click();

    await expect(page).toHaveURL(/\/admin\/requests\/\d+$/);
    const requestId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { level: 3 }).first()).toContainText(/Yêu cầu YC\d{4}-\d{4}/);
    const code = ((await page.getByRole('heading', { level: 3 }).first().textContent()) ?? '').match(/YC\d{4}-\d{4,}/)?.[0] ?? '';
    expect(code).not.toBe('');
    await expect(page.getByTestId('request-status').first()).toHaveText('Mới');
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByTestId('attachment')).toContainText('so-do-ong-khoi.pdf');
    await expect(page.getByTestId('history-item').filter({ hasText: 'Tạo mới' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tiếp nhận' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tạm dừng' })).toHaveCount(0);

    // The list: accent-insensitive search, status filter, empty state.
    await page.goto('/admin/requests');
    await page.getByRole('searchbox').fill(`quan trac khi thai lo hoi quy iv ${id}`);
    await expect(page).toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(code);
    await expect(rows(page).first()).toContainText('Mới');
    await expect(rows(page).first()).toContainText('Cao');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('request-list'), fullPage: true });
    await page.getByLabel('Lọc theo trạng thái').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Hoàn thành', { exact: true }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(page.getByText('Không tìm thấy yêu cầu nào phù hợp với điều kiện lọc')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('request-list-empty'), fullPage: true });
    await page.goto(`/admin/requests?search=${encodeURIComponent(`lo hoi quy iv ${id}`)}&status=new`);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${requestId}$`));

    // Receive: the snapshot's steps show, and the first step's work goes to its default assignee.
    await page.getByRole('button', { name: 'Tiếp nhận' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tiếp nhận' }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('Đã tiếp nhận');
    await expect(page.getByText('Đã tiếp nhận yêu cầu', { exact: false }).first()).toBeVisible();
    const works = page.getByTestId('request-works');
    await expect(works.getByRole('link', { name: `Khảo sát hiện trường – ${code}` })).toBeVisible();
    await expect(works).toContainText(staff.name);
    await expect(works).toContainText('Bước 1');
    await expect(works).toContainText('Chưa bắt đầu');
    await expect(page.getByTestId('request-steps')).toContainText('Bước hiện tại: 1. Khảo sát hiện trường');
    await expect(page.getByTestId('history-item').filter({ hasText: 'Tiếp nhận' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tiếp nhận' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tạm dừng' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Từ chối' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('request-show'), fullPage: true });

    // Hold needs a reason; resume brings it back.
    await page.getByRole('button', { name: 'Tạm dừng' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Tạm dừng' }).click();
    await expect(dialog.getByText('Vui lòng nhập lý do')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('request-hold-dialog'), fullPage: true });
    await dialog.getByLabel('Lý do').fill('Khách hàng hẹn lại lịch khảo sát');
    await dialog.getByRole('button', { name: 'Tạm dừng' }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('Tạm dừng');
    await expect(page.getByText('Khách hàng hẹn lại lịch khảo sát').first()).toBeVisible();
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tiếp tục' }).click();
    await expect(page.getByTestId('request-status').first()).toHaveText('Đã tiếp nhận');

    // Export: the list's filters applied, a real .xlsx.
    await page.goto(`/admin/requests?search=${encodeURIComponent(id)}`);
    await expect(rows(page)).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^yeu-cau-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  test('sửa yêu cầu: xung đột phiên bản có "Tải lại", lưu lại được', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await adminLogin(request);
    const id = unique();
    const { type } = await setupProcess(request, token, id);
    const res = await request.post('/api/requests', {
      headers: auth(token),
      data: {
        request_type_id: type.id,
        requester_name: 'Ngô Văn Bình',
        requester_phone: randomMobile(),
        title: `Phân tích mẫu nước thải ${id}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const created = (await res.json()) as { id: number; code: string };

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/admin/requests/${created.id}/edit`);
    await expect(page.getByLabel('Tiêu đề')).toHaveValue(`Phân tích mẫu nước thải ${id}`);

    // Someone else saves meanwhile.
    const current = (await (await request.get(`/api/requests/${created.id}`, { headers: auth(token) })).json()) as {
      version: number;
      request_type_id: number;
      requester_name: string;
      requester_phone: string;
      title: string;
    };
    const put = await request.put(`/api/requests/${created.id}`, {
      headers: auth(token),
      data: {
        request_type_id: current.request_type_id,
        requester_name: current.requester_name,
        requester_phone: current.requester_phone,
        title: `${current.title} (đã sửa)`,
        version: current.version,
      },
    });
    expect(put.status(), await put.text()).toBe(200);

    await page.getByLabel('Tiêu đề').fill(`Phân tích mẫu nước thải đầu ra ${id}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByTestId('conflict-alert')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('request-edit-conflict'), fullPage: true });
    await page.getByTestId('conflict-alert').getByRole('button', { name: 'Tải lại' }).click();
    await expect(page.getByLabel('Tiêu đề')).toHaveValue(`Phân tích mẫu nước thải ${id} (đã sửa)`);
    await page.getByLabel('Tiêu đề').fill(`Phân tích mẫu nước thải đầu ra ${id}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/requests/${created.id}$`));
    await expect(page.getByText(`Phân tích mẫu nước thải đầu ra ${id}`).first()).toBeVisible();
    await expect(page.getByTestId('history-item').filter({ hasText: 'Cập nhật' }).first()).toBeVisible();
  });
});
