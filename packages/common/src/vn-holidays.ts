import { isoOfLunar, lunarOfIso } from './lunar-calendar';
import { addDays, type HolidayDay, type WorkingWeek, weekdayOf, weekKind } from './work-calendar';

/**
 * The public holidays of a year as the Labour Code 2019 (Bộ luật Lao động 2019, art. 112) gives them, with the lunar
 * days worked out, for the admin to check and save. The choices where the law leaves one to the employer (see
 * docs/decisions.md, "Company calendar"):
 * - Tết Nguyên đán, 5 days: the last day of the lunar year (29 or 30 tháng Chạp) and mùng 1 to mùng 4;
 * - Quốc khánh, 2 days: 2/9 and the day before it, 1/9 (the law allows the day before or after);
 * - a holiday that falls on a weekly rest day gives a day off (nghỉ bù) on the next full working day that is not a
 *   holiday itself (art. 111(3)); one on a morning-only Saturday gives none, Saturday being a working day.
 */
export function proposeHolidays(year: number, week: WorkingWeek): HolidayDay[] {
  const days: HolidayDay[] = [];
  const add = (date: string | null, name: string) => {
    if (date) days.push({ date, name, kind: 'holiday' });
  };
  const solar = (month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

  add(solar(1, 1), 'Tết Dương lịch');
  const tet = isoOfLunar(1, 1, year);
  if (tet) {
    const eve = addDays(tet, -1);
    add(eve, `Tết Nguyên đán (${lunarOfIso(eve).day} tháng Chạp)`);
    for (let i = 0; i < 4; i++) add(addDays(tet, i), `Tết Nguyên đán (mùng ${i + 1} tháng Giêng)`);
  }
  add(isoOfLunar(10, 3, year), 'Giỗ Tổ Hùng Vương (10/3 âm lịch)');
  add(solar(4, 30), 'Ngày Giải phóng miền Nam, thống nhất đất nước');
  add(solar(5, 1), 'Ngày Quốc tế Lao động');
  add(solar(9, 1), 'Quốc khánh (ngày liền kề)');
  add(solar(9, 2), 'Quốc khánh');

  // Nghỉ bù: a holiday on a weekly rest day, or on a day another holiday already holds (Giỗ Tổ can fall on 30/4 or
  // 1/5), moves to the next full working day that is free.
  days.sort((a, b) => a.date.localeCompare(b.date));
  const out: HolidayDay[] = [];
  const taken = new Set<string>();
  const moved: HolidayDay[] = [];
  for (const day of days) {
    if (taken.has(day.date)) moved.push(day);
    else {
      out.push(day);
      taken.add(day.date);
      if (weekKind(weekdayOf(day.date), week) === 'off') moved.push(day);
    }
  }
  for (const day of moved) {
    let date = addDays(day.date, 1);
    for (let i = 0; i < 21 && (taken.has(date) || weekKind(weekdayOf(date), week) !== 'work'); i++) date = addDays(date, 1);
    if (taken.has(date) || !date.startsWith(`${year}-`)) continue;
    taken.add(date);
    out.push({ date, name: `Nghỉ bù ${day.name}`, kind: 'compensatory_off' });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
