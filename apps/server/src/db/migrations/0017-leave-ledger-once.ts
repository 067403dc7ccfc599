import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * One entitlement, one carry-over and one expiry per employee, year and leave type: they are written lazily (the first
 * read of a year's balance), so two concurrent first reads must not write two (an insert … on conflict do nothing).
 */
export function leaveLedgerOnce(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('leave_ledger_once_idx')
        .on('leave_ledger')
        .columns(['user_id', 'year', 'leave_type_id', 'kind'])
        .unique()
        .where(sql.ref('kind'), 'in', [sql.lit('entitlement'), sql.lit('carry_over'), sql.lit('expiry')])
        .execute();
    },
  };
}
