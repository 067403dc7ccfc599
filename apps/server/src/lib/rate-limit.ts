import type { RedisClientType } from '@redis/client';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { rateLimited } from './errors';
import { openRedis } from './redis';

/** A fixed window: hits counted so far and when the window ends (ms since epoch). */
export interface RateWindow {
  count: number;
  resetAt: number;
}

/** Where the counters live: this process (one instance), the database or Redis (several instances share them). */
export interface RateLimitStore {
  /** Counts one hit atomically, opening a new window when none runs; answers the window after the hit. */
  hit(key: string, windowMs: number): Promise<RateWindow>;
  /** The running window, or null. */
  peek(key: string): Promise<RateWindow | null>;
  reset(key: string): Promise<void>;
  close?(): Promise<void>;
}

/** Fixed-window limits over a store. Every call is async because a shared store is a round trip away. */
export class RateLimiter {
  constructor(readonly store: RateLimitStore = new MemoryRateLimitStore()) {}

  /** Throws 429 when the key has already used `limit` hits in its window. */
  async assertBelow(key: string, limit: number, _windowMs: number): Promise<void> {
    const w = await this.store.peek(key);
    if (w && w.count >= limit) throw tooMany(w);
  }

  async hit(key: string, windowMs: number): Promise<void> {
    await this.store.hit(key, windowMs);
  }

  /** Counts one use and throws 429 when it goes past the limit. */
  async consume(key: string, limit: number, windowMs: number): Promise<void> {
    const w = await this.store.hit(key, windowMs);
    if (w.count > limit) throw tooMany(w);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

const tooMany = (w: RateWindow) => rateLimited(Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)));

/** Counters in this process: right for one instance (SQLite); several instances would each count on their own. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateWindow>();
  private lastSweep = Date.now();

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    const now = Date.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { ...w };
  }

  async peek(key: string): Promise<RateWindow | null> {
    const w = this.windows.get(key);
    return w && w.resetAt > Date.now() ? { ...w } : null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/** Counters in the `rate_limits` table (PostgreSQL): one upsert per hit, atomic under concurrent instances. */
export class SqlRateLimitStore implements RateLimitStore {
  private lastSweep = 0;

  constructor(private readonly db: Kysely<DB>) {}

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    const now = Date.now();
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
    }
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(now + windowMs)
            .else(eb.ref('rate_limits.reset_at'))
            .end(),
        })),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async peek(key: string): Promise<RateWindow | null> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .where('reset_at', '>', Date.now())
      .executeTakeFirst();
    return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }
}

/** Counters in Redis: the window opens with SET NX PX, then INCR, in one MULTI. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: RedisClientType,
    private readonly ownsClient = false,
    private readonly prefix = 'qlcv:rl:',
  ) {}

  private k(key: string) {
    return `${this.prefix}${key}`;
  }

  async hit(key: string, windowMs: number): Promise<RateWindow> {
    const k = this.k(key);
    const [, count, ttl] = await this.redis
      .multi()
      .set(k, '0', { expiration: { type: 'PX', value: windowMs }, condition: 'NX' })
      .incr(k)
      .pTTL(k)
      .exec();
    return { count: Number(count), resetAt: Date.now() + Math.max(0, Number(ttl)) };
  }

  async peek(key: string): Promise<RateWindow | null> {
    const k = this.k(key);
    const [count, ttl] = await this.redis.multi().get(k).pTTL(k).exec();
    if (count === null || Number(ttl) <= 0) return null;
    return { count: Number(count), resetAt: Date.now() + Number(ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.k(key));
  }

  async close(): Promise<void> {
    if (this.ownsClient && this.redis.isOpen) await this.redis.close().catch(() => {});
  }
}

/** Redis when REDIS_URL is set, the database on PostgreSQL (several instances may share it), this process on SQLite. */
export async function createRateLimitStore(
  config: Config,
  database: Database,
  log?: { warn(obj: object, msg: string): void },
): Promise<RateLimitStore> {
  if (config.redisUrl) return new RedisRateLimitStore(await openRedis(config.redisUrl, log), true);
  if (database.kind === 'postgres') return new SqlRateLimitStore(database.db);
  return new MemoryRateLimitStore();
}
