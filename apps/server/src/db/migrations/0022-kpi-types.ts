import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 12, KPI types: what an evaluation criterion measures. `measure` is 'manual' or one of the computed measures
 * (KPI_MEASURES in common); `default_target` is a real number (a rate, a count, hours…), `default_weight` 0–100.
 */
export function kpiTypes(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('kpi_types'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(200)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('unit', 'varchar(50)')
            .addColumn('direction', 'varchar(10)', (c) => c.notNull().defaultTo('higher'))
            .addColumn('measure', 'varchar(40)', (c) => c.notNull().defaultTo('manual'))
            .addColumn('default_weight', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('default_target', kind === 'sqlite' ? 'real' : 'double precision', (c) => c.notNull().defaultTo(0))
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('kpi_types_measure_idx').on('kpi_types').column('measure').execute();
    },
  };
}
