import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Tables whose row owns a rule across rows (docs/architecture.md, "Rules across rows"). */
export type LockableTable =
  | 'users'
  | 'evaluations'
  | 'user_evaluations'
  | 'processes'
  | 'contracts'
  | 'units'
  | 'leave_types'
  | 'kpi_types'
  | 'contract_templates'
  | 'request_types'
  | 'departments'
  | 'roles'
  | 'services'
  | 'customers'
  | 'company_settings'
  | 'attendance_sites'
  | 'parameters'
  | 'sites'
  | 'monitoring_programs'
  | 'equipment'
  | 'regulations';

/** Whether the executor talks to PostgreSQL (the one engine whose transactions run side by side). */
export const onPostgres = (db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * How a transaction holds the owner row (PostgreSQL; SQLite serialises every write transaction anyway):
 * - `write` (`FOR NO KEY UPDATE`): the rule's checks and writes run one transaction at a time per owner (an employee's
 *   leaves, a period's evaluations). Writers that merely reference the row (an insert whose foreign key names it) go on.
 * - `delete` (`FOR UPDATE`): also waits for, and then excludes, every transaction inserting a row that references it
 *   (their foreign key check holds `FOR KEY SHARE`), so "delete refused while in use" counts what they wrote; one that
 *   comes after finds the row gone (its foreign key fails: lib/constraint-answers.ts answers as its check would).
 * - `use` (`FOR KEY SHARE`): what a foreign key check takes, for a reference no foreign key holds (a JSON snapshot, a
 *   column kept without one): many at once, only a `delete` waits for them.
 * - `share` (`FOR SHARE`): the owner's state must stay as read while the children are written (a period stays open
 *   while a user evaluation is saved); many at once, a `write` waits for them.
 */
export type LockMode = 'write' | 'delete' | 'use' | 'share';

/**
 * Locks the row that owns a rule spanning other rows (an employee's leaves, a period's evaluations) until the
 * transaction ends, before the rule is checked and written: two requests for the same owner then run one after the
 * other, so the second reads what the first wrote. Answers whether the row exists.
 *
 * PostgreSQL: `SELECT … FOR NO KEY UPDATE` (or the mode's lock). SQLite: every write transaction began with
 * `BEGIN IMMEDIATE` and holds the database's one write lock, so the rule is already serialised; the row is only read.
 * Called the same way on both engines.
 */
export async function lockRow(trx: Kysely<DB>, table: LockableTable, id: number, mode: LockMode = 'write'): Promise<boolean> {
  if (!trx.isTransaction) throw new Error(`lockRow(${table}) outside a transaction holds nothing`);
  const loose = trx as unknown as Kysely<Record<string, { id: number }>>;
  let q = loose.selectFrom(table).select('id').where('id', '=', id);
  if (onPostgres(trx)) {
    if (mode === 'write') q = q.forNoKeyUpdate();
    else if (mode === 'delete') q = q.forUpdate();
    else if (mode === 'use') q = q.forKeyShare();
    else q = q.forShare();
  }
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Locks a value no row owns yet until the transaction ends (a requester's phone before its customer is found or
 * created): PostgreSQL `pg_advisory_xact_lock` on a hash of `key`; SQLite's one writer already serialises. Two requests
 * for the same key then run one after the other, so the second finds what the first created.
 */
export async function lockKey(trx: Kysely<DB>, key: string): Promise<void> {
  if (!trx.isTransaction) throw new Error(`lockKey(${key}) outside a transaction holds nothing`);
  if (onPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
