import { ALL_ROWS_CAP, type ListQuery, type Paginated } from '@qlcv/common/schemas/common';
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

export function toPage<T>(data: T[], total: number, w: Window): Paginated<T> {
  return {
    data,
    meta: { current_page: w.page, per_page: w.perPage, total, last_page: Math.max(1, Math.ceil(total / w.perPage)) },
  };
}

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
