import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/**
 * Issue 13, the requests list in the mixed bench (100 000 requests): sorted by last change or by status it sorted
 * every match (≈ 100–150 ms for "completed" or a priority filter), and a priority filter counted every request
 * (≈ 30 ms). These give those sorts an index in their order, which SQLite walks when the matches are dense
 * (requests.repository.ts, lib/index-hints.ts), and priority an index. The priority sort orders by rank: its index is
 * on the very expression lib/pagination.ts sorts by (both engines match an index expression to the query's).
 */
export function requestsListSpeed(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('requests_updated_idx').on('requests').columns(['updated_at', 'id']).execute();
      await db.schema.createIndex('requests_status_id_idx').on('requests').columns(['status', 'id']).execute();
      // With the due time: a priority filter sorted by due time sorts its matches from the index alone.
      await db.schema.createIndex('requests_priority_idx').on('requests').columns(['priority', 'due_at']).execute();
      await sql`create index requests_priority_rank_idx on requests ((case priority when 'low' then 1 when 'normal' then 2 when 'high' then 3 when 'urgent' then 4 else 0 end), id)`.execute(
        db,
      );
    },
  };
}
