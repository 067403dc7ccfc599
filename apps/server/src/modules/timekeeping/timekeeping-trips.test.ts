import type { Timekeeping, TimekeepingRow } from '@qlcv/common/schemas/timekeeping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProgramme } from '../../test/monitoring-fixtures';
import { attendanceRepository } from '../attendance/attendance.repository';

// Issue 24 part 4: a sampling trip's days are business-trip days (CT) of its leader and members in the timekeeping
// grid, as an approved trip leave would be; a cancelled trip is not; a day off stays off; a leave approved for a trip
// day wins. October 2026: Monday 12 and Tuesday 13 on a trip, Sunday 25 on another, 20–21 on a cancelled one.

describe('timekeeping: sampling trip days', () => {
  let t: TestApp;
  let leader: { id: number; token: string };
  let member: { id: number; token: string };
  let colleague: { id: number; token: string };
  let roundId: number;

  const post = async (url: string, payload: Record<string, unknown>, token = t.adminToken, status = 201) => {
    const res = await t.call({ method: 'POST', url, token, payload });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const trip = (start: string, end: string, members: number[]) =>
    post('/api/sampling-trips', {
      name: 'Lấy mẫu định kỳ',
      start_date: start,
      end_date: end,
      leader_id: leader.id,
      member_ids: members,
      round_ids: [roundId],
    });
  const month = async () => {
    const res = await t.call({ method: 'GET', url: '/api/timekeeping?month=2026-10', token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Timekeeping;
  };
  const rowOf = (g: Timekeeping, id: number) => g.rows.find((r) => r.user.id === id) as TimekeepingRow;
  const setRequired = async (required: boolean) => {
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
  };
  /** A check at a Vietnamese clock time on a day, as the phone writes it. */
  const punch = async (userId: number, date: string, kind: 'in' | 'out', clock: string) => {
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
  };

  beforeAll(async () => {
    t = await createTestApp();
    const dept = await post('/api/departments', { code: 'QT-CT', name: 'Đội lấy mẫu' });
    leader = await t.userWith(['sampling.index', 'leaves.index', 'leaves.create'], { department_id: dept.id });
    member = await t.userWith(['sampling.index', 'leaves.index', 'leaves.create'], { department_id: dept.id });
    colleague = await t.userWith(['sampling.index'], { department_id: dept.id });
    roundId = (await createProgramme(t, { start: '2026-10-01', end: '2026-12-31' })).rounds[0]!.id;
    await trip('2026-10-12', '2026-10-13', [member.id]);
    await trip('2026-10-25', '2026-10-25', []);
    const cancelled = await trip('2026-10-20', '2026-10-21', [member.id]);
    await post(`/api/sampling-trips/${cancelled.id}/cancel`, {}, t.adminToken, 200);
  });
  afterAll(() => t?.close());

  it("marks the team's trip days CT and counts them as business-trip days", async () => {
    const g = await month();
    for (const id of [leader.id, member.id]) {
      const row = rowOf(g, id);
      expect(row.cells[11], `12/10 of ${id}`).toBe('CT');
      expect(row.cells[12], `13/10 of ${id}`).toBe('CT');
      // Worked like the colleague who stayed (a trip day counts as worked), and two of them on a trip.
      expect(row.totals.worked).toBe(rowOf(g, colleague.id).totals.worked);
      expect(row.attendance_totals.business_trip).toBe(2);
    }
    const colleagueRow = rowOf(g, colleague.id);
    expect(colleagueRow.cells[11]).not.toBe('CT');
    // A cancelled trip counts for nobody; a Sunday on a trip stays the calendar's day off.
    expect(rowOf(g, member.id).cells[19]).toBe(colleagueRow.cells[19]);
    expect(rowOf(g, member.id).cells[20]).toBe(colleagueRow.cells[20]);
    expect(rowOf(g, leader.id).cells[24]).toBe(colleagueRow.cells[24]);
    expect(rowOf(g, leader.id).cells[24]).not.toBe('CT');
  });

  it('lets a leave approved for a trip day win', async () => {
    const types = (await t.call({ method: 'GET', url: '/api/leave-types?per_page=all', token: t.adminToken })).json().data as {
      id: number;
      code: string;
      symbol: string;
    }[];
    const annual = types.find((x) => x.code === 'annual')!;
    const applied = await post(
      '/api/leaves',
      { leave_type_id: annual.id, start_date: '2026-10-13', end_date: '2026-10-13', reason: 'Việc gia đình' },
      member.token,
    );
    await post(`/api/leaves/${applied.id}/approve`, {}, t.adminToken, 200);
    const g = await month();
    expect(rowOf(g, member.id).cells[12]).toBe(annual.symbol);
    expect(rowOf(g, member.id).cells[11]).toBe('CT');
    expect(rowOf(g, leader.id).cells[12]).toBe('CT');
  });

  it('gives the attendance page the same month: a trip day is no lateness and stays CT when attendance is required', async () => {
    await setRequired(true);
    // Both came in at 09:00 on Monday 12 October; only the colleague was due at the office.
    for (const id of [member.id, colleague.id]) await punch(id, '2026-10-12', 'in', '09:00');
    const days = async (id: number) => {
      const res = await t.call({ method: 'GET', url: `/api/attendance/days?month=2026-10&user_id=${id}`, token: t.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { date: string; late_minutes: number }[];
    };
    expect((await days(member.id)).find((d) => d.date === '2026-10-12')?.late_minutes).toBe(0);
    expect((await days(colleague.id)).find((d) => d.date === '2026-10-12')?.late_minutes).toBeGreaterThan(0);
    const g = await month();
    expect(rowOf(g, leader.id).cells[12]).toBe('CT');
    expect(rowOf(g, leader.id).attendance_totals.business_trip).toBe(2);
    await setRequired(false);
  });

  it('still counts the trip days CT once the company deleted its business-trip type', async () => {
    const types = (await t.call({ method: 'GET', url: '/api/leave-types?per_page=all', token: t.adminToken })).json().data as {
      id: number;
      code: string;
    }[];
    const trip = types.find((x) => x.code === 'business_trip')!;
    const res = await t.call({ method: 'DELETE', url: `/api/leave-types/${trip.id}`, token: t.adminToken });
    expect(res.statusCode, res.body).toBe(204);
    const g = await month();
    expect(rowOf(g, leader.id).cells[11]).toBe('CT');
    expect(rowOf(g, leader.id).attendance_totals.business_trip).toBe(2);
    expect(rowOf(g, leader.id).totals.worked).toBe(rowOf(g, colleague.id).totals.worked);
    expect(g.leave_types.find((x) => x.symbol === 'CT')).toMatchObject({ paid: true, counts_as_worked: true });
  });
});
