import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 24, the monitoring trade, part 1: the parameter catalogue (chỉ tiêu quan trắc). Limits are decimal text as the
 * laboratory writes them ("0.050", significant figures kept); the holding time in whole hours; the service that prices
 * it is optional, and deleting the service leaves the parameter unpriced.
 */
export function parameters(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('parameters'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(150)', (c) => c.notNull())
            .addColumn('medium', 'varchar(20)', (c) => c.notNull())
            .addColumn('unit', 'varchar(30)', (c) => c.notNull())
            .addColumn('method', 'varchar(200)', (c) => c.notNull())
            .addColumn('place', 'varchar(10)', (c) => c.notNull())
            .addColumn('lod', 'varchar(20)')
            .addColumn('loq', 'varchar(20)')
            .addColumn('holding_hours', 'integer')
            .addColumn('preservation', 'varchar(300)')
            .addColumn('vimcerts', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('vilas', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('service_id', 'integer', (c) => c.references('services.id').onDelete('set null'))
            .addColumn('description', 'varchar(1000)')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('parameters_medium_idx').on('parameters').columns(['medium', 'code']).execute();
      await db.schema.createIndex('parameters_service_idx').on('parameters').column('service_id').execute();
    },
  };
}
