import { type Kysely, sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/** The dated VAT reductions (10 % → 8 % for most services) known when this was written; a future decree is a new row. */
export const SEEDED_VAT_RULES = [
  { name: 'Nghị định 72/2024/NĐ-CP', from_rate: 10, to_rate: 8, valid_from: '2024-07-01', valid_to: '2024-12-31' },
  { name: 'Nghị định 180/2024/NĐ-CP', from_rate: 10, to_rate: 8, valid_from: '2025-01-01', valid_to: '2025-06-30' },
  { name: 'Nghị định 174/2025/NĐ-CP', from_rate: 10, to_rate: 8, valid_from: '2025-07-01', valid_to: '2026-12-31' },
] as const;

/**
 * Issue 11, contracts: the dated VAT rules, contracts with their line items, and the company's contract number
 * pattern. Money is integer VND in bigints (a contract can pass what an int32 holds); a line's quantity is kept in
 * thousandths (`quantity_milli`), so sums and products stay exact on both engines. `service_id` and `template_id`
 * carry no foreign key: a line keeps its own copy of the service's code, name, unit and price, and a contract keeps
 * working if its template is removed (the document then answers 422).
 */
export function contracts(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .id(db.schema.createTable('vat_rules'))
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('from_rate', 'integer', (c) => c.notNull())
        .addColumn('to_rate', 'integer', (c) => c.notNull())
        .addColumn('valid_from', d.date, (c) => c.notNull())
        .addColumn('valid_to', d.date)
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('contracts'))
            .addColumn('number', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
            .addColumn('template_id', 'integer')
            .addColumn('request_id', 'integer', (c) => c.references('requests.id').onDelete('set null'))
            .addColumn('title', 'varchar(500)', (c) => c.notNull())
            .addColumn('signed_date', d.date)
            .addColumn('start_date', d.date, (c) => c.notNull())
            .addColumn('end_date', d.date, (c) => c.notNull())
            .addColumn('payment_terms', 'text')
            .addColumn('notes', 'text')
            .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
            .addColumn('subtotal', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('vat_amount', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('applied_rule_id', 'integer', (c) => c.references('vat_rules.id'))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
            // The owner's department when created: whose head hears of the expiry.
            .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
            .addColumn('expiring_notified_at', d.timestamp),
        )
        .execute();
      await db.schema.createIndex('contracts_customer_idx').on('contracts').column('customer_id').execute();
      await db.schema.createIndex('contracts_request_idx').on('contracts').column('request_id').execute();
      await db.schema.createIndex('contracts_status_end_idx').on('contracts').columns(['status', 'end_date']).execute();
      await db.schema.createIndex('contracts_signed_idx').on('contracts').column('signed_date').execute();

      await d
        .id(db.schema.createTable('contract_items'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('service_id', 'integer')
        .addColumn('service_code', 'varchar(50)')
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('unit_name', 'varchar(50)', (c) => c.notNull())
        // Quantity × 1000: 1.5 is 1500.
        .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
        .addColumn('unit_price', 'bigint', (c) => c.notNull())
        .addColumn('vat_rate', 'varchar(4)', (c) => c.notNull())
        .addColumn('vat_reducible', 'integer', (c) => c.notNull().defaultTo(1))
        // The rate charged (8 under a reduction); null when not subject to VAT.
        .addColumn('applied_rate', 'integer')
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('contract_items_contract_idx')
        .on('contract_items')
        .columns(['contract_id', 'position'])
        .execute();

      await db.schema
        .alterTable('company_settings')
        .addColumn('contract_number_pattern', 'varchar(100)', (c) => c.notNull().defaultTo('{seq:3}/{yyyy}/HĐ-QT'))
        .execute();

      const now = new Date().toISOString();
      for (const r of SEEDED_VAT_RULES) {
        await sql`insert into vat_rules (name, from_rate, to_rate, valid_from, valid_to, created_at)
          values (${r.name}, ${r.from_rate}, ${r.to_rate}, ${r.valid_from}, ${r.valid_to}, ${now})`.execute(db);
      }
    },
  };
}
