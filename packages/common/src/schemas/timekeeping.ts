import { z } from 'zod';
import { idQuery } from './common';

/** `GET /api/timekeeping?month=2026-11&department_id=3`. */
export const timekeepingQuery = z.object({
  month: z
    .string({ error: 'Tháng không hợp lệ.' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Tháng phải có dạng YYYY-MM.')
    .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100, 'Tháng nằm ngoài khoảng cho phép.'),
  department_id: idQuery.optional(),
});
export type TimekeepingQuery = z.infer<typeof timekeepingQuery>;

export const TIMEKEEPING_DAY_KINDS = ['work', 'half', 'off', 'holiday'] as const;

export const timekeepingDaySchema = z.object({
  date: z.string(),
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: z.number(),
  kind: z.enum(TIMEKEEPING_DAY_KINDS),
  holiday_name: z.string().optional(),
});
export type TimekeepingDay = z.infer<typeof timekeepingDaySchema>;

export const timekeepingTotalsSchema = z.object({
  /** The month's working days by the company calendar (a morning-only Saturday 0.5). */
  working_days: z.number(),
  /** Days worked (X), halves counted. */
  worked: z.number(),
  /** Paid leave by symbol (P, TS…). */
  paid_leave: z.record(z.string(), z.number()),
  /** Unpaid leave by symbol (KL, Ô…). */
  unpaid_leave: z.record(z.string(), z.number()),
  /** Holidays (L) on the employee's days in the company, paid. */
  holidays: z.number(),
  /** Worked + paid leave + holidays. */
  payable: z.number(),
});
export type TimekeepingTotals = z.infer<typeof timekeepingTotalsSchema>;

/** What attendance adds to a row's totals (issue 23); all zero when attendance is not required. */
export const timekeepingAttendanceTotalsSchema = z.object({
  /** Days on a business trip (CT), halves counted; already inside `worked`. */
  business_trip: z.number(),
  /** Days absent without leave ('–'), halves counted. */
  absent: z.number(),
  late_count: z.number(),
  late_minutes: z.number(),
  early_count: z.number(),
  early_minutes: z.number(),
  /** Days checked in without a check-out ("quên chấm ra"). */
  forgot_out: z.number(),
});
export type TimekeepingAttendanceTotals = z.infer<typeof timekeepingAttendanceTotalsSchema>;

/** A day's marks beside its symbol: late arrival, early leave, a missing check-out or check-in. */
export const timekeepingMarkSchema = z.object({
  date: z.string(),
  late_minutes: z.number(),
  early_minutes: z.number(),
  forgot_out: z.boolean(),
  forgot_in: z.boolean(),
});
export type TimekeepingMark = z.infer<typeof timekeepingMarkSchema>;

/** A day's marks in words: the page's tooltip and the .xlsx cell's note. */
export function markText(m: TimekeepingMark): string {
  const parts: string[] = [];
  if (m.late_minutes > 0) parts.push(`Đi muộn ${m.late_minutes} phút`);
  if (m.early_minutes > 0) parts.push(`Về sớm ${m.early_minutes} phút`);
  if (m.forgot_out) parts.push('Quên chấm ra');
  if (m.forgot_in) parts.push('Quên chấm vào');
  return parts.join(' · ');
}

export const timekeepingRowSchema = z.object({
  user: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    department: z.object({ id: z.number(), name: z.string() }).nullable(),
  }),
  /**
   * One cell per day of `days`: `X` worked, a leave's symbol, `L` a holiday, '' a rest day or a day outside the
   * employee's time in the company; a day split in halves is `morning/afternoon`, e.g. `X/P`, `P/` (a morning-only
   * Saturday taken off).
   */
  cells: z.array(z.string()),
  totals: timekeepingTotalsSchema,
  /** Only the days that have a mark (issue 23). */
  marks: z.array(timekeepingMarkSchema),
  attendance_totals: timekeepingAttendanceTotalsSchema,
});
export type TimekeepingRow = z.infer<typeof timekeepingRowSchema>;

export const timekeepingLegendSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  paid: z.boolean(),
  /** A business trip type: its days are worked (in `worked`, not in the leave totals). */
  counts_as_worked: z.boolean(),
});
export type TimekeepingLegend = z.infer<typeof timekeepingLegendSchema>;

export const timekeepingSchema = z.object({
  month: z.string(),
  /**
   * The last day the grid counts (`YYYY-MM-DD`): today within the month, the month's last day once it is over, null for
   * a month still to come. Later days are blank and in no total.
   */
  counted_through: z.string().nullable(),
  days: z.array(timekeepingDaySchema),
  /** The leave types' symbols (the legend and the totals' columns). */
  leave_types: z.array(timekeepingLegendSchema),
  rows: z.array(timekeepingRowSchema),
  /** Whether the grid judges presence from attendance ('–' absent, marks); false: a working day without leave is X. */
  attendance_required: z.boolean(),
});
export type Timekeeping = z.infer<typeof timekeepingSchema>;

/** Symbols of the grid that are not leave types. */
export const WORKED_SYMBOL = 'X';
export const HOLIDAY_SYMBOL = 'L';
/** A working half without leave and without attendance, when attendance is required. */
export const ABSENT_SYMBOL = '–';

/** A cell's two halves: `X/P` → ['X', 'P']; a whole-day cell → [cell, cell]. */
export function cellHalves(cell: string): [string, string] {
  const i = cell.indexOf('/');
  return i < 0 ? [cell, cell] : [cell.slice(0, i), cell.slice(i + 1)];
}

/** Background colours of the grid (the page and the .xlsx), as RRGGBB. */
export const TIMEKEEPING_COLORS = {
  /** Rest days: the column is shaded. */
  off: 'E7E9EE',
  holiday: 'FDE2E1',
  /** Leave types without a colour of their own. */
  paid: 'D9F2E3',
  unpaid: 'FFF3C4',
  /** Absent without leave ('–'). */
  absent: 'F4C7C3',
  /** The late / early mark's colour (a corner of the cell on the page, the text in the .xlsx). */
  late: 'C2410C',
} as const;

/** The leave symbols with a colour of their own. */
const LEAVE_COLORS: Record<string, string> = { P: 'D6EAF8', Ô: 'FCE8D0', KL: 'F9D5D3', TS: 'F6DDEE', CT: 'DCEFD8' };

/** The colour of a leave symbol's cells. */
export function leaveColor(symbol: string, paid: boolean): string {
  return LEAVE_COLORS[symbol] ?? (paid ? TIMEKEEPING_COLORS.paid : TIMEKEEPING_COLORS.unpaid);
}
