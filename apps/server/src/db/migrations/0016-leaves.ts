import { type Kysely, sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * The leave types a company starts with (PRODUCT.md §3). Symbols are those of the timekeeping sheet: P phép năm,
 * Ô ốm, KL không lương, TS thai sản, KH kết hôn, TG tang, K khác. `paid` means the company pays the day (it counts in
 * payable days): sick and maternity leave are paid by social insurance (BHXH), not the company, so paid = 0; marriage
 * and bereavement are paid by the company (Labour Code art. 115). Only annual leave draws on the balance.
 */
export const DEFAULT_LEAVE_TYPES = [
  { code: 'annual', name: 'Nghỉ phép năm', symbol: 'P', paid: 1, uses_balance: 1 },
  { code: 'sick', name: 'Nghỉ ốm', symbol: 'Ô', paid: 0, uses_balance: 0 },
  { code: 'unpaid', name: 'Nghỉ không lương', symbol: 'KL', paid: 0, uses_balance: 0 },
  { code: 'maternity', name: 'Nghỉ thai sản', symbol: 'TS', paid: 0, uses_balance: 0 },
  { code: 'marriage', name: 'Nghỉ kết hôn', symbol: 'KH', paid: 1, uses_balance: 0 },
  { code: 'bereavement', name: 'Nghỉ tang', symbol: 'TG', paid: 1, uses_balance: 0 },
  { code: 'other', name: 'Nghỉ khác', symbol: 'K', paid: 0, uses_balance: 0 },
] as const;

/**
 * Issue 10, leaves: leave types (data, so a company can add one), leaves (days kept as integer half days so sums never
 * drift), the balance ledger (the balance is always its sum), substitute approvers, and the one policy row.
 */
export function leaves(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('leave_types'))
            .addColumn('code', 'varchar(30)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(100)', (c) => c.notNull())
            .addColumn('symbol', 'varchar(5)', (c) => c.notNull())
            .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('uses_balance', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
        )
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('leaves'))
            .addColumn('code', 'varchar(30)', (c) => c.notNull().unique())
            .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
            .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
            .addColumn('start_date', d.date, (c) => c.notNull())
            .addColumn('start_half', 'varchar(10)', (c) => c.notNull().defaultTo('full'))
            .addColumn('end_date', d.date, (c) => c.notNull())
            .addColumn('end_half', 'varchar(10)', (c) => c.notNull().defaultTo('full'))
            // Working days × 2: 3 = 1.5 days.
            .addColumn('half_days', 'integer', (c) => c.notNull())
            .addColumn('reason', 'text')
            .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
            .addColumn('approver_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('decided_at', d.timestamp)
            .addColumn('decision_note', 'text'),
        )
        .execute();
      await db.schema.createIndex('leaves_user_start_idx').on('leaves').columns(['user_id', 'start_date']).execute();
      await db.schema.createIndex('leaves_status_idx').on('leaves').column('status').execute();
      await db.schema.createIndex('leaves_approver_idx').on('leaves').columns(['approver_id', 'status']).execute();
      await db.schema.createIndex('leaves_dates_idx').on('leaves').columns(['start_date', 'end_date']).execute();

      await d
        .id(db.schema.createTable('leave_ledger'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        // Signed: entitlement and carry-over add, leave and expiry subtract.
        .addColumn('half_days', 'integer', (c) => c.notNull())
        .addColumn('leave_id', 'integer', (c) => c.references('leaves.id').onDelete('set null'))
        .addColumn('note', 'text')
        .addColumn('expires_on', d.date)
        .addColumn('created_by', 'integer')
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('leave_ledger_user_year_idx')
        .on('leave_ledger')
        .columns(['user_id', 'year', 'leave_type_id'])
        .execute();
      await db.schema.createIndex('leave_ledger_leave_idx').on('leave_ledger').column('leave_id').execute();

      await d
        .id(db.schema.createTable('leave_substitutes'))
        .addColumn('approver_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('substitute_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('start_date', d.date, (c) => c.notNull())
        .addColumn('end_date', d.date, (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('leave_substitutes_approver_idx')
        .on('leave_substitutes')
        .columns(['approver_id', 'end_date'])
        .execute();
      await db.schema
        .createIndex('leave_substitutes_substitute_idx')
        .on('leave_substitutes')
        .columns(['substitute_id', 'end_date'])
        .execute();

      await d
        .stamps(db.schema.createTable('leave_policies').addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`)))
        .addColumn('allow_negative_balance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('carry_over_cap_days', 'integer', (c) => c.notNull().defaultTo(5))
        // MM-DD of the next year on which carried-over days expire.
        .addColumn('carry_over_expires', 'varchar(5)', (c) => c.notNull().defaultTo('03-31'))
        .execute();

      const now = new Date().toISOString();
      await sql`insert into leave_policies (id, version, created_at, updated_at) values (1, 1, ${now}, ${now})`.execute(db);
      let order = 0;
      for (const t of DEFAULT_LEAVE_TYPES) {
        order += 10;
        await sql`insert into leave_types (code, name, symbol, paid, uses_balance, active, sort_order, version, created_at, updated_at)
          values (${t.code}, ${t.name}, ${t.symbol}, ${t.paid}, ${t.uses_balance}, 1, ${order}, 1, ${now}, ${now})`.execute(db);
      }
    },
  };
}
