import type { Kysely } from 'kysely';

/**
 * Issue 25 part 4 (decision 40.32): a company's own test report template is a contract template of kind
 * `test_report`, checked against the report's catalogue; every template before this migration prints a contract.
 */
export function templateKind() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('contract_templates')
        .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('contract'))
        .execute();
      await db.schema.createIndex('contract_templates_kind_idx').on('contract_templates').columns(['kind', 'active']).execute();
    },
  };
}
