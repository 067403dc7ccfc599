import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Issue 13, the requests list filtered by type and status: its total read every request of the type through the
 * type's index and tested each one's status (15 000 of 100 000 matching: ≈ 75 ms on SQLite). With the status in the
 * type's index the total is a range of that index alone. It replaces the type's index, which was its prefix.
 */
export function requestsTypeStatus(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('requests_type_status_idx').on('requests').columns(['request_type_id', 'status']).execute();
      await db.schema.dropIndex('requests_type_idx').execute();
    },
  };
}
