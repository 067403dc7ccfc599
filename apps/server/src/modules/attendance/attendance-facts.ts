/**
 * What timekeeping reads from attendance (issue 23): per employee-day, the first check-in and the last check-out after
 * approved corrections, and the rules that judge them. The attendance service produces these; the timekeeping day
 * function (modules/timekeeping/timekeeping-day.ts) is their only reader.
 */

import type { TimekeepingLegend, TimekeepingMark } from '@qlcv/common/schemas/timekeeping';

/** Clock time in Vietnam, 'HH:MM' (24 h). */
export type ClockTime = string;

export interface AttendanceDayFact {
  userId: number;
  /** 'YYYY-MM-DD', the Vietnamese calendar day of the check-ins. */
  date: string;
  /** The earliest check-in of the day (any method: GPS, QR, office IP, time clock import, approved correction). */
  firstIn: ClockTime | null;
  /** The latest check-out of the day; null when the employee checked in and never out ("quên chấm ra"). */
  lastOut: ClockTime | null;
  /** An approved correction (giải trình) supplied or replaced one of the two times. */
  corrected: boolean;
}

/** One day's working hours: a morning and an afternoon shift. */
export interface ShiftHours {
  morningStart: ClockTime;
  morningEnd: ClockTime;
  afternoonStart: ClockTime;
  afternoonEnd: ClockTime;
}

export interface AttendanceRules {
  /** Whether timekeeping requires attendance; false keeps the old rule (a working day without leave is worked). */
  required: boolean;
  /** Minutes after a shift's start (before its end) that are not yet late (early). */
  graceMinutes: number;
  /** The company's hours. */
  shift: ShiftHours;
  /** A department's own hours, by department id, where it overrides the company's. */
  departmentShifts: ReadonlyMap<number, ShiftHours>;
}

/**
 * The other way round: how timekeeping decided one person's month (a cell a day of `dates`, its marks: late, early,
 * forgotten; the leave types its symbols stand for), which the attendance page shows beside the punches, so both
 * screens judge a day alike.
 */
export type DecidedMonth = (
  userId: number,
  month: string,
) => Promise<{
  dates: string[];
  row: { cells: string[]; marks: TimekeepingMark[] } | null;
  leave_types: TimekeepingLegend[];
}>;
