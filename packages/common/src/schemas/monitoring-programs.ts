import { z } from 'zod';
import { codeSchema, dateSchema, idOf, idQuery, listQuery, optionalText, requiredText, versionSchema } from './common';
import { CONTRACT_STATUSES } from './contracts';
import { boolQuery } from './processes';
import { FREQUENCIES, type Frequency } from './sites';

/**
 * A monitoring programme (issue 24 part 3): one site over a period — its points × parameters × frequency, usually
 * copied from the site's plan and priced by a signed contract — and the rounds it generates (Quý I/2027 …), each due
 * by the end of its period. Progress: rounds done and late.
 */

export const ROUND_STATUSES = ['planned', 'done', 'cancelled'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = {
  planned: 'Chưa thực hiện',
  done: 'Đã thực hiện',
  cancelled: 'Đã hủy',
};

/** A planned round due within this many days of Vietnam's today is reminded of (`monitoring_round.due`), once. */
export const ROUND_REMINDER_DAYS = 7;

/** A programme spans at most five years (a permit's monitoring is usually planned by the year). */
export const MAX_PROGRAM_DAYS = 5 * 366;

const MONTHS_OF: Record<Frequency, number> = { monthly: 1, quarterly: 3, half_yearly: 6, yearly: 12, once: 0 };
const ROMAN = ['I', 'II', 'III', 'IV'];

export interface RoundPeriod {
  seq: number;
  name: string;
  period_start: string;
  period_end: string;
  /** The last day of the period (or of the programme, when it ends first). */
  due_date: string;
  /** The frequencies whose lines are due in this round. */
  frequencies: Frequency[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const endOfMonth = (y: number, m: number) => `${y}-${pad(m)}-${pad(lastDay(y, m))}`;

function periodName(step: number, y: number, m: number): string {
  if (step === 1) return `Tháng ${m}/${y}`;
  if (step === 3) return `Quý ${ROMAN[(m - 1) / 3]}/${y}`;
  if (step === 6) return m === 1 ? `6 tháng đầu năm ${y}` : `6 tháng cuối năm ${y}`;
  return `Năm ${y}`;
}

/**
 * The rounds of a programme from `start` to `end` (inclusive) for its lines' frequencies: calendar periods of the most
 * frequent one (months, quarters from January, halves, years) that meet the span; a line is due in the round that
 * closes each of its own periods (a quarterly line in March, June… of a monthly programme), and in the last round when
 * the programme ends inside its period. Only 'once': one round over the whole span.
 */
export function programRounds(start: string, end: string, frequencies: readonly Frequency[]): RoundPeriod[] {
  const used = [...new Set(frequencies)];
  if (used.length === 0 || start > end) return [];
  const periodic = used.filter((f) => f !== 'once');
  if (periodic.length === 0) {
    return [{ seq: 1, name: 'Đợt 1', period_start: start, period_end: end, due_date: end, frequencies: ['once'] }];
  }
  const step = Math.min(...periodic.map((f) => MONTHS_OF[f]));
  const rounds: RoundPeriod[] = [];
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  m = m - ((m - 1) % step);
  while (`${y}-${pad(m)}-01` <= end) {
    const lastMonth = m + step - 1;
    const periodStart = `${y}-${pad(m)}-01`;
    const periodEnd = endOfMonth(y, lastMonth);
    const s = periodStart < start ? start : periodStart;
    const e = periodEnd > end ? end : periodEnd;
    const last = periodEnd >= end;
    const due: Frequency[] = periodic.filter((f) => lastMonth % MONTHS_OF[f] === 0 || last);
    // The one-off lines go with the first round.
    if (rounds.length === 0 && used.includes('once')) due.push('once');
    rounds.push({
      seq: rounds.length + 1,
      name: periodName(step, y, m),
      period_start: s,
      period_end: e,
      due_date: e,
      frequencies: due,
    });
    m += step;
    if (m > 12) {
      m -= 12;
      y += 1;
    }
  }
  return rounds;
}

export const programLineSchema = z.object({
  point_id: idOf({ required: 'Vui lòng chọn điểm quan trắc', invalid: 'Điểm quan trắc không hợp lệ' }),
  parameter_id: idOf({ required: 'Vui lòng chọn chỉ tiêu', invalid: 'Chỉ tiêu không hợp lệ' }),
  frequency: z.enum(FREQUENCIES, { error: 'Vui lòng chọn tần suất' }),
});

const programFields = {
  code: codeSchema('mã chương trình'),
  name: requiredText('tên chương trình', 255),
  site_id: idOf({ required: 'Vui lòng chọn cơ sở quan trắc', invalid: 'Cơ sở quan trắc không hợp lệ' }),
  contract_id: z.preprocess((v) => (v === '' ? null : v), idOf('Hợp đồng không hợp lệ').nullable().optional()),
  start_date: dateSchema,
  end_date: dateSchema,
  description: optionalText('ghi chú', 2000),
  /** Left empty: the site's plan as it stands. */
  lines: z.array(programLineSchema, { error: 'Danh sách chỉ tiêu không hợp lệ' }).max(2000, 'Tối đa 2000 dòng').optional(),
};

function checkProgram(
  v: { start_date: string; end_date: string; lines?: { point_id: number; parameter_id: number }[] },
  ctx: z.RefinementCtx,
) {
  if (v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Ngày kết thúc phải từ ngày bắt đầu trở đi' });
  else if ((Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 > MAX_PROGRAM_DAYS)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Một chương trình dài tối đa 5 năm' });
  const seen = new Set<string>();
  v.lines?.forEach((l, i) => {
    const key = `${l.point_id}|${l.parameter_id}`;
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'parameter_id'], message: 'Chỉ tiêu bị trùng tại điểm này' });
    seen.add(key);
  });
}

export const programCreateBody = z.object(programFields).superRefine(checkProgram);
export type ProgramCreateBody = z.infer<typeof programCreateBody>;

export const programUpdateBody = z.object({ ...programFields, version: versionSchema }).superRefine(checkProgram);
export type ProgramUpdateBody = z.infer<typeof programUpdateBody>;

export const PROGRAM_SORTS = ['code', 'name', 'start_date', 'end_date', 'created_at', 'updated_at'] as const;

export const programListQuery = listQuery.extend({
  site_id: idQuery.optional(),
  contract_id: idQuery.optional(),
  customer_id: idQuery.optional(),
  /** Programmes with a round past due and not done. */
  late: boolQuery.optional(),
  /** Programmes with a planned round due on or before this day (the dashboard's "due this month"). */
  due_by: dateSchema.optional(),
});
export type ProgramListQuery = z.infer<typeof programListQuery>;

const refSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const roundSchema = z.object({
  id: z.number(),
  seq: z.number(),
  name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  due_date: z.string(),
  status: z.enum(ROUND_STATUSES),
  /** Planned and past its due date (Vietnam's today). */
  late: z.boolean(),
  done_at: z.string().nullable(),
  done_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** How many programme lines are due in this round. */
  lines_due: z.number(),
  version: z.number(),
});
export type Round = z.infer<typeof roundSchema>;

export const programSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  site: refSchema,
  customer: refSchema,
  contract: z.object({ id: z.number(), number: z.string() }).nullable(),
  start_date: z.string(),
  end_date: z.string(),
  description: z.string().nullable(),
  progress: z.object({ rounds: z.number(), done: z.number(), late: z.number() }),
  /** The next planned round, if any. */
  next_round: z.object({ name: z.string(), due_date: z.string() }).nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Program = z.infer<typeof programSchema>;

export const programDetailSchema = programSchema.extend({
  lines: z.array(
    z.object({
      point: z.object({ id: z.number(), code: z.string(), name: z.string(), medium: z.string() }),
      parameter: z.object({ id: z.number(), code: z.string(), name: z.string(), unit: z.string() }),
      frequency: z.enum(FREQUENCIES),
    }),
  ),
  rounds: z.array(roundSchema),
});
export type ProgramDetail = z.infer<typeof programDetailSchema>;

/** `POST /api/monitoring-programs/{id}/rounds/{roundId}/done` and `/reopen`: a round's own state changes. */
export const roundActionParams = z.object({ id: idQuery, roundId: idQuery });
export const roundActionBody = z.object({ version: versionSchema.optional() });

/** The contracts a programme may be priced by: the site's customer's signed and running ones, or the one asked for. */
export const programContractOptionsQuery = z.object({ customer_id: idQuery.optional(), id: idQuery.optional() });
export type ProgramContractOptionsQuery = z.infer<typeof programContractOptionsQuery>;

export const programContractOptionSchema = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  customer: refSchema,
  signed_date: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  /** Signed or under way: a new programme may name it. */
  pricing: z.boolean(),
});
export type ProgramContractOption = z.infer<typeof programContractOptionSchema>;

/** The contract statuses a programme may be made from: signed and under way. */
export const PROGRAM_CONTRACT_STATUSES = ['signed', 'in_progress'] as const;
