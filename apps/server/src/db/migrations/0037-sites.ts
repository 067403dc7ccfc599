import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 24 part 2: customers' monitored sites (cơ sở), their monitoring points (NT1, KT1…) as child rows that keep
 * their ids across edits (rounds and samples will name them), and each point's plan (parameter × frequency).
 * Coordinates are integer micro-degrees, as attendance sites.
 */
export function sites(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('sites'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(255)', (c) => c.notNull())
            .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
            .addColumn('address', 'varchar(255)')
            .addColumn('province', 'varchar(100)')
            .addColumn('latitude_e6', 'integer')
            .addColumn('longitude_e6', 'integer')
            .addColumn('permit_number', 'varchar(100)')
            .addColumn('permit_date', 'varchar(10)')
            .addColumn('description', 'varchar(2000)')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('sites_customer_idx').on('sites').columns(['customer_id', 'code']).execute();

      await d
        .id(db.schema.createTable('site_points'))
        .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('code', 'varchar(20)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('medium', 'varchar(20)', (c) => c.notNull())
        .addColumn('latitude_e6', 'integer')
        .addColumn('longitude_e6', 'integer')
        .addColumn('description', 'varchar(1000)')
        .addColumn('regulation', 'varchar(100)')
        .addColumn('regulation_column', 'varchar(20)')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('site_points_code_unique', ['site_id', 'code'])
        .execute();

      await db.schema
        .createTable('site_point_plans')
        .addColumn('point_id', 'integer', (c) => c.notNull().references('site_points.id').onDelete('cascade'))
        .addColumn('parameter_id', 'integer', (c) => c.notNull().references('parameters.id').onDelete('restrict'))
        .addColumn('frequency', 'varchar(20)', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('site_point_plans_pk', ['point_id', 'parameter_id'])
        .execute();
      await db.schema.createIndex('site_point_plans_parameter_idx').on('site_point_plans').column('parameter_id').execute();
    },
  };
}
