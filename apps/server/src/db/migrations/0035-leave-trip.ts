import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/** The business trip type a company starts with (issue 23): paid, worked, not drawn on the annual balance. */
export const BUSINESS_TRIP_TYPE = { code: 'business_trip', name: 'Công tác', symbol: 'CT', paid: 1, uses_balance: 0 } as const;

/**
 * Issue 23, business trips (công tác): a leave type may count as worked (its days are worked days in timekeeping,
 * shown with its symbol, e.g. CT), and the default "Công tác" type, requested and approved through the leave flow.
 */
export function leaveTrip(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('leave_types')
        .addColumn('counts_as_worked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const t = BUSINESS_TRIP_TYPE;
      const now = new Date().toISOString();
      // A company that already made a type with this code or symbol keeps it.
      await sql`insert into leave_types (code, name, symbol, paid, uses_balance, counts_as_worked, active, sort_order, version, created_at, updated_at)
        select ${t.code}, ${t.name}, ${t.symbol}, ${t.paid}, ${t.uses_balance}, 1, 1,
          (select coalesce(max(sort_order), 0) + 10 from leave_types), 1, ${now}, ${now}
        where not exists (select 1 from leave_types where code = ${t.code} or symbol = ${t.symbol})`.execute(db);
    },
  };
}
