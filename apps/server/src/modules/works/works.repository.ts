import { type MyWorkTab, OPEN_WORK_STATUSES, type WorkSort } from '@qlcv/common/schemas/works';
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { DB, WorksTable } from '../../db/schema';
import { exportRows } from '../../lib/export-rows';
import { type ColumnRef, denseEnoughToWalk, indexed, isSqlite, unindexedBut } from '../../lib/index-hints';
import { withListVersion } from '../../lib/list-cache';
import { type BoundedTotal, boundedCount, inOrder, orderedBy, rowsWithinBound } from '../../lib/pagination';
import { indexedSearch } from '../../lib/vi-search';

/**
 * Whose works a caller sees: every work, or their own plus (with `works.department`) those of their department and
 * all its sub-departments (`departmentIds`, empty without the key).
 */
export type WorkScope = { all: true } | { all: false; userId: number; departmentIds: readonly number[] };

export interface WorkFilter {
  scope: WorkScope;
  tab?: { kind: MyWorkTab; userId: number };
  search: string | null;
  status?: string[];
  priority?: string[];
  departmentId?: number;
  assigneeId?: number;
  requestId?: number;
  /** `now` for `overdue=true`; `overdue=false` gives the works that are not overdue. */
  overdue?: { now: string; value: boolean };
  deadlineFrom?: string;
  deadlineBefore?: string;
}

export interface WorkSortSpec {
  column: WorkSort;
  direction: 'asc' | 'desc';
}

type WEb = ExpressionBuilder<DB & { w: DB['works'] }, 'w'>;
type Col = ColumnRef;
const asIs = indexed;
const noIndex = unindexedBut(null);

const CLOSED = ['done', 'cancelled'];
const OPEN: string[] = [...OPEN_WORK_STATUSES];

/** The works a scope reaches: assigned to, created by or followed by the user, or in their departments. */
function inScope(eb: WEb, scope: WorkScope, c: Col): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  const own = [
    eb(c('w.assignee_id'), '=', scope.userId),
    eb(c('w.created_by'), '=', scope.userId),
    // `id in (the user's followed works)`, not a correlated EXISTS: every term of the OR is then an index lookup, and
    // SQLite counts a head's 90 000 works from the indexes (≈ 4 ms) instead of testing each of the 270 000 (≈ 40 ms).
    eb(c('w.id'), 'in', eb.selectFrom('work_participants as p').select('p.work_id').where('p.user_id', '=', scope.userId)),
  ];
  if (scope.departmentIds.length > 0) own.push(eb(c('w.department_id'), 'in', scope.departmentIds));
  return eb.or(own);
}

// Open written as `in` the open statuses (not `not in` the closed ones): an index on (status, deadline) then counts it.
function overdueExpr(eb: WEb, now: string, c: Col): Expression<SqlBool> {
  return eb.and([eb(c('w.deadline'), 'is not', null), eb(c('w.deadline'), '<', now), eb(c('w.status'), 'in', OPEN)]);
}

/** `c` names the filter's columns (see `walkSortIndex`); the tab, search and single-record filters always use theirs. */
export function filtered(db: Kysely<DB>, f: WorkFilter, given: Col = asIs) {
  const { scope } = f;
  // A tab's, an assignee's or a request's works are few, and SQLite finds them by their own index: left to choose, it
  // took (status, deadline) for "overdue" and walked every overdue work of the company (my works: ≈ 60–140 ms, not 5).
  const c = given === asIs && isSqlite(db) && (f.tab || f.assigneeId || f.requestId) ? noIndex : given;
  let q = db.selectFrom('works as w');
  // Every work: no WHERE at all, so SQLite counts the table from its b-tree pages (`where 1 = 1` made the total walk
  // an index of every work, ≈ 3 ms on 270 000).
  if (!scope.all) q = q.where((eb) => inScope(eb, scope, c));
  if (f.tab) {
    const { kind, userId } = f.tab;
    if (kind === 'assigned') q = q.where('w.assignee_id', '=', userId);
    else if (kind === 'created') q = q.where('w.created_by', '=', userId);
    else {
      // From the user's few followed works to the works, not a walk of every work testing each.
      q = q.where('w.id', 'in', (eb) =>
        eb.selectFrom('work_participants as p').select('p.work_id').where('p.user_id', '=', userId),
      );
    }
  }
  if (f.search) q = q.where(indexedSearch(db, 'works', 'w', f.search));
  if (f.status?.length) q = q.where((eb) => eb(c('w.status'), 'in', f.status ?? []));
  if (f.priority?.length) q = q.where((eb) => eb(c('w.priority'), 'in', f.priority ?? []));
  if (f.departmentId) q = q.where((eb) => eb(c('w.department_id'), '=', f.departmentId ?? 0));
  if (f.assigneeId) q = q.where('w.assignee_id', '=', f.assigneeId);
  if (f.requestId) q = q.where('w.request_id', '=', f.requestId);
  if (f.deadlineFrom) q = q.where((eb) => eb(c('w.deadline'), '>=', f.deadlineFrom ?? ''));
  if (f.deadlineBefore) q = q.where((eb) => eb(c('w.deadline'), '<', f.deadlineBefore ?? ''));
  if (f.overdue) {
    const { now, value } = f.overdue;
    q = q.where((eb) => (value ? overdueExpr(eb, now, c) : eb.not(overdueExpr(eb, now, c))));
  }
  return q;
}

// Names of related rows as scalar subqueries, not joins: evaluated for the page's rows only, and PostgreSQL plans
// them in a fraction of the time a five-way join takes (the plan is made again on every call).
function withRelations(q: ReturnType<typeof filtered>) {
  return q
    .select((eb) => [
      eb.selectFrom('departments as d').select('d.name').whereRef('d.id', '=', 'w.department_id').as('department_name'),
      eb.selectFrom('users as a').select('a.name').whereRef('a.id', '=', 'w.assignee_id').as('assignee_name'),
      eb.selectFrom('users as c').select('c.name').whereRef('c.id', '=', 'w.created_by').as('creator_name'),
      eb.selectFrom('requests as r').select('r.code').whereRef('r.id', '=', 'w.request_id').as('request_code'),
    ])
    .select([
      'w.id',
      'w.code',
      'w.title',
      'w.description',
      'w.request_id',
      'w.step_index',
      'w.department_id',
      'w.assignee_id',
      'w.priority',
      'w.start_date',
      'w.deadline',
      'w.progress',
      'w.status',
      'w.result_note',
      'w.public_result',
      'w.completed_at',
      'w.hold_status',
      'w.status_reason',
      'w.started_at',
      'w.created_by',
      'w.version',
      'w.created_at',
      'w.updated_at',
    ]);
}

export type WorkRow = NonNullable<Awaited<ReturnType<typeof worksRepository.find>>>;

// The same ORDER BY goes on two differently shaped selects (the page, and the ids of an export).
const ordered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q, sort: WorkSortSpec): Q => orderedBy(q, 'w', sort);

// Sorts an index reads in order on SQLite (works_created_idx, works_updated_idx): never empty, so no NULLS LAST.
const WALKABLE_SORTS = new Set<WorkSort>(['created_at', 'updated_at']);

/** Whether SQLite reads the page in the sort's index order (lib/index-hints.ts); a tab, search or single record's works are few. */
function walkSortIndex(db: Kysely<DB>, f: WorkFilter, sort: WorkSortSpec, end: number, total: number): boolean {
  if (!isSqlite(db) || !WALKABLE_SORTS.has(sort.column)) return false;
  if (f.search || f.tab || f.requestId || f.assigneeId) return false;
  return denseEnoughToWalk(total, end);
}

export const worksRepository = {
  async list(db: Kysely<DB>, f: WorkFilter, sort: WorkSortSpec, limit: number, offset: number, walk = false) {
    // The hint is SQLite's (PostgreSQL has no unary plus on text, and weighs the two plans itself).
    if (!isSqlite(db))
      return ordered(withRelations(filtered(db, f)), sort)
        .limit(limit)
        .offset(offset)
        .execute();
    // Walking the sort's index, rows come in order: one query names them as it goes.
    if (walk)
      return ordered(withRelations(filtered(db, f, noIndex)), sort)
        .limit(limit)
        .offset(offset)
        .execute();
    // Otherwise SQLite sorts whole result rows, names looked up first: the page's ids are sorted alone, then named.
    const page = await ordered(filtered(db, f).select('w.id'), sort).limit(limit).offset(offset).execute();
    if (page.length === 0) return [];
    const ids = page.map((r) => r.id);
    return inOrder(
      ids,
      await withRelations(filtered(db, { scope: { all: true }, search: null }))
        .where('w.id', 'in', ids)
        .execute(),
    );
  },

  /** A page and the total. On SQLite the total comes first: it says which index finds the page quickest. */
  async page(db: Kysely<DB>, f: WorkFilter, sort: WorkSortSpec, limit: number, offset: number) {
    if (f.search) {
      // A search's total stops at the bound (decision 41.10); no page past it.
      const upTo = rowsWithinBound(limit, offset);
      const [rows, counted] = await Promise.all([
        upTo === 0 ? [] : this.list(db, f, sort, upTo, offset),
        this.searchTotal(db, f),
      ]);
      return { rows, ...counted };
    }
    if (!isSqlite(db)) {
      const [rows, total] = await Promise.all([this.list(db, f, sort, limit, offset), this.count(db, f)]);
      return { rows, total };
    }
    const total = await this.count(db, f);
    const rows =
      offset >= total ? [] : await this.list(db, f, sort, limit, offset, walkSortIndex(db, f, sort, offset + limit, total));
    return { rows, total };
  },

  /** The list's rows of the given ids, in no particular order, with the list version (lib/list-cache.ts). */
  byIds(db: Kysely<DB>, ids: number[]) {
    return withListVersion(withRelations(filtered(db, { scope: { all: true }, search: null })))
      .where('w.id', 'in', ids)
      .execute();
  },

  /** Every row of the filtered list in its order, for the export (lib/export-rows.ts: a cursor on PostgreSQL, a thread of its own on SQLite). */
  exportRows(db: Kysely<DB>, f: WorkFilter, sort: WorkSortSpec) {
    return exportRows(db, {
      query: () => ordered(withRelations(filtered(db, f)), sort),
    });
  },

  /** A search's total, counted no further than the bound: one limited pass, whatever the scope. */
  searchTotal(db: Kysely<DB>, f: WorkFilter): Promise<BoundedTotal> {
    return boundedCount(db, filtered(db, f));
  },

  async count(db: Kysely<DB>, f: WorkFilter): Promise<number> {
    const { scope } = f;
    if (scope.all || scope.departmentIds.length === 0 || f.tab) {
      const row = await filtered(db, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    // A department head's works, counted as two parts that do not overlap: their departments' works (an index of
    // department, status and deadline alone answers, ≈ 5–12 ms for 90 000 works) and their own few elsewhere (by id).
    // One OR of both made each engine test the scope on every work of the filter (≈ 30–70 ms).
    const { userId, departmentIds } = scope;
    const rest = { ...f, scope: { all: true } as const };
    const [inDepartments, elsewhere] = await Promise.all([
      filtered(db, rest)
        .where('w.department_id', 'in', departmentIds)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      // Found from their ids (a few hundred): SQLite would otherwise walk the filter's index (every overdue work).
      filtered(db, rest, isSqlite(db) ? noIndex : asIs)
        .where('w.id', 'in', (eb) =>
          eb
            .selectFrom('works as a')
            .select('a.id')
            .where('a.assignee_id', '=', userId)
            .union(eb.selectFrom('works as c').select('c.id').where('c.created_by', '=', userId))
            .union(eb.selectFrom('work_participants as p').select('p.work_id as id').where('p.user_id', '=', userId)),
        )
        .where((eb) => eb.or([eb('w.department_id', 'not in', departmentIds), eb('w.department_id', 'is', null)]))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return Number(inDepartments.n) + Number(elsewhere.n);
  },

  find(db: Kysely<DB>, id: number) {
    return withRelations(filtered(db, { scope: { all: true }, search: null }))
      .where('w.id', '=', id)
      .executeTakeFirst();
  },

  /** Whether the work lies in the scope (the id alone, for the documents and history of a work). */
  async visible(db: Kysely<DB>, id: number, scope: WorkScope): Promise<boolean> {
    const row = await filtered(db, { scope, search: null }).select('w.id').where('w.id', '=', id).executeTakeFirst();
    return Boolean(row);
  },

  /** Whether the user sees any work of the request (they work on it). */
  async anyVisibleOfRequest(db: Kysely<DB>, requestId: number, scope: WorkScope): Promise<boolean> {
    const row = await filtered(db, { scope, search: null })
      .select('w.id')
      .where('w.request_id', '=', requestId)
      .executeTakeFirst();
    return Boolean(row);
  },

  async insert(db: Kysely<DB>, row: Insertable<WorksTable>): Promise<number> {
    const { id } = await db.insertInto('works').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Updates the fields of a work still at `version` and not closed; how many rows changed (0 or 1). */
  async updateFields(db: Kysely<DB>, id: number, version: number, values: Updateable<WorksTable>): Promise<number> {
    const result = await db
      .updateTable('works')
      .set({ ...values, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', 'not in', CLOSED)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * A status change made only if the work is still in one of `from`: two concurrent transitions make one change.
   * Returns whether it happened.
   */
  async transition(db: Kysely<DB>, id: number, from: readonly string[], values: Updateable<WorksTable>): Promise<boolean> {
    const result = await db.updateTable('works').set(values).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The open works of a request (every one, or only its process steps'). */
  openOfRequest(db: Kysely<DB>, requestId: number, opts: { stepsOnly?: boolean } = {}) {
    let q = db
      .selectFrom('works')
      .select(['id', 'code', 'status', 'step_index', 'deadline', 'assignee_id'])
      .where('request_id', '=', requestId)
      .where('status', 'not in', CLOSED);
    if (opts.stepsOnly) q = q.where('step_index', 'is not', null);
    return q.orderBy('id').execute();
  },

  /** The latest work of a request's step that is not cancelled (done or open), for a step sent back or a result. */
  lastOfStep(db: Kysely<DB>, requestId: number, stepIndex: number, status?: string) {
    let q = db
      .selectFrom('works')
      .select(['id', 'assignee_id', 'status', 'result_note', 'public_result'])
      .where('request_id', '=', requestId)
      .where('step_index', '=', stepIndex)
      .where('status', '!=', 'cancelled');
    if (status) q = q.where('status', '=', status);
    return q.orderBy('id', 'desc').executeTakeFirst();
  },

  /** Moves the deadlines of a request's open works later (the time its request spent on hold). */
  async shiftOpenDeadlines(db: Kysely<DB>, requestId: number, works: { id: number; deadline: string }[], now: string) {
    for (const w of works) {
      await db
        .updateTable('works')
        .set({ deadline: w.deadline, updated_at: now })
        .where('id', '=', w.id)
        .where('request_id', '=', requestId)
        .execute();
    }
  },

  /** What a work's page shows of the request it belongs to (its files apart). */
  requestOf(db: Kysely<DB>, requestId: number) {
    return db
      .selectFrom('requests as r')
      .select((eb) => [
        'r.id',
        'r.code',
        'r.title',
        'r.status',
        'r.priority',
        'r.due_at',
        'r.customer_id',
        'r.process_snapshot',
        eb.selectFrom('customers as c').select('c.name').whereRef('c.id', '=', 'r.customer_id').as('customer_name'),
      ])
      .where('r.id', '=', requestId)
      .executeTakeFirst();
  },

  participants(db: Kysely<DB>, workId: number) {
    return db
      .selectFrom('work_participants as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.id', 'u.name'])
      .where('p.work_id', '=', workId)
      .orderBy('u.name')
      .execute();
  },

  async setParticipants(db: Kysely<DB>, workId: number, userIds: number[]) {
    await db.deleteFrom('work_participants').where('work_id', '=', workId).execute();
    if (userIds.length > 0) {
      await db
        .insertInto('work_participants')
        .values(userIds.map((user_id) => ({ work_id: workId, user_id })))
        .execute();
    }
  },

  /** Active users among the ids. */
  activeUsers(db: Kysely<DB>, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as { id: number; department_id: number | null }[]);
    return db.selectFrom('users').select(['id', 'department_id']).where('id', 'in', ids).where('status', '=', 'active').execute();
  },

  departmentExists(db: Kysely<DB>, id: number) {
    return db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst();
  },

  async commentsCount(db: Kysely<DB>, workId: number): Promise<number> {
    const row = await db
      .selectFrom('work_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('work_id', '=', workId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  comments(db: Kysely<DB>, workId: number, direction: 'asc' | 'desc', limit: number, offset: number) {
    return db
      .selectFrom('work_comments as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.work_id', 'm.body', 'm.user_id', 'm.created_at', 'u.name as user_name'])
      .where('m.work_id', '=', workId)
      .orderBy('m.id', direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async insertComment(db: Kysely<DB>, row: { work_id: number; user_id: number; body: string; created_at: string }) {
    const { id } = await db.insertInto('work_comments').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  findComment(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('work_comments as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.work_id', 'm.body', 'm.user_id', 'm.created_at', 'u.name as user_name'])
      .where('m.id', '=', id)
      .executeTakeFirstOrThrow();
  },
};
