import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 25 part 4: test reports, one row per version. A report is a trip's released analyses for one customer; a
 * correction is a new row with the same number and version + 1 (the unique (number, report_version) key makes two
 * concurrent corrections make one), and the replaced row points at it (ISO/IEC 17025 §7.8.8).
 */
export function testReports(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('test_reports'))
            .addColumn('number', 'varchar(60)', (c) => c.notNull())
            .addColumn('report_version', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('trip_id', 'integer', (c) => c.notNull().references('sampling_trips.id').onDelete('restrict'))
            .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
            .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
            .addColumn('note', 'varchar(2000)')
            .addColumn('qc_statement', 'varchar(2000)')
            .addColumn('correction_reason', 'varchar(1000)')
            .addColumn('signed_by', 'integer', (c) => c.references('users.id').onDelete('restrict'))
            .addColumn('signed_at', 'varchar(30)')
            .addColumn('verify_code', 'varchar(20)', (c) => c.unique())
            .addColumn('file_sha256', 'varchar(64)')
            .addColumn('replaced_by', 'integer')
            .addColumn('replaced_at', 'varchar(30)'),
        )
        .execute();
      await db.schema
        .createIndex('test_reports_number_version_uq')
        .on('test_reports')
        .columns(['number', 'report_version'])
        .unique()
        .execute();
      await db.schema.createIndex('test_reports_trip_idx').on('test_reports').columns(['trip_id', 'customer_id']).execute();
    },
  };
}
