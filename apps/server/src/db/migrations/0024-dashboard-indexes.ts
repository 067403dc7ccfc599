import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Issue 13, the dashboard: "my next deadlines" reads the open requests a user created by due time, and the on-time
 * chart the works done since a date; without these both walked every row (≈ 200 ms each on the bench's seed).
 */
export function dashboardIndexes(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('requests_creator_due_idx').on('requests').columns(['created_by', 'due_at']).execute();
      await db.schema.createIndex('works_status_completed_idx').on('works').columns(['status', 'completed_at']).execute();
    },
  };
}
