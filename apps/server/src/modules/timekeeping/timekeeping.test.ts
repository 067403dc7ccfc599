import type { Timekeeping, TimekeepingRow } from '@qlcv/common/schemas/timekeeping';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDepartment, expectError, expectXlsx } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { FIRST_DATA_ROW, HEADER_ROW } from './timekeeping-xlsx';

// The default company works Monday to Saturday morning. November 2026: 1 is a Sunday; 21 weekdays and 4 Saturday
// mornings = 23 working days; the test makes Friday 20 a holiday, so 22.
// The grid counts days up to today only: the app's clock (Date, in this process) is set to mid-January 2027, so that
// November and December 2026 are whole months here; one test moves it back into November.
const LATER = new Date('2027-01-15T03:00:00Z');

let t: TestApp;
const dept = { a: 0, a1: 0, b: 0 };
const u = {} as Record<
  'emp' | 'joiner' | 'mgr' | 'head' | 'hr' | 'other' | 'locked' | 'lockedIdle' | 'nokey',
  { id: number; token: string }
>;
let seq = 0;

async function leave(
  userId: number,
  type: string,
  start: string,
  end: string,
  status = 'approved',
  halves: [string, string] = ['full', 'full'],
) {
  const db = t.database.db;
  const typeRow = await db.selectFrom('leave_types').select('id').where('code', '=', type).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  seq += 1;
  await db
    .insertInto('leaves')
    .values({
      code: `NPT${seq}`,
      user_id: userId,
      leave_type_id: typeRow.id,
      start_date: start,
      start_half: halves[0],
      end_date: end,
      end_half: halves[1],
      half_days: 2,
      status,
      version: 1,
      created_at: now,
      updated_at: now,
      created_by: userId,
    })
    .execute();
}

const grid = async (token: string | null, query = 'month=2026-11') =>
  t.call({ method: 'GET', url: `/api/timekeeping?${query}`, token });
const rowOf = (body: Timekeeping, id: number) => body.rows.find((r) => r.user.id === id) as TimekeepingRow;
const cell = (row: TimekeepingRow, day: number) => row.cells[day - 1];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: LATER });
  t = await createTestApp();
  // A holiday on Friday 20 November.
  const year = await t.call({ method: 'GET', url: '/api/settings/company/holidays?year=2026', token: t.adminToken });
  const h = year.json();
  const put = await t.call({
    method: 'PUT',
    url: '/api/settings/company/holidays',
    token: t.adminToken,
    payload: {
      year: 2026,
      version: h.version,
      days: [...h.days, { date: '2026-11-20', name: 'Ngày hội công ty', kind: 'holiday' }],
    },
  });
  expect(put.statusCode, put.body).toBe(200);

  u.head = await t.userWith(['leaves.index', 'leaves.departments']);
  dept.a = (await createDepartment(t, { code: 'TKA', name: 'Phòng Kỹ thuật', head_id: u.head.id })).id;
  dept.a1 = (await createDepartment(t, { code: 'TKA1', name: 'Tổ Hiện trường', parent_id: dept.a })).id;
  dept.b = (await createDepartment(t, { code: 'TKB', name: 'Phòng Kế toán' })).id;
  await t.database.db.updateTable('users').set({ department_id: dept.a }).where('id', '=', u.head.id).execute();
  u.emp = await t.userWith(['leaves.index'], { department_id: dept.a1, joined_at: '2020-01-06' });
  u.joiner = await t.userWith(['leaves.index'], { department_id: dept.a1, joined_at: '2026-11-16' });
  u.mgr = await t.userWith(['leaves.index', 'leaves.department'], { department_id: dept.a });
  u.hr = await t.userWith(['leaves.index', 'leaves.all'], { department_id: dept.b });
  u.other = await t.userWith(['leaves.index'], { department_id: dept.b });
  u.locked = await t.userWith(['leaves.index'], { department_id: dept.b });
  u.lockedIdle = await t.userWith(['leaves.index'], { department_id: dept.b });
  u.nokey = await t.userWith(['works.department'], { department_id: dept.a1 });

  // emp: annual Mon 2 to Tue 3 morning (1.5), sick on Saturday 7 (its morning), unpaid Tue 10 afternoon, annual Thu 19
  // to Fri 20 (the holiday stays L); pending, rejected and cancelled leaves do not show.
  await leave(u.emp.id, 'annual', '2026-11-02', '2026-11-03', 'approved', ['full', 'morning']);
  await leave(u.emp.id, 'sick', '2026-11-07', '2026-11-07');
  await leave(u.emp.id, 'unpaid', '2026-11-10', '2026-11-10', 'approved', ['afternoon', 'afternoon']);
  await leave(u.emp.id, 'annual', '2026-11-19', '2026-11-20');
  await leave(u.emp.id, 'annual', '2026-11-12', '2026-11-12', 'pending');
  await leave(u.emp.id, 'annual', '2026-11-13', '2026-11-13', 'rejected');
  await leave(u.emp.id, 'annual', '2026-11-16', '2026-11-16', 'cancelled');
  // other: a leave from October into November, and maternity leave running past the month's end.
  await leave(u.other.id, 'annual', '2026-10-28', '2026-11-02');
  await leave(u.other.id, 'maternity', '2026-11-25', '2027-03-31');
  // A locked user with a leave this month still has a row; one without any leave does not.
  await leave(u.locked.id, 'annual', '2026-11-05', '2026-11-05');
  await t.database.db.updateTable('users').set({ status: 'locked' }).where('id', 'in', [u.locked.id, u.lockedIdle.id]).execute();
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('GET /api/timekeeping', () => {
  it('answers 401 without a token, 403 without leaves.index, 422 on a bad month', async () => {
    expectError(await grid(null), 401, 'UNAUTHENTICATED');
    expectError(await grid(u.nokey.token), 403, 'FORBIDDEN');
    expectError(await grid(u.hr.token, 'month=2026-13'), 422, 'VALIDATION_FAILED', 'month');
    expectError(await grid(u.hr.token, 'month=11/2026'), 422, 'VALIDATION_FAILED', 'month');
    expectError(await grid(u.hr.token, ''), 422, 'VALIDATION_FAILED', 'month');
  });

  it('lists the days of the month with their kind and the holiday name', async () => {
    const res = await grid(u.hr.token);
    expect(res.statusCode, res.body).toBe(200);
    const body: Timekeeping = res.json();
    expect(body.month).toBe('2026-11');
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({ date: '2026-11-01', weekday: 7, kind: 'off' });
    expect(body.days[1]).toEqual({ date: '2026-11-02', weekday: 1, kind: 'work' });
    expect(body.days[6]).toEqual({ date: '2026-11-07', weekday: 6, kind: 'half' });
    expect(body.days[19]).toEqual({ date: '2026-11-20', weekday: 5, kind: 'holiday', holiday_name: 'Ngày hội công ty' });
    expect(body.leave_types.map((l) => l.symbol)).toEqual(expect.arrayContaining(['P', 'Ô', 'KL', 'TS']));
    expect(body.leave_types.find((l) => l.symbol === 'P')?.paid).toBe(true);
  });

  it('shows full and half days, Saturday mornings, holidays and blank rest days, with the totals', async () => {
    const body: Timekeeping = (await grid(u.hr.token)).json();
    const emp = rowOf(body, u.emp.id);
    expect(emp.cells).toHaveLength(30);
    expect(cell(emp, 1)).toBe(''); // Sunday
    expect(cell(emp, 2)).toBe('P');
    expect(cell(emp, 3)).toBe('P/X'); // annual leave in the morning, worked in the afternoon
    expect(cell(emp, 4)).toBe('X');
    expect(cell(emp, 7)).toBe('Ô/'); // a Saturday morning off sick
    expect(cell(emp, 8)).toBe(''); // Sunday
    expect(cell(emp, 10)).toBe('X/KL');
    expect(cell(emp, 14)).toBe('X/'); // a Saturday morning worked
    expect(cell(emp, 12)).toBe('X'); // pending
    expect(cell(emp, 13)).toBe('X'); // rejected
    expect(cell(emp, 16)).toBe('X'); // cancelled
    expect(cell(emp, 19)).toBe('P');
    expect(cell(emp, 20)).toBe('L'); // the holiday inside the leave
    expect(emp.user).toMatchObject({ department: { id: dept.a1, name: 'Tổ Hiện trường' } });
    expect(emp.totals).toEqual({
      working_days: 22,
      worked: 18.5,
      paid_leave: { P: 2.5 },
      unpaid_leave: { Ô: 0.5, KL: 0.5 },
      holidays: 1,
      payable: 22,
    });
    // The sum of every half is the month's working days (a holiday counts in payable days, not in working days).
    const leaveDays = (r: TimekeepingRow) =>
      Object.values(r.totals.paid_leave).reduce((s, v) => s + v, 0) +
      Object.values(r.totals.unpaid_leave).reduce((s, v) => s + v, 0);
    expect(emp.totals.worked + leaveDays(emp)).toBe(emp.totals.working_days);
  });

  it('counts only the days of the month of a leave across its edges, and blanks the days before joining', async () => {
    const body: Timekeeping = (await grid(u.hr.token)).json();
    const other = rowOf(body, u.other.id);
    expect(cell(other, 2)).toBe('P');
    expect(cell(other, 3)).toBe('X');
    expect(cell(other, 25)).toBe('TS');
    expect(cell(other, 28)).toBe('TS/');
    expect(cell(other, 30)).toBe('TS');
    expect(other.totals.paid_leave).toEqual({ P: 1 });
    expect(other.totals.unpaid_leave).toEqual({ TS: 4.5 });
    expect(other.totals.payable).toBe(other.totals.worked + 1 + 1);

    const joiner = rowOf(body, u.joiner.id);
    expect(joiner.cells.slice(0, 15).every((c) => c === '')).toBe(true);
    expect(cell(joiner, 16)).toBe('X');
    expect(cell(joiner, 20)).toBe('L');
    expect(joiner.totals).toMatchObject({ working_days: 22, worked: 11, holidays: 1, payable: 12 });
  });

  it('shows a locked user with a leave in the month, not one without', async () => {
    const body: Timekeeping = (await grid(u.hr.token)).json();
    expect(cell(rowOf(body, u.locked.id), 5)).toBe('P');
    expect(body.rows.some((r) => r.user.id === u.lockedIdle.id)).toBe(false);
  });

  it('orders rows by department name, then code, with employees of no department last on both databases', async () => {
    const body: Timekeeping = (await grid(u.hr.token)).json();
    const names = body.rows.map((r) => r.user.department?.name ?? null);
    const firstNone = names.indexOf(null);
    expect(firstNone).toBeGreaterThan(0);
    expect(names.slice(firstNone).every((n) => n === null)).toBe(true);
    const named = names.slice(0, firstNone) as string[];
    expect(named).toEqual([...named].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('keeps to the scope of leaves: own row, department and below, departments headed, everyone', async () => {
    const ids = async (token: string, query?: string) => {
      const res = await grid(token, query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Timekeeping).rows.map((r) => r.user.id).sort((a, b) => a - b);
    };
    const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(await ids(u.emp.token)).toEqual([u.emp.id]);
    expect(await ids(u.emp.token, `month=2026-11&department_id=${dept.a1}`)).toEqual([u.emp.id]);
    expect(await ids(u.mgr.token)).toEqual(sorted(u.head.id, u.emp.id, u.joiner.id, u.mgr.id, u.nokey.id));
    expect(await ids(u.mgr.token, `month=2026-11&department_id=${dept.a1}`)).toEqual(sorted(u.emp.id, u.joiner.id, u.nokey.id));
    expect(await ids(u.head.token)).toEqual(sorted(u.head.id, u.emp.id, u.joiner.id, u.mgr.id, u.nokey.id));
    expect(await ids(u.hr.token, `month=2026-11&department_id=${dept.b}`)).toEqual(sorted(u.hr.id, u.other.id, u.locked.id));
    const all = await ids(u.hr.token);
    expect(all).toEqual(expect.arrayContaining([u.emp.id, u.other.id, u.mgr.id, u.head.id]));
  });

  it('answers 404 for a department outside the scope or unknown', async () => {
    expectError(await grid(u.emp.token, `month=2026-11&department_id=${dept.b}`), 404, 'NOT_FOUND');
    expectError(await grid(u.emp.token, `month=2026-11&department_id=${dept.a}`), 404, 'NOT_FOUND');
    expectError(await grid(u.mgr.token, `month=2026-11&department_id=${dept.b}`), 404, 'NOT_FOUND');
    expectError(await grid(u.head.token, `month=2026-11&department_id=${dept.b}`), 404, 'NOT_FOUND');
    expectError(await grid(u.hr.token, 'month=2026-11&department_id=999999'), 404, 'NOT_FOUND');
  });

  it('matches the ledger: a leave applied and approved through the API, a holiday added after, a cancellation', async () => {
    const staff = await t.userWith(['leaves.index', 'leaves.create'], { department_id: dept.b, joined_at: '2020-01-06' });
    const annual = await t.database.db
      .selectFrom('leave_types')
      .select('id')
      .where('code', '=', 'annual')
      .executeTakeFirstOrThrow();
    // Thursday 3 December 2026 and the Friday morning: 1.5 days.
    const applied = await t.call({
      method: 'POST',
      url: '/api/leaves',
      token: staff.token,
      payload: {
        leave_type_id: annual.id,
        start_date: '2026-12-03',
        end_date: '2026-12-04',
        end_half: 'morning',
        reason: 'Việc riêng',
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const december = async () => rowOf((await grid(u.hr.token, 'month=2026-12')).json(), staff.id);
    const used = async () =>
      (await t.call({ method: 'GET', url: '/api/leaves/balance?year=2026', token: staff.token })).json().used as number;
    expect(cell(await december(), 3)).toBe('X'); // pending
    const approved = await t.call({
      method: 'POST',
      url: `/api/leaves/${applied.json().id}/approve`,
      token: t.adminToken,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    let row = await december();
    expect([cell(row, 3), cell(row, 4)]).toEqual(['P', 'P/X']);
    expect(row.totals.paid_leave.P).toBe(1.5);
    expect(await used()).toBe(1.5);

    // Friday 4 December becomes a holiday: the grid shows L, and the ledger's recount gives the half day back.
    const year = (await t.call({ method: 'GET', url: '/api/settings/company/holidays?year=2026', token: t.adminToken })).json();
    const put = await t.call({
      method: 'PUT',
      url: '/api/settings/company/holidays',
      token: t.adminToken,
      payload: {
        year: 2026,
        version: year.version,
        days: [...year.days, { date: '2026-12-04', name: 'Nghỉ bù', kind: 'compensatory_off' }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    row = await december();
    expect([cell(row, 3), cell(row, 4)]).toEqual(['P', 'L']);
    expect(row.totals.paid_leave.P).toBe(1);
    await expect.poll(used).toBe(1);

    // Cancelled by HR: worked days again, nothing used.
    const cancelled = await t.call({
      method: 'POST',
      url: `/api/leaves/${applied.json().id}/cancel`,
      token: t.adminToken,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    row = await december();
    expect(cell(row, 3)).toBe('X');
    expect(row.totals.paid_leave).toEqual({});
    expect(await used()).toBe(0);
  });

  it('exports the grid as cham-cong-2026-11.xlsx: header, symbols, shading, totals, A4 landscape', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/timekeeping?month=2026-11&department_id=${dept.a1}`,
      token: u.mgr.token,
      headers: { 'x-export': 'xlsx' },
    });
    await expectXlsx(res, 'cham-cong');
    expect(String(res.headers['content-disposition'])).toContain('filename="cham-cong-2026-11.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const company = (await t.call({ method: 'GET', url: '/api/settings/company', token: t.adminToken })).json();
    expect(ws.getCell(1, 1).value).toBe(company.name.toUpperCase());
    expect(ws.getCell(4, 1).value).toBe('BẢNG CHẤM CÔNG THÁNG 11/2026');
    expect(ws.getCell(5, 1).value).toBe('Phòng ban: Tổ Hiện trường · tính đến ngày 30/11/2026');
    expect(ws.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1 });
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: HEADER_ROW + 1 });
    // Day columns start after STT, code, name, department.
    const day = (d: number) => 4 + d;
    expect(ws.getCell(HEADER_ROW, day(2)).value).toBe(2);
    expect(ws.getCell(HEADER_ROW + 1, day(2)).value).toBe('T2');
    expect(ws.getCell(HEADER_ROW + 1, day(1)).value).toBe('CN');
    // The rows follow the page's order.
    const body: Timekeeping = (await grid(u.mgr.token, `month=2026-11&department_id=${dept.a1}`)).json();
    const index = body.rows.findIndex((x) => x.user.id === u.emp.id);
    const r = FIRST_DATA_ROW + index;
    expect(ws.getCell(r, 3).value).toBe(body.rows[index]?.user.name);
    expect(ws.getCell(r, day(2)).value).toBe('P');
    expect(ws.getCell(r, day(3)).value).toBe('P/X');
    expect(ws.getCell(r, day(7)).value).toBe('Ô/');
    expect(ws.getCell(r, day(20)).value).toBe('L');
    const argb = (c: ExcelJS.Cell) => (c.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    expect(argb(ws.getCell(r, day(1)))).toBe('FFE7E9EE'); // Sunday shaded
    expect(argb(ws.getCell(r, day(20)))).toBe('FFFDE2E1'); // holiday
    expect(argb(ws.getCell(r, day(2)))).toBe('FFD6EAF8'); // annual leave
    expect(argb(ws.getCell(r, day(7)))).toBe('FFFCE8D0'); // sick
    expect(argb(ws.getCell(r, day(4)))).toBeUndefined(); // a day worked
    // Totals: Công chuẩn, Ngày làm, paid symbols…, Lễ, unpaid symbols…, Công hưởng lương.
    const headers: string[] = [];
    const firstTotal = day(body.days.length + 1);
    for (let c = firstTotal; c <= ws.columnCount; c++) headers.push(String(ws.getCell(HEADER_ROW, c).value ?? ''));
    const col = (h: string) => firstTotal + headers.indexOf(h);
    expect(headers[0]).toBe('Công chuẩn');
    expect(ws.getCell(r, col('Công chuẩn')).value).toBe(22);
    expect(ws.getCell(r, col('Ngày làm (X)')).value).toBe(18.5);
    expect(ws.getCell(r, col('P')).value).toBe(2.5);
    expect(ws.getCell(r, col('Ô')).value).toBe(0.5);
    expect(ws.getCell(r, col('Lễ (L)')).value).toBe(1);
    expect(ws.getCell(r, col('Công hưởng lương')).value).toBe(22);
  });

  it('keeps the export to the scope too', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/timekeeping?month=2026-11&department_id=${dept.b}`,
      token: u.emp.token,
      headers: { 'x-export': 'xlsx' },
    });
    expectError(res, 404, 'NOT_FOUND');
    expectError(
      await t.call({ method: 'GET', url: '/api/timekeeping?month=2026-11', headers: { 'x-export': 'xlsx' } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('leaves the days after today blank and out of every total; the export says up to which day it counts', async () => {
    vi.setSystemTime(new Date('2026-11-27T10:00:00+07:00'));
    try {
      const body: Timekeeping = (await grid(u.hr.token)).json();
      expect(body.counted_through).toBe('2026-11-27');
      const row = rowOf(body, u.emp.id);
      // Thursday 26 and Friday 27 worked; Saturday 28 (a morning workday) and Monday 30 not yet.
      expect([cell(row, 26), cell(row, 27), cell(row, 28), cell(row, 29), cell(row, 30)]).toEqual(['X', 'X', '', '', '']);
      // Worked up to the 27th: 22 working days less the 2.5 of leave and the 1 holiday, less the 28th's half and the 30th.
      expect(row.totals).toMatchObject({ working_days: 22, worked: 17, holidays: 1, payable: 20.5 });
      // A maternity leave running past today is shown up to today only.
      const other = rowOf(body, u.other.id);
      expect([cell(other, 27), cell(other, 30)]).toEqual(['TS', '']);
      // A month still to come counts nothing.
      const december: Timekeeping = (await grid(u.hr.token, 'month=2026-12')).json();
      expect(december.counted_through).toBeNull();
      expect(rowOf(december, u.emp.id).cells.every((c) => c === '')).toBe(true);
      expect(rowOf(december, u.emp.id).totals).toMatchObject({ worked: 0, holidays: 0, payable: 0 });
      const res = await t.call({
        method: 'GET',
        url: `/api/timekeeping?month=2026-11&department_id=${dept.a1}`,
        token: u.mgr.token,
        headers: { 'x-export': 'xlsx' },
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect((wb.worksheets[0] as ExcelJS.Worksheet).getCell(5, 1).value).toBe(
        'Phòng ban: Tổ Hiện trường · tính đến ngày 27/11/2026',
      );
    } finally {
      vi.setSystemTime(LATER);
    }
  });
});
