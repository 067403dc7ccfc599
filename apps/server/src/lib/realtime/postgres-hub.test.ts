import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { RealtimeMessage } from './hub';
import { PostgresHub } from './postgres-hub';

// The PostgreSQL hub alone (runs with TEST_DATABASE_URL): two hubs on one database hear each other, a payload too
// large for NOTIFY still arrives (as a reference), and a killed listener connection comes back and asks for a resync.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const t: TestApp | null = onPostgres ? await createTestApp() : null;
afterAll(() => t?.close());

function inbox(hub: PostgresHub, userId: number) {
  const got: RealtimeMessage[] = [];
  hub.subscribe(userId, (m) => got.push(m));
  const wait = async (match: (m: RealtimeMessage) => boolean, ms = 3000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = got.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no message');
  };
  return { got, wait };
}

describe.skipIf(!onPostgres)('PostgresHub', () => {
  const url = () => (t?.config.database.kind === 'postgres' ? t.config.database.url : '');

  it('delivers across hubs, to the right user only, large payloads as a reference', async () => {
    const a = new PostgresHub(t!.database.db, url());
    const b = new PostgresHub(t!.database.db, url());
    await a.start();
    await b.start();
    const seven = inbox(b, 7);
    const eight = inbox(b, 8);
    await a.publish(7, { id: '1', type: 'notification', data: { title: 'Nhỏ' } });
    expect((await seven.wait((m) => m.id === '1')).data).toEqual({ title: 'Nhỏ' });
    await a.publish(7, { id: '2', type: 'notification', data: { body: 'x'.repeat(10_000) } });
    const big = await seven.wait((m) => m.id === '2');
    expect(big.data).toBeNull();
    expect(eight.got).toEqual([]);
    await a.close();
    await b.close();
  });

  it('reconnects a killed listener and tells the streams to resync', async () => {
    const hub = new PostgresHub(t!.database.db, url());
    await hub.start();
    const box = inbox(hub, 9);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`.execute(t!.database.db);
    await box.wait((m) => m.type === 'resync', 5000);
    await hub.publish(9, { id: '3', type: 'notification', data: null });
    await box.wait((m) => m.id === '3');
    await hub.close();
  });
});
