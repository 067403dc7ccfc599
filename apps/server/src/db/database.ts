import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { DialectKind } from './dialect';
import { migrationProvider } from './migrations/index';
import type { DB } from './schema';
import { PooledSqliteDialect, SqliteReadPool } from './sqlite-driver';

export interface Database {
  db: Kysely<DB>;
  kind: DialectKind;
  close(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** SQLite's reader threads (null: every statement on the one connection; always null on PostgreSQL). */
  readPool: SqliteReadPool | null;
}

const BUSY_TIMEOUT_MS = 5000;

// pg returns the same shapes better-sqlite3 does: ISO strings for times, 'YYYY-MM-DD' for dates, numbers for bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => new Date(`${v}Z`).toISOString());

export function openDatabase(database: Config['database']): Database {
  if (database.kind === 'sqlite') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Table statistics for the planner (without them it takes `status = ?` for a rare value and sorts 200 000 works
    // for a page of 20): gathered when missing or stale, a sample of each index (≈ 0.5 s once on 270 000 works, then
    // ≈ 2 ms), and again every six hours as SQLite advises for long-lived connections.
    sqlite.pragma('analysis_limit = 400');
    sqlite.pragma('optimize = 0x10002');
    const statistics = setInterval(() => sqlite.pragma('optimize'), 6 * 3600_000);
    statistics.unref();
    // Reads outside a transaction on reader threads (decision 41.1); an in-memory database has no file to share.
    const inMemory = database.file === ':memory:' || database.file === '';
    const readWorkers = inMemory ? 0 : (database.readWorkers ?? 0);
    const readPool = readWorkers > 0 ? new SqliteReadPool(database.file, readWorkers, BUSY_TIMEOUT_MS) : null;
    const db = new Kysely<DB>({
      dialect: new PooledSqliteDialect({
        sqlite,
        pool: readPool,
        file: inMemory ? null : database.file,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
      }),
    });
    return {
      db,
      kind: 'sqlite',
      readPool,
      close: async () => {
        // Kysely destroys its driver only once it was used: the threads and the interval are closed here as well.
        clearInterval(statistics);
        await db.destroy();
        await readPool?.close();
      },
      ping: async () => {
        try {
          sqlite.prepare('select 1').get();
          return true;
        } catch {
          return false;
        }
      },
    };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: database.poolSize });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    readPool: null,
    close: () => db.destroy(),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
  };
}

export async function migrate(database: Database): Promise<void> {
  // Each migration stands alone; modules built side by side may land a lower number after a higher one ran.
  const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.kind), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
