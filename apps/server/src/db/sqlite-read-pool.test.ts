import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

// SQLite's reader threads (db/sqlite-driver.ts, decision 41.1). The suite runs with the default pool; these flows run
// on both shapes: 0 (one connection, as before) and 2 threads. SQLite only: PostgreSQL has no such pool, so a run on
// PostgreSQL still tests SQLite here.
const dirs: string[] = [];
function sqliteEnv(readWorkers: number): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'qlcv-pool-'));
  dirs.push(dir);
  return { DATABASE_URL: `sqlite:${path.join(dir, 'qlcv.sqlite')}`, SQLITE_READ_WORKERS: String(readWorkers) };
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Counts to `n` in a recursive CTE: a read that keeps its connection busy for a while. */
const slowCount = (n: number) =>
  sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n}) select count(*) as n from c`;

describe.each([0, 2])('SQLite with %i reader threads', (readWorkers) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, sqliteEnv(readWorkers));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads through HTTP what was just written: inside the creating transaction and right after it', async () => {
    const code = `pool${readWorkers}`;
    const created = await t.call({
      method: 'POST',
      url: '/api/roles',
      token: t.adminToken,
      payload: { code, name: 'Vai trò đọc ngay', permissions: ['users.index', 'roles.index'] },
    });
    expect(created.statusCode).toBe(201);
    // The answer is read inside the transaction that inserted the role and its keys.
    expect(created.json()).toMatchObject({ code, permissions: expect.arrayContaining(['users.index', 'roles.index']) });
    const id = created.json().id as number;

    const one = await t.call({ method: 'GET', url: `/api/roles/${id}`, token: t.adminToken });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, name: 'Vai trò đọc ngay' });
    const list = await t.call({ method: 'GET', url: `/api/roles?search=${code}`, token: t.adminToken });
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([id]);

    const changed = await t.call({
      method: 'PUT',
      url: `/api/roles/${id}`,
      token: t.adminToken,
      payload: { code, name: 'Vai trò đã đổi', permissions: ['users.index'], version: one.json().version },
    });
    expect(changed.statusCode).toBe(200);
    const again = await t.call({ method: 'GET', url: `/api/roles/${id}`, token: t.adminToken });
    expect(again.json()).toMatchObject({ name: 'Vai trò đã đổi', permissions: ['users.index'] });

    // A new user signs in at once (userWith): the user and the role's keys are read back, then the user itself.
    const user = await t.userWith(['users.index']);
    const shown = await t.call({ method: 'GET', url: `/api/users/${user.id}`, token: t.adminToken });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: user.id, role_id: user.roleId });

    if (readWorkers > 0) expect(t.database.readPool?.served).toBeGreaterThan(0);
    else expect(t.database.readPool).toBeNull();
  });

  it('keeps a transaction to itself: its reads see its rows, a read outside sees them only once committed', async () => {
    const { db } = t.database;
    const code = `tx${readWorkers}`;
    const outside: Promise<unknown>[] = [];
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('roles')
        .values({
          code,
          name: 'Trong giao dịch',
          description: null,
          is_system: 0,
          search_text: code,
          created_at: '2026-11-29T00:00:00.000Z',
          updated_at: '2026-11-29T00:00:00.000Z',
          created_by: null,
        })
        .execute();
      const inside = await trx.selectFrom('roles').select('name').where('code', '=', code).executeTakeFirst();
      expect(inside?.name).toBe('Trong giao dịch');
      // Outside the transaction: a reader thread answers at once, from the last commit; one connection waits for it.
      outside.push(db.selectFrom('roles').select('name').where('code', '=', code).executeTakeFirst());
      if (readWorkers > 0) expect(await outside[0]).toBeUndefined();
    });
    if (readWorkers === 0) expect(await outside[0]).toEqual({ name: 'Trong giao dịch' });
    expect(await db.selectFrom('roles').select('name').where('code', '=', code).executeTakeFirst()).toEqual({
      name: 'Trong giao dịch',
    });
  });

  it('gives back the same values and the same errors as one connection', async () => {
    const { db } = t.database;
    const row = (
      await sql<{ b: Buffer; n: number; s: string; z: null }>`select x'00ff' as b, 42 as n, 'chữ' as s, null as z`.execute(db)
    ).rows[0];
    expect(Buffer.isBuffer(row?.b)).toBe(true);
    expect([...(row?.b ?? [])]).toEqual([0, 255]);
    expect(row).toMatchObject({ n: 42, s: 'chữ', z: null });

    // Prepared without fault, failing as it runs: on a thread it must come back as the SqliteError it is.
    const failed = await sql`select json_extract('{không phải json', '$.a') as v`.execute(db).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SQLite.SqliteError);
    expect(failed).toMatchObject({ code: 'SQLITE_ERROR', message: 'malformed JSON' });

    // A constraint refused on the writer keeps its code (lib/constraint-answers.ts reads it).
    const dup = await db
      .insertInto('roles')
      .values({
        code: 'admin',
        name: 'x',
        description: null,
        is_system: 0,
        search_text: 'x',
        created_at: '',
        updated_at: '',
        created_by: null,
      })
      .execute()
      .catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    const ins =
      await sql`insert into roles (code, name, is_system, search_text, created_at, updated_at) values ('r-ins', 'x', 0, 'x', '', '')`.execute(
        db,
      );
    expect(ins.numAffectedRows).toBe(1n);
    expect(typeof ins.insertId).toBe('bigint');
  });
});

describe('SQLite with reader threads, under a long read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, sqliteEnv(2));
  });
  afterAll(async () => {
    await t?.close();
  });

  // Order, not time: the read started first finishes last, the main thread free meanwhile.
  it('answers quick requests while a long read runs on a thread', async () => {
    const order: string[] = [];
    const slow = slowCount(2_000_000)
      .execute(t.database.db)
      .then((r) => {
        order.push('slow read');
        return r.rows[0]?.n;
      });
    const health = await t.call({ method: 'GET', url: '/api/health' });
    order.push('health');
    const write = await t.call({
      method: 'POST',
      url: '/api/roles',
      token: t.adminToken,
      payload: { code: 'trong-luc-doc', name: 'Ghi trong lúc đọc', permissions: [] },
    });
    order.push('write');
    expect(health.statusCode).toBe(200);
    expect(write.statusCode).toBe(201);
    expect(await slow).toBe(2_000_000);
    expect(order).toEqual(['health', 'write', 'slow read']);
  });
});
