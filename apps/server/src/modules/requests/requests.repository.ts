import { SEARCH_TOTAL_BOUND } from '@qlcv/common/schemas/common';
import { REQUEST_SORTS, type RequestSort } from '@qlcv/common/schemas/requests';
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
import type { DB, RequestsTable } from '../../db/schema';
import { exportRows } from '../../lib/export-rows';
import { type ColumnRef, denseEnoughToWalk, indexed, isSqlite, unindexedBut } from '../../lib/index-hints';
import { withListVersion } from '../../lib/list-cache';
import { type BoundedTotal, boundedCount, boundedTotal, COUNT_UP_TO, inOrder, orderedBy } from '../../lib/pagination';
import { indexedSearch, searchCount, searchIds } from '../../lib/vi-search';

export interface RequestFilter {
  search: string | null;
  status?: string[];
  requestTypeId?: number;
  priority?: string[];
  source?: string[];
  customerId?: number;
  createdFrom?: string;
  createdBefore?: string;
  overdue?: { now: string; value: boolean };
}

export interface RequestSortSpec {
  column: RequestSort;
  direction: 'asc' | 'desc';
}

type REb = ExpressionBuilder<DB & { r: DB['requests'] }, 'r'>;

/**
 * Past due and still open. The SLA clock stops on hold: a request on hold is overdue only if it was already past due
 * when it was put on hold.
 */
function overdueExpr(eb: REb, now: string, c: ColumnRef): Expression<SqlBool> {
  return eb.and([
    // Implied by the two cases below; said first so an index on status can serve it (a status sort walked the
    // completed and cancelled requests before reaching these: ≈ 50 ms).
    eb(c('r.status'), 'in', ['received', 'in_progress', 'on_hold']),
    eb(c('r.due_at'), 'is not', null),
    eb.or([
      eb.and([eb(c('r.status'), 'in', ['received', 'in_progress']), eb(c('r.due_at'), '<', now)]),
      eb.and([eb(c('r.status'), '=', 'on_hold'), eb(c('r.due_at'), '<', eb.ref('r.on_hold_since'))]),
    ]),
  ]);
}

/** `c` names the filter's columns: as is, or behind SQLite's no-index hint while the page walks the sort's index. */
export function filtered(db: Kysely<DB>, f: RequestFilter, c: ColumnRef = indexed) {
  let q = db.selectFrom('requests as r');
  if (f.search) q = q.where(indexedSearch(db, 'requests', 'r', f.search, c));
  if (f.status?.length) q = q.where((eb) => eb(c('r.status'), 'in', f.status ?? []));
  if (f.requestTypeId) q = q.where((eb) => eb(c('r.request_type_id'), '=', f.requestTypeId ?? 0));
  if (f.priority?.length) q = q.where((eb) => eb(c('r.priority'), 'in', f.priority ?? []));
  if (f.source?.length) q = q.where((eb) => eb(c('r.source'), 'in', f.source ?? []));
  if (f.customerId) q = q.where('r.customer_id', '=', f.customerId);
  if (f.createdFrom) q = q.where((eb) => eb(c('r.created_at'), '>=', f.createdFrom ?? ''));
  if (f.createdBefore) q = q.where((eb) => eb(c('r.created_at'), '<', f.createdBefore ?? ''));
  if (f.overdue) {
    const { now, value } = f.overdue;
    q = q.where((eb) => (value ? overdueExpr(eb, now, c) : eb.not(overdueExpr(eb, now, c))));
  }
  return q;
}

// Sorts with an index in their order (0028, priority's on its rank expression); due_at sorts empty values last,
// which no index order gives.
// Plan (2) of `page` on PostgreSQL for a filter that follows the sort: sorting this many matches takes ≈ 10 ms.
const SORT_MATCHES_UP_TO = 20_000;

const WALKABLE_SORTS = new Set<RequestSort>(['created_at', 'updated_at', 'code', 'status', 'priority']);

/**
 * Whether the matches can lie spread along the sort's order, the walk's premise. Not when the filter and the sort
 * follow each other: a creation-date range sorted by code (codes follow creation) lies in one stretch of the index,
 * and an overdue or status filter sorted by status in one or two statuses; a customer's requests are few.
 */
function walkable(f: RequestFilter, sort: RequestSortSpec): boolean {
  return WALKABLE_SORTS.has(sort.column) && !f.customerId && !followsSort(f, sort) && !statusThenCreation(f, sort);
}

/** One status, newest first: an index on (status, creation) holds exactly that order, better than any walk. */
const statusThenCreation = (f: RequestFilter, sort: RequestSortSpec) =>
  sort.column === 'created_at' &&
  f.status?.length === 1 &&
  Object.entries(f).every(([k, v]) => k === 'status' || k === 'search' || v === undefined) &&
  !f.search;

const followsSort = (f: RequestFilter, sort: RequestSortSpec) =>
  (Boolean(f.createdFrom || f.createdBefore) && sort.column !== 'created_at' && sort.column !== 'updated_at') ||
  (sort.column === 'status' && Boolean(f.status?.length || f.overdue));

const LIST_COLUMNS = [
  'r.id',
  'r.code',
  'r.tracking_code',
  'r.request_type_id',
  'r.customer_id',
  'r.requester_name',
  'r.requester_phone',
  'r.requester_email',
  'r.requester_organization',
  'r.requester_address',
  'r.title',
  'r.source',
  'r.priority',
  'r.status',
  'r.current_step',
  'r.due_at',
  'r.received_at',
  'r.completed_at',
  'r.on_hold_since',
  'r.created_by',
  'r.version',
  'r.created_at',
  'r.updated_at',
] as const;

// Names of related rows as scalar subqueries, not joins: evaluated for the page's rows only, and PostgreSQL plans
// them in a fraction of the time a four-way join takes (the plan is made again on every call).
function withRelations(q: ReturnType<typeof filtered>) {
  return q
    .select(LIST_COLUMNS)
    .select((eb) => [
      eb.selectFrom('request_types as t').select('t.name').whereRef('t.id', '=', 'r.request_type_id').as('request_type_name'),
      eb.selectFrom('customers as c').select('c.code').whereRef('c.id', '=', 'r.customer_id').as('customer_code'),
      eb.selectFrom('customers as c').select('c.name').whereRef('c.id', '=', 'r.customer_id').as('customer_name'),
    ]);
}

export type RequestListRow = Awaited<ReturnType<typeof requestsRepository.list>>[number];
export type RequestRow = NonNullable<Awaited<ReturnType<typeof requestsRepository.find>>>;
export type RequestWorkRow = Awaited<ReturnType<typeof requestsRepository.works>>[number];

// The same ORDER BY goes on differently shaped selects (the page's ids, the joined page, an export's ids).
const ordered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q, sort: RequestSortSpec): Q => orderedBy(q, 'r', sort);

export const requestsRepository = {
  /** `walk`: on SQLite, read the sort's index in order (lib/index-hints.ts). */
  async list(db: Kysely<DB>, f: RequestFilter, sort: RequestSortSpec, limit: number, offset: number, walk = false) {
    if (!isSqlite(db))
      return ordered(withRelations(filtered(db, f)), sort)
        .limit(limit)
        .offset(offset)
        .execute();
    if (walk || statusThenCreation(f, sort)) {
      // Rows come in the sort's order: one query names them as it goes. The sort's own column keeps its index (a
      // date range on the date sorted by), except priority, sorted by its rank.
      const keep = sort.column === 'priority' ? null : `r.${sort.column}`;
      return ordered(withRelations(filtered(db, f, walk ? unindexedBut(keep) : indexed)), sort)
        .limit(limit)
        .offset(offset)
        .execute();
    }
    // Otherwise SQLite sorts whole result rows, each with its names looked up first: the page's ids alone are sorted,
    // then only its rows are named (a sort of 40 000 matches: ≈ 50 → 10 ms). PostgreSQL names after the LIMIT.
    const page = await ordered(filtered(db, f).select('r.id'), sort).limit(limit).offset(offset).execute();
    if (page.length === 0) return [];
    const ids = page.map((r) => r.id);
    return inOrder(
      ids,
      await withRelations(filtered(db, { search: null }))
        .where('r.id', 'in', ids)
        .execute(),
    );
  },

  /**
   * A page and its total, by the cheapest of three plans. (1) Walk an index in the sort's order and stop at the page's
   * last row: good when the matches are many and spread along that order. (2) Set the matches aside and sort them
   * (`sortedMatches`): good when they are few, or when they lie in one stretch of the sort's order (a creation range
   * sorted by code), where a walk reads every row before them. (3) Let the engine choose. SQLite's planner takes the
   * filter's index and sorts even 200 000 matches, so the total comes first and decides (lib/index-hints.ts); a
   * search alone is counted in its FTS index without reading a row. PostgreSQL weighs (1) against (3) well, but not
   * a filter that follows the sort: those go to (2) when they are few, as do its searches.
   */
  async page(db: Kysely<DB>, f: RequestFilter, sort: RequestSortSpec, limit: number, offset: number) {
    const end = offset + limit;
    if (f.search) return this.searchPage(db, f as RequestFilter & { search: string }, sort, limit, offset);
    if (isSqlite(db)) {
      const total = await this.count(db, f);
      if (offset >= total) return { rows: [], total };
      const walk = walkable(f, sort) && denseEnoughToWalk(total, end);
      return { rows: await this.list(db, f, sort, limit, offset, walk), total };
    }
    if (!followsSort(f, sort)) {
      // The page and the total side by side, on two connections.
      const [rows, total] = await Promise.all([this.list(db, f, sort, limit, offset), this.count(db, f)]);
      return { rows, total };
    }
    const total = await this.count(db, f);
    if (offset >= total) return { rows: [], total };
    if (total > SORT_MATCHES_UP_TO) return { rows: await this.list(db, f, sort, limit, offset), total };
    // Plan (2) without the window count (the total is known): the filter behind an OFFSET 0 fence, which PostgreSQL
    // plans alone, then the top rows of its matches by a heap sort (≈ 5 ms for 15 000; with the count, ≈ 50 ms).
    const fenced = filtered(db, f)
      .select(['r.id', ...REQUEST_SORTS.map((c) => `r.${c}` as const)])
      .offset(0);
    const page = await ordered(db.selectFrom(fenced.as('r')).select('r.id'), sort)
      .limit(limit)
      .offset(offset)
      .execute();
    const ids = page.map((r) => r.id);
    return { rows: ids.length === 0 ? [] : inOrder(ids, await this.byIds(db, ids)), total };
  },

  /**
   * A search's page: its total exact up to SEARCH_TOTAL_BOUND, and past it capped (decision 41.10), so a common word
   * no longer has every match read (PostgreSQL: rechecked) to be counted. Pages past the bound are empty; the page
   * that straddles it stops at the bound.
   */
  async searchPage(db: Kysely<DB>, f: RequestFilter & { search: string }, sort: RequestSortSpec, limit: number, offset: number) {
    if (offset >= SEARCH_TOTAL_BOUND) return { rows: [], ...(await this.searchTotal(db, f)) };
    const upTo = Math.min(limit, SEARCH_TOTAL_BOUND - offset);
    if (isSqlite(db)) {
      const alone = Object.entries(f).every(([k, v]) => k === 'search' || v === undefined);
      const found = alone && WALKABLE_SORTS.has(sort.column) ? searchIds(db, 'requests', f.search) : null;
      if (found) return this.searchWalk(db, f.search, found, sort, upTo, offset);
    }
    // PostgreSQL, or SQLite with other filters: one pass over at most bound + 1 matches (plan 2, its window count).
    // Counting first to choose would read every match twice for a rare word (the bench's search ratio 12 → 7).
    const matched = await this.sortedMatches(db, f, sort, upTo, offset, COUNT_UP_TO);
    const total = boundedTotal(matched.total);
    if (!total.capped) return { rows: matched.rows, ...total };
    // More than the bound: the matches are many, so plan (1), walking the sort's index, finds the page soon.
    const walk = isSqlite(db) && walkable(f, sort);
    return { rows: await this.list(db, f, sort, upTo, offset, walk), ...total };
  },

  /** A search's total, counted no further than the bound (on SQLite a search alone in its FTS index, no row read). */
  async searchTotal(db: Kysely<DB>, f: RequestFilter & { search: string }): Promise<BoundedTotal> {
    const alone = Object.entries(f).every(([k, v]) => k === 'search' || v === undefined);
    const n = alone ? await searchCount(db, 'requests', f.search) : null;
    return n === null ? boundedCount(db, filtered(db, f)) : boundedTotal(n);
  },

  /**
   * A search alone on SQLite in one pass of the FTS index: the ids it finds are kept aside (a materialized CTE), counted
   * up to the bound, and the sort's index is walked testing each row against them (a word in 50 000 requests ≈ 20 ms,
   * one in 1 000 ≈ 5 ms; sorting the matches took ≈ 85 ms for the first).
   */
  async searchWalk(
    db: Kysely<DB>,
    pattern: string,
    found: NonNullable<ReturnType<typeof searchIds>>,
    sort: RequestSortSpec,
    limit: number,
    offset: number,
  ) {
    const keep = sort.column === 'priority' ? null : `r.${sort.column}`;
    const hidden = unindexedBut(keep);
    const q = db
      .with(
        (cte) => cte('m').materialized(),
        // A raw body is written bare after AS: the parentheses are ours.
        () => sql<{ id: number }>`(${found})`,
      )
      .selectFrom('requests as r')
      .select((eb) => [
        'r.id',
        eb
          .selectFrom(eb.selectFrom('m').select('m.id').limit(COUNT_UP_TO).as('b'))
          .select(eb.fn.countAll<number>().as('n'))
          .as('total'),
      ])
      .where((eb) => eb(hidden('r.id'), 'in', eb.selectFrom('m').select('m.id')));
    const page = await ordered(q, sort).limit(limit).offset(offset).execute();
    if (page.length === 0) return { rows: [], ...boundedTotal((await searchCount(db, 'requests', pattern)) ?? 0) };
    const ids = page.map((r) => r.id);
    return { rows: inOrder(ids, await this.byIds(db, ids)), ...boundedTotal(Number(page[0]?.total ?? 0)) };
  },

  /**
   * Plan (2) of `page`: the matches' ids and sort columns set aside (a materialized CTE, planned for the filter alone,
   * so no sort order can tempt the planner into walking every row), sorted for the page's ids with `count(*) over ()`
   * as the total, and only those rows read. `upTo`: set aside no more matches than that (a search's bound + 1; the
   * total is then that many and the page is not the sort's first rows, see `searchPage`).
   */
  async sortedMatches(db: Kysely<DB>, f: RequestFilter, sort: RequestSortSpec, limit: number, offset: number, upTo?: number) {
    const matches = db
      .with(
        (cte) => cte('r').materialized(),
        () => {
          const q = filtered(db, f).select(['r.id', ...REQUEST_SORTS.map((c) => `r.${c}` as const)]);
          return upTo === undefined ? q : q.limit(upTo);
        },
      )
      .selectFrom('r')
      .select(['r.id', sql<number>`count(*) over ()`.as('total')]);
    const ids = await ordered(matches, sort).limit(limit).offset(offset).execute();
    if (ids.length === 0) {
      if (offset === 0) return { rows: [], total: 0 };
      if (upTo === undefined) return { rows: [], total: await this.count(db, f) };
      const counted = await boundedCount(db, filtered(db, f));
      return { rows: [], total: counted.capped ? COUNT_UP_TO : counted.total };
    }
    const order = ids.map((x) => x.id);
    return { rows: inOrder(order, await this.byIds(db, order)), total: Number(ids[0]?.total ?? 0) };
  },

  /** The list's rows of the given ids, in no particular order, with the list version (lib/list-cache.ts). */
  byIds(db: Kysely<DB>, ids: number[]) {
    return withListVersion(withRelations(filtered(db, { search: null })))
      .where('r.id', 'in', ids)
      .execute();
  },

  /** Every row of the filtered list in its order, for the export (lib/export-rows.ts: a cursor on PostgreSQL, a thread of its own on SQLite). */
  exportRows(db: Kysely<DB>, f: RequestFilter, sort: RequestSortSpec) {
    return exportRows(db, {
      query: () => ordered(withRelations(filtered(db, f)), sort),
    });
  },

  async count(db: Kysely<DB>, f: RequestFilter): Promise<number> {
    // No filter but statuses: the per-status counts the triggers keep (0029), one row each.
    if (Object.entries(f).every(([k, v]) => k === 'status' || v === undefined || (k === 'search' && v === null))) {
      let q = db.selectFrom('request_status_counts').select((eb) => eb.fn.sum<number>('n').as('n'));
      if (f.status?.length) q = q.where('status', 'in', f.status);
      return Number((await q.executeTakeFirstOrThrow()).n ?? 0);
    }
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, id: number) {
    return withRelations(filtered(db, { search: null }))
      .select([
        'r.content',
        'r.process_snapshot',
        'r.status_reason',
        'r.result_text',
        'r.public_result',
        'r.hold_status',
        'r.idempotency_key',
        'r.search_text',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
  },

  async exists(db: Kysely<DB>, id: number): Promise<boolean> {
    return Boolean(await db.selectFrom('requests').select('id').where('id', '=', id).executeTakeFirst());
  },

  async insert(db: Kysely<DB>, row: Insertable<RequestsTable>): Promise<number> {
    const { id } = await db.insertInto('requests').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Updates the fields of a request still at `version` and in one of `statuses`; how many rows changed (0 or 1). */
  async updateFields(
    db: Kysely<DB>,
    id: number,
    version: number,
    statuses: readonly string[],
    values: Updateable<RequestsTable>,
  ): Promise<number> {
    const result = await db
      .updateTable('requests')
      .set({ ...values, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('status', 'in', statuses)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * A change made only while the request is in one of `from` (and, when given, still at step `currentStep`): of two
   * concurrent transitions exactly one changes the row. Returns whether it did.
   */
  async transition(
    db: Kysely<DB>,
    id: number,
    from: readonly string[],
    values: Updateable<RequestsTable>,
    opts: { currentStep?: number } = {},
  ): Promise<boolean> {
    let q = db.updateTable('requests').set(values).where('id', '=', id).where('status', 'in', from);
    if (opts.currentStep !== undefined) q = q.where('current_step', '=', opts.currentStep);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Takes the request's row lock for the rest of the transaction (PostgreSQL), so that a work's change and a change of
   * its request always lock the request first and cannot deadlock; SQLite's write transactions are serial anyway.
   */
  async lock(db: Kysely<DB>, id: number): Promise<void> {
    await db
      .updateTable('requests')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', id)
      .execute();
  },

  /** The id of the request with this tracking code (the public page's lookup; the column is unique). */
  async idByTrackingCode(db: Kysely<DB>, trackingCode: string): Promise<number | null> {
    const row = await db.selectFrom('requests').select('id').where('tracking_code', '=', trackingCode).executeTakeFirst();
    return row?.id ?? null;
  },

  /** The tracking code of the request an idempotency key created (the public page). */
  async trackingCodeByIdempotencyKey(db: Kysely<DB>, key: string): Promise<string | null> {
    const row = await db.selectFrom('requests').select('tracking_code').where('idempotency_key', '=', key).executeTakeFirst();
    return row?.tracking_code ?? null;
  },

  /** When the request first reached each of these history actions (its own audit entries). */
  firstActions(db: Kysely<DB>, id: number, actions: readonly string[]) {
    return db
      .selectFrom('audit_logs')
      .select((eb) => ['action', eb.fn.min<string>('created_at').as('at')])
      .where('entity', '=', 'requests')
      .where('entity_id', '=', id)
      .where('action', 'in', actions)
      .groupBy('action')
      .execute();
  },

  /** The works of a request, oldest first, for its page (their summary: names of the people and departments). */
  works(db: Kysely<DB>, requestId: number) {
    return db
      .selectFrom('works as w')
      .select((eb) => [
        'w.id',
        'w.code',
        'w.title',
        'w.step_index',
        'w.status',
        'w.assignee_id',
        'w.department_id',
        'w.deadline',
        'w.progress',
        'w.completed_at',
        'w.created_at',
        eb.selectFrom('users as a').select('a.name').whereRef('a.id', '=', 'w.assignee_id').as('assignee_name'),
        eb.selectFrom('departments as d').select('d.name').whereRef('d.id', '=', 'w.department_id').as('department_name'),
      ])
      .where('w.request_id', '=', requestId)
      .orderBy('w.id')
      .execute();
  },

  departmentNames(db: Kysely<DB>, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([] as { id: number; name: string }[]);
    return db.selectFrom('departments').select(['id', 'name']).where('id', 'in', ids).execute();
  },
};
