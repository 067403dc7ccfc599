import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { listVersion } from '../../lib/list-cache';

/** Entries kept: a part and the day it was read for, per works scope (a head's departments): a few dozen. */
const MAX_ENTRIES = 64;

/**
 * The dashboard parts kept while the database's list version is unchanged: every committed write to requests, works
 * or customers raises that version (migration 0007, the list cache's), so a kept answer is never stale from a write,
 * on one instance or many. Parts that depend on the requests alone (per status, per month to a given day) are kept
 * as they are; a part that moves with the clock is kept with the instant it next changes (the overdue requests: the
 * soonest due time still ahead) or under the day it was read for (works done since a day). On SQLite a dashboard runs
 * its queries in one stretch of the event loop, so what it does not read again is what other people do not wait for.
 */
export class DashboardCache {
  private readonly entries = new Map<string, { version: number; value: unknown; until: string | null }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly enabled: boolean,
  ) {}

  /** The current list version, read once per dashboard and before any part it guards (a write committed after it
   * leaves a newer answer under the older version, which nobody asks for again). */
  async version(): Promise<number | null> {
    if (!this.enabled) return null;
    return listVersion(this.db);
  }

  async get<T>(version: Promise<number | null>, key: string, read: () => Promise<T>): Promise<T> {
    return this.getUntil(version, key, '', async () => ({ value: await read(), until: null }));
  }

  /** Like `get`, for a part that also changes at an instant its reader names (`until`, ISO; null: only by a write). */
  async getUntil<T>(
    version: Promise<number | null>,
    key: string,
    now: string,
    read: () => Promise<{ value: T; until: string | null }>,
  ): Promise<T> {
    const v = await version;
    if (v === null) return (await read()).value;
    const hit = this.entries.get(key);
    if (hit && hit.version === v && (hit.until === null || now < hit.until)) return hit.value as T;
    const { value, until } = await read();
    this.entries.delete(key);
    this.entries.set(key, { version: v, value, until });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
