import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';

describe('demo attendance', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
  }, 120_000);
  afterAll(() => t.close());

  it('sites, required rules, a month of punches, forgotten check-outs (one corrected), an imported batch', async () => {
    const sites = await t.call({ method: 'GET', url: '/api/attendance/sites', token: t.adminToken });
    expect(
      sites
        .json()
        .data.map((s: { code: string }) => s.code)
        .sort(),
    ).toEqual(['QT-NOMURA', 'QT-THANGLONG', 'VP-HN']);
    const settings = (await t.call({ method: 'GET', url: '/api/attendance/settings', token: t.adminToken })).json();
    expect(settings).toMatchObject({ required: true, shift: { morning_start: '08:00', afternoon_end: '17:30' } });
    const db = t.database.db;
    const checks = await db.selectFrom('attendance_checks').select(['method', 'user_id']).execute();
    expect(checks.length).toBeGreaterThan(500);
    expect(checks.filter((c) => c.method === 'import').length).toBeGreaterThan(0);
    const corrections = await db.selectFrom('attendance_corrections').select(['status']).execute();
    expect(corrections.map((c) => c.status)).toEqual(['approved']);
    const month = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);
    const list = await t.call({ method: 'GET', url: `/api/attendance?month=${month}`, token: t.adminToken });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBeGreaterThan(0);
  });

  it('a business trip last week: approved through the leave flow, CT in the timekeeping grid', async () => {
    const db = t.database.db;
    const trip = await db
      .selectFrom('leaves as l')
      .innerJoin('leave_types as lt', 'lt.id', 'l.leave_type_id')
      .select(['l.user_id', 'l.start_date', 'l.end_date', 'l.status'])
      .where('lt.code', '=', 'business_trip')
      .executeTakeFirstOrThrow();
    expect(trip.status).toBe('approved');
    const month = trip.start_date.slice(0, 7);
    const grid = await t.call({ method: 'GET', url: `/api/timekeeping?month=${month}&per_page=100`, token: t.adminToken });
    expect(grid.statusCode, grid.body).toBe(200);
    const row = grid.json().rows.find((r: { user: { id: number } }) => r.user.id === trip.user_id) as { cells: string[] };
    expect(row.cells[Number(trip.start_date.slice(8)) - 1]).toBe('CT');
    // Nobody checks in at the office on a trip day.
    const punches = await db
      .selectFrom('attendance_checks')
      .select('id')
      .where('user_id', '=', trip.user_id)
      .where('date', '>=', trip.start_date)
      .where('date', '<=', trip.end_date)
      .execute();
    expect(punches).toEqual([]);
  });
});
