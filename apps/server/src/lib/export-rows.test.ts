import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteStreamsOpen } from '../db/sqlite-driver';
import { createTestApp, type TestApp } from '../test/harness';
import { exportRows } from './export-rows';
import { isSqlite } from './index-hints';

// The export's reader: every row in order across batches, an error before the file starts, nothing left open.
describe('export rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const N = 2_500;
  const numbers = (table = 'requests') => {
    const db = t.database.db;
    // Ids N…1 from a recursive CTE (descending, so the order is the query's, not the ids'); `table` makes it fail.
    const from = sql<{
      id: number;
    }>`(with recursive g(id) as (select ${sql.lit(N)} union all select id - 1 from g where id > 1) select id from g where exists (select 1 from ${sql.table(table)}) or 1 = 1)`;
    return exportRows(db, { query: () => db.selectFrom(from.as('g')).select('g.id').orderBy('g.id', 'desc') });
  };
  // SQLite: the export's thread still running; PostgreSQL: its read-only transaction.
  const openTransactions = async () =>
    isSqlite(t.database.db)
      ? sqliteStreamsOpen()
      : Number(
          (
            await sql<{ n: number }>`select count(*) as n from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%'`.execute(t.database.db)
          ).rows[0]?.n,
        );

  it('reads every row in the query order, past several batches', async () => {
    const ids: number[] = [];
    for await (const r of await numbers()) ids.push(Number(r.id));
    expect(ids.length).toBe(N);
    expect(ids[0]).toBe(N);
    expect(ids.at(-1)).toBe(1);
    expect(ids.every((id, i) => i === 0 || id === (ids[i - 1] as number) - 1)).toBe(true);
    expect(await openTransactions()).toBe(0);
  });

  it('a reader that stops early leaves no transaction open', async () => {
    let seen = 0;
    for await (const _ of await numbers()) if (++seen === 10) break;
    expect(seen).toBe(10);
    expect(await openTransactions()).toBe(0);
    // The connection is back and usable for a write.
    await t.database.db.transaction().execute((trx) => sql`update data_versions set version = version`.execute(trx));
  });

  it('a write commits while an export is half read (the writer is not held)', async () => {
    const rows = (await numbers())[Symbol.asyncIterator]();
    expect((await rows.next()).value).toEqual({ id: N });
    const wrote = t.database.db.transaction().execute((trx) => sql`update data_versions set version = version`.execute(trx));
    // Bounded wait: a stream holding the writer would leave the write pending until the export ends.
    const outcome = await Promise.race([wrote.then(() => 'written'), new Promise((r) => setTimeout(() => r('waiting'), 3000))]);
    expect(outcome).toBe('written');
    let rest = 0;
    for (let r = await rows.next(); !r.done; r = await rows.next()) rest += 1;
    expect(rest).toBe(N - 1);
    expect(await openTransactions()).toBe(0);
  });

  it('a failing query fails before the first row is handed out', async () => {
    await expect(numbers('no_such_table')).rejects.toThrow();
    expect(await openTransactions()).toBe(0);
  });
});
