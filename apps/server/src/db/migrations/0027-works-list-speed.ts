import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Issue 13, the works list in the mixed bench (270 000 works): a status filter sorted by creation or last change read
 * every work of that status and sorted them (≈ 40–80 ms, 220–300 ms through the API for "done"), and the list sorted
 * by last change sorted the whole table (≈ 365 ms). With these the first page is read in index order and stops at
 * its 20th row (see works.repository.ts, `walkSortIndex`).
 */
export function worksListSpeed(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('works_status_created_idx').on('works').columns(['status', 'created_at', 'id']).execute();
      await db.schema.createIndex('works_status_updated_idx').on('works').columns(['status', 'updated_at', 'id']).execute();
      await db.schema.createIndex('works_updated_idx').on('works').columns(['updated_at', 'id']).execute();
      // A department's works with their status and deadline: a head's overdue or date-range count reads the index
      // alone (≈ 5 ms for 90 000 works) instead of every work's row (≈ 45 ms).
      await db.schema.dropIndex('works_department_idx').execute();
      await db.schema.createIndex('works_department_idx').on('works').columns(['department_id', 'status', 'deadline']).execute();
    },
  };
}
