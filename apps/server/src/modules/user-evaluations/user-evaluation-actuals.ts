import { type Grade, gradeOf } from '@qlcv/common/schemas/evaluations';
import type { KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { measureActual } from '../kpi-types/kpi-measures';
import { userEvaluationsRepository as repo } from './user-evaluations.repository';

/** Computed actuals older than this are measured again when the user evaluation is read while the period is open. */
export const ACTUALS_STALE_MS = 5 * 60_000;

type Scored = { weight: number; self_score: number | null; reviewer_score: number | null };

/**
 * Σ weight × score / 100 over the scored criteria, the reviewer's score where there is one, else the employee's;
 * rounded to 2 decimals (never up to a grade: 89.994 is 89.99, a B). Null while no criterion has a score.
 */
export function totalOf(scores: readonly Scored[]): number | null {
  let any = false;
  let sum = 0;
  for (const s of scores) {
    const v = s.reviewer_score ?? s.self_score;
    if (v === null || v === undefined) continue;
    any = true;
    sum += Number(s.weight) * Number(v);
  }
  // sum is total × 100: an integer number of hundredths after rounding away float noise.
  return any ? Math.floor(Math.round(sum * 1000) / 1000) / 100 : null;
}

/** Writes the total and grade of a user evaluation from its scores. */
export async function recomputeTotal(
  db: Kysely<DB>,
  userEvaluationId: number,
): Promise<{ total: number | null; grade: Grade | null }> {
  const total = totalOf(await repo.weightedScores(db, userEvaluationId));
  const grade = gradeOf(total);
  await repo.setTotal(db, userEvaluationId, total, grade);
  return { total, grade };
}

/**
 * Measures the computed criteria of one user evaluation over its period (manual ones are left to the reviewer).
 * `onlyStale`: only when some computed actual is missing or older than ACTUALS_STALE_MS.
 */
export async function fillActuals(
  db: Kysely<DB>,
  ue: { id: number; employee_id: number; period_start: string; period_end: string },
  opts: { onlyStale?: boolean } = {},
): Promise<boolean> {
  const rows = await repo.computedScores(db, ue.id);
  if (rows.length === 0) return false;
  const now = nowIso();
  if (opts.onlyStale) {
    const limit = Date.now() - ACTUALS_STALE_MS;
    if (rows.every((r) => r.actual_updated_at && new Date(r.actual_updated_at).getTime() > limit)) return false;
  }
  for (const r of rows) {
    const a = await measureActual(db, r.measure as KpiMeasure, {
      employeeId: ue.employee_id,
      from: ue.period_start,
      to: ue.period_end,
    });
    await repo.updateScore(db, r.id, {
      actual: a.value,
      actual_count: a.count,
      actual_records: JSON.stringify(a.records),
      actual_updated_at: now,
    });
  }
  return true;
}
