import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyCalendarService } from '../modules/company-settings/company-calendar.service';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';
import { DEMO_COMPANY } from './demo-company';

describe('demo company settings and calendar', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
  });
  afterAll(() => t?.close());

  it('fills the company settings', async () => {
    const res = await t.call({ method: 'GET', url: '/api/settings/company', token: t.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...DEMO_COMPANY, working_days: [1, 2, 3, 4, 5, 6], saturday_half: true, version: 2 });
  });

  it('saves the holidays of 2026 (with nghỉ bù for Giỗ Tổ on Sunday 26/04) and 2027', async () => {
    const y2026 = (await t.call({ method: 'GET', url: '/api/settings/company/holidays?year=2026', token: t.adminToken })).json();
    expect(y2026).toMatchObject({ saved: true, version: 1 });
    expect(y2026.days).toContainEqual({
      date: '2026-04-27',
      name: 'Nghỉ bù Giỗ Tổ Hùng Vương (10/3 âm lịch)',
      kind: 'compensatory_off',
    });
    const y2027 = (await t.call({ method: 'GET', url: '/api/settings/company/holidays?year=2027', token: t.adminToken })).json();
    expect(y2027.saved).toBe(true);
    expect(y2027.days.map((d: { date: string }) => d.date)).toContain('2027-02-06');
  });

  it('counts with them: 24,5 working days in October 2026, 17 in February 2026', async () => {
    const calendar = new CompanyCalendarService(t.database.db);
    expect(await calendar.workingDays('2026-10-01', '2026-10-31')).toBe(24.5);
    expect(await calendar.workingDays('2026-02-01', '2026-02-28')).toBe(17);
  });
});
