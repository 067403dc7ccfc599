import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import { inOrder } from './pagination';

export interface ListPage<R> {
  rows: R[];
  total: number;
  /** A search's total stopped at the bound (lib/pagination.ts `boundedCount`). */
  capped?: boolean;
}

interface Entry {
  version: number;
  ids: number[];
  total: number;
  capped?: boolean;
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
   * (an overdue filter); `read` runs the query; `byIds` reads the rows of known ids, each with the list version as
   * `list_version` (`withListVersion`), so a reused page costs one round trip.
   */
  async page<R extends { id: number }>(
    key: string | null,
    limit: number,
    read: () => Promise<ListPage<R>>,
    byIds: (ids: number[]) => Promise<(R & { list_version: number | string | null })[]>,
  ): Promise<ListPage<R>> {
    if (key === null || this.maxEntries === 0 || limit > MAX_CACHED_PAGE) return read();
    const hit = this.entries.get(key);
    // The version is read before the query (here, in the same statement as the kept rows): a write committed in
    // between leaves its newer answer under the older version, which nobody asks for again.
    let version: number;
    if (hit && hit.ids.length > 0) {
      const rows = await byIds(hit.ids);
      version = rows[0] ? Number(rows[0].list_version) : await this.version();
      if (version === hit.version) return this.reuse(key, hit, inOrder(hit.ids, rows));
    } else {
      version = await this.version();
      if (hit && version === hit.version) return this.reuse(key, hit, []);
    }
    const result = await read();
    this.entries.delete(key);
    this.entries.set(key, { version, ids: result.rows.map((r) => r.id), total: result.total, capped: result.capped });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return result;
  }

  private reuse<R>(key: string, entry: Entry, rows: R[]): ListPage<R> {
    // Most recently used last: the first key is the one to forget.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { rows, total: entry.total, capped: entry.capped };
  }

  private version(): Promise<number> {
    return listVersion(this.db);
  }
}

/** The current list version: raised by every write to a listed table (the list and dashboard caches key on it). */
export async function listVersion(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('data_versions').select('version').where('name', '=', 'lists').executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Adds the current list version to each row of a by-id read, as `list_version`. */
export function withListVersion<D, T extends keyof D, O>(
  q: SelectQueryBuilder<D, T, O>,
): SelectQueryBuilder<D, T, O & { list_version: number }> {
  const version = sql<number>`(select version from data_versions where name = 'lists')`.as('list_version');
  return q.select(version) as unknown as SelectQueryBuilder<D, T, O & { list_version: number }>;
}
