import { describe, expect, it } from 'vitest';
import { isoOf, isoOfLunar, jdFromDate, jdToDate, leapMonthOf, lunarOfIso, lunarToSolar, solarToLunar } from './lunar-calendar';

// Dates as published by the Vietnamese calendar (lịch vạn niên) and the government's holiday notices.
const TET: [number, string][] = [
  [2020, '2020-01-25'],
  [2023, '2023-01-22'],
  [2024, '2024-02-10'],
  [2025, '2025-01-29'],
  [2026, '2026-02-17'],
  [2027, '2027-02-06'],
  [2028, '2028-01-26'],
  // Older years, as a wider check. 1985 is the famous one: Vietnam's calendar (UTC+7) put Tết on 21/01/1985, a
  // month before China's (UTC+8, 20/02/1985).
  [1985, '1985-01-21'],
  [2000, '2000-02-05'],
  [2010, '2010-02-14'],
  [2021, '2021-02-12'],
  [2022, '2022-02-01'],
];

const GIO_TO: [number, string][] = [
  [2024, '2024-04-18'],
  [2025, '2025-04-07'],
  [2026, '2026-04-26'],
];

describe('Julian day numbers', () => {
  it('match known values and round-trip', () => {
    expect(jdFromDate(1, 1, 2000)).toBe(2451545);
    expect(jdFromDate(31, 12, 1899)).toBe(2415020);
    expect(jdToDate(2451545)).toEqual({ year: 2000, month: 1, day: 1 });
    for (let jd = jdFromDate(1, 1, 1900); jd < jdFromDate(1, 1, 2101); jd += 97) {
      const d = jdToDate(jd);
      expect(jdFromDate(d.day, d.month, d.year)).toBe(jd);
    }
  });
});

describe('Tết Nguyên đán (mùng 1 tháng Giêng)', () => {
  it.each(TET)('of %i falls on %s', (year, date) => {
    expect(isoOfLunar(1, 1, year)).toBe(date);
    expect(lunarOfIso(date)).toEqual({ year, month: 1, day: 1, leap: false });
  });

  it('the day before Tết is the last day (29 or 30) of month 12 of the year before', () => {
    // Tết 2026 is 17/02/2026: 16/02 is 29 Chạp of lunar 2025 (a 29-day month Chạp).
    expect(lunarOfIso('2026-02-16')).toEqual({ year: 2025, month: 12, day: 29, leap: false });
    // Tết 2025 is 29/01/2025: 28/01 is 29 Chạp as well; Tết 2024 (10/02): 09/02 is 30 Chạp.
    expect(lunarOfIso('2025-01-28')).toEqual({ year: 2024, month: 12, day: 29, leap: false });
    expect(lunarOfIso('2024-02-09')).toEqual({ year: 2023, month: 12, day: 30, leap: false });
  });
});

describe('Giỗ Tổ Hùng Vương (10/3 âm lịch)', () => {
  it.each(GIO_TO)('of %i falls on %s', (year, date) => {
    expect(isoOfLunar(10, 3, year)).toBe(date);
  });
});

describe('leap months', () => {
  it('2025 has a leap month 6 (nhuận tháng 6), 2023 a leap month 2, 2020 a leap month 4; 2024 and 2026 none', () => {
    expect(leapMonthOf(2025)).toBe(6);
    expect(leapMonthOf(2023)).toBe(2);
    expect(leapMonthOf(2020)).toBe(4);
    expect(leapMonthOf(2024)).toBeNull();
    expect(leapMonthOf(2026)).toBeNull();
    expect(leapMonthOf(2028)).toBe(5);
  });

  it('tells the leap copy of a month from the month itself', () => {
    // 2025: month 6 began 25/06/2025, leap month 6 began 25/07/2025, month 7 on 23/08/2025.
    expect(isoOfLunar(1, 6, 2025)).toBe('2025-06-25');
    expect(isoOfLunar(1, 6, 2025, true)).toBe('2025-07-25');
    expect(isoOfLunar(1, 7, 2025)).toBe('2025-08-23');
    expect(lunarOfIso('2025-07-25')).toEqual({ year: 2025, month: 6, day: 1, leap: true });
    expect(lunarOfIso('2025-08-23')).toEqual({ year: 2025, month: 7, day: 1, leap: false });
    // 2023: leap month 2 began 22/03/2023.
    expect(lunarOfIso('2023-03-22')).toEqual({ year: 2023, month: 2, day: 1, leap: true });
    // Mid-autumn (15/8) 2025 is 06/10/2025, after the leap month.
    expect(isoOfLunar(15, 8, 2025)).toBe('2025-10-06');
  });

  it('answers null for a leap month the year lacks and for day 30 of a 29-day month', () => {
    expect(lunarToSolar(1, 5, 2025, true)).toBeNull();
    expect(lunarToSolar(1, 3, 2026, true)).toBeNull();
    // Month 12 of lunar 2025 has 29 days (19/01/2026 – 16/02/2026).
    expect(lunarToSolar(30, 12, 2025)).toBeNull();
    expect(isoOfLunar(29, 12, 2025)).toBe('2026-02-16');
    expect(lunarToSolar(0, 1, 2026)).toBeNull();
    expect(lunarToSolar(1, 13, 2026)).toBeNull();
  });

  it('refuses years outside the trusted range', () => {
    expect(() => solarToLunar(1, 1, 1700)).toThrow(RangeError);
    expect(() => lunarToSolar(1, 1, 2300)).toThrow(RangeError);
  });
});

describe('solar → lunar → solar', () => {
  it('round-trips every day from 1950 to 2100, and lunar days run 1, 2, … without gaps', () => {
    let previous = solarToLunar(31, 12, 1949);
    for (let jd = jdFromDate(1, 1, 1950); jd <= jdFromDate(31, 12, 2100); jd++) {
      const solar = jdToDate(jd);
      const lunar = solarToLunar(solar.day, solar.month, solar.year);
      expect(lunarToSolar(lunar.day, lunar.month, lunar.year, lunar.leap)).toEqual(solar);
      if (lunar.day === 1) expect([29, 30]).toContain(previous.day);
      else expect(lunar.day).toBe(previous.day + 1);
      previous = lunar;
    }
    expect(isoOf(jdToDate(jdFromDate(1, 1, 2100)))).toBe('2100-01-01');
  });
});
