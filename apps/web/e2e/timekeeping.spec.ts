import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminLogin, apiLogin, createRole, randomMobile, unique, useToken } from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
// No service worker here: its precache of every route chunk competes with the page on a loaded machine (pwa.spec.ts
// tests it).
test.use({ serviceWorkers: 'block' });

const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;

/**
 * An employee's approved leave of 1.5 days (Thursday 22 October 2026 and the Friday morning) shows on the month's
 * grid as P and P/X with the totals, and the export downloads cham-cong-2026-10.xlsx. October 2026 is over (the grid
 * counts days up to today only), so the figures do not depend on the day the test runs.
 */
test('the timekeeping grid shows an approved 1.5-day leave, its totals, and exports the month', async ({ page, request }) => {
  // Two sign-ins, a leave applied and approved, three grids and an export: heavy on a loaded machine.
  test.setTimeout(150_000);
  const id = unique();
  const admin = await adminLogin(request);
  const password = 'Matkhau@2026';
  const role = await createRole(request, admin, {
    code: `cc-${id}`,
    name: `Chấm công ${id}`,
    permissions: ['leaves.index', 'leaves.create', 'leaves.show'],
  });
  const dep = await request.post('/api/departments', {
    headers: auth(admin),
    data: { code: `CC-${id}`, name: `Phòng Hóa nghiệm ${id}` },
  });
  expect(dep.status(), await dep.text()).toBe(201);
  // Five years of service, so the annual balance is whole.
  const employeeRes = await request.post('/api/users', {
    headers: auth(admin),
    data: {
      name: `Trần Thị Mai ${id}`,
      username: `mai.${id}`,
      password,
      role_id: role.id,
      department_id: (await dep.json()).id,
      mobile: randomMobile(),
      joined_at: '2019-03-01',
    },
  });
  expect(employeeRes.status(), await employeeRes.text()).toBe(201);
  const employee = (await employeeRes.json()) as { id: number; name: string };
  const token = await apiLogin(request, `mai.${id}`, password);

  // The leave: applied by the employee, approved by the administrator (the department has no head).
  const typesRes = await request.get('/api/leave-types', { headers: auth(token) });
  expect(typesRes.status(), await typesRes.text()).toBe(200);
  const types = (await typesRes.json()) as { id: number; code: string }[] | { data: { id: number; code: string }[] };
  const annual = (Array.isArray(types) ? types : types.data).find((t) => t.code === 'annual');
  expect(annual).toBeDefined();
  const created = await request.post('/api/leaves', {
    headers: auth(token),
    data: {
      leave_type_id: annual?.id,
      start_date: '2026-10-22',
      start_half: 'full',
      end_date: '2026-10-23',
      end_half: 'morning',
      reason: 'Việc gia đình',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const leave = (await created.json()) as { id: number; days: number };
  expect(leave.days).toBe(1.5);
  const approved = await request.post(`/api/leaves/${leave.id}/approve`, { headers: auth(admin), data: {} });
  expect(approved.status(), await approved.text()).toBe(200);

  // The employee's own grid.
  await page.setViewportSize({ width: 1366, height: 800 });
  await useToken(page, token);
  await page.goto('/admin/timekeeping?month=2026-10');
  await expect(page.getByRole('heading', { name: 'Bảng chấm công tháng 10/2026' })).toBeVisible({ timeout: 30_000 });
  const row = page.locator('.ant-table-row').filter({ hasText: employee.name });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-cell="P"]')).toHaveCount(1);
  await expect(row.locator('[data-cell="P/X"]')).toHaveCount(1);
  await expect(row.locator('[data-cell="P/X"]')).toHaveAttribute('title', 'Sáng: P · Chiều: X');
  // October 2026, Monday to Saturday morning, no holiday: 24.5 working days, 23 worked, 1.5 P, 24.5 payable.
  await expect(page.getByText('Công chuẩn: 24,5 ngày')).toBeVisible();
  await expect(page.getByText('Tính đến ngày 31/10/2026')).toBeVisible();
  await expect(row).toContainText('23');
  await expect(row).toContainText('1,5');
  await expect(row).toContainText('24,5');
  await expect(page.getByRole('region', { name: 'Chú thích ký hiệu' })).toContainText('Nghỉ phép năm');
  await page.screenshot({ path: shot('timekeeping-1366'), fullPage: false });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Xuất Excel' }).click()]);
  expect(download.suggestedFilename()).toBe('cham-cong-2026-10.xlsx');
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

  // This month counts up to today: later days are blank; a month to come counts nothing.
  const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  await page.goto(`/admin/timekeeping?month=${today.slice(0, 7)}`);
  await expect(page.getByText(`Tính đến ngày ${today.split('-').reverse().join('/')}`)).toBeVisible({ timeout: 30_000 });
  const api = await request.get(`/api/timekeeping?month=${today.slice(0, 7)}`, { headers: auth(token) });
  const cells = ((await api.json()) as { rows: { user: { id: number }; cells: string[] }[] }).rows.find(
    (r) => r.user.id === employee.id,
  )?.cells as string[];
  const lastDay = Number(today.slice(8, 10));
  // Nothing after today; the page shows exactly the symbols up to today.
  expect(cells.slice(lastDay).every((c) => c === '')).toBe(true);
  await expect(page.locator('.ant-table-row').filter({ hasText: employee.name }).locator('[data-cell]')).toHaveCount(
    cells.filter((c) => c !== '').length,
  );
  await page.screenshot({ path: shot('timekeeping-this-month'), fullPage: false });
  const next = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  await page.goto(`/admin/timekeeping?month=${next.toISOString().slice(0, 7)}`);
  await expect(page.getByText('Tháng chưa bắt đầu: chưa có ngày công')).toBeVisible();

  // The administrator's grid: everyone.
  await useToken(page, admin);
  await page.goto('/admin/timekeeping?month=2026-10');
  await expect(page.locator('.ant-table-row').filter({ hasText: employee.name })).toHaveCount(1);
  await page.screenshot({ path: shot('timekeeping-admin-1366'), fullPage: false });
});

/**
 * With attendance required (issue 23): a month of punches imported from a time clock file, a business trip and a
 * half-day leave through the leave flow. The grid shows X, X/P, CT, '–', the late mark with its words and the missing
 * check-out; at 390 px the employee column stays while the days scroll, and the page says so. September 2026 is over,
 * so the figures do not depend on the day the test runs; the rule is set back to "not required" at the end.
 */
test('the grid from attendance: X, X/P, CT, –, late and forgotten check-out marks, and my month at 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const id = unique();
  const admin = await adminLogin(request);
  const password = 'Matkhau@2026';
  const role = await createRole(request, admin, {
    code: `cc2-${id}`,
    name: `Chấm công vào ra ${id}`,
    permissions: ['attendance.index', 'leaves.index', 'leaves.create', 'leaves.show'],
  });
  const employeeRes = await request.post('/api/users', {
    headers: auth(admin),
    data: {
      name: `Lê Văn Quan Trắc ${id}`,
      username: `qt.${id}`,
      password,
      role_id: role.id,
      mobile: randomMobile(),
      joined_at: '2019-03-01',
    },
  });
  expect(employeeRes.status(), await employeeRes.text()).toBe(201);
  const employee = (await employeeRes.json()) as { id: number; name: string; code: string };
  const token = await apiLogin(request, `qt.${id}`, password);
  await page.setViewportSize({ width: 1366, height: 800 });
  await useToken(page, token);

  const settings = async (required: boolean) => {
    const current = await (await request.get('/api/attendance/settings', { headers: auth(admin) })).json();
    const res = await request.put('/api/attendance/settings', {
      headers: auth(admin),
      data: {
        required,
        accuracy_limit_m: current.accuracy_limit_m,
        grace_minutes: 5,
        office_ip_ranges: current.office_ip_ranges,
        shift: { morning_start: '08:00', morning_end: '12:00', afternoon_start: '13:30', afternoon_end: '17:30' },
        department_shifts: current.department_shifts,
        version: current.version,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await settings(true);
  try {
    // 1 and 2 September are National Day holidays. Thu 3 on time; Fri 4 twelve minutes late; Wed 9 no check-out;
    // Thu 10 the morning (annual leave after noon).
    const csv = [
      'Mã nhân viên,Thời gian',
      `${employee.code},2026-09-03 07:58`,
      `${employee.code},2026-09-03 17:32`,
      `${employee.code},2026-09-04 08:12`,
      `${employee.code},2026-09-04 17:30`,
      `${employee.code},2026-09-09 08:00`,
      `${employee.code},2026-09-10 07:59`,
      `${employee.code},2026-09-10 12:00`,
    ].join('\n');
    const imported = await request.post('/api/attendance/imports', {
      headers: auth(admin),
      multipart: { file: { name: 'may-cham-cong.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(imported.status(), await imported.text()).toBe(200);

    const types = (await (await request.get('/api/leave-types', { headers: auth(token) })).json()) as
      | { id: number; code: string }[]
      | { data: { id: number; code: string }[] };
    const typeId = (c: string) => (Array.isArray(types) ? types : types.data).find((t) => t.code === c)?.id;
    const apply = async (data: Record<string, unknown>) => {
      const created = await request.post('/api/leaves', { headers: auth(token), data: { reason: 'Theo kế hoạch', ...data } });
      expect(created.status(), await created.text()).toBe(201);
      const ok = await request.post(`/api/leaves/${(await created.json()).id}/approve`, { headers: auth(admin), data: {} });
      expect(ok.status(), await ok.text()).toBe(200);
    };
    await apply({
      leave_type_id: typeId('annual'),
      start_date: '2026-09-10',
      start_half: 'afternoon',
      end_date: '2026-09-10',
      end_half: 'afternoon',
    });
    // A business trip on Mon 7 and Tue 8, requested and approved through the leave flow.
    await apply({ leave_type_id: typeId('business_trip'), start_date: '2026-09-07', end_date: '2026-09-08' });

    await page.goto('/admin/timekeeping?month=2026-09');
    await expect(page.getByRole('heading', { name: 'Bảng chấm công tháng 09/2026' })).toBeVisible({ timeout: 30_000 });
    const row = page.locator('.ant-table-row').filter({ hasText: employee.name });
    await expect(row).toHaveCount(1);
    const day = (n: number) => row.locator('.ant-table-cell').nth(n); // the first cell is the employee (virtual rows: no td)
    await expect(day(1).locator('[data-cell]')).toHaveAttribute('data-cell', 'L');
    await expect(day(3).locator('[data-cell]')).toHaveAttribute('data-cell', 'X');
    await expect(day(4).locator('[data-cell]')).toHaveAttribute('data-cell', 'X');
    await expect(day(4).locator('[data-cell]')).toHaveAttribute('data-mark', 'Đi muộn 12 phút');
    await expect(day(7).locator('[data-cell]')).toHaveAttribute('data-cell', 'CT');
    await expect(day(8).locator('[data-cell]')).toHaveAttribute('data-cell', 'CT');
    await expect(day(9).locator('[data-cell]')).toHaveAttribute('data-mark', 'Quên chấm ra');
    await expect(day(10).locator('[data-cell]')).toHaveAttribute('data-cell', 'X/P');
    await expect(day(11).locator('[data-cell]')).toHaveAttribute('data-cell', '–');
    await day(4).locator('[data-cell]').hover();
    await expect(page.getByRole('tooltip')).toContainText('Đi muộn 12 phút');
    const legend = page.getByRole('region', { name: 'Chú thích ký hiệu' });
    await expect(legend).toContainText('Công tác (tính là ngày công)');
    await expect(legend).toContainText('Vắng không phép');
    await expect(legend).toContainText('quên chấm ra');
    await page.screenshot({ path: shot('timekeeping-attendance-1366'), fullPage: false });

    // My month at 390 px: the page does not scroll sideways, the grid does, the employee column stays.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText('Vuốt ngang để xem thêm ngày và tổng công')).toBeVisible();
    await expect(row).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const name = row.locator('.ant-table-cell').first();
    const before = await name.boundingBox({ timeout: 10_000 });
    // A day cell is readable: at least 40 px wide (measured before scrolling: the virtual grid drops what is off screen).
    expect((await day(1).boundingBox({ timeout: 10_000 }))?.width ?? 0).toBeGreaterThanOrEqual(40);
    // On a phone the grid scrolls natively (no virtual rows for a short sheet), as a finger swipes it.
    await page.locator('.ant-table-body').evaluate((el) => {
      // Day 20 to the middle of the screen (it starts ~1 000 px in): only a grid that scrolls brings it into view.
      const cell = el.querySelectorAll<HTMLElement>('tr.ant-table-row td')[20];
      el.scrollLeft = (cell?.offsetLeft ?? 0) - 150;
    });
    await expect(day(20)).toBeInViewport();
    const after = await name.boundingBox({ timeout: 10_000 });
    expect(after?.x).toBe(before?.x);
    await page.locator('.ant-table-body').evaluate((el) => {
      el.scrollLeft = 0;
    });
    await page.screenshot({ path: shot('timekeeping-attendance-390'), fullPage: true });
  } finally {
    await settings(false);
  }
});
