import {
  HOLIDAY_SYMBOL,
  type TimekeepingDay,
  type TimekeepingRow,
  type TimekeepingTotals,
  WORKED_SYMBOL,
} from '@qlcv/common/schemas/timekeeping';
import type { CalendarDay } from '../company-settings/company-calendar.service';
import type { TimekeepingLeaveRow, TimekeepingUserRow } from './timekeeping.repository';

export interface GridLeaveType {
  id: number;
  symbol: string;
  paid: boolean;
}

/**
 * The month grid, computed in memory from the month's days, its users and their approved leaves.
 *
 * A day has two halves. A working day's half is the symbol of the leave covering it, else X (attendance by
 * exception: a day not on leave is a worked day); a morning-only Saturday has its morning only; a holiday is L; a
 * rest day, or a day before the employee joined, is blank. A cell is one symbol when both halves agree, else
 * `morning/afternoon` (`X/P`, `P/` a morning-only Saturday taken off, `X/` one worked).
 *
 * Days after `today` are blank and counted nowhere: nobody has worked them yet (issue 21). The month's working days
 * stay the calendar's.
 *
 * Totals: worked = X halves / 2; paid and unpaid leave by symbol (a leave type's `paid`); holidays = L days inside the
 * employee's time in the company; payable = worked + paid leave + holidays (sick and maternity leave are paid by
 * social insurance, not the company, so they are unpaid here).
 */
export function buildGrid(
  days: CalendarDay[],
  users: TimekeepingUserRow[],
  leaves: TimekeepingLeaveRow[],
  types: GridLeaveType[],
  today: string,
): { days: TimekeepingDay[]; rows: TimekeepingRow[] } {
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

  const rows = users.map((user): TimekeepingRow => {
    const mine = slots.get(user.id);
    const joined = user.joined_at ? String(user.joined_at).slice(0, 10) : null;
    let workedHalves = 0;
    let holidays = 0;
    const paid: Record<string, number> = {};
    const unpaid: Record<string, number> = {};
    const cells = days.map((day, i) => {
      if (day.kind === 'off' || day.date > today || (joined && day.date < joined)) return '';
      if (day.kind === 'holiday') {
        holidays += 1;
        return HOLIDAY_SYMBOL;
      }
      const halves: string[] = [];
      const slotCount = day.kind === 'half' ? 1 : 2;
      for (let h = 0; h < slotCount; h++) {
        const type = mine?.[i * 2 + h];
        if (type) {
          const bucket = type.paid ? paid : unpaid;
          bucket[type.symbol] = (bucket[type.symbol] ?? 0) + 0.5;
          halves.push(type.symbol);
        } else {
          workedHalves += 1;
          halves.push(WORKED_SYMBOL);
        }
      }
      const [morning = '', afternoon = ''] = halves;
      if (slotCount === 1) return `${morning}/`;
      return morning === afternoon ? morning : `${morning}/${afternoon}`;
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
