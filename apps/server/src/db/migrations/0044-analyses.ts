import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 25 part 2: the laboratory's analyses, one per sample × laboratory parameter (the unique key makes a raced
 * reception make them once), with the result as decimal text ("0.050", significant figures kept), who assigned,
 * entered, verified and released it; and their history of state changes, each with its person and reason. Instants are
 * ISO text in UTC, as the samples' (`hold_until` compares with them as text).
 */
export function analyses(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('analyses'))
            .addColumn('sample_id', 'integer', (c) => c.notNull().references('samples.id').onDelete('restrict'))
            .addColumn('parameter_id', 'integer', (c) => c.notNull().references('parameters.id').onDelete('restrict'))
            .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
            .addColumn('analyst_id', 'integer', (c) => c.references('users.id').onDelete('restrict'))
            .addColumn('qualifier', 'varchar(1)')
            .addColumn('value', 'varchar(20)')
            .addColumn('unit', 'varchar(30)', (c) => c.notNull())
            .addColumn('method', 'varchar(200)', (c) => c.notNull())
            .addColumn('equipment_id', 'integer', (c) => c.references('equipment.id').onDelete('restrict'))
            .addColumn('analysed_on', 'varchar(10)')
            .addColumn('uncertainty', 'varchar(20)')
            .addColumn('notes', 'varchar(1000)')
            .addColumn('hold_until', 'varchar(30)')
            .addColumn('late_for_holding', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('entered_by', 'integer', (c) => c.references('users.id').onDelete('restrict'))
            .addColumn('entered_at', 'varchar(30)')
            .addColumn('verified_by', 'integer', (c) => c.references('users.id').onDelete('restrict'))
            .addColumn('verified_at', 'varchar(30)')
            .addColumn('released_by', 'integer', (c) => c.references('users.id').onDelete('restrict'))
            .addColumn('released_at', 'varchar(30)')
            .addColumn('return_reason', 'varchar(1000)')
            .addUniqueConstraint('analyses_sample_parameter_key', ['sample_id', 'parameter_id']),
        )
        .execute();
      await db.schema.createIndex('analyses_parameter_idx').on('analyses').columns(['parameter_id', 'state']).execute();
      await db.schema.createIndex('analyses_analyst_idx').on('analyses').columns(['analyst_id', 'state']).execute();
      await db.schema.createIndex('analyses_state_idx').on('analyses').columns(['state', 'id']).execute();

      await d
        .id(db.schema.createTable('analysis_events'))
        .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
        .addColumn('state', 'varchar(20)', (c) => c.notNull())
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        .addColumn('by_id', 'integer', (c) => c.references('users.id').onDelete('restrict'))
        .addColumn('to_id', 'integer', (c) => c.references('users.id').onDelete('restrict'))
        .addColumn('result', 'varchar(300)')
        .addColumn('reason', 'varchar(1000)')
        .execute();
      await db.schema.createIndex('analysis_events_analysis_idx').on('analysis_events').columns(['analysis_id', 'id']).execute();
    },
  };
}
