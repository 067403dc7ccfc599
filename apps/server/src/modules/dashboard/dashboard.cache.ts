import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Entries kept: a few keys (a part and the day it was read for), so a handful is plenty. */
const MAX_ENTRIES = 16;

/**
 * The dashboard parts that depend on the requests alone, not on the clock nor on the viewer (the requests per status,
 * the requests per month of the 12 months to a given day), kept while the database's list version is unchanged. Every
 * committed write to requests, works or customers raises that version (migration 0007, the list cache's), so a kept
 * answer is never stale, on one instance or many. Parts that move with the clock (overdue counts, "done in the last 90
 * days") are always read fresh.
 */
export class DashboardCache {
  private readonly entries = new Map<string, { version: number; value: unknown }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly enabled: boolean,
  ) {}

  /** The current list version, read once per dashboard and before any part it guards (a write committed after it
   * leaves a newer answer under the older version, which nobody asks for again). */
  async version(): Promise<number | null> {
    if (!this.enabled) return null;
    const row = await this.db.selectFrom('data_versions').select('version').where('name', '=', 'lists').executeTakeFirstOrThrow();
    return Number(row.version);
  }

  async get<T>(version: Promise<number | null>, key: string, read: () => Promise<T>): Promise<T> {
    const v = await version;
    if (v === null) return read();
    const hit = this.entries.get(key);
    if (hit && hit.version === v) return hit.value as T;
    const value = await read();
    this.entries.delete(key);
    this.entries.set(key, { version: v, value });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
