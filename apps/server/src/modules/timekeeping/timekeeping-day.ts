import { ABSENT_SYMBOL, HOLIDAY_SYMBOL, WORKED_SYMBOL } from '@qlcv/common/schemas/timekeeping';
import type { DayKind } from '@qlcv/common/work-calendar';
import type { ClockTime, ShiftHours } from '../attendance/attendance-facts';

/** The leave type covering one half of a day. */
export interface DayLeave {
  symbol: string;
  /** The company pays the half (counts in payable days). */
  paid: boolean;
  /** A business trip (công tác): the half is worked, shown with the type's symbol (CT). */
  countsAsWorked: boolean;
}

/** Everything one employee-day is decided from. */
export interface DayInput {
  date: string;
  kind: DayKind;
  /** The Vietnamese calendar day today: later days are blank. */
  today: string;
  /** The employee's first day in the company, 'YYYY-MM-DD', if known. */
  joined: string | null;
  /** The approved leave of the morning and of the afternoon. */
  leave: readonly [DayLeave | undefined, DayLeave | undefined];
  /** The attendance facts of the day (approved corrections applied), or null when there is none. */
  fact: { firstIn: ClockTime | null; lastOut: ClockTime | null } | null;
  /** Whether timekeeping requires attendance; false keeps the old rule (a working half without leave is worked). */
  required: boolean;
  graceMinutes: number;
  /** The employee's hours: the department's override, else the company's. */
  shift: ShiftHours;
}

/** How one half counts in the totals: a trip is worked (and counted apart as well). */
export type HalfCount = 'worked' | 'trip' | 'paid' | 'unpaid' | 'absent';

export interface DayHalf {
  symbol: string;
  counts: HalfCount;
}

export interface DayOutcome {
  /** The grid's cell: '', L, X, a leave symbol, CT, '–', or `morning/afternoon` (`X/P`, `P/` a Saturday morning). */
  cell: string;
  /** The day is a holiday inside the employee's time in the company, up to today (paid). */
  holiday: boolean;
  /** The counted halves (none for a blank or a holiday). */
  halves: DayHalf[];
  /** Minutes after the start of the first half present; 0 within the grace period. */
  lateMinutes: number;
  /** Minutes before the end of the last half present; 0 within the grace period. */
  earlyMinutes: number;
  /** Checked in without checking out on a past day ("quên chấm ra"): present until a correction says otherwise. */
  forgotOut: boolean;
  /** Checked out without a check-in on a past day ("quên chấm vào"): present as well. */
  forgotIn: boolean;
}

const BLANK: DayOutcome = {
  cell: '',
  holiday: false,
  halves: [],
  lateMinutes: 0,
  earlyMinutes: 0,
  forgotOut: false,
  forgotIn: false,
};

/** 'HH:MM' → minutes after midnight. */
export function clockMinutes(t: ClockTime): number {
  return Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
}

/**
 * Decides one employee-day, in this order (issue 23 part 5):
 * 1. the calendar: a rest day is blank; then a day before joining or after today is blank; a holiday is L;
 * 2. approved leave, by halves: its symbol, paid or unpaid; a type that counts as worked (business trip) is worked;
 * 3. attendance, when required: a half not on leave is present (X) when the span [first in, last out] overlaps it,
 *    else absent ('–'). A missing check-out stretches the span to the end of the day's hours (a missing check-in from
 *    its start): present, marked, until a correction supplies the time. Today is still going: without any check-in it
 *    is blank and counted nowhere, and a missing check-out is not yet forgotten. Late minutes count from the start of
 *    the first half present (after the grace period, the whole delay), early minutes to the end of the last one.
 *    When attendance is not required, a half not on leave is X and the facts are not read (the old rule).
 * A morning-only Saturday has its morning only. A cell is one symbol when the halves agree, else `morning/afternoon`.
 */
export function decideDay(d: DayInput): DayOutcome {
  if (d.kind === 'off' || d.date > d.today || (d.joined && d.date < d.joined)) return BLANK;
  if (d.kind === 'holiday') return { ...BLANK, cell: HOLIDAY_SYMBOL, holiday: true };

  const slots = d.kind === 'half' ? 1 : 2;
  const bounds: [number, number][] = [
    [clockMinutes(d.shift.morningStart), clockMinutes(d.shift.morningEnd)],
    [clockMinutes(d.shift.afternoonStart), clockMinutes(d.shift.afternoonEnd)],
  ];
  const isToday = d.date === d.today;
  const fact = d.required ? d.fact : null;
  const firstIn = fact?.firstIn ? clockMinutes(fact.firstIn) : null;
  const lastOut = fact?.lastOut ? clockMinutes(fact.lastOut) : null;
  const anyPunch = firstIn !== null || lastOut !== null;
  // Today without a punch is not decided yet (unless the whole day is on leave).
  const pending = d.required && isToday && !anyPunch;
  const dayStart = (bounds[0] as [number, number])[0];
  const dayEnd = (bounds[slots - 1] as [number, number])[1];
  const spanFrom = firstIn ?? dayStart;
  const spanTo = lastOut ?? dayEnd;

  const halves: DayHalf[] = [];
  const present: number[] = [];
  for (let h = 0; h < slots; h++) {
    const leave = d.leave[h];
    if (leave) {
      halves.push({ symbol: leave.symbol, counts: leave.countsAsWorked ? 'trip' : leave.paid ? 'paid' : 'unpaid' });
      continue;
    }
    if (!d.required) {
      halves.push({ symbol: WORKED_SYMBOL, counts: 'worked' });
      continue;
    }
    if (pending) continue;
    const [start, end] = bounds[h] as [number, number];
    const overlaps = anyPunch && Math.min(spanTo, end) > Math.max(spanFrom, start);
    if (overlaps) present.push(h);
    halves.push(overlaps ? { symbol: WORKED_SYMBOL, counts: 'worked' } : { symbol: ABSENT_SYMBOL, counts: 'absent' });
  }
  if (pending && halves.length < slots) return BLANK;

  let lateMinutes = 0;
  let earlyMinutes = 0;
  const first = present[0];
  const last = present[present.length - 1];
  if (first !== undefined && firstIn !== null) {
    const late = firstIn - (bounds[first] as [number, number])[0];
    if (late > d.graceMinutes) lateMinutes = late;
  }
  if (last !== undefined && lastOut !== null) {
    const early = (bounds[last] as [number, number])[1] - lastOut;
    if (early > d.graceMinutes) earlyMinutes = early;
  }
  // Marks only where attendance judged a half (a day wholly on leave has none).
  const judged = d.required && halves.some((h) => h.symbol === WORKED_SYMBOL || h.counts === 'absent');
  const [morning = '', afternoon = ''] = halves.map((h) => h.symbol);
  const cell = slots === 1 ? `${morning}/` : morning === afternoon ? morning : `${morning}/${afternoon}`;
  return {
    cell,
    holiday: false,
    halves,
    lateMinutes,
    earlyMinutes,
    forgotOut: judged && !isToday && firstIn !== null && lastOut === null,
    forgotIn: judged && firstIn === null && lastOut !== null,
  };
}
