import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Issue 13, the dashboard's counts read as index-only scans on the bench's seed (100 000 requests, 270 000 works):
 * overdue works by open status and deadline, overdue requests by status, due time and hold start, and requests per
 * month by creation time and status, works done per department (0024's status and completion index, widened to
 * cover the department and deadline). Without them each read the rows (≈ 20–350 ms each).
 */
export function dashboardSpeed(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('works_status_deadline_idx').on('works').columns(['status', 'deadline']).execute();
      await db.schema
        .createIndex('requests_status_due_hold_idx')
        .on('requests')
        .columns(['status', 'due_at', 'on_hold_since'])
        .execute();
      await db.schema.dropIndex('works_status_completed_idx').execute();
      await db.schema
        .createIndex('works_status_completed_idx')
        .on('works')
        .columns(['status', 'completed_at', 'department_id', 'deadline'])
        .execute();
      await db.schema.createIndex('requests_created_status_idx').on('requests').columns(['created_at', 'status']).execute();
    },
  };
}
