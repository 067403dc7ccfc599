import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatMonth,
  formatTime,
  formatWeekdayDate,
  hourOf,
  toDate,
} from './date';

describe('date formatting (DD/MM/YYYY, MM/YYYY, HH:mm[:ss])', () => {
  const instant = '2026-11-05T07:30:09Z'; // 14:30:09 in Vietnam (UTC+7)

  it('formats a date as DD/MM/YYYY in Vietnam time', () => {
    expect(formatDate(instant)).toBe('05/11/2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('02/01/2026');
  });

  it('shows a calendar date (YYYY-MM-DD) as written, without a zone shift', () => {
    expect(formatDate('2026-02-01')).toBe('01/02/2026');
    expect(formatDate('2026-02-01', { timeZone: 'America/Los_Angeles' })).toBe('01/02/2026');
  });

  it('moves to the next day when the UTC evening is already morning in Vietnam', () => {
    expect(formatDate('2026-12-31T18:00:00Z')).toBe('01/01/2027');
    expect(formatDate('2026-12-31T18:00:00Z', { timeZone: 'UTC' })).toBe('31/12/2026');
  });

  it('formats a month as MM/YYYY', () => {
    expect(formatMonth(instant)).toBe('11/2026');
    expect(formatMonth('2025-07-15')).toBe('07/2025');
  });

  it('formats date-time with 24-hour HH:mm and with seconds', () => {
    expect(formatDateTime(instant)).toBe('05/11/2026 14:30');
    expect(formatDateTimeSeconds(instant)).toBe('05/11/2026 14:30:09');
    expect(formatDateTime('2026-11-04T17:05:00Z')).toBe('05/11/2026 00:05');
  });

  it('accepts numbers and objects with toDate (dayjs)', () => {
    const ms = Date.UTC(2026, 5, 15, 1, 2, 3);
    expect(formatDateTimeSeconds(ms)).toBe('15/06/2026 08:02:03');
    expect(formatDate({ toDate: () => new Date(ms) })).toBe('15/06/2026');
  });

  it('returns an empty string for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(toDate('nope')).toBeNull();
  });
});

describe('time of day and weekday in Vietnam time', () => {
  // 21:00 on Thursday in New York is 09:00 on Friday in Vietnam.
  const instant = '2026-11-27T02:00:00Z';
  it('gives the hour, the time and the weekday of the instant in Vietnam, whatever the machine zone', () => {
    expect(hourOf(instant)).toBe(9);
    expect(formatTime(instant)).toBe('09:00');
    expect(formatWeekdayDate(instant)).toBe('Thứ sáu, 27/11/2026');
    expect(formatWeekdayDate('2026-11-29T17:30:00Z')).toBe('Thứ hai, 30/11/2026');
    expect(formatWeekdayDate('2026-11-29')).toBe('Chủ nhật, 29/11/2026');
  });

  it('takes another zone, and nothing for no date', () => {
    expect(hourOf(instant, { timeZone: 'America/New_York' })).toBe(21);
    expect(formatWeekdayDate(instant, { timeZone: 'America/New_York' })).toBe('Thứ năm, 26/11/2026');
    expect(hourOf(null)).toBeNull();
    expect(formatTime('')).toBe('');
    expect(formatWeekdayDate(undefined)).toBe('');
  });
});
