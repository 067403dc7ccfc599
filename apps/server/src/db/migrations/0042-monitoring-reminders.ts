import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 24 part 7: the reminders sent of a monitoring round coming due and of an instrument's calibration (a
 * vehicle's inspection) coming due or lapsed — one row per record and due date, so a reminder goes once whichever
 * instance ran the job (the primary key), and a new due date (a regenerated period, a new certificate) is reminded
 * of again without touching the record.
 */
export function monitoringReminders(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('monitoring_round_reminders')
        .addColumn('round_id', 'integer', (c) => c.notNull().references('monitoring_rounds.id').onDelete('cascade'))
        .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('monitoring_round_reminders_pk', ['round_id', 'due_date'])
        .execute();
      await db.schema
        .createTable('equipment_reminders')
        .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
        .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('equipment_reminders_pk', ['equipment_id', 'due_date'])
        .execute();
    },
  };
}
