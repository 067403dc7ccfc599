import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 11, the service catalogue: units of measure and the services priced in them (PRODUCT.md §3). The unit price
 * is integer VND in a bigint (a report can cost more than an int32 holds); `vat_rate` is 'none' | '0' | '5' | '10'
 * and `vat_reducible` marks a 10 % service that the dated reduced-rate rules bring down to 8 %.
 */
export function unitsServices(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('units'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(50)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('services'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(300)', (c) => c.notNull())
            // "group" is an SQL keyword.
            .addColumn('group_name', 'varchar(100)', (c) => c.notNull())
            .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
            .addColumn('unit_price', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('vat_rate', 'varchar(4)', (c) => c.notNull().defaultTo('10'))
            .addColumn('vat_reducible', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('description', 'text')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('services_group_idx').on('services').column('group_name').execute();
      await db.schema.createIndex('services_unit_idx').on('services').column('unit_id').execute();
    },
  };
}
