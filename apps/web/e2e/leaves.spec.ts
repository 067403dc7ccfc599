import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminLogin,
  apiLogin,
  createDepartment,
  createRole,
  createUser,
  randomMobile,
  setDepartmentHead,
  signInUi,
  unique,
} from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const vn = (date: string) => date.split('-').reverse().join('/');
const days = (n: number) => `${String(n).replace('.', ',')} ngày`;

/**
 * A department whose head names a substitute (through the API) for the coming month, and an employee of it with
 * five years of service. Roles: the employee applies (leaves.index/create/show); head and substitute see leaves.
 */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const password = 'Matkhau@2026';
  const staffRole = await createRole(request, token, {
    code: `nv-np-${id}`,
    name: `Nhân viên nghỉ phép ${id}`,
    permissions: ['leaves.index', 'leaves.create', 'leaves.show'],
  });
  const headRole = await createRole(request, token, {
    code: `tp-np-${id}`,
    name: `Trưởng phòng nghỉ phép ${id}`,
    permissions: ['leaves.index', 'leaves.create', 'leaves.show', 'leaves.department'],
  });
  const dep = await createDepartment(request, token, { code: `QT-${id}`, name: `Phòng Quan trắc ${id}` });
  const head = await createUser(request, token, {
    name: `Nguyễn Văn Hùng ${id}`,
    username: `hung.${id}`,
    password,
    role_id: headRole.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  await setDepartmentHead(request, token, dep, head.id);
  const substitute = await createUser(request, token, {
    name: `Lê Thị Thu ${id}`,
    username: `thu.${id}`,
    password,
    role_id: staffRole.id,
    mobile: randomMobile(),
  });
  const employeeRes = await request.post('/api/users', {
    headers: auth(token),
    data: {
      name: `Phạm Minh Anh ${id}`,
      username: `anh.${id}`,
      password,
      role_id: staffRole.id,
      department_id: dep.id,
      mobile: randomMobile(),
      joined_at: '2019-03-01',
    },
  });
  expect(employeeRes.status(), await employeeRes.text()).toBe(201);
  const employee = (await employeeRes.json()) as { id: number; name: string };

  const today = new Date();
  const headToken = await apiLogin(request, `hung.${id}`, password);
  const subRes = await request.post('/api/leave-substitutes', {
    headers: auth(headToken),
    data: {
      substitute_id: substitute.id,
      start_date: iso(today),
      end_date: iso(new Date(today.getTime() + 30 * 86_400_000)),
      note: 'Đi công tác Đà Nẵng',
    },
  });
  expect(subRes.status(), await subRes.text()).toBe(201);

  // Two working days in a row, this year if possible: the first full and the second's morning make 1.5 days.
  const employeeToken = await apiLogin(request, `anh.${id}`, password);
  const types = (await (await request.get('/api/leave-types', { headers: auth(employeeToken) })).json()) as
    | { id: number; code: string }[]
    | { data: { id: number; code: string }[] };
  const annual = (Array.isArray(types) ? types : types.data).find((t) => t.code === 'annual')!;
  let start = '';
  let end = '';
  let last = '';
  for (let offset = 7; offset < 60 && !start; offset++) {
    const from = new Date(today.getTime() + offset * 86_400_000);
    const to = new Date(from.getTime() + 86_400_000);
    const res = await request.get('/api/leaves/preview', {
      headers: auth(employeeToken),
      params: { leave_type_id: annual.id, start_date: iso(from), start_half: 'full', end_date: iso(to), end_half: 'morning' },
    });
    last = `${res.status()} ${await res.text()}`;
    if (res.status() === 200 && ((await res.json()) as { days: number }).days === 1.5) {
      start = iso(from);
      end = iso(to);
    }
  }
  expect(start, `two working days in a row (last preview: ${last})`).not.toBe('');
  return {
    head,
    substitute,
    employee,
    password,
    username: `anh.${id}`,
    subUsername: `thu.${id}`,
    headUsername: `hung.${id}`,
    start,
    end,
  };
}

async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(vn(date));
  await input.press('Tab');
}

async function fillLeave(page: Page, start: string, end: string, endHalf?: string) {
  await page.getByLabel('Loại nghỉ', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('P — Nghỉ phép năm', { exact: true }).click();
  await pickDate(page, 'Từ ngày', start);
  // The end date follows a start date after it (a one-day leave needs no second date).
  if (end !== start) await pickDate(page, 'Đến ngày', end);
  await expect(page.getByLabel('Đến ngày', { exact: true })).toHaveValue(vn(end));
  if (endHalf) {
    await page.getByLabel('Buổi kết thúc', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(endHalf, { exact: true }).click();
  }
}

async function signInFresh(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInUi(page, username, password);
  return { context, page };
}

test.describe('Nghỉ phép', () => {
  test('nhân viên xin nghỉ 1,5 ngày, người duyệt thay của trưởng phòng duyệt, số phép còn lại giảm', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const id = unique();
    const s = await setup(request, id);
    const { context, page } = await signInFresh(browser, s.username, s.password);

    // The balance before.
    await page.goto('/admin/leaves');
    const remaining = page.getByTestId('leave-balance-remaining');
    await expect(remaining).toBeVisible();
    const before = Number(((await remaining.locator('.ant-statistic-content-value').textContent()) ?? '').replace(',', '.'));
    expect(before).toBeGreaterThanOrEqual(1.5);
    await expect(page.getByText('Chưa có đơn nghỉ nào')).toBeVisible();

    // Apply: the first day full, the second day's morning → 1.5 days, and the balance after.
    await page.getByRole('button', { name: 'Tạo đơn nghỉ' }).first().click();
    await expect(page).toHaveURL(/\/admin\/leaves\/create$/);
    await fillLeave(page, s.start, s.end, 'Buổi sáng');
    await page.getByLabel('Lý do').fill('Về quê dự đám cưới em gái.');
    await expect(page.getByTestId('leave-preview-days')).toHaveText(days(1.5));
    await expect(page.getByTestId('leave-preview-after')).toHaveText(days(before - 1.5));
    await page.screenshot({ path: shot('leaves-form'), fullPage: true });
    await page.getByRole('button', { name: 'Gửi đơn' }).click();
    await expect(page).toHaveURL(/\/admin\/leaves\/\d+$/);
    await expect(page.getByTestId('leave-status').first()).toHaveText('Chờ duyệt');
    const code = ((await page.getByRole('heading', { level: 3 }).first().textContent()) ?? '').match(/NP\d+-\d+/)?.[0];
    expect(code).toBeTruthy();
    const leaveUrl = page.url();

    // Overlap: the first day again is refused, naming the leave.
    await page.goto('/admin/leaves/create');
    await fillLeave(page, s.start, s.start);
    await page.getByRole('button', { name: 'Gửi đơn' }).click();
    await expect(page.locator('.ant-form-item-explain-error, .ant-alert').filter({ hasText: code! }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/leaves\/create$/);

    // The head's substitute approves it from "Chờ tôi duyệt".
    const sub = await signInFresh(browser, s.subUsername, s.password);
    await sub.page.goto('/admin/leaves');
    await sub.page.getByRole('tab', { name: /Chờ tôi duyệt/ }).click();
    await expect(sub.page.getByTestId('leave-approval-count')).toContainText('1');
    await sub.page.getByRole('link', { name: code! }).click();
    await sub.page.getByRole('button', { name: `Duyệt thay cho ${s.head.name}` }).click();
    const dialog = sub.page.getByRole('dialog');
    await dialog.getByLabel('Ghi chú').fill('Đồng ý, bàn giao việc cho chị Thu.');
    await dialog.getByRole('button', { name: 'Duyệt' }).click();
    await expect(sub.page.getByTestId('leave-status').first()).toHaveText('Đã duyệt');
    await expect(dialog).toBeHidden();
    await sub.page.screenshot({ path: shot('leaves-show'), fullPage: true });
    await sub.context.close();

    // The head sees the substitution they named in "Người duyệt thay".
    const head = await signInFresh(browser, s.headUsername, s.password);
    await head.page.goto('/admin/leaves');
    await head.page.getByRole('button', { name: 'Người duyệt thay' }).click();
    const drawer = head.page.locator('.ant-drawer');
    await expect(drawer.getByTestId('leave-substitute')).toContainText(`${s.substitute.name} duyệt thay bạn`);
    await expect(drawer.getByTestId('leave-substitute')).toContainText('Đang áp dụng');
    await expect(drawer.getByRole('button', { name: 'Thêm người duyệt thay' })).toBeInViewport({ ratio: 1 });
    await head.page.screenshot({ path: shot('leaves-substitutes'), fullPage: true });
    await head.context.close();

    // The employee sees it approved and the new balance.
    await page.goto(leaveUrl);
    await expect(page.getByTestId('leave-status').first()).toHaveText('Đã duyệt');
    await expect(page.getByText('Đồng ý, bàn giao việc cho chị Thu.').first()).toBeVisible();
    await page.goto('/admin/leaves');
    await expect(remaining.locator('.ant-statistic-content-value')).toHaveText(String(before - 1.5).replace('.', ','));
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: code! })).toContainText('1,5 ngày');
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.screenshot({ path: shot('leaves-list'), fullPage: true });
    await context.close();
  });
});

test('trưởng phòng tạo đơn nghỉ cho nhân viên: đơn ghi người tạo, nhân viên thấy trong danh sách của mình', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const s = await setup(request, unique());
  const head = await signInFresh(browser, s.headUsername, s.password);
  await head.page.goto('/admin/leaves');
  await head.page.getByRole('button', { name: 'Tạo đơn cho nhân viên' }).click();
  await expect(head.page).toHaveURL(/\/admin\/leaves\/create-for-employee$/);
  const picker = head.page.getByLabel('Nhân viên', { exact: true });
  await picker.click();
  await picker.fill(s.employee.name);
  await head.page.locator('.ant-select-dropdown:visible').getByText(s.employee.name, { exact: true }).click();
  await fillLeave(head.page, s.start, s.start);
  await expect(head.page.getByTestId('leave-preview-days')).toHaveText(days(1));
  await head.page.getByRole('button', { name: 'Tạo đơn' }).click();
  await expect(head.page).toHaveURL(/\/admin\/leaves\/\d+$/);
  await expect(head.page.getByText(`do ${s.head.name} tạo`)).toBeVisible();
  // The employee's balance and its ledger, beside the leave.
  await head.page.getByText(/Chi tiết sổ phép/).click();
  await expect(head.page.getByRole('cell', { name: 'Phép năm được hưởng' })).toBeVisible();
  await head.page.screenshot({ path: shot('leaves-show-head'), fullPage: true });
  const leaveUrl = head.page.url();
  await head.context.close();

  const employee = await signInFresh(browser, s.username, s.password);
  await employee.page.goto('/admin/leaves');
  const row = employee.page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText(`do ${s.head.name} tạo`);
  await expect(row).toContainText(vn(s.start));
  await employee.page.goto(leaveUrl);
  await expect(employee.page.getByTestId('leave-status').first()).toBeVisible();
  await employee.context.close();
});
