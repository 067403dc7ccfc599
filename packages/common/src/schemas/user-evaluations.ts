import { z } from 'zod';
import { csvOf, idQuery, idSchema, listQuery, optionalText, requiredText, versionSchema } from './common';
import { criterionKpiTypeSchema, evaluationStatusSchema, gradeSchema } from './evaluations';
import { KPI_RECORD_ENTITIES } from './kpi-types';

// Issue 12, one employee's evaluation in a period: draft → self_assessed → reviewed → approved.

export const USER_EVALUATION_STATUSES = ['draft', 'self_assessed', 'reviewed', 'approved'] as const;
export type UserEvaluationStatus = (typeof USER_EVALUATION_STATUSES)[number];
export const userEvaluationStatusSchema = z.enum(USER_EVALUATION_STATUSES, { error: 'Trạng thái phiếu đánh giá không hợp lệ' });
export const USER_EVALUATION_STATUS_LABELS: Record<UserEvaluationStatus, string> = {
  draft: 'Chưa tự đánh giá',
  self_assessed: 'Đã tự đánh giá',
  reviewed: 'Quản lý đã đánh giá',
  approved: 'Đã duyệt',
};

/**
 * Tabs of the list: my own, those I review, what I must do now (`to_do`: mine to self-assess, still draft, and those
 * I review, self-assessed, in open periods: the dashboard card), everything in my scope.
 */
export const USER_EVALUATION_TABS = ['mine', 'to_review', 'to_do', 'all'] as const;
export type UserEvaluationTab = (typeof USER_EVALUATION_TABS)[number];
export const USER_EVALUATION_TAB_LABELS: Record<UserEvaluationTab, string> = {
  mine: 'Của tôi',
  to_review: 'Tôi đánh giá',
  to_do: 'Cần tôi làm',
  all: 'Tất cả',
};

export const USER_EVALUATION_SORTS = ['period_start', 'total', 'status', 'employee', 'created_at', 'updated_at'] as const;

/** The default tab is `all` (the caller's whole scope), so `?employee_id=` alone gives an employee's history. */
export const userEvaluationListQuery = listQuery.extend({
  tab: z.enum(USER_EVALUATION_TABS).default('all'),
  evaluation_id: idQuery.optional(),
  status: csvOf(userEvaluationStatusSchema).optional(),
  /** The employee's department or any of its sub-departments. */
  department_id: idQuery.optional(),
  employee_id: idQuery.optional(),
});
export type UserEvaluationListQuery = z.infer<typeof userEvaluationListQuery>;

const score = (label: string) =>
  z
    .number({ error: `${label} phải là số` })
    .min(0, `${label} từ 0 đến 100`)
    .max(100, `${label} từ 0 đến 100`)
    .nullable()
    .optional();

/**
 * One criterion of `PUT /api/user-evaluations/{id}`. Leave out (or send unchanged) what is not yours to write:
 * the employee writes `self_score` while draft; the reviewer writes `reviewer_score` and a manual criterion's
 * `actual` while self_assessed; `note` goes with either step.
 */
export const userEvaluationScoreBody = z.object({
  criterion_id: idSchema,
  self_score: score('Điểm tự đánh giá'),
  reviewer_score: score('Điểm quản lý'),
  /** Manual criteria only: computed actuals come from the data. */
  actual: z.number({ error: 'Giá trị thực tế phải là số' }).min(-1_000_000_000).max(1_000_000_000).nullable().optional(),
  note: optionalText('ghi chú', 1000),
});
export type UserEvaluationScoreBody = z.infer<typeof userEvaluationScoreBody>;

export const userEvaluationUpdateBody = z.object({
  scores: z.array(userEvaluationScoreBody).max(50),
  version: versionSchema,
});
export type UserEvaluationUpdateBody = z.infer<typeof userEvaluationUpdateBody>;

/** submit-self, review, approve. */
export const userEvaluationTransitionBody = z.object({ note: optionalText('ghi chú', 2000), version: versionSchema.optional() });
export type UserEvaluationTransitionBody = z.infer<typeof userEvaluationTransitionBody>;

/** return: one step back, with the reason. */
export const userEvaluationReturnBody = z.object({
  note: requiredText('lý do trả lại', 2000),
  version: versionSchema.optional(),
});
export type UserEvaluationReturnBody = z.infer<typeof userEvaluationReturnBody>;

const ref = z.object({ id: z.number(), name: z.string() });

export const userEvaluationSchema = z.object({
  id: z.number(),
  evaluation: z.object({
    id: z.number(),
    name: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    status: evaluationStatusSchema,
  }),
  employee: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  department: ref.nullable(),
  reviewer: ref.nullable(),
  status: userEvaluationStatusSchema,
  /** Σ weight × score / 100, reviewer score when present else self score (2 decimals); null while nothing is scored. */
  total: z.number().nullable(),
  grade: gradeSchema.nullable(),
  self_deadline: z.string(),
  review_deadline: z.string(),
  self_submitted_at: z.string().nullable(),
  /** Self-assessment submitted after the self deadline (accepted, marked). */
  self_late: z.boolean(),
  reviewed_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  approved_by: ref.nullable(),
  /** The reason of the last return, until the next step forward. */
  return_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserEvaluation = z.infer<typeof userEvaluationSchema>;

export const userEvaluationCriterionSchema = z.object({
  /** The evaluation criterion's id (what `criterion_id` of the update names). */
  id: z.number(),
  kpi_type: criterionKpiTypeSchema,
  weight: z.number(),
  target: z.number(),
  /** Computed from the period's data (manual: typed by the reviewer); null when there is nothing to measure. */
  actual: z.number().nullable(),
  actual_count: z.number().nullable(),
  actual_updated_at: z.string().nullable(),
  /** What a computed actual counted; null for a manual criterion. */
  records: z.object({ entity: z.enum(KPI_RECORD_ENTITIES), ids: z.array(z.number()) }).nullable(),
  self_score: z.number().nullable(),
  reviewer_score: z.number().nullable(),
  note: z.string().nullable(),
});
export type UserEvaluationCriterion = z.infer<typeof userEvaluationCriterionSchema>;

export const userEvaluationDetailSchema = userEvaluationSchema.extend({
  criteria: z.array(userEvaluationCriterionSchema),
  version: z.number(),
  /** What the caller may do now. `edit`: the save button (self or reviewer scores, by status). */
  can: z.object({
    edit: z.boolean(),
    self_assess: z.boolean(),
    review: z.boolean(),
    approve: z.boolean(),
    return: z.boolean(),
    refresh_actuals: z.boolean(),
  }),
});
export type UserEvaluationDetail = z.infer<typeof userEvaluationDetailSchema>;
