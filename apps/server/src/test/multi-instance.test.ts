import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from '@redis/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/database';
import { nowIso } from '../lib/clock';
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from '../lib/rate-limit';
import type { RealtimeHub } from '../lib/realtime/hub';
import { MemoryHub } from '../lib/realtime/memory-hub';
import { RedisHub } from '../lib/realtime/redis-hub';
import { openRedis } from '../lib/redis';
import { createTestApp, TEST_PASSWORD, type TestApp } from './harness';
import { openSse } from './sse';

// Several instances on one database (issue 9, parts 3 and 9): a notification made on instance A reaches a browser
// connected to instance B, and a login limit counts the calls to both. On PostgreSQL each instance has its own hub
// (LISTEN/NOTIFY) and counters (the rate_limits table); on SQLite, one machine, the in-process variant shares one hub
// and one store. With Redis at REDIS_URL or 127.0.0.1:6379, the same through Redis pub/sub and counters.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const shared = onPostgres ? null : { hub: new MemoryHub(), limits: new MemoryRateLimitStore() };
const t: TestApp = await createTestApp(shared ? { realtime: shared.hub, rateLimits: shared.limits } : {});

interface Instance {
  app: FastifyInstance;
  url: string;
  database: Database;
  close(): Promise<void>;
}

/** Another app on the same database, listening on its own port. */
async function instance(config: Config, deps: { realtime?: RealtimeHub; rateLimits?: RateLimitStore } = {}): Promise<Instance> {
  const database = openDatabase(config.database);
  const app = await buildApp({ config, database, logger: false, ...deps });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let a: Instance;
let b: Instance;
const extra: Instance[] = [];

beforeAll(async () => {
  a = {
    app: t.app,
    url: await t.app.listen({ host: '127.0.0.1', port: 0 }),
    database: t.database,
    close: async () => {},
  };
  b = await instance(t.config, shared ? { realtime: shared.hub, rateLimits: shared.limits } : {});
});
afterAll(async () => {
  for (const i of extra) await i.close();
  await b.close();
  await t.close();
});

async function ticket(on: Instance, token: string): Promise<string> {
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/notifications/stream-ticket',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket;
}

/** Makes a notification on `via` as the dispatcher does (row, then publish), and times its arrival on `stream`. */
async function latencies(via: Instance, to: Instance, rounds: number): Promise<number[]> {
  const user = await t.userWith([]);
  const sse = await openSse(`${to.url}/api/notifications/stream?ticket=${await ticket(via, user.token)}`);
  expect(sse.status).toBe(200);
  await sse.next((e) => e.event === 'unread_count');
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const row = await via.database.db
      .insertInto('notifications')
      .values({
        user_id: user.id,
        event: 'work.assigned',
        title: `Công việc mới ${i}`,
        body: 'Bạn được giao một công việc.',
        link: '/works/1',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await via.app.realtime.publish(user.id, { id: String(row.id), type: 'notification', data: null });
    const got = await sse.next((e) => e.event === 'notification', 1000);
    expect(Number(got.id)).toBe(row.id);
    times.push(got.at - started);
  }
  sse.close();
  return times;
}

function figures(label: string, times: number[]) {
  const sorted = [...times].sort((x, y) => x - y);
  const p = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number).toFixed(1);
  console.log(`[figures] ${label}: event → browser p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms (${times.length} events)`);
}

/** 5 failures split over two instances: the 6th answers 429 on either. */
async function loginLimitAcross(first: Instance, second: Instance) {
  const user = await t.userWith([]);
  const username = (
    await t.database.db.selectFrom('users').select('username').where('id', '=', user.id).executeTakeFirstOrThrow()
  ).username;
  const attempt = (on: Instance, password = 'mat-khau-sai') =>
    on.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  for (const on of [first, second, first, second, first]) expect((await attempt(on)).statusCode).toBe(422);
  const sixthA = await attempt(first);
  expect(sixthA.statusCode).toBe(429);
  expect(Number(sixthA.headers['retry-after'])).toBeGreaterThan(0);
  // Even the right password waits out the window, on either instance.
  expect((await attempt(second, TEST_PASSWORD)).statusCode).toBe(429);
}

describe(`two instances on one ${onPostgres ? 'PostgreSQL (LISTEN/NOTIFY, rate_limits table)' : 'SQLite (in-process hub and counters)'}`, () => {
  it('a notification made on A reaches a stream held by B within a second', async () => {
    const times = await latencies(a, b, 20);
    figures(onPostgres ? 'PostgreSQL LISTEN/NOTIFY, A → B' : 'in process', times);
    expect(Math.max(...times)).toBeLessThan(1000);
  });

  it('and the other way round, a ticket taken on B opening a stream on A', async () => {
    const times = await latencies(b, a, 5);
    expect(Math.max(...times)).toBeLessThan(1000);
  });

  it('a work assigned through A is dispatched there and reaches the assignee’s stream on B', async () => {
    const user = await t.userWith([]);
    const sse = await openSse(`${b.url}/api/notifications/stream?ticket=${await ticket(a, user.token)}`);
    await sse.next((e) => e.event === 'unread_count');
    const started = performance.now();
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/works',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { title: 'Lấy mẫu khí thải ống khói số 2', assignee_id: user.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The background loop runs these passes every 250 ms when idle; here they run at once.
    const got = sse.next((e) => e.event === 'notification', 3000);
    while ((await a.app.workers.dispatcher.runOnce()) > 0);
    const event = await got;
    const ms = performance.now() - started;
    const data = event.data as { notification: { title: string; link: string; event_label: string }; unread_count: number };
    expect(data.notification.title).toContain('Bạn được giao công việc');
    expect(data.notification.link).toBe(`/admin/works/${res.json().id}`);
    expect(data.unread_count).toBe(1);
    console.log(
      `[figures] ${onPostgres ? 'PostgreSQL' : 'SQLite'}: work assigned on A → dispatched → stream on B ${ms.toFixed(1)} ms`,
    );
    sse.close();
  });

  it('a ticket is single use across instances', async () => {
    const user = await t.userWith([]);
    const single = await ticket(a, user.token);
    const first = await openSse(`${b.url}/api/notifications/stream?ticket=${single}`);
    expect(first.status).toBe(200);
    first.close();
    const second = await openSse(`${a.url}/api/notifications/stream?ticket=${single}`);
    expect(second.status).toBe(401);
    second.close();
  });

  it('counts login failures on both instances together', async () => {
    await loginLimitAcross(a, b);
  });
});

/** Redis at REDIS_URL or the local default, when it answers. */
async function redisUrl(): Promise<string | null> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const probe = createClient({ url, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.close();
    return url;
  } catch {
    return null;
  }
}
const redis = await redisUrl();

describe.skipIf(!redis)('two instances sharing Redis (pub/sub and counters)', () => {
  // A channel and key prefix of this run's own, so parallel runs on one Redis never hear each other.
  const tag = randomBytes(4).toString('hex');
  let c: Instance;
  let d: Instance;
  const clients: RedisClientType[] = [];

  beforeAll(async () => {
    const make = async () => {
      const hubClient = await openRedis(redis as string);
      const limitClient = await openRedis(redis as string);
      clients.push(hubClient, limitClient);
      const hub = new RedisHub(hubClient, `qlcv:test:${tag}`);
      await hub.start();
      const config = { ...t.config, redisUrl: redis as string };
      return instance(config, { realtime: hub, rateLimits: new RedisRateLimitStore(limitClient, false, `qlcv:test:${tag}:`) });
    };
    c = await make();
    d = await make();
    extra.push(c, d);
  });
  afterAll(async () => {
    for (const i of extra.splice(0)) await i.close();
    for (const client of clients) if (client.isOpen) await client.close();
  });

  it('a notification made on C reaches a stream held by D within a second', async () => {
    const times = await latencies(c, d, 20);
    figures('Redis pub/sub, C → D', times);
    expect(Math.max(...times)).toBeLessThan(1000);
  });

  it('counts login failures on both instances together', async () => {
    await loginLimitAcross(c, d);
  });
});
