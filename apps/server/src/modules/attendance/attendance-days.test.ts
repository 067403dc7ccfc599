import type { AttendanceDay } from '@qlcv/common/schemas/attendance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProgramme } from '../../test/monitoring-fixtures';
import { attendanceRepository } from './attendance.repository';

// Issue 23 (a defect): the attendance page's month (GET /api/attendance/days) carries the timekeeping grid's symbol of
// each day, so a day on approved leave or on a trip, without a check-in, reads as the leave or the trip and asks for
// no giải trình. October 2026 is over, so every day is judged. Mon 5 annual leave; Tue 6 the morning worked, annual
// leave after noon; Wed 7 on a sampling trip; Thu 8 nothing at all; Fri 9 a full day.

let t: TestApp;
let emp: { id: number; token: string };

/** A punch at a Vietnamese clock time on a day, as the phone writes it. */
async function punch(date: string, kind: 'in' | 'out', clock: string) {
  const at = new Date(`${date}T${clock}:00+07:00`).toISOString();
  await attendanceRepository.insertCheck(t.database.db, {
    user_id: emp.id,
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

async function post(url: string, payload: Record<string, unknown>, token = t.adminToken, status = 201) {
  const res = await t.call({ method: 'POST', url, token, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
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

/** The person's own October, by date. */
async function october(): Promise<Map<string, AttendanceDay>> {
  const res = await t.call({ method: 'GET', url: '/api/attendance/days?month=2026-10', token: emp.token });
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json() as AttendanceDay[]).map((d) => [d.date, d]));
}

beforeAll(async () => {
  t = await createTestApp();
  const dept = await createDepartment(t, { code: 'CCNP', name: 'Phòng Quan trắc hiện trường' });
  emp = await t.userWith(['attendance.index', 'leaves.index', 'leaves.create', 'sampling.index'], {
    department_id: dept.id,
    joined_at: '2020-01-06',
  });
  const annual = (
    await t.database.db.selectFrom('leave_types').select('id').where('code', '=', 'annual').executeTakeFirstOrThrow()
  ).id;
  const leave = async (start: string, end: string, halves: Record<string, string> = {}) => {
    const applied = await post(
      '/api/leaves',
      { leave_type_id: annual, start_date: start, end_date: end, reason: 'Việc gia đình', ...halves },
      emp.token,
    );
    await post(`/api/leaves/${applied.id}/approve`, {}, t.adminToken, 200);
  };
  await leave('2026-10-05', '2026-10-05');
  await leave('2026-10-06', '2026-10-06', { start_half: 'afternoon', end_half: 'afternoon' });
  const roundId = (await createProgramme(t, { start: '2026-10-01', end: '2026-12-31' })).rounds[0]!.id;
  await post('/api/sampling-trips', {
    name: 'Lấy mẫu nước thải định kỳ',
    start_date: '2026-10-07',
    end_date: '2026-10-07',
    leader_id: emp.id,
    member_ids: [],
    round_ids: [roundId],
  });
  await punch('2026-10-06', 'in', '07:58');
  await punch('2026-10-06', 'out', '12:01');
  await punch('2026-10-09', 'in', '07:55');
  await punch('2026-10-09', 'out', '17:35');
});
afterAll(() => t?.close());

describe('GET /api/attendance/days: the grid symbol of each day', () => {
  it('attendance required: leave, half-day leave, trip read as such; only the empty day asks for a giải trình', async () => {
    await setRequired(true);
    const days = await october();
    expect(days.get('2026-10-05')).toMatchObject({
      symbol: 'P',
      leaves: [{ symbol: 'P', name: 'Nghỉ phép năm', counts_as_worked: false }],
      first_in: null,
      missing: false,
      needs_correction: false,
    });
    // The morning worked and the afternoon on leave: nothing missing, no lateness, no early leave.
    expect(days.get('2026-10-06')).toMatchObject({
      symbol: 'X/P',
      leaves: [{ symbol: 'P', name: 'Nghỉ phép năm' }],
      first_in: '07:58',
      last_out: '12:01',
      late_minutes: 0,
      early_minutes: 0,
      forgot_out: false,
      missing: false,
      needs_correction: false,
    });
    expect(days.get('2026-10-07')).toMatchObject({
      symbol: 'CT',
      leaves: [{ symbol: 'CT', name: 'Công tác', counts_as_worked: true }],
      first_in: null,
      missing: false,
      needs_correction: false,
    });
    expect(days.get('2026-10-08')).toMatchObject({ symbol: '–', leaves: [], missing: true, needs_correction: true });
    expect(days.get('2026-10-09')).toMatchObject({ symbol: 'X', leaves: [], missing: false, needs_correction: false });
    // A Sunday is no working day: blank, nothing asked.
    expect(days.get('2026-10-04')).toMatchObject({ symbol: '', leaves: [], missing: false, needs_correction: false });
    const asking = ['2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07', '2026-10-08', '2026-10-09'].filter(
      (d) => days.get(d)?.needs_correction,
    );
    expect(asking).toEqual(['2026-10-08']);
  });

  it('gives the same symbols as the timekeeping grid', async () => {
    const res = await t.call({ method: 'GET', url: '/api/timekeeping?month=2026-10', token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json() as { rows: { user: { id: number }; cells: string[] }[] }).rows.find((r) => r.user.id === emp.id);
    const days = await october();
    expect([...days.values()].map((d) => d.symbol)).toEqual(row?.cells);
  });

  it('a pending giải trình stops asking; attendance not required: the empty day still asks, leave and trip do not', async () => {
    await post('/api/attendance/corrections', { date: '2026-10-08', check_in: '08:00', reason: 'Quên chấm công' }, emp.token);
    expect((await october()).get('2026-10-08')).toMatchObject({
      missing: true,
      correction_status: 'pending',
      needs_correction: false,
    });

    await setRequired(false);
    const days = await october();
    expect(days.get('2026-10-05')).toMatchObject({ symbol: 'P', missing: false, needs_correction: false });
    expect(days.get('2026-10-06')).toMatchObject({ symbol: 'X/P', missing: false, needs_correction: false });
    expect(days.get('2026-10-07')).toMatchObject({ symbol: 'CT', missing: false, needs_correction: false });
    // Worked by the old rule, but no punch: the page still says so and offers a giải trình.
    expect(days.get('2026-10-12')).toMatchObject({ symbol: 'X', first_in: null, missing: true, needs_correction: true });
  });
});
