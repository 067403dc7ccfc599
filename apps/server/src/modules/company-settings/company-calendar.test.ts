import type { SpanOptions } from '@qlcv/common/work-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { CompanyCalendarService } from './company-calendar.service';

// The company calendar as the other modules use it, on the real database: the saved working week and holidays,
// the proposal for a year never saved, and the cache following every change (also made by another instance).

describe('company calendar', () => {
  let t: TestApp;
  let calendar: CompanyCalendarService;

  const settings = async () => (await t.call({ method: 'GET', url: '/api/settings/company', token: t.adminToken })).json();
  const setWeek = async (working_days: number[], saturday_half: boolean) => {
    const s = await settings();
    const res = await t.call({
      method: 'PUT',
      url: '/api/settings/company',
      token: t.adminToken,
      payload: { ...s, working_days, saturday_half },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const saveYear = async (year: number, days: { date: string; name: string; kind: string }[]) => {
    const current = (
      await t.call({ method: 'GET', url: `/api/settings/company/holidays?year=${year}`, token: t.adminToken })
    ).json();
    const res = await t.call({
      method: 'PUT',
      url: '/api/settings/company/holidays',
      token: t.adminToken,
      payload: { year, version: current.version, days },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    calendar = new CompanyCalendarService(t.database.db);
    // 2026 as the proposal gives it, plus a swapped day: Friday 02/01 off, Saturday 10/01 worked in full.
    const proposal = (
      await t.call({ method: 'GET', url: '/api/settings/company/holidays/proposal?year=2026', token: t.adminToken })
    ).json();
    await saveYear(2026, [
      ...proposal.days,
      { date: '2026-01-02', name: 'Nghỉ bù Tết Dương lịch', kind: 'compensatory_off' },
      { date: '2026-01-10', name: 'Làm bù ngày 02/01', kind: 'compensatory_work' },
    ]);
  });
  afterAll(() => t?.close());

  it.each([
    ['2026-10-05', 'work'], // Monday
    ['2026-10-10', 'half'], // Saturday, morning only
    ['2026-10-11', 'off'], // Sunday
    ['2026-02-17', 'holiday'], // mùng 1 Tết
    ['2026-04-27', 'holiday'], // nghỉ bù Giỗ Tổ
    ['2026-01-02', 'holiday'], // nghỉ bù (swapped)
    ['2026-01-10', 'work'], // làm bù Saturday: a full day
    ['2030-02-02', 'holiday'], // Tết 2030, a year never saved: the proposal
    ['2030-01-01', 'holiday'],
  ] as const)('dayKind(%s) is %s', async (date, kind) => {
    expect(await calendar.dayKind(date)).toBe(kind);
  });

  const spans: [string, string, string, SpanOptions, number][] = [
    ['a week with a half Saturday', '2026-10-05', '2026-10-11', {}, 5.5],
    ['October 2026 (22 weekdays, 5 half Saturdays)', '2026-10-01', '2026-10-31', {}, 24.5],
    ['February 2026 over Tết', '2026-02-01', '2026-02-28', {}, 17],
    ['9–27/02/2026 over Tết', '2026-02-09', '2026-02-27', {}, 11],
    ['the week of the làm bù Saturday (10/01), worked in full', '2026-01-05', '2026-01-11', {}, 6],
    ['the first week of 2026: 01/01 and 02/01 off, Saturday 03/01 half', '2026-01-01', '2026-01-04', {}, 0.5],
    ['Friday afternoon to Monday morning', '2026-10-09', '2026-10-12', { startHalf: 'afternoon', endHalf: 'morning' }, 1.5],
    ['a morning', '2026-10-05', '2026-10-05', { endHalf: 'morning' }, 0.5],
    ['the afternoon of a half Saturday', '2026-10-10', '2026-10-10', { startHalf: 'afternoon' }, 0],
    ['over the new year into 2027 (never saved: the proposal)', '2026-12-28', '2027-01-03', {}, 4.5],
  ];
  it.each(spans)('workingDays: %s', async (_label, from, to, options, expected) => {
    expect(await calendar.workingDays(from, to, options)).toBe(expected);
  });

  it('monthDays gives each day of the month with its kind, worth and holiday entry', async () => {
    const days = await calendar.monthDays(2026, 2);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ date: '2026-02-01', weekday: 7, kind: 'off', units: 0, holiday: null });
    expect(days[6]).toEqual({ date: '2026-02-07', weekday: 6, kind: 'half', units: 0.5, holiday: null });
    expect(days[16]).toEqual({
      date: '2026-02-17',
      weekday: 2,
      kind: 'holiday',
      units: 0,
      holiday: { name: 'Tết Nguyên đán (mùng 1 tháng Giêng)', kind: 'holiday' },
    });
    expect(days.reduce((sum, d) => sum + d.units, 0)).toBe(17);
    const january = await calendar.monthDays(2026, 1);
    expect(january[9]).toMatchObject({ date: '2026-01-10', kind: 'work', units: 1, holiday: { kind: 'compensatory_work' } });
  });

  it('follows a change of the working week and of the holidays, made through this app or another instance', async () => {
    // The app's own calendar is told (invalidate); this one, like another instance's, sees the data version move.
    expect(await calendar.workingDays('2026-10-05', '2026-10-11')).toBe(5.5);
    await setWeek([1, 2, 3, 4, 5], false);
    expect(await calendar.workingDays('2026-10-05', '2026-10-11')).toBe(5);
    expect(await calendar.dayKind('2026-10-10')).toBe('off');
    await setWeek([1, 2, 3, 4, 5, 6], false);
    expect(await calendar.workingDays('2026-10-05', '2026-10-11')).toBe(6);
    await setWeek([1, 2, 3, 4, 5, 6], true);

    expect(await calendar.dayKind('2026-10-05')).toBe('work');
    await saveYear(2026, [{ date: '2026-10-05', name: 'Nghỉ kỷ niệm thành lập công ty', kind: 'holiday' }]);
    expect(await calendar.dayKind('2026-10-05')).toBe('holiday');
    expect(await calendar.dayKind('2026-02-17')).toBe('work'); // Tết is no longer in the saved list
    expect(await calendar.workingDays('2026-10-05', '2026-10-11')).toBe(4.5);
  });

  it('answers the same from its cache as from a fresh instance', async () => {
    const fresh = new CompanyCalendarService(t.database.db);
    for (const month of [1, 2, 4, 10]) expect(await calendar.monthDays(2026, month)).toEqual(await fresh.monthDays(2026, month));
  });

  it('throws a RangeError for an invalid date, month or endless span', async () => {
    await expect(calendar.dayKind('2026-02-30')).rejects.toThrow(RangeError);
    await expect(calendar.dayKind('30/01/2026')).rejects.toThrow(RangeError);
    await expect(calendar.monthDays(2026, 13)).rejects.toThrow(RangeError);
    await expect(calendar.workingDays('2000-01-01', '2030-01-01')).rejects.toThrow(RangeError);
  });
});
