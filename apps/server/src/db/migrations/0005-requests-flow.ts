import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 4, the request and work flow: the status a request or work returns to when resumed, a work's reason for its
 * status, and the indexes the lists, the overdue filters and the event consumer read by.
 */
export function requestsFlow(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('requests').addColumn('hold_status', 'varchar(20)').execute();
      await db.schema.alterTable('works').addColumn('hold_status', 'varchar(20)').execute();
      await db.schema.alterTable('works').addColumn('status_reason', 'text').execute();
      await db.schema.alterTable('works').addColumn('started_at', d.timestamp).execute();

      await db.schema.createIndex('works_deadline_idx').on('works').columns(['deadline', 'id']).execute();
      await db.schema.createIndex('works_created_idx').on('works').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('works_request_step_idx').on('works').columns(['request_id', 'step_index', 'status']).execute();
      await db.schema.createIndex('work_comments_user_idx').on('work_comments').column('user_id').execute();
      await db.schema.createIndex('domain_events_entity_idx').on('domain_events').columns(['entity', 'entity_id']).execute();
    },
  };
}
