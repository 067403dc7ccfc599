import { z } from 'zod';
import { VERDICTS } from '../regulation-limits';
import { csvOf, dateSchema, idOf, idQuery, listQuery, optionalText, requiredText, versionSchema, yearQuery } from './common';
import { LIMIT_PATTERN } from './parameters';
import { boolQuery } from './processes';
import { SAMPLE_QC_KINDS, SAMPLE_STATUSES } from './samples';

/**
 * The laboratory's analyses (issue 25 part 2): one per sample × laboratory parameter of the sample's point in its
 * round, made when the laboratory receives the sample; assigned to an analyst, its result entered (a decimal string
 * keeping its significant figures, never a float), verified by a second person — never the analyst — and released.
 */

/**
 * pending (made at reception, nobody assigned yet) → assigned → entered → verified → released; a verifier returns an
 * entered or verified result to the analyst with a reason (returned, entered again as if assigned).
 */
export const ANALYSIS_STATES = ['pending', 'assigned', 'entered', 'verified', 'released', 'returned'] as const;
export type AnalysisState = (typeof ANALYSIS_STATES)[number];
export const ANALYSIS_STATE_LABELS: Record<AnalysisState, string> = {
  pending: 'Chờ phân công',
  assigned: 'Đã phân công',
  entered: 'Đã nhập kết quả',
  verified: 'Đã soát xét',
  released: 'Đã phát hành',
  returned: 'Bị trả lại',
};
/** Not yet released: what a worksheet lists by default. */
export const OPEN_ANALYSIS_STATES: readonly AnalysisState[] = ['pending', 'assigned', 'entered', 'returned', 'verified'];

/** `<`: below the detection limit (the value is the LOD); `>`: above the method's range (the value is its top). */
export const ANALYSIS_QUALIFIERS = ['<', '>'] as const;
export type AnalysisQualifier = (typeof ANALYSIS_QUALIFIERS)[number];
export const ANALYSIS_QUALIFIER_LABELS: Record<AnalysisQualifier, string> = {
  '<': 'Nhỏ hơn giới hạn phát hiện (< LOD)',
  '>': 'Lớn hơn khoảng đo của phương pháp (>)',
};

/**
 * The relative percent difference a duplicate pair may differ by before it is flagged, in %, when the parameter names
 * none (the parameter catalogue has no column for it yet): 20 %, the usual acceptance limit of field duplicates for
 * water (US EPA's data-validation guidance).
 */
export const DEFAULT_ALLOWED_RPD = '20';

/** At most this many rows in one batch (a worksheet's entry, a verification). */
export const MAX_ANALYSIS_BATCH = 200;
/** At most this many rows on one worksheet. */
export const MAX_WORKSHEET_ROWS = 500;

/** A result as the analyst writes it: up to 9 whole digits and 6 decimals, a comma or a point, its zeros kept. */
export const RESULT_PATTERN = /^-?\d{1,9}(\.\d{1,6})?$/;

/**
 * A decimal string, trimmed, a decimal comma read as a point ("0,050" → "0.050"); a JSON number is refused (it would
 * have lost the zeros that make its significant figures).
 */
const decimalString = (label: string, pattern: RegExp, hint: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v),
    z
      .string({ error: `${label} phải là một số thập phân viết dạng chuỗi, ví dụ "0,050"` })
      .min(1, `Vui lòng nhập ${label.toLowerCase()}`)
      .regex(pattern, `${label} phải là số thập phân ${hint}, ví dụ 0,050`),
  );

export const resultValueSchema = decimalString(
  'Kết quả',
  RESULT_PATTERN,
  '(tối đa 9 chữ số phần nguyên và 6 chữ số sau dấu phẩy)',
);
const uncertaintySchema = z.preprocess(
  (v) => (v === '' ? null : v),
  decimalString('Độ không đảm bảo đo', LIMIT_PATTERN, 'không âm (tối đa 9 chữ số phần nguyên và 6 chữ số sau dấu phẩy)')
    .nullable()
    .optional(),
);

/** What the analyst enters; the unit and method default to the parameter's, the date to today. */
export const analysisResultFields = {
  qualifier: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(ANALYSIS_QUALIFIERS, { error: 'Dấu kết quả chỉ có thể là "<", ">" hoặc để trống' }).nullable().optional(),
  ),
  value: resultValueSchema,
  unit: optionalText('đơn vị', 30),
  method: optionalText('phương pháp', 200),
  equipment_id: z.preprocess((v) => (v === '' ? null : v), idOf('Thiết bị phân tích không hợp lệ').nullable().optional()),
  analysed_on: z.preprocess((v) => (v === '' ? null : v), dateSchema.nullable().optional()),
  uncertainty: uncertaintySchema,
  notes: optionalText('ghi chú', 1000),
};

/** `POST /api/analyses/{id}/result`. */
export const analysisResultBody = z.object({ ...analysisResultFields, version: versionSchema });
export type AnalysisResultBody = z.infer<typeof analysisResultBody>;

const rowsOf = <T extends z.ZodType>(row: T) =>
  z
    .array(row, { error: 'Danh sách kết quả không hợp lệ' })
    .min(1, 'Vui lòng chọn ít nhất một phép phân tích')
    .max(MAX_ANALYSIS_BATCH, `Mỗi lần tối đa ${MAX_ANALYSIS_BATCH} phép phân tích`)
    .refine((a) => new Set(a.map((r) => (r as { id: number }).id)).size === a.length, 'Có phép phân tích bị chọn trùng');

const analysisId = idOf({ required: 'Thiếu mã phép phân tích', invalid: 'Mã phép phân tích không hợp lệ' });
const rowRef = z.object({ id: analysisId, version: versionSchema });

/** `POST /api/analyses/results`: a worksheet's rows at once, all or none. */
export const analysisResultsBody = z.object({
  rows: rowsOf(z.object({ id: analysisId, ...analysisResultFields, version: versionSchema })),
});
export type AnalysisResultsBody = z.infer<typeof analysisResultsBody>;
export type AnalysisResultRow = AnalysisResultsBody['rows'][number];

/** `POST /api/analyses/verify` and `/release`: the analyses as read (each with its version). */
export const analysisRowsBody = z.object({ rows: rowsOf(rowRef) });
export type AnalysisRowsBody = z.infer<typeof analysisRowsBody>;

/** `POST /api/analyses/assign`: a worksheet's analyses to one analyst. */
export const analysisAssignBody = z.object({
  analyst_id: idOf({ required: 'Vui lòng chọn kiểm nghiệm viên', invalid: 'Kiểm nghiệm viên không hợp lệ' }),
  rows: rowsOf(rowRef),
});
export type AnalysisAssignBody = z.infer<typeof analysisAssignBody>;

/** `POST /api/analyses/{id}/return`: back to the analyst, with why. */
export const analysisReturnBody = z.object({ reason: requiredText('lý do trả lại', 1000), version: versionSchema });
export type AnalysisReturnBody = z.infer<typeof analysisReturnBody>;

export const ANALYSIS_SORTS = ['taken_at', 'sample_code', 'parameter_code', 'state', 'updated_at'] as const;
export const analysisListQuery = listQuery.extend({
  state: csvOf(z.enum(ANALYSIS_STATES, { error: 'Trạng thái không hợp lệ' })).optional(),
  parameter_id: idQuery.optional(),
  sample_id: idQuery.optional(),
  analyst_id: idQuery.optional(),
  /** Only the analyses assigned to the caller. */
  mine: boolQuery.optional(),
  late_for_holding: boolQuery.optional(),
  /**
   * Only the analyses late by their parameter's turnaround (issue 25 part 5): not released and made (at the sample's receipt) more than
   * the parameter's `turnaround_days` calendar days ago. Only `true` filters (the dashboard's card opens it).
   */
  late: z.enum(['true'], { error: 'Bộ lọc quá hạn chỉ nhận giá trị true' }).optional(),
  /** Released results by their verdict against the limit (issue 25 part 3): "Vượt" finds every exceedance. */
  verdict: csvOf(z.enum(VERDICTS, { error: 'Kết luận so với quy chuẩn không hợp lệ' })).optional(),
});
export type AnalysisListQuery = z.infer<typeof analysisListQuery>;

/** `GET /api/analyses/worksheet`: one parameter's analyses over many samples (not released, unless asked). */
export const worksheetQuery = z.object({
  parameter_id: idQuery,
  state: csvOf(z.enum(ANALYSIS_STATES, { error: 'Trạng thái không hợp lệ' })).optional(),
  analyst_id: idQuery.optional(),
});
export type WorksheetQuery = z.infer<typeof worksheetQuery>;

const person = z.object({ id: z.number(), name: z.string() });
const ref = z.object({ id: z.number(), code: z.string(), name: z.string() });

/**
 * The limit a released result was judged against (issue 25 part 3): the regulation in force on the sampling date, its
 * column, the effective limit as decimal strings ("49.5"), as a report writes it ("≤ 49,5", "5,5–9") and its formula —
 * a snapshot taken at release, never recomputed.
 */
export const analysisLimitSchema = z.object({
  regulation: z.object({ id: z.number(), code: z.string() }),
  column: z.string(),
  text: z.string(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  unit: z.string(),
  averaging: z.string(),
  formula: z.string().nullable(),
});
export type AnalysisLimit = z.infer<typeof analysisLimitSchema>;

/** The verdict fields of a released result (null until released). */
const verdictFields = {
  limit: analysisLimitSchema.nullable(),
  /** within | exceeded | no_limit | undetermined (VERDICT_LABELS of regulation-limits). */
  verdict: z.enum(VERDICTS).nullable(),
  /** Why no verdict could be reached (a factor not chosen, a detection limit above the limit, another unit). */
  verdict_reason: z.string().nullable(),
  /** How many times the max the value is ("1.63"), a decimal string; null unless it exceeds a max. */
  exceed_ratio: z.string().nullable(),
  /** By how much it passes the max or falls short of the min, in the result's unit, a decimal string. */
  exceed_by: z.string().nullable(),
  judged_at: z.string().nullable(),
};

export const analysisSchema = z.object({
  id: z.number(),
  sample: z.object({
    id: z.number(),
    code: z.string(),
    qc_kind: z.enum(SAMPLE_QC_KINDS),
    status: z.enum(SAMPLE_STATUSES),
    taken_at: z.string(),
  }),
  trip: z.object({ id: z.number(), code: z.string() }),
  site: ref,
  point: ref,
  parameter: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    unit: z.string(),
    method: z.string(),
    lod: z.string().nullable(),
    loq: z.string().nullable(),
  }),
  state: z.enum(ANALYSIS_STATES),
  analyst: person.nullable(),
  qualifier: z.enum(ANALYSIS_QUALIFIERS).nullable(),
  /** The result as entered, a decimal string with its significant figures ("0.050"). */
  value: z.string().nullable(),
  unit: z.string(),
  method: z.string(),
  equipment: ref.nullable(),
  analysed_on: z.string().nullable(),
  uncertainty: z.string().nullable(),
  notes: z.string().nullable(),
  /** Taken time + the parameter's holding time; null when the parameter has none. */
  hold_until: z.string().nullable(),
  /** The result was analysed after the holding time (marked, never refused). */
  late_for_holding: z.boolean(),
  /** The Vietnam day the result is due: receipt + the parameter's turnaround_days; null without a target. */
  due_on: z.string().nullable(),
  entered_by: person.nullable(),
  entered_at: z.string().nullable(),
  verified_by: person.nullable(),
  verified_at: z.string().nullable(),
  released_by: person.nullable(),
  released_at: z.string().nullable(),
  /** Why it was last returned (kept in the history after re-entry). */
  return_reason: z.string().nullable(),
  ...verdictFields,
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Analysis = z.infer<typeof analysisSchema>;

export const analysisEventSchema = z.object({
  id: z.number(),
  state: z.enum(ANALYSIS_STATES),
  at: z.string(),
  by: person.nullable(),
  /** The analyst it went to (assigned). */
  to: person.nullable(),
  /** The result as it stood ("< 0.050 mg/L"). */
  result: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AnalysisEvent = z.infer<typeof analysisEventSchema>;

export const analysisDetailSchema = analysisSchema.extend({
  history: z.array(analysisEventSchema),
  can: z.object({ assign: z.boolean(), enter: z.boolean(), verify: z.boolean(), return: z.boolean(), release: z.boolean() }),
});
export type AnalysisDetail = z.infer<typeof analysisDetailSchema>;

/** The QC flags of a worksheet's row. */
export const analysisQcSchema = z.object({
  /** A field or trip blank whose result is above the parameter's LOD. */
  blank_above_lod: z.boolean(),
  /** The other analysis of a duplicate pair (the original for a duplicate, the duplicate for an original). */
  pair: z.object({ id: z.number(), sample_code: z.string() }).nullable(),
  /** |a − b| / mean × 100, one decimal; null while either result is missing or qualified. */
  rpd: z.string().nullable(),
  rpd_exceeded: z.boolean(),
});
export type AnalysisQc = z.infer<typeof analysisQcSchema>;

export const worksheetSchema = z.object({
  parameter: analysisSchema.shape.parameter,
  /** The relative percent difference allowed a duplicate pair, in %. */
  allowed_rpd: z.string(),
  rows: z.array(
    analysisSchema
      .pick({
        id: true,
        sample: true,
        point: true,
        site: true,
        state: true,
        analyst: true,
        qualifier: true,
        value: true,
        unit: true,
        method: true,
        equipment: true,
        analysed_on: true,
        uncertainty: true,
        hold_until: true,
        late_for_holding: true,
        return_reason: true,
        version: true,
      })
      .extend({ qc: analysisQcSchema }),
  ),
  /** More rows match than a worksheet shows (MAX_WORKSHEET_ROWS): narrow it by state or analyst. */
  truncated: z.boolean(),
});
export type Worksheet = z.infer<typeof worksheetSchema>;

/** `GET /api/analyses/analysts`: who may be assigned (active users holding `lab.analyse`). */
export const analystOptionSchema = z.object({ id: z.number(), name: z.string(), username: z.string() });
export type AnalystOption = z.infer<typeof analystOptionSchema>;

/** The result as one text ("< 0.050 mg/L"). */
export const resultText = (a: { qualifier: string | null; value: string | null; unit: string }): string | null =>
  a.value === null ? null : `${a.qualifier ? `${a.qualifier} ` : ''}${a.value} ${a.unit}`.trim();

/** At most this many results on a trend (a point's parameter over time) or a customer's year of exceedances. */
export const MAX_TREND_POINTS = 1000;

/** `GET /api/analyses/trend`: a point's parameter over time; `to` defaults to today, `from` to a year before it. */
export const analysisTrendQuery = z.object({
  point_id: idQuery,
  parameter_id: idQuery,
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type AnalysisTrendQuery = z.infer<typeof analysisTrendQuery>;

const dayRef = z.object({ id: z.number(), code: z.string(), name: z.string() });

/** A released result on a trend, with the limit it was judged against on its sampling date (for a chart). */
export const trendPointSchema = z.object({
  analysis_id: z.number(),
  sample: z.object({ id: z.number(), code: z.string(), taken_at: z.string() }),
  /** Vietnam's sampling day, YYYY-MM-DD. */
  date: z.string(),
  qualifier: z.enum(ANALYSIS_QUALIFIERS).nullable(),
  value: z.string(),
  unit: z.string(),
  limit: analysisLimitSchema.nullable(),
  verdict: z.enum(VERDICTS).nullable(),
  exceed_ratio: z.string().nullable(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const analysisTrendSchema = z.object({
  point: dayRef,
  site: dayRef,
  parameter: z.object({ id: z.number(), code: z.string(), name: z.string(), unit: z.string() }),
  from: z.string(),
  to: z.string(),
  /** Oldest first. */
  points: z.array(trendPointSchema),
  /** More results than MAX_TREND_POINTS: narrow the dates. */
  truncated: z.boolean(),
});
export type AnalysisTrend = z.infer<typeof analysisTrendSchema>;

/** `GET /api/analyses/exceedances`: a customer's released results that exceeded their limit, in a year of sampling. */
export const analysisExceedancesQuery = z.object({ customer_id: idQuery, year: yearQuery });
export type AnalysisExceedancesQuery = z.infer<typeof analysisExceedancesQuery>;

export const exceedanceSchema = z.object({
  analysis_id: z.number(),
  sample: z.object({ id: z.number(), code: z.string(), taken_at: z.string() }),
  date: z.string(),
  site: dayRef,
  point: dayRef,
  parameter: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  qualifier: z.enum(ANALYSIS_QUALIFIERS).nullable(),
  value: z.string(),
  unit: z.string(),
  limit: analysisLimitSchema.nullable(),
  exceed_ratio: z.string().nullable(),
  exceed_by: z.string().nullable(),
});
export type Exceedance = z.infer<typeof exceedanceSchema>;

export const analysisExceedancesSchema = z.object({
  customer: dayRef,
  year: z.number(),
  total: z.number(),
  /** Twelve rows, January first: how many exceeding results were sampled in each month. */
  months: z.array(z.object({ month: z.number(), count: z.number() })),
  /** Newest sample first. */
  rows: z.array(exceedanceSchema),
  truncated: z.boolean(),
});
export type AnalysisExceedances = z.infer<typeof analysisExceedancesSchema>;
