import { expect, test } from '@playwright/test';
import { ADMIN, adminLogin, apiLogin, createRole, createUser, signInUi, unique } from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Setting = { id: number; version: number; title_template: string; body_template: string };

test.describe('Cấu hình thông báo', () => {
  // The walk below edits the "work assigned" templates on the shared server: put them back, so later specs see the
  // default texts.
  let saved: Setting | undefined;
  test.afterEach(async ({ request }) => {
    if (!saved) return;
    const token = await adminLogin(request);
    const now = (await (
      await request.get(`/api/notification-settings/${saved.id}`, { headers: auth(token) })
    ).json()) as Setting & Record<string, unknown>;
    const { id: _id, created_at: _c, updated_at: _u, event_label: _l, recipient_names: _n, ...rest } = now;
    const res = await request.put(`/api/notification-settings/${saved.id}`, {
      headers: auth(token),
      data: { ...rest, title_template: saved.title_template, body_template: saved.body_template },
    });
    expect(res.status(), await res.text()).toBe(200);
    saved = undefined;
  });

  test('sửa mẫu nội dung với xem trước → lưu → tin được gửi hiện trong nhật ký → gửi lại', async ({ page, request }) => {
    // A long walk through three screens and the outbox.
    test.slow();
    const id = unique();
    const token = await adminLogin(request);
    const role = await createRole(request, token, { code: `nv-tb-${id}`, name: `Nhân viên ${id}`, permissions: [] });
    const email = `nhan.${id}@quantrac.vn`;
    const person = await createUser(request, token, {
      name: `Nguyễn Thị Nhận ${id}`,
      username: `nhan.${id}`,
      password: 'Matkhau@2026',
      role_id: role.id,
      email,
    });

    const list = await request.get('/api/notification-settings?event=work.assigned', { headers: auth(token) });
    saved = ((await list.json()) as { data: Setting[] }).data[0];

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Cấu hình thông báo', level: 3 })).toBeVisible();
    const row = page.getByRole('row', { name: /Được giao công việc/ });
    await expect(row).toContainText('Đang bật');
    await row.getByRole('button', { name: 'Sửa cấu hình Được giao công việc' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/notifications\/\d+\/edit$/);
    await expect(page.getByRole('heading', { name: 'Sửa cấu hình: Được giao công việc' })).toBeVisible();

    // The preview follows the templates with the event's sample values; a wrong placeholder is named at once.
    const title = page.getByRole('textbox', { name: 'Tiêu đề' });
    const body = page.getByRole('textbox', { name: 'Nội dung' });
    await title.fill(`[${id}] Việc mới {{work.code}} cho {{recipient.name}}`);
    await body.fill('Hạn chót {{work.han}}.');
    const preview = page.getByTestId('notification-preview');
    await expect(preview.getByTestId('preview-title')).toHaveText(`[${id}] Việc mới CV2611-0042 cho Trần Thị Bình`);
    await expect(preview).toContainText('Biến {{work.han}} không có trong sự kiện này.');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Biến {{work.han}} không có trong sự kiện này.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/edit$/);

    // A chip inserts its placeholder where the cursor is.
    await body.fill('Hạn chót: ');
    await body.press('End');
    await page.getByRole('button', { name: 'Chèn biến Hạn công việc' }).last().click();
    await expect(body).toHaveValue('Hạn chót: {{work.deadline}}');
    await expect(preview.getByTestId('preview-body')).toHaveText('Hạn chót: 28/11/2026 17:00');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Đã lưu cấu hình “Được giao công việc”.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings\/notifications\/\d+$/);
    // The template as saved (the page's history shows it too, once loaded).
    await expect(page.locator('code').filter({ hasText: `[${id}] Việc mới {{work.code}} cho {{recipient.name}}` })).toBeVisible();

    // A work assigned to someone with an e-mail: the dispatcher and the outbox send it, the log shows it.
    const work = await request.post('/api/works', {
      headers: auth(token),
      data: { title: `Lấy mẫu khí thải ${id}`, assignee_id: person.id },
    });
    expect(work.status(), await work.text()).toBe(201);
    await page.getByRole('link', { name: 'Xem nhật ký gửi của sự kiện này' }).click();
    await expect(page).toHaveURL(/tab=deliveries/);
    await page.getByPlaceholder('Tìm theo người nhận').fill(email);
    await expect(page).toHaveURL(/search=/);
    const sent = page.getByRole('row').filter({ hasText: email });
    await expect(async () => {
      await page.reload();
      await expect(sent.first()).toContainText('Đã gửi', { timeout: 3000 });
    }).toPass({ timeout: 15_000 });
    await expect(sent.first()).toContainText('1/5');
    await expect(sent.first()).toContainText('"driver":"log"');

    await sent
      .first()
      .getByRole('button', { name: /Gửi lại lượt/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Gửi lại' }).click();
    await expect(page.getByText('Đã xếp tin vào hàng đợi để gửi lại.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: /Thay cho lượt #\d+/ })).toBeVisible();

    // The assignee received it in the app too, with the new title.
    const theirs = await apiLogin(request, `nhan.${id}`, 'Matkhau@2026');
    const notes = await request.get('/api/notifications', { headers: auth(theirs) });
    expect((await notes.json()).data[0].title).toMatch(new RegExp(`^\\[${id}\\] Việc mới CV\\d{4}-\\d+ cho Nguyễn Thị Nhận`));
  });

  test('mẫu đơn nghỉ phép có biến mã đơn và đường dẫn tới đơn', async ({ page, request }) => {
    const token = await adminLogin(request);
    const list = await request.get('/api/notification-settings?event=leave.submitted', { headers: auth(token) });
    saved = ((await list.json()) as { data: Setting[] }).data[0];

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/admin/settings/notifications/${saved?.id}/edit`);
    await expect(page.getByRole('heading', { name: 'Sửa cấu hình: Đơn nghỉ phép chờ duyệt' })).toBeVisible();
    const title = page.getByRole('textbox', { name: 'Tiêu đề' });
    const body = page.getByRole('textbox', { name: 'Nội dung' });
    // The chips of the event: its record's code and the link, like a request's and a work's.
    for (const name of ['Mã đơn nghỉ', 'Đường dẫn tới bản ghi']) {
      await expect(page.getByRole('button', { name: `Chèn biến ${name}` })).toHaveCount(2);
    }
    await title.fill('Đơn ');
    await title.press('End');
    await page.getByRole('button', { name: 'Chèn biến Mã đơn nghỉ' }).first().click();
    await expect(title).toHaveValue('Đơn {{leave.code}}');
    await body.fill('{{employee.name}} xin nghỉ. Mở đơn: ');
    await body.press('End');
    await page.getByRole('button', { name: 'Chèn biến Đường dẫn tới bản ghi' }).last().click();
    // The chip's example is a leave's page.
    // The code chip's tooltip may still be fading out: the link chip's is the one with its text.
    await expect(page.getByRole('tooltip').filter({ hasText: 'Đường dẫn tới bản ghi' })).toContainText(
      'Đường dẫn tới bản ghi — ví dụ: /admin/leaves/3',
    );
    const preview = page.getByTestId('notification-preview');
    await expect(preview.getByTestId('preview-title')).toHaveText('Đơn NP2611-0003');
    await expect(preview.getByTestId('preview-body')).toHaveText('Hoàng Thu Hà xin nghỉ. Mở đơn: /admin/leaves/3');
    await page.screenshot({ path: 'test-results/notification-leave-placeholders.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Chèn biến Mã đơn nghỉ' }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/notification-leave-placeholders-390.png' });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByText('Đã lưu cấu hình “Đơn nghỉ phép chờ duyệt”.')).toBeVisible();
    await expect(page.locator('code').filter({ hasText: 'Đơn {{leave.code}}' })).toBeVisible();
  });

  test('nhắc hạn hiệu chuẩn ở nhóm Quan trắc: mẫu mặc định, biến của thiết bị và đường dẫn tới thiết bị', async ({
    page,
    request,
  }) => {
    const token = await adminLogin(request);
    const list = await request.get('/api/notification-settings?event=equipment.calibration_due', { headers: auth(token) });
    const setting = ((await list.json()) as { data: Setting[] }).data[0];

    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/settings/notifications');
    await expect(page.getByText('Quan trắc · equipment.calibration_due')).toBeVisible();
    await page.goto(`/admin/settings/notifications/${setting?.id}/edit`);
    const name = 'Thiết bị, phương tiện sắp hết hạn hiệu chuẩn, đăng kiểm';
    await expect(page.getByRole('heading', { name: `Sửa cấu hình: ${name}` })).toBeVisible();
    for (const chip of ['Mã thiết bị, phương tiện', 'Hạn hiệu chuẩn, đăng kiểm', 'Đường dẫn tới bản ghi']) {
      await expect(page.getByRole('button', { name: `Chèn biến ${chip}` })).toHaveCount(2);
    }
    // The default templates with the samples: an instrument's calibration, its page in the equipment screens.
    const body = page.getByRole('textbox', { name: 'Nội dung' });
    await body.fill('{{equipment.kind}} {{equipment.code}} ({{equipment.due_state}}): ');
    await body.press('End');
    await page.getByRole('button', { name: 'Chèn biến Đường dẫn tới bản ghi' }).last().click();
    const preview = page.getByTestId('notification-preview');
    await expect(preview.getByTestId('preview-title')).toHaveText('Thiết bị đo PH-03: hạn hiệu chuẩn 30/06/2027');
    await expect(preview.getByTestId('preview-body')).toHaveText(
      'Thiết bị đo PH-03 (còn 12 ngày): /admin/monitoring/equipment/3/edit',
    );
    const shots = process.env.QLCV_E2E_SHOTS ?? 'test-results';
    await page.screenshot({ path: `${shots}/notification-calibration-due.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('notification-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/notification-calibration-due-390.png` });
  });

  test('mỗi người tắt kênh cho chính mình trong trang cá nhân', async ({ page, request }) => {
    const id = unique();
    const token = await adminLogin(request);
    const role = await createRole(request, token, { code: `nv-pref-${id}`, name: `Nhân viên ${id}`, permissions: [] });
    await createUser(request, token, {
      name: `Trần Văn Tắt ${id}`,
      username: `tat.${id}`,
      password: 'Matkhau@2026',
      role_id: role.id,
    });
    await signInUi(page, `tat.${id}`, 'Matkhau@2026');
    await page.goto('/admin/personal');
    const card = page.getByTestId('notification-preferences');
    await expect(card.getByText('Thông báo của tôi')).toBeVisible();
    const emailSwitch = card.getByRole('switch', { name: 'Được giao công việc — E-mail' });
    await expect(emailSwitch).toBeChecked();
    await emailSwitch.click();
    await expect(emailSwitch).not.toBeChecked();
    await page.reload();
    await expect(
      page.getByTestId('notification-preferences').getByRole('switch', { name: 'Được giao công việc — E-mail' }),
    ).not.toBeChecked();
    await expect(
      page.getByTestId('notification-preferences').getByRole('switch', { name: 'Được giao công việc — Trong ứng dụng' }),
    ).toBeChecked();
  });
});
