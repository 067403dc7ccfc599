import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { AppError } from './errors';
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore, RedisRateLimitStore, SqlRateLimitStore } from './rate-limit';
import { openRedis } from './redis';

// The three counter stores behind the same limiter (issue 9, part 3): one window per key, counted atomically, so
// concurrent calls on several instances never slip past a limit.

const t: TestApp = await createTestApp();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisAnswers(): Promise<boolean> {
  const probe = createClient({ url: redisUrl, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.close();
    return true;
  } catch {
    return false;
  }
}
const redis = (await redisAnswers()) ? await openRedis(redisUrl) : null;
afterAll(async () => {
  if (redis?.isOpen) await redis.close();
  await t.close();
});

const stores: [string, () => RateLimitStore][] = [
  ['memory', () => new MemoryRateLimitStore()],
  [`the rate_limits table (${t.database.kind})`, () => new SqlRateLimitStore(t.database.db)],
  ...(redis
    ? [
        ['Redis', () => new RedisRateLimitStore(redis, false, `qlcv:test:${randomBytes(4).toString('hex')}:`)] as [
          string,
          () => RateLimitStore,
        ],
      ]
    : []),
];
let n = 0;
const key = () => `k${process.pid}-${++n}`;

describe.each(stores)('%s', (_name, make) => {
  const store = make();
  const limiter = new RateLimiter(store);

  it('counts hits in one window and tells when it ends', async () => {
    const k = key();
    const before = Date.now();
    expect(await store.peek(k)).toBeNull();
    expect((await store.hit(k, 60_000)).count).toBe(1);
    const w = await store.hit(k, 60_000);
    expect(w.count).toBe(2);
    expect(w.resetAt).toBeGreaterThanOrEqual(before + 59_000);
    expect(w.resetAt).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await store.peek(k))?.count).toBe(2);
  });

  it('opens a new window once the last one ended', async () => {
    const k = key();
    await store.hit(k, 150);
    await store.hit(k, 150);
    await new Promise((r) => setTimeout(r, 250));
    expect(await store.peek(k)).toBeNull();
    expect((await store.hit(k, 150)).count).toBe(1);
  });

  it('consume refuses past the limit with 429 and Retry-After; reset starts over', async () => {
    const k = key();
    for (let i = 0; i < 3; i++) await limiter.consume(k, 3, 60_000);
    const err = await limiter.consume(k, 3, 60_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect(Number((err as AppError).headers['retry-after'])).toBeGreaterThanOrEqual(59);
    await expect(limiter.assertBelow(k, 3, 60_000)).rejects.toThrow();
    await limiter.reset(k);
    await expect(limiter.assertBelow(k, 3, 60_000)).resolves.toBeUndefined();
  });

  it('counts 40 concurrent hits exactly once each', async () => {
    const k = key();
    const counts = await Promise.all(Array.from({ length: 40 }, () => store.hit(k, 60_000)));
    expect(counts.map((w) => w.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
