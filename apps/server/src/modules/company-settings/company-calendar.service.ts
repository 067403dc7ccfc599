import { LUNAR_MAX_YEAR, LUNAR_MIN_YEAR } from '@qlcv/common/lunar-calendar';
import { proposeHolidays } from '@qlcv/common/vn-holidays';
import {
  countWorkingDays,
  DAY_UNITS,
  type DayKind,
  datesOfMonth,
  dayKindOf,
  type HolidayDay,
  type HolidayKind,
  type SpanOptions,
  type Weekday,
  type WorkingWeek,
  weekdayOf,
} from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type CompanySettingsRow, type HolidayYearRow, companySettingsRepository as repo } from './company-settings.repository';

export type { DayKind, SpanOptions } from '@qlcv/common/work-calendar';

/** One day of a month, for a time sheet's columns. */
export interface CalendarDay {
  date: string;
  weekday: Weekday;
  kind: DayKind;
  /** Working days the day is worth: 1, 0.5 or 0. */
  units: number;
  /** Its entry in the year's holiday list (a holiday, nghỉ bù or làm bù), if any. */
  holiday: { name: string; kind: HolidayKind } | null;
}

/** The working week of a settings row. */
export function weekOf(row: Pick<CompanySettingsRow, 'working_days' | 'saturday_half'>): WorkingWeek {
  return { working_days: parseJsonArray<number>(row.working_days), saturday_half: Boolean(Number(row.saturday_half)) };
}

/** The days of a year: as saved, or, for a year never saved, the statutory proposal for the working week. */
export function effectiveDays(row: Pick<HolidayYearRow, 'days'> | undefined, year: number, week: WorkingWeek): HolidayDay[] {
  if (row) return parseJsonArray<HolidayDay>(row.days);
  return year > LUNAR_MIN_YEAR && year < LUNAR_MAX_YEAR ? proposeHolidays(year, week) : [];
}

function parseJsonArray<T>(value: unknown): T[] {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

interface Snapshot {
  /** The calendar data version it was read at. */
  version: number;
  week: Promise<WorkingWeek>;
  years: Map<number, Promise<Map<string, HolidayDay>>>;
}

const MAX_CACHED_YEARS = 40;

/**
 * The company calendar every module counts days with (leaves, timekeeping, deadline reminders): what kind of day a
 * date is, how many working days a span holds, the days of a month. Built from the working week of the company
 * settings and each year's holidays (a year never saved follows the statutory proposal), cached in memory per year.
 *
 * The cache holds until the calendar's data version changes: the settings service raises it in the same transaction
 * as any change to the working week or the holidays and calls `invalidate()`; other app instances see the new
 * version on their next call (one primary-key read per call).
 */
export class CompanyCalendarService {
  private snapshot: Snapshot | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  /** Drops everything cached (the settings service calls it after a change commits). */
  invalidate(): void {
    this.snapshot = null;
  }

  private readonly listeners: ((years: number[] | null) => Promise<unknown>)[] = [];

  /** Runs after every calendar change (`null`: the working week, every year), e.g. the leaves' recount; wired in app.ts. */
  onChanged(listener: (years: number[] | null) => Promise<unknown>): void {
    this.listeners.push(listener);
  }

  /** A change committed: drops the cache, then tells the listeners (their failures do not undo the change). */
  async changed(years: number[] | null): Promise<void> {
    this.invalidate();
    await Promise.allSettled(this.listeners.map((l) => l(years)));
  }

  /** `work` (1), `half` (a morning-only Saturday, 0.5), `off` (weekly rest day) or `holiday` (a paid day off, 0). */
  async dayKind(date: string): Promise<DayKind> {
    const year = yearOf(date);
    const snap = await this.current();
    const [week, days] = await Promise.all([snap.week, this.yearDays(snap, year)]);
    return dayKindOf(date, week, days.get(date));
  }

  /**
   * Working days from `from` to `to`, both included: 1 a working day, 0.5 a morning-only Saturday, 0 a rest day or
   * holiday; a làm bù day counts 1. `startHalf: 'afternoon'` starts after the morning of `from`, `endHalf: 'morning'`
   * ends after the morning of `to` (a leave of Friday afternoon to Monday morning is 1 day). Throws a RangeError for
   * an invalid date or a span over ten years.
   */
  async workingDays(from: string, to: string, options: SpanOptions = {}): Promise<number> {
    const first = yearOf(from);
    const last = Math.max(first, yearOf(to));
    if (last - first > 11) throw new RangeError('span too long');
    const snap = await this.current();
    const years = new Map<number, Map<string, HolidayDay>>();
    const week = await snap.week;
    for (let y = first; y <= last; y++) years.set(y, await this.yearDays(snap, y));
    return countWorkingDays(from, to, (date) => dayKindOf(date, week, years.get(yearOf(date))?.get(date)), options);
  }

  /** Every day of a month (1–12) with its kind, worth and holiday entry: the columns of a time sheet. */
  async monthDays(year: number, month: number): Promise<CalendarDay[]> {
    if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`invalid month: ${month}`);
    const snap = await this.current();
    const [week, days] = await Promise.all([snap.week, this.yearDays(snap, year)]);
    return datesOfMonth(year, month).map((date) => {
      const entry = days.get(date);
      const kind = dayKindOf(date, week, entry);
      return {
        date,
        weekday: weekdayOf(date),
        kind,
        units: DAY_UNITS[kind],
        holiday: entry ? { name: entry.name, kind: entry.kind } : null,
      };
    });
  }

  /** The snapshot of the current data version, started afresh when the version moved. */
  private async current(): Promise<Snapshot> {
    const version = await repo.calendarVersion(this.db);
    if (this.snapshot?.version === version) return this.snapshot;
    const week = repo.find(this.db).then((row) => (row ? weekOf(row) : { working_days: [1, 2, 3, 4, 5], saturday_half: false }));
    const snap: Snapshot = { version, week, years: new Map() };
    // A failed read must not stay cached.
    week.catch(() => {
      if (this.snapshot === snap) this.snapshot = null;
    });
    this.snapshot = snap;
    return snap;
  }

  private yearDays(snap: Snapshot, year: number): Promise<Map<string, HolidayDay>> {
    let days = snap.years.get(year);
    if (!days) {
      if (snap.years.size >= MAX_CACHED_YEARS) snap.years.clear();
      days = Promise.all([snap.week, repo.findYear(this.db, year)]).then(
        ([week, row]) => new Map(effectiveDays(row, year, week).map((d) => [d.date, d])),
      );
      days.catch(() => snap.years.delete(year));
      snap.years.set(year, days);
    }
    return days;
  }
}

function yearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isInteger(year)) throw new RangeError(`invalid date: ${date}`);
  return year;
}
