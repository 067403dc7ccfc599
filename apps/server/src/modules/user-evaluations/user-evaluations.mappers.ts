import type { Grade } from '@qlcv/common/schemas/evaluations';
import { KPI_RECORD_ENTITIES, type KpiDirection, type KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import type {
  UserEvaluation,
  UserEvaluationCriterion,
  UserEvaluationDetail,
  UserEvaluationStatus,
} from '@qlcv/common/schemas/user-evaluations';
import type { Actor } from '../../lib/audit';
import { parseJsonObject } from '../../lib/json';
import { vnDayEnd } from '../../lib/vn-time';
import { isHr } from './user-evaluation-scopes';
import type { ScoreRow, UserEvaluationRow } from './user-evaluations.repository';

const num = (v: number | string | null) => (v === null ? null : Number(v));

export function toUserEvaluation(r: UserEvaluationRow): UserEvaluation {
  return {
    id: r.id,
    evaluation: {
      id: r.evaluation_id,
      name: r.evaluation_name,
      period_start: r.period_start,
      period_end: r.period_end,
      status: r.evaluation_status as UserEvaluation['evaluation']['status'],
    },
    employee: { id: r.employee_id, name: r.employee_name, code: r.employee_code },
    department: r.department_id !== null && r.department_name ? { id: r.department_id, name: r.department_name } : null,
    reviewer: r.reviewer_id !== null && r.reviewer_name ? { id: r.reviewer_id, name: r.reviewer_name } : null,
    status: r.status as UserEvaluationStatus,
    total: num(r.total),
    grade: (r.grade as Grade | null) ?? null,
    self_deadline: r.self_deadline,
    review_deadline: r.review_deadline,
    self_submitted_at: r.self_submitted_at,
    self_late: r.self_submitted_at !== null && new Date(r.self_submitted_at) >= new Date(vnDayEnd(r.self_deadline)),
    reviewed_at: r.reviewed_at,
    approved_at: r.approved_at,
    approved_by: r.approved_by !== null && r.approved_by_name ? { id: r.approved_by, name: r.approved_by_name } : null,
    return_note: r.return_note,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function toCriterion(s: ScoreRow): UserEvaluationCriterion {
  const records = s.kpi_measure === 'manual' ? null : parseJsonObject(s.actual_records);
  return {
    id: s.criterion_id,
    kpi_type: {
      id: s.kpi_type_id,
      code: s.kpi_code,
      name: s.kpi_name,
      unit: s.kpi_unit,
      direction: s.kpi_direction as KpiDirection,
      measure: s.kpi_measure as KpiMeasure,
    },
    weight: Number(s.weight),
    target: Number(s.target),
    actual: num(s.actual),
    actual_count: num(s.actual_count),
    actual_updated_at: s.actual_updated_at,
    records:
      s.kpi_measure === 'manual'
        ? null
        : {
            entity: KPI_RECORD_ENTITIES.find((e) => e === records?.entity) ?? 'works',
            ids: Array.isArray(records?.ids) ? (records.ids as unknown[]).map(Number) : [],
          },
    self_score: num(s.self_score),
    reviewer_score: num(s.reviewer_score),
    note: s.note,
  };
}

/** Who the caller is to a user evaluation. HR stands in for a reviewer (a missing or absent one), never for oneself. */
export function rolesOf(r: UserEvaluationRow, actor: Actor) {
  const own = r.employee_id === actor.id;
  const hr = isHr(actor);
  return { own, hr, reviewer: !own && (r.reviewer_id === actor.id || hr) };
}

export function canOf(r: UserEvaluationRow, actor: Actor): UserEvaluationDetail['can'] {
  const open = r.evaluation_status === 'open';
  const { own, hr, reviewer } = rolesOf(r, actor);
  const selfAssess = open && own && r.status === 'draft';
  const review = open && reviewer && r.status === 'self_assessed';
  return {
    edit: selfAssess || review,
    self_assess: selfAssess,
    review,
    approve: open && hr && !own && r.status === 'reviewed',
    return:
      open &&
      !own &&
      ((r.status === 'self_assessed' && reviewer) ||
        (r.status === 'reviewed' && (hr || r.reviewer_id === actor.id)) ||
        (r.status === 'approved' && hr)),
    refresh_actuals: open && r.status !== 'approved',
  };
}
