import type { UserEvaluationTab } from '@qlcv/common/schemas/user-evaluations';
import { searchText } from '@qlcv/common/vi-text';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { DB, UserEvaluationsTable } from '../../db/schema';
import type { UserEvaluationScope } from './user-evaluation-scopes';

export const USER_EVALUATION_ENTITY = 'user_evaluations';

type UEb = ExpressionBuilder<DB & { ue: DB['user_evaluations'] }, 'ue'>;

export interface UserEvaluationFilter {
  scope: UserEvaluationScope;
  tab: UserEvaluationTab;
  search: string | null;
  evaluationId?: number;
  status?: string[];
  departmentIds?: readonly number[];
  employeeId?: number;
}

/** The user evaluations a scope reaches: own, reviewed by the caller, or of its departments. */
function inScope(eb: UEb, scope: UserEvaluationScope): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  const ors = [eb('ue.employee_id', '=', scope.userId), eb('ue.reviewer_id', '=', scope.userId)];
  if (scope.departmentIds.length > 0) ors.push(eb('ue.department_id', 'in', scope.departmentIds));
  return eb.or(ors);
}

function selected(db: Kysely<DB>) {
  return db
    .selectFrom('user_evaluations as ue')
    .innerJoin('evaluations as e', 'e.id', 'ue.evaluation_id')
    .innerJoin('users as emp', 'emp.id', 'ue.employee_id')
    .leftJoin('departments as d', 'd.id', 'ue.department_id')
    .leftJoin('users as rv', 'rv.id', 'ue.reviewer_id')
    .leftJoin('users as ab', 'ab.id', 'ue.approved_by')
    .select([
      'ue.id',
      'ue.evaluation_id',
      'ue.employee_id',
      'ue.department_id',
      'ue.reviewer_id',
      'ue.status',
      'ue.total',
      'ue.grade',
      'ue.self_submitted_at',
      'ue.reviewed_at',
      'ue.approved_at',
      'ue.approved_by',
      'ue.return_note',
      'ue.version',
      'ue.created_at',
      'ue.updated_at',
      'e.name as evaluation_name',
      'e.period_start',
      'e.period_end',
      'e.status as evaluation_status',
      'e.self_deadline',
      'e.review_deadline',
      'e.created_by as evaluation_created_by',
      'emp.name as employee_name',
      'emp.code as employee_code',
      'd.name as department_name',
      'rv.name as reviewer_name',
      'ab.name as approved_by_name',
    ]);
}

export type UserEvaluationRow = Awaited<ReturnType<ReturnType<typeof selected>['executeTakeFirstOrThrow']>>;

export function filtered(db: Kysely<DB>, f: UserEvaluationFilter) {
  let q = selected(db).where((eb) => inScope(eb, f.scope));
  if (f.tab === 'mine') q = q.where('ue.employee_id', '=', f.scope.userId);
  else if (f.tab === 'to_review') q = q.where('ue.reviewer_id', '=', f.scope.userId);
  else if (f.tab === 'to_do') {
    const me = f.scope.userId;
    q = q
      .where('e.status', '=', 'open')
      .where((eb) =>
        eb.or([
          eb.and([eb('ue.employee_id', '=', me), eb('ue.status', '=', 'draft')]),
          eb.and([eb('ue.reviewer_id', '=', me), eb('ue.status', '=', 'self_assessed')]),
        ]),
      );
  }
  if (f.evaluationId) q = q.where('ue.evaluation_id', '=', f.evaluationId);
  if (f.status?.length) q = q.where('ue.status', 'in', f.status);
  if (f.departmentIds) q = q.where('ue.department_id', 'in', f.departmentIds.length ? f.departmentIds : [-1]);
  if (f.employeeId) q = q.where('ue.employee_id', '=', f.employeeId);
  if (f.search) {
    const like = `%${searchText(f.search)}%`;
    q = q.where((eb) => eb.or([eb('emp.search_text', 'like', like), eb('e.search_text', 'like', like)]));
  }
  return q;
}

const SORT_COLUMNS = {
  period_start: 'e.period_start',
  total: 'ue.total',
  status: 'ue.status',
  employee: 'emp.name',
  created_at: 'ue.created_at',
  updated_at: 'ue.updated_at',
} as const;
export type UserEvaluationSort = { column: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' };

export interface ScoreRow {
  id: number;
  criterion_id: number;
  weight: number;
  target: number;
  kpi_type_id: number;
  kpi_code: string;
  kpi_name: string;
  kpi_unit: string | null;
  kpi_direction: string;
  kpi_measure: string;
  actual: number | null;
  actual_count: number | null;
  actual_records: string | null;
  actual_updated_at: string | null;
  self_score: number | null;
  reviewer_score: number | null;
  note: string | null;
}

export const userEvaluationsRepository = {
  find(db: Kysely<DB>, id: number): Promise<UserEvaluationRow | undefined> {
    return selected(db).where('ue.id', '=', id).executeTakeFirst();
  },

  async evaluationIdOf(db: Kysely<DB>, id: number): Promise<number | undefined> {
    const r = await db.selectFrom('user_evaluations').select('evaluation_id').where('id', '=', id).executeTakeFirst();
    return r?.evaluation_id;
  },

  async page(db: Kysely<DB>, f: UserEvaluationFilter, sort: UserEvaluationSort, limit: number, offset: number) {
    const rows = await filtered(db, f)
      .orderBy(SORT_COLUMNS[sort.column], (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('ue.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await filtered(db, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  },

  /** Every user evaluation of a period (the results), unscoped. */
  ofEvaluation(db: Kysely<DB>, evaluationId: number) {
    return selected(db).where('ue.evaluation_id', '=', evaluationId).orderBy('emp.name').orderBy('ue.id').execute();
  },

  /** The id of an employee's user evaluation in a period, if any. */
  async idOfEmployee(db: Kysely<DB>, evaluationId: number, employeeId: number): Promise<number | undefined> {
    const r = await db
      .selectFrom('user_evaluations')
      .select('id')
      .where('evaluation_id', '=', evaluationId)
      .where('employee_id', '=', employeeId)
      .executeTakeFirst();
    return r?.id;
  },

  /** A period's user evaluations not approved yet. */
  notApproved(db: Kysely<DB>, evaluationId: number) {
    return db
      .selectFrom('user_evaluations')
      .select(['id', 'employee_id'])
      .where('evaluation_id', '=', evaluationId)
      .where('status', '!=', 'approved')
      .execute();
  },

  /** A new user evaluation with an empty score row per criterion. Returns its id. */
  async insertWithScores(
    db: Kysely<DB>,
    row: Insertable<UserEvaluationsTable>,
    criterionIds: readonly number[],
  ): Promise<number> {
    const ue = await db.insertInto('user_evaluations').values(row).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('user_evaluation_scores')
      .values(
        criterionIds.map((criterionId) => ({
          user_evaluation_id: ue.id,
          criterion_id: criterionId,
          actual: null,
          actual_count: null,
          actual_records: null,
          actual_updated_at: null,
          self_score: null,
          reviewer_score: null,
          note: null,
        })),
      )
      .execute();
    return ue.id;
  },

  updateScore(db: Kysely<DB>, scoreId: number, values: Updateable<DB['user_evaluation_scores']>) {
    return db.updateTable('user_evaluation_scores').set(values).where('id', '=', scoreId).execute();
  },

  /** Writes `values` if the row is still at `version` (and, given `status`, in that status); false when it was not. */
  async updateAt(
    db: Kysely<DB>,
    id: number,
    version: number,
    values: Updateable<UserEvaluationsTable>,
    status?: string,
  ): Promise<boolean> {
    let q = db.updateTable('user_evaluations').set(values).where('id', '=', id).where('version', '=', version);
    if (status !== undefined) q = q.where('status', '=', status);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The weight and both scores of each criterion: what the total is computed from. */
  weightedScores(db: Kysely<DB>, userEvaluationId: number) {
    return db
      .selectFrom('user_evaluation_scores as s')
      .innerJoin('evaluation_criteria as c', 'c.id', 's.criterion_id')
      .select(['c.weight', 's.self_score', 's.reviewer_score'])
      .where('s.user_evaluation_id', '=', userEvaluationId)
      .execute();
  },

  setTotal(db: Kysely<DB>, id: number, total: number | null, grade: string | null) {
    return db.updateTable('user_evaluations').set({ total, grade }).where('id', '=', id).execute();
  },

  /** The score rows whose actual is computed (not manual), with their measure. */
  computedScores(db: Kysely<DB>, userEvaluationId: number) {
    return db
      .selectFrom('user_evaluation_scores as s')
      .innerJoin('evaluation_criteria as c', 'c.id', 's.criterion_id')
      .innerJoin('kpi_types as k', 'k.id', 'c.kpi_type_id')
      .select(['s.id', 's.actual_updated_at', 'k.measure'])
      .where('s.user_evaluation_id', '=', userEvaluationId)
      .where('k.measure', '!=', 'manual')
      .execute();
  },

  /** The user evaluations whose self-assessment reminder is due (see EvaluationSelfDueJob), oldest first. */
  selfDue(db: Kysely<DB>, today: string, until: string, limit: number) {
    return db
      .selectFrom('user_evaluations as ue')
      .innerJoin('evaluations as e', 'e.id', 'ue.evaluation_id')
      .innerJoin('users as u', 'u.id', 'ue.employee_id')
      .select([
        'ue.id',
        'ue.employee_id',
        'ue.department_id',
        'ue.reviewer_id',
        'e.name as evaluation_name',
        'e.self_deadline',
        'u.name as employee_name',
      ])
      .where('e.status', '=', 'open')
      .where('ue.status', '=', 'draft')
      .where('e.self_deadline', '>=', today)
      .where('e.self_deadline', '<=', until)
      .where((eb) => eb.or([eb('ue.self_due_deadline', 'is', null), eb('ue.self_due_deadline', '!=', eb.ref('e.self_deadline'))]))
      .orderBy('ue.id')
      .limit(limit)
      .execute();
  },

  /** Marks the reminder of this deadline as raised; false when another runner did it first. */
  async markSelfDue(db: Kysely<DB>, id: number, deadline: string): Promise<boolean> {
    const r = await db
      .updateTable('user_evaluations')
      .set({ self_due_deadline: deadline })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('self_due_deadline', 'is', null), eb('self_due_deadline', '!=', deadline)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  scores(db: Kysely<DB>, userEvaluationId: number): Promise<ScoreRow[]> {
    return db
      .selectFrom('user_evaluation_scores as s')
      .innerJoin('evaluation_criteria as c', 'c.id', 's.criterion_id')
      .innerJoin('kpi_types as k', 'k.id', 'c.kpi_type_id')
      .select([
        's.id',
        's.criterion_id',
        'c.weight',
        'c.target',
        'c.kpi_type_id',
        'k.code as kpi_code',
        'k.name as kpi_name',
        'k.unit as kpi_unit',
        'k.direction as kpi_direction',
        'k.measure as kpi_measure',
        's.actual',
        's.actual_count',
        's.actual_records',
        's.actual_updated_at',
        's.self_score',
        's.reviewer_score',
        's.note',
      ])
      .where('s.user_evaluation_id', '=', userEvaluationId)
      .orderBy('c.position')
      .execute() as Promise<ScoreRow[]>;
  },
};
