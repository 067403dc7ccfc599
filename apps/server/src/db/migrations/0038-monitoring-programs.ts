import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 24 part 3: monitoring programmes (a site over a period, optionally priced by a contract), their lines (point ×
 * parameter × frequency, copied from the site's plan and then the programme's own) and the rounds they generate.
 */
export function monitoringPrograms(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('monitoring_programs'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(255)', (c) => c.notNull())
            .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('restrict'))
            .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('restrict'))
            .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
            .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
            .addColumn('description', 'varchar(2000)')
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('monitoring_programs_site_idx').on('monitoring_programs').column('site_id').execute();
      await db.schema.createIndex('monitoring_programs_contract_idx').on('monitoring_programs').column('contract_id').execute();

      await db.schema
        .createTable('monitoring_program_lines')
        .addColumn('program_id', 'integer', (c) => c.notNull().references('monitoring_programs.id').onDelete('cascade'))
        .addColumn('point_id', 'integer', (c) => c.notNull().references('site_points.id').onDelete('restrict'))
        .addColumn('parameter_id', 'integer', (c) => c.notNull().references('parameters.id').onDelete('restrict'))
        .addColumn('frequency', 'varchar(20)', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('monitoring_program_lines_pk', ['program_id', 'point_id', 'parameter_id'])
        .execute();
      await db.schema
        .createIndex('monitoring_program_lines_point_idx')
        .on('monitoring_program_lines')
        .column('point_id')
        .execute();
      await db.schema
        .createIndex('monitoring_program_lines_parameter_idx')
        .on('monitoring_program_lines')
        .column('parameter_id')
        .execute();

      await d
        .id(db.schema.createTable('monitoring_rounds'))
        .addColumn('program_id', 'integer', (c) => c.notNull().references('monitoring_programs.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('period_start', 'varchar(10)', (c) => c.notNull())
        .addColumn('period_end', 'varchar(10)', (c) => c.notNull())
        .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
        // JSON array of the frequencies due in the round.
        .addColumn('frequencies', 'varchar(100)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('planned'))
        .addColumn('done_at', 'varchar(30)')
        .addColumn('done_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('monitoring_rounds_seq_unique', ['program_id', 'seq'])
        .execute();
      await db.schema.createIndex('monitoring_rounds_due_idx').on('monitoring_rounds').columns(['status', 'due_date']).execute();
    },
  };
}
