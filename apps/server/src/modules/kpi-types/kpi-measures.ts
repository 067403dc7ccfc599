import type { KpiActual, KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { parseSnapshot } from '../../lib/process-snapshot';
import { vnDayEnd, vnDayStart } from '../../lib/vn-time';
import { AnalysesKpiService } from '../analyses/analyses-kpi.service';
import { TestReportsKpiService } from '../test-reports/test-reports-kpi.service';
import { type MeasureWindow, kpiMeasuresRepository as repo } from './kpi-types.repository';

/**
 * Computed KPI measures (docs/decisions.md "KPI types and computed measures"). The period is `from`..`to`, whole
 * days in Vietnam time; the employee is the works' assignee; cancelled works never count. Timestamps are UTC ISO
 * strings on SQLite and timestamptz on PostgreSQL, so comparing them with ISO parameters reads the same on both.
 */
export interface MeasureScope {
  employeeId: number;
  /** First day of the period, `YYYY-MM-DD` (Vietnam). */
  from: string;
  /** Last day of the period, inclusive. */
  to: string;
}

type Window = MeasureWindow;

/** The other modules' services the laboratory measures read through. */
export interface MeasureSources {
  analyses: Pick<AnalysesKpiService, 'verifiedOfAnalyst'>;
  reports: Pick<TestReportsKpiService, 'firstVersionsSignedBy'>;
}

/** The sources on a handle: the evaluation's transaction when a measure runs inside one (SQLite has one connection). */
export function measureSources(db: Kysely<DB>): MeasureSources {
  const analyses = new AnalysesKpiService(db);
  return { analyses, reports: new TestReportsKpiService(db, analyses) };
}

const windowOf = (s: MeasureScope): Window => ({ employeeId: s.employeeId, start: vnDayStart(s.from), end: vnDayEnd(s.to) });
const ms = (iso: string) => new Date(iso).getTime();
const round1 = (n: number) => Math.round(n * 10) / 10;
const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
const worksResult = (value: number | null, ids: number[]): KpiActual => ({
  value,
  count: ids.length,
  records: { entity: 'works', ids: sortedIds(ids) },
});

/** Works completed in the period. */
async function worksDone(db: Kysely<DB>, w: Window): Promise<KpiActual> {
  const rows = await repo.worksDone(db, w);
  const ids = rows.map((r) => r.id);
  return worksResult(ids.length, ids);
}

/** % of the works completed in the period that were completed by their deadline (no deadline = on time). */
async function worksOnTimeRate(db: Kysely<DB>, w: Window): Promise<KpiActual> {
  const rows = await repo.worksDone(db, w);
  if (rows.length === 0) return worksResult(null, []);
  const onTime = rows.filter((r) => !r.deadline || ms(r.completed_at as string) <= ms(r.deadline)).length;
  return worksResult(
    round1((onTime * 100) / rows.length),
    rows.map((r) => r.id),
  );
}

/**
 * Works overdue: those still open at the period's end with their deadline passed by then (created before the end;
 * completed after it counts as still open then), plus those completed in the period after their deadline.
 */
async function worksOverdue(db: Kysely<DB>, w: Window): Promise<KpiActual> {
  const openAtEnd = await repo.worksOpenOverdue(db, w);
  const doneLate = (await repo.worksDone(db, w)).filter((r) => r.deadline && ms(r.completed_at as string) > ms(r.deadline));
  const ids = sortedIds([...openAtEnd, ...doneLate].map((r) => r.id));
  return worksResult(ids.length, ids);
}

/** Requests completed in the period in which the employee did (completed) at least one process-step work. */
async function requestsCompleted(db: Kysely<DB>, w: Window): Promise<KpiActual> {
  const rows = await repo.requestsCompleted(db, w);
  const ids = sortedIds(rows.map((r) => r.id));
  return { value: ids.length, count: ids.length, records: { entity: 'requests', ids } };
}

/**
 * Average of (completed_at − created_at) ÷ the step's SLA hours, in %, over the employee's process-step works
 * completed in the period. The SLA is the step's `duration_hours` in the request's process snapshot; steps
 * without one (0 hours) are not measured.
 */
async function stepTimeVsSla(db: Kysely<DB>, w: Window): Promise<KpiActual> {
  const rows = await repo.stepWorksDone(db, w);
  const ratios: { id: number; ratio: number }[] = [];
  for (const r of rows) {
    const step = parseSnapshot(r.process_snapshot)?.steps.find((s) => s.position === r.step_index);
    if (!step || step.duration_hours <= 0) continue;
    const hours = (ms(r.completed_at as string) - ms(r.created_at)) / 3_600_000;
    ratios.push({ id: r.id, ratio: hours / step.duration_hours });
  }
  if (ratios.length === 0) return worksResult(null, []);
  const avg = ratios.reduce((sum, r) => sum + r.ratio, 0) / ratios.length;
  return worksResult(
    round1(avg * 100),
    ratios.map((r) => r.id),
  );
}

/** % of `rows` done by their due moment (none = on time), rounded to 0.1; null when there are none. */
function onTimeRate(rows: readonly { done_at: string; due_at: string | null }[]): number | null {
  if (rows.length === 0) return null;
  const onTime = rows.filter((r) => r.due_at === null || ms(r.done_at) <= ms(r.due_at)).length;
  return round1((onTime * 100) / rows.length);
}

/**
 * Of the employee's analyses (as analyst) verified in the period (now verified or released), the % verified by their
 * due moment: receipt + the parameter's turnaround_days (no target = on time).
 */
async function analysesOnTimeRate(_db: Kysely<DB>, w: Window, src: MeasureSources): Promise<KpiActual> {
  const rows = await src.analyses.verifiedOfAnalyst(w);
  const ids = sortedIds(rows.map((r) => r.id));
  return {
    value: onTimeRate(rows.map((r) => ({ done_at: r.verified_at, due_at: r.due_at }))),
    count: ids.length,
    records: { entity: 'analyses', ids },
  };
}

/**
 * Of the first versions of test reports the employee signed in the period, the % signed by their due moment: the
 * latest due moment of the results they hold + REPORT_DAYS_AFTER_RESULTS days (no target = on time).
 */
async function reportsOnTimeRate(_db: Kysely<DB>, w: Window, src: MeasureSources): Promise<KpiActual> {
  const rows = await src.reports.firstVersionsSignedBy(w);
  const ids = sortedIds(rows.map((r) => r.id));
  return {
    value: onTimeRate(rows.map((r) => ({ done_at: r.signed_at, due_at: r.due_at }))),
    count: ids.length,
    records: { entity: 'test_reports', ids },
  };
}

const MEASURES: Record<Exclude<KpiMeasure, 'manual'>, (db: Kysely<DB>, w: Window, src: MeasureSources) => Promise<KpiActual>> = {
  works_on_time_rate: worksOnTimeRate,
  works_done: worksDone,
  works_overdue: worksOverdue,
  requests_completed: requestsCompleted,
  step_time_vs_sla: stepTimeVsSla,
  analyses_on_time_rate: analysesOnTimeRate,
  reports_on_time_rate: reportsOnTimeRate,
};

/**
 * The actual value of a measure for one employee over a period; a manual measure has none (null). The laboratory's
 * measures read through `sources`, by default the analyses' and test reports' services on the same handle.
 */
export function measureActual(
  db: Kysely<DB>,
  measure: KpiMeasure,
  scope: MeasureScope,
  sources: MeasureSources = measureSources(db),
): Promise<KpiActual> {
  if (measure === 'manual') return Promise.resolve({ value: null, count: 0, records: { entity: 'works', ids: [] } });
  return MEASURES[measure](db, windowOf(scope), sources);
}
