import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 24 part 5: samples taken at a point of a trip's round, their field measurements and photos, and the chain of
 * custody as events. The code is unique (the label's QR); `client_key` makes a phone's queued entry land once.
 */
export function samples(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('samples'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('trip_id', 'integer', (c) => c.notNull().references('sampling_trips.id').onDelete('restrict'))
            .addColumn('round_id', 'integer', (c) => c.notNull().references('monitoring_rounds.id').onDelete('restrict'))
            .addColumn('point_id', 'integer', (c) => c.notNull().references('site_points.id').onDelete('restrict'))
            .addColumn('medium', 'varchar(20)', (c) => c.notNull())
            .addColumn('qc_kind', 'varchar(20)', (c) => c.notNull())
            .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('taken'))
            .addColumn('taken_at', 'varchar(30)', (c) => c.notNull())
            .addColumn('taken_by', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
            .addColumn('hold_until', 'varchar(30)')
            .addColumn('container', 'varchar(255)')
            .addColumn('preservation', 'varchar(300)')
            .addColumn('latitude_e6', 'integer')
            .addColumn('longitude_e6', 'integer')
            .addColumn('accuracy_m', 'integer')
            .addColumn('notes', 'varchar(1000)')
            .addColumn('client_key', 'varchar(64)', (c) => c.unique())
            // When "past its holding time" was raised (once per sample, whichever instance ran the job).
            .addColumn('holding_alerted_at', 'varchar(30)')
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('samples_trip_idx').on('samples').columns(['trip_id', 'id']).execute();
      await db.schema.createIndex('samples_status_idx').on('samples').columns(['status', 'hold_until']).execute();
      await db.schema.createIndex('samples_point_idx').on('samples').column('point_id').execute();
      await db.schema.createIndex('samples_round_idx').on('samples').column('round_id').execute();

      await db.schema
        .createTable('sample_measurements')
        .addColumn('sample_id', 'integer', (c) => c.notNull().references('samples.id').onDelete('cascade'))
        .addColumn('parameter_id', 'integer', (c) => c.notNull().references('parameters.id').onDelete('restrict'))
        .addColumn('value', 'varchar(20)', (c) => c.notNull())
        .addColumn('equipment_id', 'integer', (c) => c.references('equipment.id').onDelete('restrict'))
        .addPrimaryKeyConstraint('sample_measurements_pk', ['sample_id', 'parameter_id'])
        .execute();

      await d
        .id(db.schema.createTable('sample_photos'))
        .addColumn('sample_id', 'integer', (c) => c.notNull().references('samples.id').onDelete('cascade'))
        .addColumn('storage_key', 'varchar(100)', (c) => c.notNull())
        .addColumn('mime', 'varchar(30)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('sample_photos_sample_idx').on('sample_photos').column('sample_id').execute();

      await d
        .id(db.schema.createTable('sample_events'))
        .addColumn('sample_id', 'integer', (c) => c.notNull().references('samples.id').onDelete('cascade'))
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        .addColumn('by_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('to_id', 'integer', (c) => c.references('users.id').onDelete('restrict'))
        .addColumn('temperature', 'varchar(10)')
        .addColumn('intact', 'integer')
        .addColumn('within_holding', 'integer')
        .addColumn('notes', 'varchar(1000)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sample_events_sample_idx').on('sample_events').columns(['sample_id', 'id']).execute();
    },
  };
}
