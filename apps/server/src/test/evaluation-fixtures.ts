import type { TestApp } from './harness';

// Test records of evaluations, shared by the module tests and the permission matrix. Written directly where the API
// would take several calls (KPI types belong to another module; works are counted by the computed measures).

let seq = 0;
const now = () => new Date().toISOString();

/** A KPI type of `measure`, straight into the table. */
export async function insertKpiType(
  t: TestApp,
  f: { name: string; measure?: string; direction?: 'higher' | 'lower'; unit?: string },
): Promise<number> {
  seq += 1;
  const row = await t.database.db
    .insertInto('kpi_types')
    .values({
      code: `KPI-T${process.pid}-${seq}`,
      name: f.name,
      description: null,
      unit: f.unit ?? null,
      direction: f.direction ?? 'higher',
      measure: f.measure ?? 'manual',
      default_weight: 0,
      default_target: 0,
      active: 1,
      search_text: '',
      created_by: null,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A work of `assigneeId` completed at `completedAt` (counted by works_done). */
export async function insertDoneWork(t: TestApp, assigneeId: number, completedAt: string): Promise<number> {
  seq += 1;
  const row = await t.database.db
    .insertInto('works')
    .values({
      code: `CVE-${process.pid}-${seq}`,
      title: `Công việc đánh giá ${seq}`,
      assignee_id: assigneeId,
      status: 'done',
      progress: 100,
      deadline: completedAt,
      completed_at: completedAt,
      search_text: '',
      created_at: completedAt,
      updated_at: completedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A body of `POST /api/evaluations` for a quarter, covering `departmentIds`. Periods are unique by name and by type +
 * dates (issue 21), so each body has its own name and ends on its own day of December (the works the tests count,
 * October–November, stay inside).
 */
export function quarterBody(
  departmentIds: number[],
  criteria: { kpi_type_id: number; weight: number; target: number }[],
  over: Record<string, unknown> = {},
) {
  seq += 1;
  return {
    name: `Đánh giá quý IV/2026 ${seq}`,
    period_type: 'quarter',
    // Periods are unique by type + dates: 28 end days, then the next start day (a long run, e.g. the permission matrix).
    period_start: `2026-10-${String(1 + Math.floor(seq / 28)).padStart(2, '0')}`,
    period_end: `2026-12-${String(31 - (seq % 28)).padStart(2, '0')}`,
    self_deadline: '2027-01-05',
    review_deadline: '2027-01-10',
    department_ids: departmentIds,
    criteria,
    ...over,
  };
}

/**
 * An open period with one user evaluation per given employee, written directly: `status` of each, reviewer as
 * given. Returns the evaluation id and the user evaluation ids in order.
 */
export async function insertOpenEvaluation(
  t: TestApp,
  opts: {
    departmentId: number;
    kpiTypeId: number;
    createdBy: number;
    people: { employeeId: number; reviewerId: number | null; status?: string; departmentId?: number | null }[];
    status?: 'open' | 'closed';
  },
): Promise<{ evaluationId: number; ids: number[] }> {
  const db = t.database.db;
  const at = now();
  const e = await db
    .insertInto('evaluations')
    .values({
      name: `Kỳ ma trận ${++seq}`,
      period_type: 'month',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      self_deadline: '2026-11-05',
      review_deadline: '2026-11-10',
      status: opts.status ?? 'open',
      opened_at: at,
      closed_at: opts.status === 'closed' ? at : null,
      search_text: '',
      created_by: opts.createdBy,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('evaluation_departments').values({ evaluation_id: e.id, department_id: opts.departmentId }).execute();
  const c = await db
    .insertInto('evaluation_criteria')
    .values({ evaluation_id: e.id, kpi_type_id: opts.kpiTypeId, position: 1, weight: 100, target: 100 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const p of opts.people) {
    const status = p.status ?? 'draft';
    const score = status === 'draft' ? null : 80;
    const ue = await db
      .insertInto('user_evaluations')
      .values({
        evaluation_id: e.id,
        employee_id: p.employeeId,
        department_id: p.departmentId ?? opts.departmentId,
        reviewer_id: p.reviewerId,
        status,
        total: score,
        grade: score === null ? null : 'B',
        self_submitted_at: status === 'draft' ? null : at,
        reviewed_at: status === 'reviewed' || status === 'approved' ? at : null,
        approved_at: status === 'approved' ? at : null,
        approved_by: null,
        return_note: null,
        self_due_deadline: null,
        created_by: opts.createdBy,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_evaluation_scores')
      .values({
        user_evaluation_id: ue.id,
        criterion_id: c.id,
        actual: null,
        actual_count: null,
        actual_records: null,
        actual_updated_at: null,
        self_score: status === 'draft' ? 80 : score,
        reviewer_score: status === 'reviewed' || status === 'approved' ? score : status === 'self_assessed' ? 80 : null,
        note: null,
      })
      .execute();
    ids.push(ue.id);
  }
  return { evaluationId: e.id, ids };
}
