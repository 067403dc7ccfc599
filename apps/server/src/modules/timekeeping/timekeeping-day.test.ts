import { describe, expect, it } from 'vitest';
import { type DayInput, type DayLeave, type DayOutcome, decideDay } from './timekeeping-day';

// Every combination of the day function (issue 23 part 5), one row each. Shift 08:00–12:00, 13:30–17:30; 5 minutes'
// grace; today is Friday 2026-11-27.
const P: DayLeave = { symbol: 'P', paid: true, countsAsWorked: false };
const KL: DayLeave = { symbol: 'KL', paid: false, countsAsWorked: false };
const CT: DayLeave = { symbol: 'CT', paid: true, countsAsWorked: true };
const TODAY = '2026-11-27';

const base: DayInput = {
  date: '2026-11-25',
  kind: 'work',
  today: TODAY,
  joined: '2020-01-06',
  leave: [undefined, undefined],
  fact: null,
  required: true,
  graceMinutes: 5,
  shift: { morningStart: '08:00', morningEnd: '12:00', afternoonStart: '13:30', afternoonEnd: '17:30' },
};
const at = (firstIn: string | null, lastOut: string | null) => ({ fact: { firstIn, lastOut } });

type Expect = Partial<Omit<DayOutcome, 'halves'>> & { cell: string; counts?: string };

const rows: [string, Partial<DayInput>, Expect][] = [
  // The calendar comes first.
  ['a rest day is blank', { kind: 'off' }, { cell: '', counts: '' }],
  [
    'a rest day with a check-in stays blank (no overtime here)',
    { kind: 'off', ...at('08:00', '17:30') },
    { cell: '', counts: '' },
  ],
  ['a holiday is L, paid', { kind: 'holiday' }, { cell: 'L', holiday: true, counts: '' }],
  ['a holiday with a check-in is L', { kind: 'holiday', ...at('08:00', '12:00') }, { cell: 'L', holiday: true }],
  ['a holiday before joining is blank', { kind: 'holiday', joined: '2026-11-26' }, { cell: '', holiday: false }],
  ['a day before joining is blank', { joined: '2026-11-26' }, { cell: '', counts: '' }],
  ['a day after today is blank', { date: '2026-11-28', ...at('08:00', '17:30') }, { cell: '', counts: '' }],
  ['a day after today on leave is blank', { date: '2026-11-30', leave: [P, P] }, { cell: '', counts: '' }],
  // Attendance not required: the old rule exactly.
  ['not required: a working day without leave is X', { required: false }, { cell: 'X', counts: 'worked worked' }],
  [
    'not required: the facts are not read',
    { required: false, ...at('09:00', null) },
    { cell: 'X', lateMinutes: 0, forgotOut: false },
  ],
  ['not required: a half-day leave', { required: false, leave: [P, undefined] }, { cell: 'P/X', counts: 'paid worked' }],
  ['not required: a Saturday morning', { required: false, kind: 'half' }, { cell: 'X/', counts: 'worked' }],
  ['not required: a trip is CT, worked', { required: false, leave: [CT, CT] }, { cell: 'CT', counts: 'trip trip' }],
  // Leave, by halves.
  ['a full day of annual leave is P', { leave: [P, P] }, { cell: 'P', counts: 'paid paid' }],
  ['unpaid leave is KL, unpaid', { leave: [KL, KL] }, { cell: 'KL', counts: 'unpaid unpaid' }],
  [
    'a leave wins over a check-in',
    { leave: [P, P], ...at('08:00', '17:30') },
    { cell: 'P', counts: 'paid paid', lateMinutes: 0 },
  ],
  ['a trip counts as worked without a check-in', { leave: [CT, CT] }, { cell: 'CT', counts: 'trip trip' }],
  [
    'a morning trip, the afternoon in the office',
    { leave: [CT, undefined], ...at('13:30', '17:30') },
    { cell: 'CT/X', counts: 'trip worked' },
  ],
  ['a Saturday morning on leave', { kind: 'half', leave: [P, undefined] }, { cell: 'P/', counts: 'paid' }],
  // Anchor: half-day leave with a morning check-in is not absent.
  [
    'morning present, afternoon leave: X/P',
    { leave: [undefined, P], ...at('07:55', '12:00') },
    { cell: 'X/P', counts: 'worked paid', lateMinutes: 0, earlyMinutes: 0 },
  ],
  [
    'morning leave, afternoon present: P/X',
    { leave: [P, undefined], ...at('13:28', '17:31') },
    { cell: 'P/X', counts: 'paid worked' },
  ],
  [
    'morning leave, late in the afternoon: late from 13:30',
    { leave: [P, undefined], ...at('13:50', '17:30') },
    { cell: 'P/X', lateMinutes: 20 },
  ],
  [
    'morning present, afternoon leave, left early',
    { leave: [undefined, KL], ...at('08:00', '11:00') },
    { cell: 'X/KL', earlyMinutes: 60 },
  ],
  // Attendance.
  ['a whole day present', at('07:58', '17:35'), { cell: 'X', counts: 'worked worked', lateMinutes: 0, earlyMinutes: 0 }],
  ['late within the grace is not late', at('08:05', '17:30'), { cell: 'X', lateMinutes: 0 }],
  ['late after the grace: the whole delay', at('08:12', '17:30'), { cell: 'X', lateMinutes: 12 }],
  ['early after the grace', at('08:00', '17:00'), { cell: 'X', earlyMinutes: 30 }],
  ['early within the grace', at('08:00', '17:26'), { cell: 'X', earlyMinutes: 0 }],
  ['late and early', at('08:30', '17:00'), { cell: 'X', lateMinutes: 30, earlyMinutes: 30 }],
  ['no check-in, no leave: absent', {}, { cell: '–', counts: 'absent absent' }],
  [
    'morning only: X/–, no early mark for the afternoon',
    at('08:00', '12:00'),
    { cell: 'X/–', counts: 'worked absent', earlyMinutes: 0 },
  ],
  [
    'afternoon only: –/X, late from the afternoon start',
    at('13:40', '17:30'),
    { cell: '–/X', counts: 'absent worked', lateMinutes: 10 },
  ],
  [
    'a span partly over a half is present in it (overlap rule)',
    at('11:00', '14:00'),
    { cell: 'X', lateMinutes: 180, earlyMinutes: 210 },
  ],
  ['a span inside the lunch break is present nowhere', at('12:10', '13:20'), { cell: '–', counts: 'absent absent' }],
  ['a Saturday morning present', { kind: 'half', ...at('08:00', '12:00') }, { cell: 'X/', counts: 'worked' }],
  ['a Saturday morning absent', { kind: 'half' }, { cell: '–/', counts: 'absent' }],
  ['a Saturday morning, early leave against noon', { kind: 'half', ...at('08:00', '11:30') }, { cell: 'X/', earlyMinutes: 30 }],
  // Anchor: a missing check-out counts as present with "quên chấm ra".
  [
    'forgot to check out: present all day, marked',
    at('08:00', null),
    { cell: 'X', counts: 'worked worked', forgotOut: true, earlyMinutes: 0 },
  ],
  ['forgot to check out after a late arrival', at('08:20', null), { cell: 'X', forgotOut: true, lateMinutes: 20 }],
  ['forgot to check out, checked in in the afternoon', at('13:30', null), { cell: '–/X', forgotOut: true }],
  ['forgot to check in: present from the start, marked', at(null, '17:30'), { cell: 'X', forgotIn: true, lateMinutes: 0 }],
  ['a corrected day reads like any other', at('08:00', '17:30'), { cell: 'X', forgotOut: false, forgotIn: false }],
  ['a whole day on leave has no forgot mark', { leave: [P, P], ...at('08:00', null) }, { cell: 'P', forgotOut: false }],
  // Today is still going.
  ['today without a check-in is blank, not absent', { date: TODAY }, { cell: '', counts: '' }],
  [
    'today checked in, not yet out: present, not forgotten',
    { date: TODAY, ...at('08:00', null) },
    { cell: 'X', forgotOut: false },
  ],
  ['today on leave all day shows the leave', { date: TODAY, leave: [P, P] }, { cell: 'P', counts: 'paid paid' }],
  ['today checked out at noon', { date: TODAY, ...at('08:00', '12:00') }, { cell: 'X/–' }],
  [
    'department hours: late against their own start',
    { shift: { ...base.shift, morningStart: '07:30' }, ...at('07:45', '17:30') },
    { cell: 'X', lateMinutes: 15 },
  ],
];

describe('decideDay', () => {
  it.each(rows)('%s', (_name, input, want) => {
    const out = decideDay({ ...base, ...input });
    const { counts, ...rest } = want;
    expect(out).toMatchObject(rest);
    if (counts !== undefined) expect(out.halves.map((h) => h.counts).join(' ')).toBe(counts);
  });

  it('never marks or counts absence when attendance is not required', () => {
    for (const kind of ['work', 'half', 'off', 'holiday'] as const) {
      for (const fact of [null, { firstIn: '09:00', lastOut: null }, { firstIn: null, lastOut: '10:00' }]) {
        const out = decideDay({ ...base, kind, fact, required: false });
        expect(out.halves.every((h) => h.counts !== 'absent')).toBe(true);
        expect([out.lateMinutes, out.earlyMinutes, out.forgotOut, out.forgotIn]).toEqual([0, 0, false, false]);
      }
    }
  });
});
