import { type Kysely, PostgresAdapter } from 'kysely';
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
  | 'company_settings';

/** Whether the executor talks to PostgreSQL (the one engine whose transactions run side by side). */
export const onPostgres = (db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Locks the row that owns a rule spanning other rows (an employee's leaves, a period's evaluations) until the
 * transaction ends, before the rule is checked and written: two requests for the same owner then run one after the
 * other, so the second reads what the first wrote. Answers whether the row exists.
 *
 * PostgreSQL: `SELECT … FOR NO KEY UPDATE` (blocks other lockers and writers of the row, not the inserts that merely
 * reference it). SQLite: every write transaction began with `BEGIN IMMEDIATE` and holds the database's one write
 * lock, so the rule is already serialised; the row is only read. Called the same way on both engines.
 */
export async function lockRow(trx: Kysely<DB>, table: LockableTable, id: number): Promise<boolean> {
  if (!trx.isTransaction) throw new Error(`lockRow(${table}) outside a transaction holds nothing`);
  const loose = trx as unknown as Kysely<Record<string, { id: number }>>;
  let q = loose.selectFrom(table).select('id').where('id', '=', id);
  if (onPostgres(trx)) q = q.forNoKeyUpdate();
  return (await q.executeTakeFirst()) !== undefined;
}
