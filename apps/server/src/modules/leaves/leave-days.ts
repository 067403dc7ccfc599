import type { LeaveHalf } from '@qlcv/common/schemas/leaves';
import { countWorkingDays, type DayKind, type SpanOptions } from '@qlcv/common/work-calendar';
import type { CompanyCalendarService } from '../company-settings/company-calendar.service';

export interface LeaveSpan {
  start_date: string;
  start_half: LeaveHalf | string;
  end_date: string;
  end_half: LeaveHalf | string;
}

/** The calendar's span options of a leave's halves: a leave starting in the afternoon skips the morning, etc. */
function optionsOf(span: LeaveSpan, from: string, to: string): SpanOptions {
  return {
    startHalf: from === span.start_date && span.start_half === 'afternoon' ? 'afternoon' : 'morning',
    endHalf: to === span.end_date && span.end_half === 'morning' ? 'morning' : 'afternoon',
  };
}

/**
 * The company calendar's day kinds of a few whole years, loaded before a transaction: counting inside one must not
 * go back to the calendar (its reads use their own connection, which SQLite's single one cannot give).
 */
export class DayCounter {
  constructor(private readonly kinds: Map<string, DayKind>) {}

  private kindOf = (date: string): DayKind => {
    const k = this.kinds.get(date);
    if (!k) throw new RangeError(`calendar year not loaded: ${date}`);
    return k;
  };

  /** Working half days of a leave. */
  halfDays(span: LeaveSpan): number {
    return Math.round(
      countWorkingDays(span.start_date, span.end_date, this.kindOf, optionsOf(span, span.start_date, span.end_date)) * 2,
    );
  }

  /** Working half days of a leave in each calendar year it touches: a leave over the new year charges each year its own. */
  halfDaysByYear(span: LeaveSpan): Map<number, number> {
    const first = yearOf(span.start_date);
    const last = yearOf(span.end_date);
    const out = new Map<number, number>();
    for (let y = first; y <= last; y++) out.set(y, this.halfDaysIn(span, y));
    return out;
  }

  /** Working half days of a leave within one year (0 outside it). */
  halfDaysIn(span: LeaveSpan, year: number): number {
    if (yearOf(span.start_date) > year || yearOf(span.end_date) < year) return 0;
    const from = yearOf(span.start_date) === year ? span.start_date : `${year}-01-01`;
    const to = yearOf(span.end_date) === year ? span.end_date : `${year}-12-31`;
    return Math.round(countWorkingDays(from, to, this.kindOf, optionsOf(span, from, to)) * 2);
  }
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/** The years of some spans, first to last. */
export function yearsOf(...spans: { start_date: string; end_date: string }[]): number[] {
  if (spans.length === 0) return [];
  const first = Math.min(...spans.map((s) => yearOf(s.start_date)));
  const last = Math.max(...spans.map((s) => yearOf(s.end_date)));
  const out: number[] = [];
  for (let y = first; y <= last && out.length < 12; y++) out.push(y);
  return out;
}

/** Loads the day kinds of the given years from the company calendar (call outside any transaction). */
export async function loadCounter(calendar: CompanyCalendarService, years: Iterable<number>): Promise<DayCounter> {
  const kinds = new Map<string, DayKind>();
  for (const y of new Set(years)) {
    for (let m = 1; m <= 12; m++) for (const d of await calendar.monthDays(y, m)) kinds.set(d.date, d.kind);
  }
  return new DayCounter(kinds);
}

/** The day kinds of every year the spans touch (call outside any transaction). */
export function counterFor(calendar: CompanyCalendarService, ...spans: LeaveSpan[]): Promise<DayCounter> {
  return loadCounter(calendar, yearsOf(...spans));
}

/** Half-day slots of a span as comparable numbers (day × 2 + 0 morning / 1 afternoon), both ends included. */
function slots(span: LeaveSpan): [number, number] {
  const n = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  const start = n(span.start_date) * 2 + (span.start_half === 'afternoon' ? 1 : 0);
  const end = n(span.end_date) * 2 + (span.end_half === 'morning' ? 0 : 1);
  return [start, end];
}

/** Whether two leaves share a half day: the morning and the afternoon of one day do not. */
export function spansOverlap(a: LeaveSpan, b: LeaveSpan): boolean {
  const [a1, a2] = slots(a);
  const [b1, b2] = slots(b);
  return a1 <= b2 && b1 <= a2;
}

/** `2026-12-02` → `02/12/2026`. */
export const viDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** Half days → days as shown: 3 → 1.5. */
export const daysOf = (halfDays: number) => halfDays / 2;
