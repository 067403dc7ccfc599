import { describe, expect, it } from 'vitest';
import { proposeHolidays } from './vn-holidays';
import {
  addDays,
  countWorkingDays,
  type DayKind,
  datesOfMonth,
  dayKindOf,
  type HolidayDay,
  type SpanOptions,
  type WorkingWeek,
  weekdayOf,
} from './work-calendar';

const HALF_SATURDAY: WorkingWeek = { working_days: [1, 2, 3, 4, 5, 6], saturday_half: true };
const FIVE_DAYS: WorkingWeek = { working_days: [1, 2, 3, 4, 5], saturday_half: false };
const SIX_FULL: WorkingWeek = { working_days: [1, 2, 3, 4, 5, 6], saturday_half: false };

const calendar = (week: WorkingWeek, days: HolidayDay[] = []) => {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return (date: string): DayKind => dayKindOf(date, week, byDate.get(date));
};

describe('dates', () => {
  it('weekdays are ISO (1 = Monday … 7 = Sunday)', () => {
    expect(weekdayOf('2026-01-01')).toBe(4); // Thursday
    expect(weekdayOf('2026-02-17')).toBe(2); // Tết 2026, Tuesday
    expect(weekdayOf('2026-04-26')).toBe(7); // Giỗ Tổ 2026, Sunday
    expect(weekdayOf('2026-10-03')).toBe(6);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(datesOfMonth(2026, 2)).toHaveLength(28);
    expect(datesOfMonth(2028, 2).at(-1)).toBe('2028-02-29');
    expect(() => weekdayOf('2026-02-30')).toThrow(RangeError);
  });
});

describe('day kinds', () => {
  const holidays: HolidayDay[] = [
    { date: '2026-09-02', name: 'Quốc khánh', kind: 'holiday' },
    { date: '2026-04-27', name: 'Nghỉ bù Giỗ Tổ', kind: 'compensatory_off' },
    { date: '2026-10-10', name: 'Làm bù', kind: 'compensatory_work' },
    { date: '2026-10-11', name: 'Làm bù Chủ nhật', kind: 'compensatory_work' },
  ];
  it.each([
    ['2026-10-05', HALF_SATURDAY, 'work'], // Monday
    ['2026-10-03', HALF_SATURDAY, 'half'], // Saturday
    ['2026-10-03', FIVE_DAYS, 'off'],
    ['2026-10-03', SIX_FULL, 'work'],
    ['2026-10-04', HALF_SATURDAY, 'off'], // Sunday
    ['2026-09-02', HALF_SATURDAY, 'holiday'],
    ['2026-04-27', HALF_SATURDAY, 'holiday'], // nghỉ bù: a paid day off
    ['2026-10-10', HALF_SATURDAY, 'work'], // làm bù on a half Saturday: a full day
    ['2026-10-11', HALF_SATURDAY, 'work'], // làm bù on a Sunday
  ] as const)('%s with %o is %s', (date, week, kind) => {
    expect(calendar(week, holidays)(date)).toBe(kind);
  });
});

describe('working days', () => {
  const holidays2026 = proposeHolidays(2026, HALF_SATURDAY);
  const cases: [string, WorkingWeek, HolidayDay[], string, string, SpanOptions, number][] = [
    ['a week with a half Saturday', HALF_SATURDAY, [], '2026-10-05', '2026-10-11', {}, 5.5],
    ['the same week, five days', FIVE_DAYS, [], '2026-10-05', '2026-10-11', {}, 5],
    ['the same week, six full days', SIX_FULL, [], '2026-10-05', '2026-10-11', {}, 6],
    // October 2026 starts on a Thursday: 22 weekdays and 5 Saturdays, no holiday.
    ['October 2026 with half Saturdays (24.5)', HALF_SATURDAY, holidays2026, '2026-10-01', '2026-10-31', {}, 24.5],
    ['October 2026, five-day week', FIVE_DAYS, holidays2026, '2026-10-01', '2026-10-31', {}, 22],
    // February 2026: 20 weekdays + 4 half Saturdays, less Tết 16–20/02 (five weekdays).
    ['February 2026 over Tết', HALF_SATURDAY, holidays2026, '2026-02-01', '2026-02-28', {}, 17],
    ['9–27/02/2026 over Tết', HALF_SATURDAY, holidays2026, '2026-02-09', '2026-02-27', {}, 11],
    ['Tết 2026 itself', HALF_SATURDAY, holidays2026, '2026-02-16', '2026-02-20', {}, 0],
    // Giỗ Tổ 2026 is a Sunday: nghỉ bù on Monday 27/04; 30/04 and 01/05 are Thursday and Friday.
    ['20/04–03/05/2026 (Giỗ Tổ, nghỉ bù, 30/4, 1/5)', HALF_SATURDAY, holidays2026, '2026-04-20', '2026-05-03', {}, 8],
    [
      'a compensatory work Saturday counts full',
      HALF_SATURDAY,
      [{ date: '2026-10-10', name: 'Làm bù', kind: 'compensatory_work' }],
      '2026-10-05',
      '2026-10-11',
      {},
      6,
    ],
    [
      'a swapped day: nghỉ bù Friday, làm bù Saturday',
      HALF_SATURDAY,
      [
        { date: '2026-10-09', name: 'Nghỉ bù', kind: 'compensatory_off' },
        { date: '2026-10-10', name: 'Làm bù', kind: 'compensatory_work' },
      ],
      '2026-10-05',
      '2026-10-11',
      {},
      5,
    ],
    ['one full day', HALF_SATURDAY, [], '2026-10-05', '2026-10-05', {}, 1],
    ['one morning', HALF_SATURDAY, [], '2026-10-05', '2026-10-05', { endHalf: 'morning' }, 0.5],
    ['one afternoon', HALF_SATURDAY, [], '2026-10-05', '2026-10-05', { startHalf: 'afternoon' }, 0.5],
    [
      'Friday afternoon to Monday morning',
      HALF_SATURDAY,
      [],
      '2026-10-09',
      '2026-10-12',
      { startHalf: 'afternoon', endHalf: 'morning' },
      1.5,
    ],
    ['a half Saturday from its afternoon', HALF_SATURDAY, [], '2026-10-10', '2026-10-10', { startHalf: 'afternoon' }, 0],
    ['a half Saturday to its morning', HALF_SATURDAY, [], '2026-10-10', '2026-10-10', { endHalf: 'morning' }, 0.5],
    ['a Sunday', HALF_SATURDAY, [], '2026-10-11', '2026-10-11', {}, 0],
    ['a span that ends before it starts', HALF_SATURDAY, [], '2026-10-12', '2026-10-05', {}, 0],
    [
      'a whole year, five-day week, 2026 holidays',
      FIVE_DAYS,
      proposeHolidays(2026, FIVE_DAYS),
      '2026-01-01',
      '2026-12-31',
      {},
      250,
    ],
  ];

  it.each(cases)('%s', (_label, week, days, from, to, options, expected) => {
    expect(countWorkingDays(from, to, calendar(week, days), options)).toBe(expected);
  });

  it('refuses an invalid date and an endless span', () => {
    expect(() => countWorkingDays('2026-02-30', '2026-03-01', calendar(HALF_SATURDAY))).toThrow(RangeError);
    expect(() => countWorkingDays('2000-01-01', '2020-01-01', calendar(HALF_SATURDAY))).toThrow(RangeError);
  });
});

describe('the holiday proposal', () => {
  const kinds = (days: HolidayDay[]) => days.map((d) => `${d.date} ${d.kind}`);

  it('2026: Tết from 29 Chạp (16/02) to mùng 4 (20/02), Giỗ Tổ on Sunday 26/04 with nghỉ bù on Monday 27/04, 1–2/9', () => {
    const days = proposeHolidays(2026, HALF_SATURDAY);
    expect(kinds(days)).toEqual([
      '2026-01-01 holiday',
      '2026-02-16 holiday',
      '2026-02-17 holiday',
      '2026-02-18 holiday',
      '2026-02-19 holiday',
      '2026-02-20 holiday',
      '2026-04-26 holiday',
      '2026-04-27 compensatory_off',
      '2026-04-30 holiday',
      '2026-05-01 holiday',
      '2026-09-01 holiday',
      '2026-09-02 holiday',
    ]);
    expect(days[1]?.name).toBe('Tết Nguyên đán (29 tháng Chạp)');
    expect(days[2]?.name).toBe('Tết Nguyên đán (mùng 1 tháng Giêng)');
    expect(days[7]?.name).toBe('Nghỉ bù Giỗ Tổ Hùng Vương (10/3 âm lịch)');
    // Eleven statutory days, as art. 112 gives them.
    expect(days.filter((d) => d.kind === 'holiday')).toHaveLength(11);
  });

  it('2027: mùng 2 Tết is a Sunday, its nghỉ bù the first free working day after Tết (10/02); 1/5 is a half Saturday, no nghỉ bù', () => {
    const days = proposeHolidays(2027, HALF_SATURDAY);
    expect(kinds(days).filter((d) => d.endsWith('compensatory_off'))).toEqual(['2027-02-10 compensatory_off']);
    expect(days.find((d) => d.date === '2027-02-05')?.name).toBe('Tết Nguyên đán (29 tháng Chạp)');
    expect(days.find((d) => d.date === '2027-04-16')?.name).toBe('Giỗ Tổ Hùng Vương (10/3 âm lịch)');
  });

  it('follows the working week: with Saturdays off, 1/5/2027 (Saturday) and Tết 2027 give more nghỉ bù', () => {
    const days = proposeHolidays(2027, FIVE_DAYS);
    expect(kinds(days).filter((d) => d.endsWith('compensatory_off'))).toEqual([
      '2027-02-10 compensatory_off',
      '2027-02-11 compensatory_off',
      '2027-05-03 compensatory_off',
    ]);
  });

  it('every proposed year has unique dates within the year', () => {
    for (let year = 2000; year <= 2100; year++) {
      const days = proposeHolidays(year, HALF_SATURDAY);
      expect(new Set(days.map((d) => d.date)).size).toBe(days.length);
      for (const d of days) expect(d.date.startsWith(`${year}-`)).toBe(true);
      expect(days.filter((d) => d.kind === 'holiday')).toHaveLength(11);
    }
  });
});
