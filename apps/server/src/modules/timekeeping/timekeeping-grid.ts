import type {
  TimekeepingAttendanceTotals,
  TimekeepingDay,
  TimekeepingMark,
  TimekeepingRow,
  TimekeepingTotals,
} from '@qlcv/common/schemas/timekeeping';
import type { AttendanceDayFact, AttendanceRules } from '../attendance/attendance-facts';
import type { CalendarDay } from '../company-settings/company-calendar.service';
import type { TimekeepingLeaveRow, TimekeepingUserRow } from './timekeeping.repository';
import { type DayLeave, decideDay } from './timekeeping-day';

export interface GridLeaveType extends DayLeave {
  id: number;
}

/** The rules when attendance is not in use: the old rule, a working day without leave is worked. */
export const NO_ATTENDANCE: AttendanceRules = {
  required: false,
  graceMinutes: 0,
  shift: { morningStart: '08:00', morningEnd: '12:00', afternoonStart: '13:30', afternoonEnd: '17:30' },
  departmentShifts: new Map(),
};

export interface GridInput {
  days: CalendarDay[];
  users: TimekeepingUserRow[];
  leaves: TimekeepingLeaveRow[];
  types: GridLeaveType[];
  today: string;
  facts?: AttendanceDayFact[];
  rules?: AttendanceRules;
}

/**
 * The month grid, computed in memory: each employee-day is `decideDay` (timekeeping-day.ts) of the calendar day, the
 * halves' approved leave, the day's attendance facts and the employee's shift; this only gathers its inputs and adds
 * up its outcomes.
 *
 * Totals: worked = worked halves / 2 (present X and business trips CT); paid and unpaid leave by symbol (a leave
 * type's `paid`; a trip is in neither); holidays = L days inside the employee's time in the company, up to today;
 * payable = worked + paid leave + holidays (sick and maternity leave are paid by social insurance, not the company, so
 * they are unpaid here). Days after `today` are blank and counted nowhere; the month's working days stay the calendar's.
 */
export function buildGrid({ days, users, leaves, types, today, facts = [], rules = NO_ATTENDANCE }: GridInput): {
  days: TimekeepingDay[];
  rows: TimekeepingRow[];
} {
  const typeById = new Map(types.map((t) => [t.id, t]));
  const index = new Map(days.map((d, i) => [d.date, i]));
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  const workingDays = days.reduce((sum, d) => sum + d.units, 0);

  // Per user: the leave type of each half slot (day index × 2 + 0 morning / 1 afternoon).
  const slots = new Map<number, (GridLeaveType | undefined)[]>();
  for (const leave of leaves) {
    const type = typeById.get(leave.leave_type_id);
    if (!type) continue;
    let mine = slots.get(leave.user_id);
    if (!mine) {
      mine = new Array(days.length * 2);
      slots.set(leave.user_id, mine);
    }
    const from = leave.start_date < first ? first : leave.start_date;
    const to = leave.end_date > last ? last : leave.end_date;
    const a = index.get(from);
    const b = index.get(to);
    if (a === undefined || b === undefined) continue;
    for (let i = a; i <= b; i++) {
      const date = (days[i] as CalendarDay).date;
      // The same reading of the halves as the day count (SpanOptions): an afternoon start skips the first morning,
      // a morning end skips the last afternoon.
      if (!(date === leave.start_date && leave.start_half === 'afternoon')) mine[i * 2] = type;
      if (!(date === leave.end_date && leave.end_half === 'morning')) mine[i * 2 + 1] = type;
    }
  }
  const factOf = new Map(facts.map((f) => [`${f.userId}|${f.date}`, f]));

  const rows = users.map((user): TimekeepingRow => {
    const mine = slots.get(user.id);
    const joined = user.joined_at ? String(user.joined_at).slice(0, 10) : null;
    const shift = (user.department_id !== null && rules.departmentShifts.get(user.department_id)) || rules.shift;
    let workedHalves = 0;
    let holidays = 0;
    const paid: Record<string, number> = {};
    const unpaid: Record<string, number> = {};
    const extra: TimekeepingAttendanceTotals = {
      business_trip: 0,
      absent: 0,
      late_count: 0,
      late_minutes: 0,
      early_count: 0,
      early_minutes: 0,
      forgot_out: 0,
    };
    const marks: TimekeepingMark[] = [];
    const cells = days.map((day, i) => {
      const out = decideDay({
        date: day.date,
        kind: day.kind,
        today,
        joined,
        leave: [mine?.[i * 2], mine?.[i * 2 + 1]],
        fact: factOf.get(`${user.id}|${day.date}`) ?? null,
        required: rules.required,
        graceMinutes: rules.graceMinutes,
        shift,
      });
      if (out.holiday) holidays += 1;
      for (const half of out.halves) {
        if (half.counts === 'worked' || half.counts === 'trip') {
          workedHalves += 1;
          if (half.counts === 'trip') extra.business_trip += 0.5;
        } else if (half.counts === 'absent') extra.absent += 0.5;
        else {
          const bucket = half.counts === 'paid' ? paid : unpaid;
          bucket[half.symbol] = (bucket[half.symbol] ?? 0) + 0.5;
        }
      }
      if (out.lateMinutes > 0) {
        extra.late_count += 1;
        extra.late_minutes += out.lateMinutes;
      }
      if (out.earlyMinutes > 0) {
        extra.early_count += 1;
        extra.early_minutes += out.earlyMinutes;
      }
      if (out.forgotOut) extra.forgot_out += 1;
      if (out.lateMinutes > 0 || out.earlyMinutes > 0 || out.forgotOut || out.forgotIn) {
        marks.push({
          date: day.date,
          late_minutes: out.lateMinutes,
          early_minutes: out.earlyMinutes,
          forgot_out: out.forgotOut,
          forgot_in: out.forgotIn,
        });
      }
      return out.cell;
    });
    const worked = workedHalves / 2;
    const paidSum = Object.values(paid).reduce((s, v) => s + v, 0);
    const totals: TimekeepingTotals = {
      working_days: workingDays,
      worked,
      paid_leave: paid,
      unpaid_leave: unpaid,
      holidays,
      payable: worked + paidSum + holidays,
    };
    return {
      user: {
        id: user.id,
        code: user.code,
        name: user.name,
        department: user.department_id !== null ? { id: user.department_id, name: user.department_name ?? '' } : null,
      },
      cells,
      totals,
      marks,
      attendance_totals: extra,
    };
  });

  return {
    days: days.map((d) => ({
      date: d.date,
      weekday: d.weekday,
      kind: d.kind,
      ...(d.holiday && d.kind === 'holiday' ? { holiday_name: d.holiday.name } : {}),
    })),
    rows,
  };
}
