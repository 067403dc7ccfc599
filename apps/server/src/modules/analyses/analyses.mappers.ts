import type { Verdict } from '@qlcv/common/regulation-limits';
import type { Analysis, AnalysisLimit, AnalysisQualifier, AnalysisState } from '@qlcv/common/schemas/analyses';
import type { SampleQcKind, SampleStatus } from '@qlcv/common/schemas/samples';
import { vnToday } from '../../lib/vn-time';
import type { AnalysisRow } from './analyses.repository';

export const ANALYSIS_ENTITY = 'analyses';
export const ANALYSIS_NOT_FOUND = 'Không tìm thấy phép phân tích.';

/**
 * When an analysis's result is due: its creation (the sample's receipt) + the parameter's turnaround in calendar days
 * (decisions 40.20); null without a target.
 */
export function analysisDueAt(createdAt: string | Date, turnaroundDays: number | null): string | null {
  if (turnaroundDays === null) return null;
  return new Date(new Date(createdAt).getTime() + Number(turnaroundDays) * 86_400_000).toISOString();
}

/** The Vietnam day of the due moment, `YYYY-MM-DD`; null without a target. */
export function analysisDueOn(createdAt: string | Date, turnaroundDays: number | null): string | null {
  const at = analysisDueAt(createdAt, turnaroundDays);
  return at === null ? null : vnToday(new Date(at));
}

const person = (id: number | null, name: string | null) => (id !== null ? { id, name: name ?? '' } : null);

export function toAnalysis(r: AnalysisRow): Analysis {
  return {
    id: r.id,
    sample: {
      id: r.sample_id,
      code: r.sample_code,
      qc_kind: r.sample_qc_kind as SampleQcKind,
      status: r.sample_status as SampleStatus,
      taken_at: r.sample_taken_at,
    },
    trip: { id: r.trip_id, code: r.trip_code },
    site: { id: r.site_id, code: r.site_code, name: r.site_name },
    point: { id: r.point_id, code: r.point_code, name: r.point_name },
    parameter: {
      id: r.parameter_id,
      code: r.parameter_code,
      name: r.parameter_name,
      unit: r.parameter_unit,
      method: r.parameter_method,
      lod: r.parameter_lod,
      loq: r.parameter_loq,
    },
    state: r.state as AnalysisState,
    analyst: person(r.analyst_id, r.analyst_name),
    qualifier: r.qualifier as AnalysisQualifier | null,
    value: r.value,
    unit: r.unit,
    method: r.method,
    equipment:
      r.equipment_id !== null ? { id: r.equipment_id, code: r.equipment_code ?? '', name: r.equipment_name ?? '' } : null,
    analysed_on: r.analysed_on,
    uncertainty: r.uncertainty,
    notes: r.notes,
    hold_until: r.hold_until,
    late_for_holding: Boolean(Number(r.late_for_holding)),
    due_on: analysisDueOn(r.created_at, r.parameter_turnaround_days),
    entered_by: person(r.entered_by, r.entered_by_name),
    entered_at: r.entered_at,
    verified_by: person(r.verified_by, r.verified_by_name),
    verified_at: r.verified_at,
    released_by: person(r.released_by, r.released_by_name),
    released_at: r.released_at,
    return_reason: r.return_reason,
    limit: limitOf(r),
    verdict: r.verdict as Verdict | null,
    verdict_reason: r.verdict_reason,
    exceed_ratio: r.exceed_ratio,
    exceed_by: r.exceed_by,
    judged_at: r.judged_at,
    version: Number(r.version),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The limit snapshot written at release (null when there was none to compare with). */
export function limitOf(
  r: Pick<
    AnalysisRow,
    | 'limit_regulation_id'
    | 'limit_regulation_code'
    | 'limit_column'
    | 'limit_text'
    | 'limit_min'
    | 'limit_max'
    | 'limit_unit'
    | 'limit_averaging'
    | 'limit_formula'
  >,
): AnalysisLimit | null {
  if (r.limit_regulation_id === null || r.limit_regulation_code === null) return null;
  return {
    regulation: { id: r.limit_regulation_id, code: r.limit_regulation_code },
    column: r.limit_column ?? '',
    text: r.limit_text ?? '',
    min: r.limit_min,
    max: r.limit_max,
    unit: r.limit_unit ?? '',
    averaging: r.limit_averaging ?? '',
    formula: r.limit_formula,
  };
}
