import { expect as baseExpect, test } from '@playwright/test';
import { attendanceUser, auth, expectNoSidewaysScroll, PASSWORD, PHONE, shot, signInAs } from './attendance-helpers';
import { adminLogin, createDepartment, setDepartmentHead, unique } from './helpers';

// The machine the specs run on is shared and often loaded: a step may take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

const vn = (date: string) => date.split('-').reverse().join('/');

/** A past working day of this month or the last (never today, never a weekend). */
function pastWeekday(back: number): string {
  const d = new Date(Date.now() + 7 * 3_600_000);
  let left = back;
  while (left > 0 || d.getUTCDay() === 0 || d.getUTCDay() === 6) {
    d.setUTCDate(d.getUTCDate() - 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}

// Giải trình (issue 23 part 4): an employee asks, their department head rejects (a reason required) or approves;
// the author cancels one while pending; every step in the history.
test.describe('attendance: corrections', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  const id = unique();
  let head: Awaited<ReturnType<typeof attendanceUser>>;
  let staff: Awaited<ReturnType<typeof attendanceUser>>;
  const first = pastWeekday(1);
  const second = pastWeekday(2);
  const third = pastWeekday(3);

  test.beforeAll(async ({ request }) => {
    const token = await adminLogin(request);
    const dep = await createDepartment(request, token, { code: `GT-${id}`, name: `Phòng Giải trình ${id}` });
    head = await attendanceUser(request, id, 'head', ['attendance.index', 'attendance.department'], { department_id: dep.id });
    await setDepartmentHead(request, token, dep, head.id);
    staff = await attendanceUser(request, id, 'staff', ['attendance.index'], { department_id: dep.id });
  });

  test('the employee asks on the phone: field errors first, one pending a day, cancels one', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, request, staff.username);
    await page.goto('/admin/attendance/corrections');
    await expect(page.getByText('Chưa có giải trình nào')).toBeVisible();
    await page.screenshot({ path: shot('corrections-phone-empty'), fullPage: true });

    await page.goto(`/admin/attendance/corrections/create?date=${first}`);
    await expect(page.getByLabel('Ngày')).toHaveValue(vn(first));
    await page.getByRole('button', { name: 'Gửi giải trình' }).click();
    await expect(page.getByText('Vui lòng nhập giờ vào hoặc giờ ra')).toBeVisible();
    await expect(page.getByText('Vui lòng nhập lý do giải trình')).toBeVisible();
    await page.getByLabel('Giờ vào').fill('17:00');
    await page.getByLabel('Giờ ra').fill('08:00');
    await expect(page.getByText('Giờ ra phải sau giờ vào')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('correction-form-phone-errors'), fullPage: true });
    await page.getByLabel('Giờ vào').fill('08:00');
    await page.getByLabel('Giờ ra').fill('17:30');
    await page.getByLabel('Lý do').fill('Quên chấm công do đi lấy mẫu ở nhà máy từ sáng sớm');
    await page.getByRole('button', { name: 'Gửi giải trình' }).click();
    await expect(page.getByRole('heading', { name: `Giải trình ngày ${vn(first)}` })).toBeVisible();
    await expect(page.getByTestId('correction-status').first()).toHaveText('Chờ duyệt');
    await expect(page.getByText(`Đang chờ ${head.name} duyệt.`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('correction-show-phone-pending'), fullPage: true });

    // The same day again while one is pending: the server refuses.
    await page.goto(`/admin/attendance/corrections/create?date=${first}`);
    await page.getByLabel('Giờ ra').fill('17:30');
    await page.getByLabel('Lý do').fill('Lần hai');
    await page.getByRole('button', { name: 'Gửi giải trình' }).click();
    await expect(page.getByText('Ngày này đã có một giải trình đang chờ duyệt.')).toBeVisible();
    await expect(page).toHaveURL(/\/create\?/);

    await page.goto(`/admin/attendance/corrections/create?date=${third}`);
    await page.getByLabel('Giờ ra').fill('17:45');
    await page.getByLabel('Lý do').fill('Điện thoại hết pin');
    await page.getByRole('button', { name: 'Gửi giải trình' }).click();
    await expect(page.getByRole('heading', { name: `Giải trình ngày ${vn(third)}` })).toBeVisible();
    await page.getByRole('button', { name: 'Hủy giải trình' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy giải trình' }).click();
    await expect(page.getByTestId('correction-status').first()).toHaveText('Đã hủy');
    await expect(page.getByTestId('history-item')).toHaveCount(2);

    await page.goto('/admin/attendance/corrections');
    await expect(page.getByRole('link', { name: `Giải trình ngày ${vn(first)}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shot('corrections-phone-mine'), fullPage: true });
  });

  test('the head rejects (a reason required) and approves; the month shows the day explained', async ({ page, request }) => {
    const staffToken = await (
      await request.post('/api/auth/login', { data: { username: staff.username, password: PASSWORD } })
    ).json();
    const asked = await request.post('/api/attendance/corrections', {
      headers: auth(staffToken.token),
      data: { date: second, check_out: '17:45', reason: 'Quên chấm ra khi về muộn' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const firstId = (
      (await (
        await request.get('/api/attendance/corrections?tab=mine&status=pending', { headers: auth(staffToken.token) })
      ).json()) as {
        data: { id: number; date: string }[];
      }
    ).data.find((c) => c.date === first)?.id;
    expect(firstId).toBeDefined();

    await signInAs(page, request, head.username);
    await page.goto('/admin/attendance/corrections?tab=to_approve');
    await expect(page.getByTestId('correction-waiting-count')).toContainText('2');
    await expect(page.getByRole('cell', { name: new RegExp(staff.name) }).first()).toBeVisible();
    await page.screenshot({ path: shot('corrections-desktop-to-approve'), fullPage: true });

    await page.goto(`/admin/attendance/corrections/${firstId}`);
    await page.getByRole('button', { name: 'Từ chối' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Từ chối' }).click();
    await expect(dialog.getByText('Vui lòng nhập lý do từ chối')).toBeVisible();
    await dialog.getByLabel('Lý do từ chối').fill('Không có xác nhận của quản đốc nhà máy');
    await dialog.getByRole('button', { name: 'Từ chối' }).click();
    await expect(page.getByTestId('correction-status').first()).toHaveText('Từ chối');
    await expect(page.getByRole('alert').filter({ hasText: 'Lý do từ chối' })).toContainText(
      'Không có xác nhận của quản đốc nhà máy',
    );
    await expect(page.getByTestId('history-item').filter({ hasText: 'Từ chối' })).toContainText(
      'Không có xác nhận của quản đốc nhà máy',
    );
    await page.screenshot({ path: shot('correction-show-desktop-rejected'), fullPage: true });

    await page.goto('/admin/attendance/corrections?tab=to_approve&status=pending');
    await page.getByRole('link', { name: `Giải trình ngày ${vn(second)}` }).click();
    await page.getByRole('button', { name: 'Duyệt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Duyệt' }).click();
    await expect(page.getByTestId('correction-status').first()).toHaveText('Đã duyệt');
    await expect(page.getByRole('button', { name: 'Duyệt' })).toHaveCount(0);

    // The employee's month marks the day as explained.
    await signInAs(page, request, staff.username);
    await page.goto(`/admin/attendance?month=${second.slice(0, 7)}`);
    const day = page.locator(`[data-testid="attendance-day"][data-date="${second}"]`);
    await expect(day).toContainText('Đã giải trình');
    await expect(day).toContainText('17:45');
  });

  test('a user without attendance keys does not open the corrections; an unknown one is "not found"', async ({
    page,
    request,
  }) => {
    const nobody = await attendanceUser(request, id, 'none', ['works.all']);
    await signInAs(page, request, nobody.username);
    await page.goto('/admin/attendance/corrections');
    await expect(page).toHaveURL(/\/403$/);
    const staff = await attendanceUser(request, id, 'nf', ['attendance.index']);
    await signInAs(page, request, staff.username);
    await page.goto('/admin/attendance/corrections/999999');
    await expect(page.getByText('Không tìm thấy giải trình')).toBeVisible();
  });
});
