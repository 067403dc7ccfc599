import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminLogin,
  apiLogin,
  createDepartment,
  createRole,
  createUser,
  randomMobile,
  setDepartmentHead,
  sidebar,
  signInUi,
  unique,
} from './helpers';

// Issue 21: the route guard decides before a page's data is asked for (part 9), and admits whoever a leave waits for
// without any leave key (part 8).

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const PASSWORD = 'Matkhau@2026';

/** Every call to the users list the page makes (its options lookup aside). */
function usersCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/users') calls.push(r.url());
  });
  return calls;
}

test('trang sẽ báo 403 không gọi dữ liệu của nó trước (/admin/users với người không có users.index)', async ({
  page,
  request,
}) => {
  const id = unique();
  const token = await adminLogin(request);
  const role = await createRole(request, token, { code: `xem-tq-${id}`, name: `Chỉ tổng quan ${id}`, permissions: [] });
  await createUser(request, token, { name: `Đỗ Văn Khách ${id}`, username: `khach.${id}`, password: PASSWORD, role_id: role.id });
  const calls = usersCalls(page);
  await signInUi(page, `khach.${id}`, PASSWORD);

  // A first load (the profile not yet known) and a move inside the app (known): neither asks for the users.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('403 — Không có quyền truy cập')).toBeVisible();
  await page.getByRole('button', { name: 'Về trang tổng quan' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/admin/users');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/403$/);
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);

  // The same page for someone who may open it still loads its rows.
  const admin = await page.context().browser()!.newPage();
  const adminCalls = usersCalls(admin);
  await signInUi(admin, 'admin', 'Admin@12345');
  await admin.goto('/admin/users');
  await expect(admin.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  expect(adminCalls.length).toBeGreaterThan(0);
  await admin.close();
});

/** A department whose head's role holds no leave key, and an employee of it with a one-day leave waiting for them. */
async function headWithoutLeaveKeys(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const bare = await createRole(request, token, { code: `tp-khong-${id}`, name: `Trưởng phòng ${id}`, permissions: [] });
  const staff = await createRole(request, token, {
    code: `nv-np2-${id}`,
    name: `Nhân viên ${id}`,
    permissions: ['leaves.index', 'leaves.create', 'leaves.show'],
  });
  const dep = await createDepartment(request, token, { code: `KT-${id}`, name: `Phòng Kỹ thuật ${id}` });
  const head = await createUser(request, token, {
    name: `Trịnh Văn Đức ${id}`,
    username: `duc.${id}`,
    password: PASSWORD,
    role_id: bare.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  await setDepartmentHead(request, token, dep, head.id);
  const employee = await createUser(request, token, {
    name: `Vũ Thị Lan ${id}`,
    username: `lan.${id}`,
    password: PASSWORD,
    role_id: staff.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  const employeeToken = await apiLogin(request, `lan.${id}`, PASSWORD);
  const types = (await (await request.get('/api/leave-types', { headers: auth(employeeToken) })).json()) as
    | { id: number; code: string }[]
    | { data: { id: number; code: string }[] };
  const unpaid =
    (Array.isArray(types) ? types : types.data).find((t) => t.code === 'unpaid') ??
    (Array.isArray(types) ? types : types.data)[0]!;
  let code = '';
  let last = '';
  for (let offset = 10; offset < 60 && !code; offset++) {
    const day = iso(new Date(Date.now() + offset * 86_400_000));
    const res = await request.post('/api/leaves', {
      headers: auth(employeeToken),
      data: {
        leave_type_id: unpaid.id,
        start_date: day,
        start_half: 'full',
        end_date: day,
        end_half: 'full',
        reason: 'Việc gia đình',
      },
    });
    last = `${res.status()} ${await res.text()}`;
    if (res.status() === 201) code = ((await res.json()) as { code: string }).code;
  }
  expect(code, `a leave applied (last: ${last})`).not.toBe('');
  return { head, employee, headUsername: `duc.${id}`, code };
}

test('trưởng phòng không có quyền nghỉ phép nào vẫn thấy menu, tab "Chờ tôi duyệt", mở và duyệt đơn chờ mình', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const s = await headWithoutLeaveKeys(request, unique());
  await signInUi(page, s.headUsername, PASSWORD);

  await sidebar(page).getByText('Nghỉ phép & chấm công').click();
  await sidebar(page).getByRole('link', { name: 'Nghỉ phép', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/leaves/);
  // Without a leave key the page is "Chờ tôi duyệt" alone: no list of one's own, balance or export to fail.
  await expect(page.getByRole('tab', { name: /Chờ tôi duyệt/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Của tôi' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Xuất Excel' })).toHaveCount(0);
  await expect(page.getByTestId('leave-approval-count')).toContainText('1');
  await expect(page.getByRole('link', { name: s.code })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Không tải được dữ liệu')).toHaveCount(0);
  await page.screenshot({ path: shot('leaves-head-without-keys'), fullPage: true });
  await page.getByRole('link', { name: s.code }).click();
  await expect(page).toHaveURL(/\/admin\/leaves\/\d+$/);
  await expect(page.getByTestId('leave-status').first()).toHaveText('Chờ duyệt');
  await page.getByRole('button', { name: 'Duyệt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Duyệt' }).click();
  await expect(page.getByTestId('leave-status').first()).toHaveText('Đã duyệt');

  // Timekeeping, its sibling in the menu, still needs its key.
  await expect(sidebar(page).getByRole('link', { name: 'Bảng chấm công' })).toHaveCount(0);
});
