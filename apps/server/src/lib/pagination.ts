import { ALL_ROWS_CAP, type ListQuery, type Paginated, SEARCH_TOTAL_BOUND } from '@qlcv/common/schemas/common';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { invalid } from './errors';

export interface Window {
  limit: number;
  offset: number;
  perPage: number;
  page: number;
}

/** LIMIT/OFFSET of a list query; `per_page=all` reads up to ALL_ROWS_CAP rows. */
export function pageWindow(q: Pick<ListQuery, 'page' | 'per_page'>): Window {
  const perPage = q.per_page === 'all' ? ALL_ROWS_CAP : q.per_page;
  const page = q.per_page === 'all' ? 1 : q.page;
  return { limit: perPage, offset: (page - 1) * perPage, perPage, page };
}

/** A page and its meta; a capped search total (`boundedTotal`) says so, and `last_page` follows it. */
export function toPage<T>(data: T[], total: number, w: Window, capped = false): Paginated<T> {
  return {
    data,
    meta: {
      current_page: w.page,
      per_page: w.perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / w.perPage)),
      ...(capped ? { total_capped: true } : {}),
    },
  };
}

/** A search's total: exact up to the bound, else the bound and capped. */
export interface BoundedTotal {
  total: number;
  capped: boolean;
}

/** Counts no further than this: one row past the bound says "more". */
export const COUNT_UP_TO = SEARCH_TOTAL_BOUND + 1;

/** A count made with COUNT_UP_TO as its limit, as the meta shows it. */
export const boundedTotal = (n: number): BoundedTotal =>
  n > SEARCH_TOTAL_BOUND ? { total: SEARCH_TOTAL_BOUND, capped: true } : { total: n, capped: false };

/**
 * How many rows a query finds, counted no further than the bound: `select count(*) from (select 1 … limit bound + 1)`
 * stops reading (and PostgreSQL stops rechecking trigram matches) at the first row past it, on both engines. For
 * searches only (decision 41.10): a plain list keeps its exact total.
 */
export async function boundedCount(db: Kysely<any>, q: SelectQueryBuilder<any, any, any>): Promise<BoundedTotal> {
  const row = await db
    .selectFrom(q.clearSelect().select(sql<number>`1`.as('one')).limit(COUNT_UP_TO).as('b'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return boundedTotal(Number(row.n));
}

/**
 * How many rows a search's page may read: none past the bound (those pages are empty; one narrows the search
 * instead), and the page that straddles it stops there, as `last_page` says.
 */
export const rowsWithinBound = (limit: number, offset: number): number =>
  Math.max(0, Math.min(limit, SEARCH_TOTAL_BOUND - offset));

/** `-created_at` → created_at desc, checked against the resource's allow-list. */
export function parseSort<S extends string>(
  sort: string | undefined,
  allowed: readonly S[],
  fallback: `${'' | '-'}${S}`,
): { column: S; direction: 'asc' | 'desc' } {
  const value = sort ?? fallback;
  const desc = value.startsWith('-');
  const column = (desc ? value.slice(1) : value) as S;
  if (!allowed.includes(column)) throw invalid('sort', `Không thể sắp xếp theo "${column}".`);
  return { column, direction: desc ? 'desc' : 'asc' };
}

// Migration 0028 indexes requests on this very expression: change both together.
const rankOf = (alias: string) =>
  sql<number>`case ${sql.raw(alias)}.priority when 'low' then 1 when 'normal' then 2 when 'high' then 3 when 'urgent' then 4 else 0 end`;
const PRIORITY_RANK = { r: rankOf('r'), w: rankOf('w') };

/** Columns of the requests and works lists that are never empty keep a plain order, so the indexes that hold them serve it. */
const NOT_NULL_SORTS: ReadonlySet<string> = new Set(['code', 'title', 'created_at', 'updated_at', 'status']);

/**
 * The ORDER BY of the requests (`r`) and works (`w`) lists, the id breaking ties; the same on any select of the list
 * (a page, its ids, the ids of an export). Priority sorts by rank, not by name.
 */
export function orderedBy<Q extends SelectQueryBuilder<any, any, any>>(
  q: Q,
  alias: 'r' | 'w',
  sort: { column: string; direction: 'asc' | 'desc' },
): Q {
  const o =
    sort.column === 'priority'
      ? q.orderBy(PRIORITY_RANK[alias], sort.direction)
      : NOT_NULL_SORTS.has(sort.column)
        ? q.orderBy(`${alias}.${sort.column}`, sort.direction)
        : // Empty values (no deadline, not yet received…) sort last either way, on both engines.
          q.orderBy(`${alias}.${sort.column}`, (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast());
  return o.orderBy(`${alias}.id`, sort.direction) as Q;
}

/** Rows read by id, put back in the order of `ids` (an id whose row is gone is left out). */
export function inOrder<R extends { id: number }>(ids: readonly number[], rows: R[]): R[] {
  const at = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => at.get(id) ?? []);
}

/**
 * Every row of a filtered list, for an export: read ALL_ROWS_CAP rows at a time so the file holds the whole list,
 * not the first page. The first page is read before returning, so a bad query (an unknown sort) still answers 422.
 */
export async function allRows<T>(
  read: (page: number, perPage: number) => Promise<Paginated<T> | T[]>,
): Promise<AsyncIterable<T>> {
  // A reader may return bare rows: a large list's export need not recount the whole table for every batch.
  const rowsOf = async (page: number) => {
    const r = await read(page, ALL_ROWS_CAP);
    return Array.isArray(r) ? r : r.data;
  };
  const first = await rowsOf(1);
  return (async function* () {
    let rows = first;
    yield* rows;
    for (let page = 2; rows.length === ALL_ROWS_CAP; page++) {
      rows = await rowsOf(page);
      yield* rows;
    }
  })();
}
