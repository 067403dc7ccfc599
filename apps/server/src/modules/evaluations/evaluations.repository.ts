import type { Evaluation, EvaluationCounts } from '@qlcv/common/schemas/evaluations';
import type { KpiDirection, KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import { searchText } from '@qlcv/common/vi-text';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, EvaluationsTable } from '../../db/schema';

export const EVALUATION_ENTITY = 'evaluations';

export interface EvaluationFilter {
  search: string | null;
  status?: string[];
  periodType?: string;
  year?: number;
}

function selected(db: Kysely<DB>) {
  return db
    .selectFrom('evaluations as e')
    .leftJoin('users as cb', 'cb.id', 'e.created_by')
    .select([
      'e.id',
      'e.name',
      'e.period_type',
      'e.period_start',
      'e.period_end',
      'e.self_deadline',
      'e.review_deadline',
      'e.status',
      'e.opened_at',
      'e.closed_at',
      'e.created_by',
      'e.version',
      'e.created_at',
      'e.updated_at',
      'cb.name as created_by_name',
    ]);
}

export type EvaluationRow = Awaited<ReturnType<ReturnType<typeof selected>['executeTakeFirstOrThrow']>>;

export interface CriterionRow {
  id: number;
  evaluation_id: number;
  kpi_type_id: number;
  position: number;
  weight: number;
  target: number;
  kpi_code: string;
  kpi_name: string;
  kpi_unit: string | null;
  kpi_direction: string;
  kpi_measure: string;
}

function filtered(db: Kysely<DB>, f: EvaluationFilter) {
  let q = selected(db);
  if (f.status?.length) q = q.where('e.status', 'in', f.status);
  if (f.periodType) q = q.where('e.period_type', '=', f.periodType);
  if (f.year) q = q.where('e.period_start', '<=', `${f.year}-12-31`).where('e.period_end', '>=', `${f.year}-01-01`);
  if (f.search) q = q.where('e.search_text', 'like', `%${searchText(f.search)}%`);
  return q;
}

const SORT_COLUMNS = {
  period_start: 'e.period_start',
  period_end: 'e.period_end',
  name: 'e.name',
  status: 'e.status',
  created_at: 'e.created_at',
  updated_at: 'e.updated_at',
} as const;
export type EvaluationSort = { column: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' };

export const criterionKpiType = (c: CriterionRow) => ({
  id: c.kpi_type_id,
  code: c.kpi_code,
  name: c.kpi_name,
  unit: c.kpi_unit,
  direction: c.kpi_direction as KpiDirection,
  measure: c.kpi_measure as KpiMeasure,
});

export interface EvaluationUniqueKeys {
  name_key: string;
  name_dup: number;
  period_key: string;
  period_dup: number;
}

export const evaluationsRepository = {
  find(db: Kysely<DB>, id: number): Promise<EvaluationRow | undefined> {
    return selected(db).where('e.id', '=', id).executeTakeFirst();
  },

  async page(db: Kysely<DB>, f: EvaluationFilter, sort: EvaluationSort, limit: number, offset: number) {
    const rows = await filtered(db, f)
      .orderBy(SORT_COLUMNS[sort.column], sort.direction)
      .orderBy('e.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await filtered(db, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  },

  criteria(db: Kysely<DB>, evaluationIds: readonly number[]): Promise<CriterionRow[]> {
    if (evaluationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('evaluation_criteria as c')
      .innerJoin('kpi_types as k', 'k.id', 'c.kpi_type_id')
      .select([
        'c.id',
        'c.evaluation_id',
        'c.kpi_type_id',
        'c.position',
        'c.weight',
        'c.target',
        'k.code as kpi_code',
        'k.name as kpi_name',
        'k.unit as kpi_unit',
        'k.direction as kpi_direction',
        'k.measure as kpi_measure',
      ])
      .where('c.evaluation_id', 'in', evaluationIds)
      .orderBy('c.evaluation_id')
      .orderBy('c.position')
      .execute() as Promise<CriterionRow[]>;
  },

  departments(db: Kysely<DB>, evaluationIds: readonly number[]) {
    if (evaluationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('evaluation_departments as ed')
      .innerJoin('departments as d', 'd.id', 'ed.department_id')
      .select(['ed.evaluation_id', 'd.id', 'd.name'])
      .where('ed.evaluation_id', 'in', evaluationIds)
      .orderBy('d.name')
      .execute();
  },

  async counts(db: Kysely<DB>, evaluationIds: readonly number[]): Promise<Map<number, EvaluationCounts>> {
    const out = new Map<number, EvaluationCounts>();
    for (const id of evaluationIds) out.set(id, { total: 0, draft: 0, self_assessed: 0, reviewed: 0, approved: 0 });
    if (evaluationIds.length === 0) return out;
    const rows = await db
      .selectFrom('user_evaluations')
      .select(['evaluation_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('evaluation_id', 'in', evaluationIds)
      .groupBy(['evaluation_id', 'status'])
      .execute();
    for (const r of rows) {
      const c = out.get(r.evaluation_id);
      if (!c) continue;
      const n = Number(r.n);
      c.total += n;
      if (r.status in c) c[r.status as keyof EvaluationCounts] += n;
    }
    return out;
  },

  /** Rows with their departments, criteria and counts, in the order given. */
  async hydrate(db: Kysely<DB>, rows: EvaluationRow[]): Promise<Evaluation[]> {
    const ids = rows.map((r) => r.id);
    const [criteria, departments, counts] = await Promise.all([
      evaluationsRepository.criteria(db, ids),
      evaluationsRepository.departments(db, ids),
      evaluationsRepository.counts(db, ids),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      period_type: r.period_type as Evaluation['period_type'],
      period_start: r.period_start,
      period_end: r.period_end,
      self_deadline: r.self_deadline,
      review_deadline: r.review_deadline,
      status: r.status as Evaluation['status'],
      departments: departments.filter((d) => d.evaluation_id === r.id).map((d) => ({ id: d.id, name: d.name })),
      criteria: criteria
        .filter((c) => c.evaluation_id === r.id)
        .map((c) => ({ id: c.id, kpi_type: criterionKpiType(c), weight: Number(c.weight), target: Number(c.target) })),
      counts: counts.get(r.id) ?? { total: 0, draft: 0, self_assessed: 0, reviewed: 0, approved: 0 },
      opened_at: r.opened_at,
      closed_at: r.closed_at,
      created_by: r.created_by !== null && r.created_by_name ? { id: r.created_by, name: r.created_by_name } : null,
      version: r.version,
      created_at: r.created_at,
      updated_at: r.updated_at,
    }));
  },

  kpiTypes(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('kpi_types').select(['id', 'name', 'active']).where('id', 'in', ids).execute();
  },

  /** The keys a period is stored with (migration 0032). */
  uniqueKeys(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('evaluations')
      .select(['name_key', 'name_dup', 'period_key', 'period_dup'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Other periods holding this name, or this type + dates, under the same mark: what the unique indexes refuse. */
  clashes(db: Kysely<DB>, k: EvaluationUniqueKeys, exceptId: number | null) {
    let q = db
      .selectFrom('evaluations')
      .select(['id', 'name_key', 'name_dup', 'period_key', 'period_dup'])
      .where((eb) =>
        eb.or([
          eb.and([eb('name_key', '=', k.name_key), eb('name_dup', '=', k.name_dup)]),
          eb.and([eb('period_key', '=', k.period_key), eb('period_dup', '=', k.period_dup)]),
        ]),
      );
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.execute();
  },

  async insert(db: Kysely<DB>, row: Insertable<EvaluationsTable>): Promise<number> {
    const { id } = await db.insertInto('evaluations').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Writes `values` if the row is still at `version` (and, given `status`, in that status); false when it was not. */
  async updateAt(
    db: Kysely<DB>,
    id: number,
    version: number,
    values: Updateable<EvaluationsTable>,
    status?: string,
  ): Promise<boolean> {
    let q = db.updateTable('evaluations').set(values).where('id', '=', id).where('version', '=', version);
    if (status !== undefined) q = q.where('status', '=', status);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** A period with its departments and criteria. */
  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('evaluation_departments').where('evaluation_id', '=', id).execute();
    await db.deleteFrom('evaluation_criteria').where('evaluation_id', '=', id).execute();
    await db.deleteFrom('evaluations').where('id', '=', id).execute();
  },

  departmentsExist(db: Kysely<DB>, ids: readonly number[]) {
    return db.selectFrom('departments').select('id').where('id', 'in', ids).execute();
  },

  async replaceChildren(
    db: Kysely<DB>,
    evaluationId: number,
    departmentIds: readonly number[],
    criteria: readonly { kpi_type_id: number; weight: number; target: number }[],
  ): Promise<void> {
    await db.deleteFrom('evaluation_departments').where('evaluation_id', '=', evaluationId).execute();
    await db.deleteFrom('evaluation_criteria').where('evaluation_id', '=', evaluationId).execute();
    await db
      .insertInto('evaluation_departments')
      .values([...new Set(departmentIds)].map((department_id) => ({ evaluation_id: evaluationId, department_id })))
      .execute();
    await db
      .insertInto('evaluation_criteria')
      .values(
        criteria.map((c, i) => ({
          evaluation_id: evaluationId,
          kpi_type_id: c.kpi_type_id,
          position: i + 1,
          weight: c.weight,
          target: c.target,
        })),
      )
      .execute();
  },
};
