/**
 * The company's working calendar as plain functions of its working week and its list of holidays: what kind of day a
 * date is and how many working days a span holds. The server's CompanyCalendarService feeds them the saved settings
 * (and caches them); the web can use them to show a count before it asks the server.
 */

/** ISO weekday: 1 = Monday (Thứ Hai) … 7 = Sunday (Chủ nhật). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
export const SATURDAY: Weekday = 6;
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  1: 'Thứ Hai',
  2: 'Thứ Ba',
  3: 'Thứ Tư',
  4: 'Thứ Năm',
  5: 'Thứ Sáu',
  6: 'Thứ Bảy',
  7: 'Chủ nhật',
};
export const WEEKDAY_SHORT: Record<Weekday, string> = { 1: 'T2', 2: 'T3', 3: 'T4', 4: 'T5', 5: 'T6', 6: 'T7', 7: 'CN' };

export interface WorkingWeek {
  /** The weekdays worked. */
  working_days: readonly number[];
  /** Saturday is worked in the morning only (when Saturday is a working day). */
  saturday_half: boolean;
}

/**
 * - `holiday`: a public holiday (nghỉ lễ, Tết);
 * - `compensatory_off`: a day off given back (nghỉ bù), for a holiday that fell on a weekly rest day or swapped for a
 *   `compensatory_work` day;
 * - `compensatory_work`: a rest day worked instead (làm bù), a full day even on a morning-only Saturday.
 */
export const HOLIDAY_KINDS = ['holiday', 'compensatory_off', 'compensatory_work'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];
export const HOLIDAY_KIND_LABELS: Record<HolidayKind, string> = {
  holiday: 'Nghỉ lễ, Tết',
  compensatory_off: 'Nghỉ bù',
  compensatory_work: 'Làm bù',
};

export interface HolidayDay {
  date: string;
  name: string;
  kind: HolidayKind;
}

/**
 * - `work`: a full working day (1);
 * - `half`: a morning-only working day, the Saturday of a half-Saturday week (0.5);
 * - `off`: a weekly rest day (0);
 * - `holiday`: a paid day off of the holiday list, a holiday or a compensatory day off (0).
 */
export type DayKind = 'work' | 'half' | 'off' | 'holiday';
export const DAY_KIND_LABELS: Record<DayKind, string> = {
  work: 'Ngày làm việc',
  half: 'Làm buổi sáng',
  off: 'Ngày nghỉ hằng tuần',
  holiday: 'Nghỉ lễ, Tết',
};

/** Working days a day of each kind is worth. */
export const DAY_UNITS: Record<DayKind, number> = { work: 1, half: 0.5, off: 0, holiday: 0 };

/** Which half a span starts or ends in. */
export type DayHalf = 'morning' | 'afternoon';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a valid `YYYY-MM-DD`; throws on anything else. */
export function dayNumberOf(date: string): number {
  const m = ISO_DATE.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`invalid date: ${date}`);
  return ms / DAY_MS;
}

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export const dateOfDayNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The date `days` days after `date`. */
export const addDays = (date: string, days: number): string => dateOfDayNumber(dayNumberOf(date) + days);

/** ISO weekday of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday (4).
  return (((((dayNumberOf(date) + 3) % 7) + 7) % 7) + 1) as Weekday;
}

/** The kind of a weekday by the working week alone, with no holiday list. */
export function weekKind(weekday: number, week: WorkingWeek): DayKind {
  if (!week.working_days.includes(weekday)) return 'off';
  return weekday === SATURDAY && week.saturday_half ? 'half' : 'work';
}

/** The kind of a date, given the holiday entry of that date (if any). */
export function dayKindOf(date: string, week: WorkingWeek, entry?: Pick<HolidayDay, 'kind'> | null): DayKind {
  if (entry?.kind === 'holiday' || entry?.kind === 'compensatory_off') return 'holiday';
  if (entry?.kind === 'compensatory_work') return 'work';
  return weekKind(weekdayOf(date), week);
}

/** Half-day slots a day of each kind holds: a working day both, a morning-only day the morning. */
const SLOTS: Record<DayKind, { morning: boolean; afternoon: boolean }> = {
  work: { morning: true, afternoon: true },
  half: { morning: true, afternoon: false },
  off: { morning: false, afternoon: false },
  holiday: { morning: false, afternoon: false },
};

export interface SpanOptions {
  /** The span begins in this half of `from` (default: the morning, the whole day). */
  startHalf?: DayHalf;
  /** The span ends with this half of `to` (default: the afternoon, the whole day). */
  endHalf?: DayHalf;
}

/** The longest span counted at once (a maternity leave is six months; ten years is far past any real need). */
export const MAX_SPAN_DAYS = 3660;

/**
 * Working days between two dates, both included, in half days: a full working day 1, a morning-only day 0.5, rest
 * days and holidays 0. `startHalf: 'afternoon'` leaves out the morning of `from`, `endHalf: 'morning'` the
 * afternoon of `to` (so a morning-only Saturday ending in the morning still counts 0.5, starting in the afternoon 0).
 * A span that ends before it starts holds 0.
 */
export function countWorkingDays(
  from: string,
  to: string,
  kindOf: (date: string) => DayKind,
  { startHalf = 'morning', endHalf = 'afternoon' }: SpanOptions = {},
): number {
  const first = dayNumberOf(from);
  const last = dayNumberOf(to);
  if (last - first > MAX_SPAN_DAYS) throw new RangeError(`span longer than ${MAX_SPAN_DAYS} days`);
  let halves = 0;
  for (let n = first; n <= last; n++) {
    const slots = SLOTS[kindOf(dateOfDayNumber(n))];
    const morning = slots.morning && !(n === first && startHalf === 'afternoon');
    const afternoon = slots.afternoon && !(n === last && endHalf === 'morning');
    halves += (morning ? 1 : 0) + (afternoon ? 1 : 0);
  }
  return halves / 2;
}

/** Every date of a month (1–12), in order. */
export function datesOfMonth(year: number, month: number): string[] {
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  const next = Date.UTC(year, month, 1) / DAY_MS;
  const out: string[] = [];
  for (let n = first; n < next; n++) out.push(dateOfDayNumber(n));
  return out;
}
