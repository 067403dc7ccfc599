import { z } from 'zod';
import {
  boundedInt,
  csvOf,
  dateSchema,
  idOf,
  idQuery,
  idSchema,
  listQuery,
  requiredText,
  versionSchema,
  yearQuery,
} from './common';
import { kpiDirectionSchema, kpiMeasureSchema } from './kpi-types';

// Issue 12, evaluation periods (PRODUCT.md §3): criteria weighted to 100, departments covered, draft → open → closed.

export const EVALUATION_PERIOD_TYPES = ['month', 'quarter', 'year'] as const;
export type EvaluationPeriodType = (typeof EVALUATION_PERIOD_TYPES)[number];
export const evaluationPeriodTypeSchema = z.enum(EVALUATION_PERIOD_TYPES, { error: 'Loại kỳ đánh giá không hợp lệ' });
export const EVALUATION_PERIOD_TYPE_LABELS: Record<EvaluationPeriodType, string> = {
  month: 'Tháng',
  quarter: 'Quý',
  year: 'Năm',
};

export const EVALUATION_STATUSES = ['draft', 'open', 'closed'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];
export const evaluationStatusSchema = z.enum(EVALUATION_STATUSES, { error: 'Trạng thái kỳ đánh giá không hợp lệ' });
export const EVALUATION_STATUS_LABELS: Record<EvaluationStatus, string> = {
  draft: 'Nháp',
  open: 'Đang mở',
  closed: 'Đã khóa',
};

/** The message of every write refused because the period is closed. */
export const EVALUATION_LOCKED_MESSAGE = 'Kỳ đánh giá đã khóa';

// Grades of a weighted total (0–100).
export const GRADES = ['A', 'B', 'C', 'D'] as const;
export type Grade = (typeof GRADES)[number];
export const gradeSchema = z.enum(GRADES);
export const GRADE_LABELS: Record<Grade, string> = { A: 'Xuất sắc', B: 'Tốt', C: 'Đạt', D: 'Chưa đạt' };
/** Lowest total of each grade; D is everything below C. */
export const GRADE_THRESHOLDS = { A: 90, B: 75, C: 60, D: 0 } as const;

/** Grade of a total: A ≥ 90, B ≥ 75, C ≥ 60, else D; null without a total. 89.99 is B (no rounding up). */
export function gradeOf(total: number | null | undefined): Grade | null {
  if (total === null || total === undefined || Number.isNaN(total)) return null;
  if (total >= GRADE_THRESHOLDS.A) return 'A';
  if (total >= GRADE_THRESHOLDS.B) return 'B';
  if (total >= GRADE_THRESHOLDS.C) return 'C';
  return 'D';
}

/** "A – Xuất sắc" */
export const gradeText = (grade: Grade | null) => (grade ? `${grade} – ${GRADE_LABELS[grade]}` : '');

export const evaluationCriterionBody = z.object({
  kpi_type_id: idOf({ required: 'Vui lòng chọn loại KPI', invalid: 'Loại KPI không hợp lệ' }),
  weight: boundedInt(1, 100, {
    required: 'Trọng số phải là số',
    invalid: 'Trọng số phải là số nguyên',
    min: 'Trọng số từ 1 đến 100',
    max: 'Trọng số từ 1 đến 100',
  }),
  target: z.number({ error: 'Chỉ tiêu phải là số' }).min(0, 'Chỉ tiêu không được âm').max(1_000_000_000, 'Chỉ tiêu quá lớn'),
});
export type EvaluationCriterionBody = z.infer<typeof evaluationCriterionBody>;

const evaluationFields = {
  name: requiredText('tên kỳ đánh giá', 200),
  period_type: evaluationPeriodTypeSchema,
  period_start: dateSchema,
  period_end: dateSchema,
  /** Employees self-assess by this day (a later submission is accepted and marked late). */
  self_deadline: dateSchema,
  /** Reviewers score by this day. */
  review_deadline: dateSchema,
  /** Departments covered; their sub-departments are covered too. */
  department_ids: z.array(idSchema, { error: 'Vui lòng chọn phòng ban' }).min(1, 'Vui lòng chọn ít nhất một phòng ban').max(200),
  /** At least one; weights must sum to 100 (checked by the server, which names the criteria); no KPI type twice. */
  criteria: z
    .array(evaluationCriterionBody, { error: 'Vui lòng thêm tiêu chí' })
    .min(1, 'Vui lòng thêm ít nhất một tiêu chí')
    .max(50),
};

type EvaluationDates = { period_start: string; period_end: string; self_deadline: string; review_deadline: string };

function checkEvaluation(b: EvaluationDates & { criteria: { kpi_type_id: number }[] }, ctx: z.RefinementCtx) {
  if (b.period_end < b.period_start)
    ctx.addIssue({ code: 'custom', path: ['period_end'], message: 'Ngày kết thúc kỳ phải từ ngày bắt đầu trở đi' });
  if (b.self_deadline < b.period_start)
    ctx.addIssue({ code: 'custom', path: ['self_deadline'], message: 'Hạn tự đánh giá phải từ ngày bắt đầu kỳ trở đi' });
  if (b.review_deadline < b.self_deadline)
    ctx.addIssue({
      code: 'custom',
      path: ['review_deadline'],
      message: 'Hạn đánh giá của quản lý phải từ hạn tự đánh giá trở đi',
    });
  const seen = new Set<number>();
  b.criteria.forEach((c, i) => {
    if (seen.has(c.kpi_type_id))
      ctx.addIssue({
        code: 'custom',
        path: ['criteria', i, 'kpi_type_id'],
        message: 'Loại KPI này đã có trong danh sách tiêu chí',
      });
    seen.add(c.kpi_type_id);
  });
}

export const evaluationCreateBody = z.object(evaluationFields).superRefine(checkEvaluation);
export type EvaluationCreateBody = z.infer<typeof evaluationCreateBody>;

/** While open only the name and the deadlines may change; criteria and departments must stay as they are. */
export const evaluationUpdateBody = z.object({ ...evaluationFields, version: versionSchema }).superRefine(checkEvaluation);
export type EvaluationUpdateBody = z.infer<typeof evaluationUpdateBody>;

/** `POST /api/evaluations/{id}/employees`: an employee who joined a covered department after opening. */
export const evaluationAddEmployeeBody = z.object({ employee_id: idSchema });
export type EvaluationAddEmployeeBody = z.infer<typeof evaluationAddEmployeeBody>;

/** Body of open / close. */
export const evaluationTransitionBody = z.object({ version: versionSchema.optional() });
export type EvaluationTransitionBody = z.infer<typeof evaluationTransitionBody>;

export const EVALUATION_SORTS = ['period_start', 'period_end', 'name', 'status', 'created_at', 'updated_at'] as const;

export const evaluationListQuery = listQuery.extend({
  status: csvOf(evaluationStatusSchema).optional(),
  period_type: evaluationPeriodTypeSchema.optional(),
  /** Periods overlapping this year. */
  year: yearQuery.optional(),
});
export type EvaluationListQuery = z.infer<typeof evaluationListQuery>;

const ref = z.object({ id: z.number(), name: z.string() });

/** The KPI type as a criterion shows it. */
export const criterionKpiTypeSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  direction: kpiDirectionSchema,
  measure: kpiMeasureSchema,
});
export type CriterionKpiType = z.infer<typeof criterionKpiTypeSchema>;

export const evaluationCriterionSchema = z.object({
  id: z.number(),
  kpi_type: criterionKpiTypeSchema,
  weight: z.number(),
  target: z.number(),
});
export type EvaluationCriterion = z.infer<typeof evaluationCriterionSchema>;

export const evaluationCountsSchema = z.object({
  total: z.number(),
  draft: z.number(),
  self_assessed: z.number(),
  reviewed: z.number(),
  approved: z.number(),
});
export type EvaluationCounts = z.infer<typeof evaluationCountsSchema>;

/** List row and detail alike (`GET /api/evaluations`, `GET /api/evaluations/{id}`). */
export const evaluationSchema = z.object({
  id: z.number(),
  name: z.string(),
  period_type: evaluationPeriodTypeSchema,
  period_start: z.string(),
  period_end: z.string(),
  self_deadline: z.string(),
  review_deadline: z.string(),
  status: evaluationStatusSchema,
  /** The departments chosen (sub-departments are covered without being listed). */
  departments: z.array(ref),
  criteria: z.array(evaluationCriterionSchema),
  /** User evaluations by status (all zero while draft). */
  counts: evaluationCountsSchema,
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_by: ref.nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/** `GET /api/evaluations/{id}/results`: one row per user evaluation, every status. */
export const evaluationResultRowSchema = z.object({
  user_evaluation_id: z.number(),
  employee: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  department: ref.nullable(),
  reviewer: ref.nullable(),
  /** Weighted total (2 decimals); null while no criterion is scored. */
  total: z.number().nullable(),
  grade: gradeSchema.nullable(),
  status: z.enum(['draft', 'self_assessed', 'reviewed', 'approved']),
});
export type EvaluationResultRow = z.infer<typeof evaluationResultRowSchema>;

const gradeCounts = { A: z.number(), B: z.number(), C: z.number(), D: z.number() };

export const evaluationResultsSchema = z.object({
  evaluation: evaluationSchema,
  rows: z.array(evaluationResultRowSchema),
  distribution: z.object({
    /** Rows with a grade (ungraded ones are left out). */
    by_grade: z.object(gradeCounts),
    by_department: z.array(
      z.object({
        department: ref.nullable(),
        /** Every row of the department, graded or not. */
        count: z.number(),
        /** Average of the totals present (2 decimals); null when none. */
        average: z.number().nullable(),
        ...gradeCounts,
      }),
    ),
  }),
});
export type EvaluationResults = z.infer<typeof evaluationResultsSchema>;

/** `sort` of the results table and its export. */
export const evaluationResultsQuery = z.object({
  department_id: idQuery.optional(),
  sort: z.enum(['total', '-total', 'employee', '-employee', 'department', '-department']).default('-total'),
});
export type EvaluationResultsQuery = z.infer<typeof evaluationResultsQuery>;
