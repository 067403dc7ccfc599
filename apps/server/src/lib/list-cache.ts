import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inOrder } from './pagination';

export interface ListPage<R> {
  rows: R[];
  total: number;
}

interface Entry {
  version: number;
  ids: number[];
  total: number;
}

/** The key of one list query: the list's name, its filter, sort and window (all plain data). */
export const listKey = (...parts: unknown[]) => JSON.stringify(parts);

/** Pages larger than this (exports, `per_page=all`) are not kept: they are read once. */
const MAX_CACHED_PAGE = 100;

/**
 * The ids and total of recent pages of the big lists (requests, works, customers), reused while the database's list
 * version is unchanged. Every committed write to those tables raises the version (migration 0007 triggers), so a
 * reused total is never stale, on one instance or many; the rows themselves are always read fresh by id. What it
 * saves is the `count(*)` and, for a search, the index pass: both cost more than the page they go with.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxEntries: number,
  ) {}

  /**
   * A page of a list. `key` names the query (filters, sort, window), or is null when the answer depends on the clock
   * (an overdue filter) or the page is too big to keep; `read` runs the query; `byIds` reads the rows of known ids.
   */
  async page<R extends { id: number }>(
    key: string | null,
    limit: number,
    read: () => Promise<ListPage<R>>,
    byIds: (ids: number[]) => Promise<R[]>,
  ): Promise<ListPage<R>> {
    if (key === null || this.maxEntries === 0 || limit > MAX_CACHED_PAGE) return read();
    // Read before the query: a write committed in between leaves its newer answer under the older version, which
    // nobody asks for again.
    const version = await this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return { rows: hit.ids.length ? inOrder(hit.ids, await byIds(hit.ids)) : [], total: hit.total };
    }
    const result = await read();
    this.entries.delete(key);
    this.entries.set(key, { version, ids: result.rows.map((r) => r.id), total: result.total });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return result;
  }

  private async version(): Promise<number> {
    const row = await this.db.selectFrom('data_versions').select('version').where('name', '=', 'lists').executeTakeFirstOrThrow();
    return Number(row.version);
  }
}
