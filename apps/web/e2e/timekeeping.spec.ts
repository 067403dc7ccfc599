import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminLogin, apiLogin, createRole, randomMobile, unique, useToken } from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;

/**
 * An employee's approved leave of 1.5 days (Thursday 22 October 2026 and the Friday morning) shows on the month's
 * grid as P and P/X with the totals, and the export downloads cham-cong-2026-10.xlsx. October 2026 is over (the grid
 * counts days up to today only), so the figures do not depend on the day the test runs.
 */
test('the timekeeping grid shows an approved 1.5-day leave, its totals, and exports the month', async ({ page, request }) => {
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
  await expect(page.getByRole('heading', { name: 'Bảng chấm công tháng 10/2026' })).toBeVisible();
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
  await expect(page.getByText(`Tính đến ngày ${today.split('-').reverse().join('/')}`)).toBeVisible();
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
