import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminLogin, createDepartment, createRole, createUser, randomMobile, signInUi, unique } from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/**
 * An assignee (a role with `works.show` only), a two-step process whose both steps default to them, a request type,
 * and a request received by the admin: the first step's work is theirs.
 */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const dep = await createDepartment(request, token, { code: `PT-${id}`, name: `Phòng Thí nghiệm ${id}` });
  const role = await createRole(request, token, { code: `ptv-${id}`, name: `Phân tích viên ${id}`, permissions: ['works.show'] });
  const password = 'Matkhau@2026';
  const user = await createUser(request, token, {
    name: `Trần Thị Mai ${id}`,
    username: `mai.${id}`,
    password,
    role_id: role.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  const processRes = await request.post('/api/processes', {
    headers: auth(token),
    data: {
      code: `PT-NT-${id}`,
      name: `Phân tích nước thải ${id}`,
      steps: [
        { name: 'Lấy mẫu', department_id: dep.id, default_assignee_id: user.id, duration_hours: 24 },
        { name: 'Phân tích và trả kết quả', department_id: dep.id, default_assignee_id: user.id, duration_hours: 48 },
      ],
    },
  });
  expect(processRes.status(), await processRes.text()).toBe(201);
  const process = (await processRes.json()) as { id: number };
  const typeRes = await request.post('/api/request-types', {
    headers: auth(token),
    data: { code: `PTNT-${id}`, name: `Phân tích nước thải ${id}`, process_id: process.id },
  });
  expect(typeRes.status(), await typeRes.text()).toBe(201);
  const type = (await typeRes.json()) as { id: number };
  const reqRes = await request.post('/api/requests', {
    headers: auth(token),
    data: {
      request_type_id: type.id,
      requester_name: 'Đỗ Minh Quân',
      requester_phone: randomMobile(),
      title: `Phân tích mẫu nước thải KCN ${id}`,
      priority: 'high',
    },
  });
  expect(reqRes.status(), await reqRes.text()).toBe(201);
  const created = (await reqRes.json()) as { id: number; code: string };
  const received = await request.post(`/api/requests/${created.id}/receive`, { headers: auth(token), data: {} });
  expect(received.status(), await received.text()).toBe(200);
  return { token, user, username: `mai.${id}`, password, requestId: created.id, code: created.code };
}

test.describe('Công việc', () => {
  test('người được giao: công việc của tôi → bắt đầu → tiến độ → bình luận → hoàn thành → yêu cầu sang bước 2', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = unique();
    const s = await setup(request, id);
    const firstTitle = `Lấy mẫu – ${s.code}`;
    const secondTitle = `Phân tích và trả kết quả – ${s.code}`;

    await signInUi(page, s.username, s.password);
    await page.goto('/admin/works/my-works');
    await expect(page.getByRole('heading', { name: 'Công việc của tôi', level: 3 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Được giao' })).toHaveAttribute('aria-selected', 'true');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(firstTitle);
    await expect(rows(page).first()).toContainText('Chưa bắt đầu');
    await expect(rows(page).first()).toContainText('Cao');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('my-works'), fullPage: true });

    // The other tabs are empty for this user.
    await page.getByRole('tab', { name: 'Tôi tạo' }).click();
    await expect(page).toHaveURL(/tab=created/);
    await expect(page.getByText('Bạn chưa tạo công việc nào')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('my-works-empty'), fullPage: true });
    await page.getByRole('tab', { name: 'Được giao' }).click();

    await rows(page).first().getByRole('link', { name: firstTitle }).click();
    await expect(page).toHaveURL(/\/admin\/works\/\d+$/);
    await expect(page.getByRole('heading', { level: 3 }).first()).toContainText(firstTitle);
    await expect(page.getByTestId('work-status').first()).toHaveText('Chưa bắt đầu');
    await expect(page.getByTestId('work-request')).toContainText(s.code);
    await expect(page.getByTestId('work-request')).toContainText('1. Lấy mẫu');
    // Step 1's work cannot be sent back; the progress waits for "Bắt đầu".
    await expect(page.getByRole('button', { name: 'Trả lại bước trước' })).toHaveCount(0);
    await expect(page.getByText('Bấm “Bắt đầu” để cập nhật tiến độ.')).toBeVisible();

    await page.getByRole('button', { name: 'Bắt đầu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bắt đầu' }).click();
    await expect(page.getByTestId('work-status').first()).toHaveText('Đang thực hiện');
    await expect(page.getByTestId('work-request')).toContainText('Đang xử lý');

    // Progress.
    await page.getByLabel('Tiến độ (%)').fill('40');
    await page.getByRole('button', { name: 'Cập nhật tiến độ' }).click();
    await expect(page.getByText('Đã cập nhật tiến độ 40%.')).toBeVisible();
    await expect(page.getByTestId('progress-value')).toHaveText('40%');

    // A comment.
    await page.getByLabel('Nội dung bình luận').fill('Đã lấy đủ 3 mẫu tại cửa xả số 1.');
    await page.getByRole('button', { name: 'Gửi bình luận' }).click();
    await expect(page.getByTestId('comment').filter({ hasText: 'Đã lấy đủ 3 mẫu tại cửa xả số 1.' })).toBeVisible();
    await expect(page.getByTestId('comment').first()).toContainText(s.user.name);
    await expect(page.getByText('Bình luận (1)')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('work-show'), fullPage: true });

    // Complete: the result note is required.
    await page.getByRole('button', { name: 'Hoàn thành' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Hoàn thành' }).click();
    await expect(dialog.getByText('Vui lòng nhập kết quả thực hiện')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('work-complete-dialog'), fullPage: true });
    await dialog.getByLabel('Kết quả thực hiện').fill('Đã lấy mẫu, niêm phong và bàn giao phòng thí nghiệm.');
    await dialog.getByRole('button', { name: 'Hoàn thành' }).click();
    await expect(page.getByTestId('work-status').first()).toHaveText('Hoàn thành');
    await expect(page.getByTestId('work-result')).toContainText('Đã lấy mẫu, niêm phong và bàn giao phòng thí nghiệm.');
    await expect(page.getByTestId('progress-value')).toHaveText('100%');
    await expect(page.getByRole('button', { name: 'Bắt đầu' })).toHaveCount(0);
    await expect(page.getByTestId('history-item').filter({ hasText: 'Hoàn thành' })).toBeVisible();
    await expect(page.getByTestId('history-item').filter({ hasText: 'Cập nhật tiến độ' })).toBeVisible();

    // The request moved on: step 2's work is created, for the same person.
    const detail = (await (await request.get(`/api/requests/${s.requestId}`, { headers: auth(s.token) })).json()) as {
      current_step: number;
      status: string;
      works: { title: string; status: string }[];
    };
    expect(detail.current_step).toBe(2);
    expect(detail.status).toBe('in_progress');
    expect(detail.works.map((w) => [w.title, w.status])).toEqual(
      expect.arrayContaining([
        [firstTitle, 'done'],
        [secondTitle, 'todo'],
      ]),
    );
    await page.goto('/admin/works/my-works');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: secondTitle })).toContainText('Chưa bắt đầu');
    await expect(rows(page).filter({ hasText: firstTitle })).toContainText('Hoàn thành');

    // Step 2's work may be sent back, with a reason.
    await rows(page).filter({ hasText: secondTitle }).getByRole('link', { name: secondTitle }).click();
    await expect(page.getByTestId('work-request')).toContainText('2. Phân tích và trả kết quả');
    await expect(page.getByRole('button', { name: 'Trả lại bước trước' })).toBeVisible();
  });

  test('thêm công việc độc lập (lỗi kiểm tra) → danh sách công việc lọc, xuất Excel', async ({ page, request }) => {
    test.setTimeout(90_000);
    const id = unique();
    await adminLogin(request);
    await signInUi(page, 'admin', 'Admin@12345');
    await page.goto('/admin/works/create');
    await expect(page.getByRole('heading', { name: 'Thêm công việc', level: 3 })).toBeVisible();
    await page.getByRole('button', { name: 'Tạo công việc' }).click();
    await expect(page.getByText('Vui lòng nhập tiêu đề công việc')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('work-form-errors'), fullPage: true });
    const title = `Hiệu chuẩn máy đo pH ${id}`;
    await page.getByLabel('Tiêu đề').fill(title);
    await page.getByLabel('Mô tả').fill('Hiệu chuẩn 3 điểm pH 4, 7, 10.');
    await page.getByText('Khẩn', { exact: true }).click();
    await page.getByRole('button', { name: 'Tạo công việc' }).click();
    await expect(page).toHaveURL(/\/admin\/works\/\d+$/);
    await expect(page.getByRole('heading', { level: 3 }).first()).toContainText(title);
    await expect(page.getByTestId('work-status').first()).toHaveText('Chưa bắt đầu');

    await page.goto(`/admin/works?search=${encodeURIComponent(`hieu chuan may do ph ${id}`)}`);
    await expect(page.getByRole('heading', { name: 'Danh sách công việc', level: 3 })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Khẩn');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot('work-list'), fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^cong-viec-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await page.getByLabel('Lọc theo trạng thái').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Hoàn thành', { exact: true }).click();
    await expect(page.getByText('Không tìm thấy công việc nào phù hợp với điều kiện lọc')).toBeVisible();
  });
});
