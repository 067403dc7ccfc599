import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 24 part 4: the field team's instruments and vehicles (thiết bị, phương tiện), booked by sampling trips. One
 * `identifier` holds an instrument's serial number or a vehicle's plate; one `calibration_due` its calibration or
 * inspection due date. Dates are `YYYY-MM-DD` text as sites and programmes keep theirs; the keeping department is
 * cleared when it is deleted.
 */
export function equipment(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('equipment'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(150)', (c) => c.notNull())
            .addColumn('kind', 'varchar(20)', (c) => c.notNull())
            .addColumn('model', 'varchar(150)')
            .addColumn('identifier', 'varchar(50)')
            .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
            .addColumn('measures', 'varchar(300)')
            .addColumn('calibration_due', 'varchar(10)')
            .addColumn('calibration_certificate', 'varchar(100)')
            .addColumn('last_calibrated_on', 'varchar(10)')
            .addColumn('description', 'varchar(1000)')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('equipment_kind_idx').on('equipment').columns(['kind', 'code']).execute();
      // The calibration filters and the reminders to come read by due date.
      await db.schema.createIndex('equipment_due_idx').on('equipment').column('calibration_due').execute();
      await db.schema.createIndex('equipment_department_idx').on('equipment').column('department_id').execute();
    },
  };
}
