import type { Timekeeping, TimekeepingRow } from '@qlcv/common/schemas/timekeeping';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDepartment, expectError } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { attendanceRepository } from '../attendance/attendance.repository';
import { decideDay } from './timekeeping-day';
import { FIRST_DATA_ROW, HEADER_ROW } from './timekeeping-xlsx';

// Issue 23: the grid from attendance. Today is Friday 27 November 2026, 10:00 in Vietnam; the company requires
// attendance, 08:00–12:00 and 13:30–17:30, 5 minutes' grace, Monday to Saturday morning.
const TODAY = new Date('2026-11-27T10:00:00+07:00');
const SHIFT = { morningStart: '08:00', morningEnd: '12:00', afternoonStart: '13:30', afternoonEnd: '17:30' };

let t: TestApp;
let emp: { id: number; token: string };
let hr: { id: number; token: string };
let checker: { id: number; token: string };
let deptB = 0;
const typeId: Record<string, number> = {};

/** A punch at a Vietnamese clock time on a day, as the phone or the time clock writes it. */
async function punch(userId: number, date: string, kind: 'in' | 'out', clock: string) {
  const at = new Date(`${date}T${clock}:00+07:00`).toISOString();
  await attendanceRepository.insertCheck(t.database.db, {
    user_id: userId,
    kind,
    method: 'gps',
    at,
    date,
    site_id: null,
    latitude_e6: null,
    longitude_e6: null,
    accuracy_m: null,
    distance_m: null,
    ip: null,
    device_time: null,
    photo_key: null,
    photo_mime: null,
    import_id: null,
    import_key: null,
    created_at: at,
  });
}

/** A leave applied by the employee and approved by the administrator, through the API. */
async function leave(code: string, start: string, end: string, halves: { start_half?: string; end_half?: string } = {}) {
  const applied = await t.call({
    method: 'POST',
    url: '/api/leaves',
    token: emp.token,
    payload: { leave_type_id: typeId[code], start_date: start, end_date: end, reason: 'Theo kế hoạch', ...halves },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const approved = await t.call({
    method: 'POST',
    url: `/api/leaves/${applied.json().id}/approve`,
    token: t.adminToken,
    payload: {},
  });
  expect(approved.statusCode, approved.body).toBe(200);
}

async function setRequired(required: boolean) {
  const current = (await t.call({ method: 'GET', url: '/api/attendance/settings', token: t.adminToken })).json();
  const res = await t.call({
    method: 'PUT',
    url: '/api/attendance/settings',
    token: t.adminToken,
    payload: {
      required,
      accuracy_limit_m: current.accuracy_limit_m,
      grace_minutes: 5,
      office_ip_ranges: [],
      shift: { morning_start: '08:00', morning_end: '12:00', afternoon_start: '13:30', afternoon_end: '17:30' },
      department_shifts: [],
      version: current.version,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const grid = async (token: string | null, query = 'month=2026-11') =>
  t.call({ method: 'GET', url: `/api/timekeeping?${query}`, token });
const rowOf = (body: Timekeeping, id: number) => body.rows.find((r) => r.user.id === id) as TimekeepingRow;
const cell = (row: TimekeepingRow, day: number) => row.cells[day - 1];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
  t = await createTestApp();
  for (const code of ['annual', 'unpaid', 'business_trip']) {
    typeId[code] = (
      await t.database.db.selectFrom('leave_types').select('id').where('code', '=', code).executeTakeFirstOrThrow()
    ).id;
  }
  const dept = await createDepartment(t, { code: 'TKCC', name: 'Phòng Quan trắc' });
  deptB = (await createDepartment(t, { code: 'TKCB', name: 'Phòng Hành chính' })).id;
  emp = await t.userWith(['leaves.index', 'leaves.create'], { department_id: dept.id, joined_at: '2020-01-06' });
  hr = await t.userWith(['leaves.index', 'leaves.all']);
  checker = await t.userWith(['attendance.index'], { department_id: dept.id, joined_at: '2020-01-06' });
  await setRequired(true);

  // Mon 2 on time; Tue 3 late 12 minutes; Wed 4 the morning, annual leave in the afternoon; Sat 7 its morning;
  // Sun 8 a check-in on a rest day; Wed 11 no check-out; Thu 12 left at 16:30; the rest of the days nothing.
  await punch(emp.id, '2026-11-02', 'in', '07:55');
  await punch(emp.id, '2026-11-02', 'out', '17:35');
  await punch(emp.id, '2026-11-03', 'in', '08:12');
  await punch(emp.id, '2026-11-03', 'out', '17:31');
  await punch(emp.id, '2026-11-04', 'in', '07:58');
  await punch(emp.id, '2026-11-04', 'out', '12:01');
  await punch(emp.id, '2026-11-07', 'in', '07:59');
  await punch(emp.id, '2026-11-07', 'out', '12:00');
  await punch(emp.id, '2026-11-08', 'in', '09:00');
  await punch(emp.id, '2026-11-08', 'out', '11:00');
  await punch(emp.id, '2026-11-11', 'in', '08:00');
  await punch(emp.id, '2026-11-12', 'in', '08:00');
  await punch(emp.id, '2026-11-12', 'out', '16:30');
  // Thu 5 annual leave, Fri 6 unpaid, Mon 9 to Tue 10 a business trip (CT), all through the leave flow.
  await leave('annual', '2026-11-04', '2026-11-05', { start_half: 'afternoon' });
  await leave('unpaid', '2026-11-06', '2026-11-06');
  await leave('business_trip', '2026-11-09', '2026-11-10');
  // The attendance-only employee checked in today.
  await punch(checker.id, '2026-11-27', 'in', '08:02');
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('GET /api/timekeeping with attendance required', () => {
  it('shows X, X/P, P, KL, CT, –, late marks and blanks after today', async () => {
    const body: Timekeeping = (await grid(hr.token)).json();
    expect(body.attendance_required).toBe(true);
    const row = rowOf(body, emp.id);
    const days = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [i + 1, cell(row, i + 1)]));
    expect(days).toMatchObject({
      2: 'X',
      3: 'X', // late
      4: 'X/P',
      5: 'P',
      6: 'KL',
      7: 'X/',
      8: '', // a rest day, even with a check-in
      9: 'CT',
      10: 'CT',
      11: 'X', // forgot to check out
      12: 'X', // left early
      13: '–',
      14: '–/', // a Saturday morning without a check-in
      27: '', // today, no check-in yet
      28: '',
      30: '',
    });
    expect(row.marks).toEqual([
      { date: '2026-11-03', late_minutes: 12, early_minutes: 0, forgot_out: false, forgot_in: false },
      { date: '2026-11-11', late_minutes: 0, early_minutes: 0, forgot_out: true, forgot_in: false },
      { date: '2026-11-12', late_minutes: 0, early_minutes: 60, forgot_out: false, forgot_in: false },
    ]);
    // Worked: 2, 3, 4 (½), 7 (½), 9, 10 (trip), 11, 12 = 7; absent: 13, 14 (½), 16–20, 21 (½), 23–26 = 11.
    expect(row.totals).toEqual({
      working_days: 23,
      worked: 7,
      paid_leave: { P: 1.5 },
      unpaid_leave: { KL: 1 },
      holidays: 0,
      payable: 8.5,
    });
    expect(row.attendance_totals).toEqual({
      business_trip: 2,
      absent: 11,
      late_count: 1,
      late_minutes: 12,
      early_count: 1,
      early_minutes: 60,
      forgot_out: 1,
    });
    expect(body.leave_types.find((l) => l.symbol === 'CT')).toEqual({
      symbol: 'CT',
      name: 'Công tác',
      paid: true,
      counts_as_worked: true,
    });
  });

  it('equals the day function, day by day', async () => {
    const body: Timekeeping = (await grid(hr.token)).json();
    const row = rowOf(body, emp.id);
    const facts = (
      await t.call({ method: 'GET', url: `/api/attendance/days?month=2026-11&user_id=${emp.id}`, token: t.adminToken })
    ).json() as { date: string; first_in: string | null; last_out: string | null }[];
    const factOf = new Map(facts.map((f) => [f.date, { firstIn: f.first_in, lastOut: f.last_out }]));
    const P = { symbol: 'P', paid: true, countsAsWorked: false };
    const leaveOf: Record<string, [typeof P | undefined, typeof P | undefined]> = {
      '2026-11-04': [undefined, P],
      '2026-11-05': [P, P],
      '2026-11-06': [
        { symbol: 'KL', paid: false, countsAsWorked: false },
        { symbol: 'KL', paid: false, countsAsWorked: false },
      ],
      '2026-11-09': [
        { symbol: 'CT', paid: true, countsAsWorked: true },
        { symbol: 'CT', paid: true, countsAsWorked: true },
      ],
      '2026-11-10': [
        { symbol: 'CT', paid: true, countsAsWorked: true },
        { symbol: 'CT', paid: true, countsAsWorked: true },
      ],
    };
    body.days.forEach((day, i) => {
      const out = decideDay({
        date: day.date,
        kind: day.kind,
        today: '2026-11-27',
        joined: '2020-01-06',
        leave: leaveOf[day.date] ?? [undefined, undefined],
        fact: factOf.get(day.date) ?? null,
        required: true,
        graceMinutes: 5,
        shift: SHIFT,
      });
      expect(row.cells[i], day.date).toBe(out.cell);
    });
  });

  it("gives the attendance page's days the grid's marks: none on a Sunday's punches, none on a half of leave", async () => {
    const row = rowOf((await grid(hr.token)).json(), emp.id);
    const res = await t.call({ method: 'GET', url: `/api/attendance/days?month=2026-11&user_id=${emp.id}`, token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json() as { date: string; late_minutes: number; early_minutes: number; forgot_out: boolean }[];
    const marked = days
      .filter((d) => d.late_minutes > 0 || d.early_minutes > 0 || d.forgot_out)
      .map(({ date, late_minutes, early_minutes, forgot_out }) => ({ date, late_minutes, early_minutes, forgot_out }));
    expect(marked).toEqual(row.marks.map(({ forgot_in: _in, ...m }) => m));
    // Sunday the 8th: checked in 09:00–11:00, a rest day, so no lateness (the punches are still listed).
    expect(days.find((d) => d.date === '2026-11-08')).toMatchObject({ first_in: '09:00', late_minutes: 0, early_minutes: 0 });
  });

  it('keeps the old rule when attendance is not required: X without leave, no marks, no absence', async () => {
    await setRequired(false);
    try {
      const body: Timekeeping = (await grid(hr.token)).json();
      expect(body.attendance_required).toBe(false);
      const row = rowOf(body, emp.id);
      expect([cell(row, 3), cell(row, 9), cell(row, 13), cell(row, 14), cell(row, 27), cell(row, 28)]).toEqual([
        'X',
        'CT',
        'X',
        'X/',
        'X',
        '',
      ]);
      expect(row.marks).toEqual([]);
      expect(row.attendance_totals).toMatchObject({ absent: 0, late_count: 0, business_trip: 2 });
    } finally {
      await setRequired(true);
    }
  });

  it('shows an employee with only attendance.index their own row, today checked in', async () => {
    const body: Timekeeping = (await grid(checker.token)).json();
    expect(body.rows.map((r) => r.user.id)).toEqual([checker.id]);
    expect(cell(body.rows[0] as TimekeepingRow, 27)).toBe('X');
    expect(cell(body.rows[0] as TimekeepingRow, 26)).toBe('–');
  });

  it('answers 401 without a token, 403 without leaves.index or attendance.index, 404 outside the scope', async () => {
    expectError(await grid(null), 401, 'UNAUTHENTICATED');
    const nokey = await t.userWith(['works.department']);
    expectError(await grid(nokey.token), 403, 'FORBIDDEN');
    expectError(await grid(checker.token, `month=2026-11&department_id=${deptB}`), 404, 'NOT_FOUND');
  });

  it('writes the marks into the .xlsx: the symbol, the note, the attendance columns', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/timekeeping?month=2026-11',
      token: hr.token,
      headers: { 'x-export': 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const body: Timekeeping = (await grid(hr.token)).json();
    const r = FIRST_DATA_ROW + body.rows.findIndex((x) => x.user.id === emp.id);
    const day = (d: number) => 4 + d;
    expect(ws.getCell(r, day(3)).value).toBe('X');
    expect(ws.getCell(r, day(3)).note).toBe('Đi muộn 12 phút');
    expect(ws.getCell(r, day(11)).note).toBe('Quên chấm ra');
    expect(ws.getCell(r, day(9)).value).toBe('CT');
    expect(ws.getCell(r, day(13)).value).toBe('–');
    const headers: string[] = [];
    const firstTotal = day(body.days.length + 1);
    for (let c = firstTotal; c <= ws.columnCount; c++) headers.push(String(ws.getCell(HEADER_ROW, c).value ?? ''));
    const col = (h: string) => firstTotal + headers.indexOf(h);
    expect(headers).not.toContain('CT');
    expect(ws.getCell(r, col('Công tác (CT)')).value).toBe(2);
    expect(ws.getCell(r, col('Vắng (–)')).value).toBe(11);
    expect(ws.getCell(r, col('Đi muộn (phút)')).value).toBe(12);
    expect(ws.getCell(r, col('Công hưởng lương')).value).toBe(8.5);
  });
});
