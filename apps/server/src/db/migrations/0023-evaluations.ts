import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 12, evaluations: a period with its departments and weighted criteria (KPI types), and one user evaluation per
 * employee with a score row per criterion. Totals are kept on the user evaluation (recomputed on every save) so lists
 * and results sort by them. `self_due_deadline` remembers the self deadline the reminder was sent for: once per
 * deadline, again when it is moved later.
 */
export function evaluations(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('evaluations'))
            .addColumn('name', 'varchar(200)', (c) => c.notNull())
            .addColumn('period_type', 'varchar(10)', (c) => c.notNull())
            .addColumn('period_start', d.date, (c) => c.notNull())
            .addColumn('period_end', d.date, (c) => c.notNull())
            .addColumn('self_deadline', d.date, (c) => c.notNull())
            .addColumn('review_deadline', d.date, (c) => c.notNull())
            .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('draft'))
            .addColumn('opened_at', d.timestamp)
            .addColumn('closed_at', d.timestamp)
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('evaluations_period_idx').on('evaluations').columns(['period_start', 'id']).execute();

      await db.schema
        .createTable('evaluation_departments')
        .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('evaluations.id').onDelete('cascade'))
        .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
        .addPrimaryKeyConstraint('evaluation_departments_pk', ['evaluation_id', 'department_id'])
        .execute();

      await d
        .id(db.schema.createTable('evaluation_criteria'))
        .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('evaluations.id').onDelete('cascade'))
        .addColumn('kpi_type_id', 'integer', (c) => c.notNull().references('kpi_types.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull())
        .addColumn('target', 'double precision', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('evaluation_criteria_kpi_uq', ['evaluation_id', 'kpi_type_id'])
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('user_evaluations'))
            .addColumn('evaluation_id', 'integer', (c) => c.notNull().references('evaluations.id').onDelete('cascade'))
            .addColumn('employee_id', 'integer', (c) => c.notNull().references('users.id'))
            .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
            .addColumn('reviewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('draft'))
            .addColumn('total', 'double precision')
            .addColumn('grade', 'varchar(1)')
            .addColumn('self_submitted_at', d.timestamp)
            .addColumn('reviewed_at', d.timestamp)
            .addColumn('approved_at', d.timestamp)
            .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
            .addColumn('return_note', 'text')
            .addColumn('self_due_deadline', d.date)
            .addUniqueConstraint('user_evaluations_employee_uq', ['evaluation_id', 'employee_id']),
        )
        .execute();
      await db.schema.createIndex('user_evaluations_employee_idx').on('user_evaluations').column('employee_id').execute();
      await db.schema
        .createIndex('user_evaluations_reviewer_idx')
        .on('user_evaluations')
        .columns(['reviewer_id', 'status'])
        .execute();
      await db.schema.createIndex('user_evaluations_department_idx').on('user_evaluations').column('department_id').execute();

      await d
        .id(db.schema.createTable('user_evaluation_scores'))
        .addColumn('user_evaluation_id', 'integer', (c) => c.notNull().references('user_evaluations.id').onDelete('cascade'))
        .addColumn('criterion_id', 'integer', (c) => c.notNull().references('evaluation_criteria.id').onDelete('cascade'))
        .addColumn('actual', 'double precision')
        .addColumn('actual_count', 'integer')
        // JSON `{entity, ids}` of what a computed actual counted.
        .addColumn('actual_records', 'text')
        .addColumn('actual_updated_at', d.timestamp)
        .addColumn('self_score', 'double precision')
        .addColumn('reviewer_score', 'double precision')
        .addColumn('note', 'text')
        .addUniqueConstraint('user_evaluation_scores_uq', ['user_evaluation_id', 'criterion_id'])
        .execute();
    },
  };
}
