import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DialectKind } from '../../db/dialect';
import type { DB, ProcessesTable, ProcessStepsTable } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { likeNormalized } from '../../lib/vi-search';

export interface ProcessFilter {
  search: string | null;
  active?: boolean;
}

function filtered(db: Kysely<DB>, f: ProcessFilter) {
  let q = db.selectFrom('processes as p');
  if (f.search) q = q.where(likeNormalized('p.search_text', f.search));
  if (f.active !== undefined) q = q.where('p.active', '=', f.active ? 1 : 0);
  return q;
}

function withCounts(q: ReturnType<typeof filtered>) {
  return q
    .select([
      'p.id',
      'p.code',
      'p.name',
      'p.description',
      'p.active',
      'p.version',
      'p.created_at',
      'p.updated_at',
      'p.created_by',
    ])
    .select((eb) => [
      eb
        .selectFrom('process_steps as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.process_id', '=', 'p.id')
        .as('steps_count'),
      eb
        .selectFrom('process_steps as s')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('s.duration_hours'), e.lit(0)).as('h'))
        .whereRef('s.process_id', '=', 'p.id')
        .as('total_duration_hours'),
      eb
        .selectFrom('request_types as rt')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('rt.process_id', '=', 'p.id')
        .as('request_types_count'),
    ]);
}

function stepsWithRelations(db: Kysely<DB>) {
  return db
    .selectFrom('process_steps as s')
    .leftJoin('departments as d', 'd.id', 's.department_id')
    .leftJoin('users as u', 'u.id', 's.default_assignee_id')
    .selectAll('s')
    .select(['d.name as department_name', 'u.name as assignee_name']);
}

export type ProcessRow = NonNullable<Awaited<ReturnType<typeof processesRepository.find>>>;
export type StepRow = NonNullable<Awaited<ReturnType<typeof processesRepository.findStep>>>;

export const processesRepository = {
  list(db: Kysely<DB>, f: ProcessFilter, sort: { column: string; direction: 'asc' | 'desc' }, limit: number, offset: number) {
    return withCounts(filtered(db, f))
      .orderBy(`p.${sort.column}` as 'p.name', sort.direction)
      .orderBy('p.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: ProcessFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Every active process, by name: what the process pickers show. */
  options(db: Kysely<DB>) {
    return db
      .selectFrom('processes')
      .select(['id', 'code', 'name', 'active'])
      .orderBy('active', 'desc')
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withCounts(filtered(db, { search: null }))
      .where('p.id', '=', id)
      .executeTakeFirst();
  },

  findByCode(db: Kysely<DB>, code: string) {
    return db.selectFrom('processes').select('id').where('code', '=', code).executeTakeFirst();
  },

  async insert(db: Kysely<DB>, row: Insertable<ProcessesTable>): Promise<number> {
    const { id } = await db.insertInto('processes').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Writes only if the row still has `version`; false when it moved on (or is gone). */
  async updateVersioned(db: Kysely<DB>, id: number, version: number, values: Updateable<ProcessesTable>): Promise<boolean> {
    const result = await db
      .updateTable('processes')
      .set({ ...values, version: version + 1, updated_at: nowIso() })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * A step change is a change of its process: the process version goes up. Done first in the transaction, it also
   * takes the process row's lock on PostgreSQL, so two step changes of one process run one after the other and the
   * positions stay dense. With `expected`, only from that version.
   */
  async bumpVersion(db: Kysely<DB>, id: number, expected?: number): Promise<boolean> {
    let q = db
      .updateTable('processes')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso() }))
      .where('id', '=', id);
    if (expected !== undefined) q = q.where('version', '=', expected);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('processes').where('id', '=', id).execute();
  },

  async requestTypesUsing(db: Kysely<DB>, id: number): Promise<number> {
    const row = await db
      .selectFrom('request_types')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('process_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Requests that ran (or run) on this process: their stored snapshot names it. */
  async requestsRanOn(db: Kysely<DB>, kind: DialectKind, id: number): Promise<number> {
    const processId =
      kind === 'sqlite'
        ? sql<number>`json_extract(process_snapshot, '$.process.id')`
        : sql<number>`((process_snapshot::jsonb -> 'process') ->> 'id')::integer`;
    const row = await db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('process_snapshot', 'is not', null)
      .where(processId, '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  // Steps

  steps(db: Kysely<DB>, processId: number) {
    return stepsWithRelations(db).where('s.process_id', '=', processId).orderBy('s.position').orderBy('s.id').execute();
  },

  findStep(db: Kysely<DB>, id: number) {
    return stepsWithRelations(db).where('s.id', '=', id).executeTakeFirst();
  },

  async insertStep(db: Kysely<DB>, row: Insertable<ProcessStepsTable>): Promise<number> {
    const { id } = await db.insertInto('process_steps').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async updateStepVersioned(
    db: Kysely<DB>,
    id: number,
    version: number,
    values: Updateable<ProcessStepsTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('process_steps')
      .set({ ...values, version: version + 1, updated_at: nowIso() })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  deleteStep(db: Kysely<DB>, id: number) {
    return db.deleteFrom('process_steps').where('id', '=', id).execute();
  },

  /** Moves the steps at or after `from` by `by` places (+1 to open a gap, -1 to close one). */
  shiftPositions(db: Kysely<DB>, processId: number, from: number, by: 1 | -1) {
    return db
      .updateTable('process_steps')
      .set((eb) => ({ position: eb('position', '+', by) }))
      .where('process_id', '=', processId)
      .where('position', '>=', from)
      .execute();
  },

  /** Positions belong to the process (its version moves); a step's own version is left for its edit form. */
  setPosition(db: Kysely<DB>, id: number, position: number) {
    return db.updateTable('process_steps').set({ position }).where('id', '=', id).execute();
  },

  /** Only one step of a process gives the customer the result. */
  clearResultFlag(db: Kysely<DB>, processId: number, exceptStepId: number | null) {
    let q = db
      .updateTable('process_steps')
      .set((eb) => ({ produces_result: 0, version: eb('version', '+', 1), updated_at: nowIso() }))
      .where('process_id', '=', processId)
      .where('produces_result', '=', 1);
    if (exceptStepId !== null) q = q.where('id', '!=', exceptStepId);
    return q.execute();
  },

  // References a step points at

  departmentExists(db: Kysely<DB>, id: number) {
    return db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst();
  },

  departmentParents(db: Kysely<DB>) {
    return db.selectFrom('departments').select(['id', 'parent_id']).execute();
  },

  userForStep(db: Kysely<DB>, id: number) {
    return db.selectFrom('users').select(['id', 'status', 'department_id']).where('id', '=', id).executeTakeFirst();
  },
};
