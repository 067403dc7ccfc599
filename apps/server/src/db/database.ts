import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { DialectKind } from './dialect';
import { migrationProvider } from './migrations/index';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  kind: DialectKind;
  close(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
}

// pg returns the same shapes better-sqlite3 does: ISO strings for times, 'YYYY-MM-DD' for dates, numbers for bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => new Date(`${v}Z`).toISOString());

/** Writes begin with BEGIN IMMEDIATE so two processes never deadlock upgrading a read lock. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Kysely prepares every query anew (~50 µs); reusing prepared statements closes most of that gap. */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string): SqliteStatement {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText) as unknown as SqliteStatement;
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

export function openDatabase(database: Config['database']): Database {
  if (database.kind === 'sqlite') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Table statistics for the planner (without them it takes `status = ?` for a rare value and sorts 200 000 works
    // for a page of 20): gathered when missing or stale, a sample of each index (≈ 0.5 s once on 270 000 works, then
    // ≈ 2 ms), and again every six hours as SQLite advises for long-lived connections.
    sqlite.pragma('analysis_limit = 400');
    sqlite.pragma('optimize = 0x10002');
    const statistics = setInterval(() => sqlite.pragma('optimize'), 6 * 3600_000);
    statistics.unref();
    const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
    return {
      db,
      kind: 'sqlite',
      close: () => {
        clearInterval(statistics);
        return db.destroy();
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
