import { type Kysely, sql } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * A deadline reminder remembers the deadline it was sent for: a work whose deadline is moved later (edited, or shifted
 * when its request resumes) is reminded again for the new one, and never twice for the same one. The scheduler looks
 * for open works by deadline every minute: a partial index keeps the done ones (most works) out of that scan.
 */
export function workReminderDeadline(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('work_reminders').addColumn('deadline', d.timestamp).execute();
      await db.schema
        .createIndex('works_open_deadline_idx')
        .on('works')
        .columns(['deadline', 'id'])
        .where(sql.ref('status'), 'in', [sql.lit('todo'), sql.lit('in_progress')])
        .execute();
    },
  };
}
