import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/** Issue 4: documents, customers, processes and steps, request types, requests, works, domain events. */
export function requestsSchema(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .id(db.schema.createTable('documents'))
        .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('mime', 'varchar(100)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('checksum', 'varchar(64)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('entity', 'varchar(50)')
        .addColumn('entity_id', 'integer')
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('uploaded_by', 'integer')
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('documents_entity_idx').on('documents').columns(['entity', 'entity_id']).execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('customers'))
            .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
            .addColumn('type', 'varchar(20)', (c) => c.notNull())
            .addColumn('name', 'varchar(255)', (c) => c.notNull())
            .addColumn('tax_code', 'varchar(20)')
            .addColumn('representative', 'varchar(150)')
            .addColumn('representative_title', 'varchar(100)')
            .addColumn('phone', 'varchar(15)')
            .addColumn('email', 'varchar(150)')
            .addColumn('street', 'varchar(255)')
            .addColumn('ward', 'varchar(150)')
            .addColumn('province', 'varchar(100)')
            .addColumn('contacts', 'text')
            .addColumn('source', 'varchar(20)', (c) => c.notNull().defaultTo('staff'))
            .addColumn('notes', 'text')
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('customers_phone_idx').on('customers').column('phone').execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('processes'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(200)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('process_steps'))
            .addColumn('process_id', 'integer', (c) => c.notNull().references('processes.id').onDelete('cascade'))
            .addColumn('position', 'integer', (c) => c.notNull())
            .addColumn('name', 'varchar(200)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
            .addColumn('default_assignee_id', 'integer', (c) => c.references('users.id'))
            .addColumn('duration_hours', 'integer', (c) => c.notNull().defaultTo(24))
            .addColumn('produces_result', 'integer', (c) => c.notNull().defaultTo(0)),
        )
        .execute();
      await db.schema.createIndex('process_steps_process_idx').on('process_steps').columns(['process_id', 'position']).execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('request_types'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(200)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('process_id', 'integer', (c) => c.references('processes.id'))
            .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('service_group', 'varchar(100)')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('requests'))
            .addColumn('code', 'varchar(30)', (c) => c.notNull().unique())
            .addColumn('tracking_code', 'varchar(40)', (c) => c.notNull().unique())
            .addColumn('request_type_id', 'integer', (c) => c.notNull().references('request_types.id'))
            .addColumn('process_snapshot', 'text')
            .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
            .addColumn('requester_name', 'varchar(150)', (c) => c.notNull())
            .addColumn('requester_phone', 'varchar(15)', (c) => c.notNull())
            .addColumn('requester_email', 'varchar(150)')
            .addColumn('requester_organization', 'varchar(255)')
            .addColumn('requester_address', 'varchar(255)')
            .addColumn('title', 'varchar(255)', (c) => c.notNull())
            .addColumn('content', 'text')
            .addColumn('source', 'varchar(20)', (c) => c.notNull())
            .addColumn('priority', 'varchar(20)', (c) => c.notNull().defaultTo('normal'))
            .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
            .addColumn('current_step', 'integer')
            .addColumn('due_at', d.timestamp)
            .addColumn('received_at', d.timestamp)
            .addColumn('completed_at', d.timestamp)
            .addColumn('on_hold_since', d.timestamp)
            .addColumn('status_reason', 'text')
            .addColumn('result_text', 'text')
            .addColumn('idempotency_key', 'varchar(100)', (c) => c.unique())
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('requests_status_created_idx').on('requests').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('requests_created_idx').on('requests').column('created_at').execute();
      await db.schema.createIndex('requests_customer_idx').on('requests').column('customer_id').execute();
      await db.schema.createIndex('requests_type_idx').on('requests').column('request_type_id').execute();
      await db.schema.createIndex('requests_due_idx').on('requests').column('due_at').execute();

      await d
        .stamps(
          d
            .id(db.schema.createTable('works'))
            .addColumn('code', 'varchar(30)', (c) => c.notNull().unique())
            .addColumn('title', 'varchar(255)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('request_id', 'integer', (c) => c.references('requests.id'))
            .addColumn('step_index', 'integer')
            .addColumn('department_id', 'integer', (c) => c.references('departments.id'))
            .addColumn('assignee_id', 'integer', (c) => c.references('users.id'))
            .addColumn('priority', 'varchar(20)', (c) => c.notNull().defaultTo('normal'))
            .addColumn('start_date', d.date)
            .addColumn('deadline', d.timestamp)
            .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('todo'))
            .addColumn('result_note', 'text')
            .addColumn('completed_at', d.timestamp)
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
      await db.schema.createIndex('works_assignee_idx').on('works').columns(['assignee_id', 'status']).execute();
      await db.schema.createIndex('works_creator_idx').on('works').column('created_by').execute();
      await db.schema.createIndex('works_department_idx').on('works').columns(['department_id', 'status']).execute();
      await db.schema.createIndex('works_request_idx').on('works').column('request_id').execute();

      await db.schema
        .createTable('work_participants')
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('work_participants_pk', ['work_id', 'user_id'])
        .execute();
      await db.schema.createIndex('work_participants_user_idx').on('work_participants').column('user_id').execute();

      await d
        .id(db.schema.createTable('work_comments'))
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('work_comments_work_idx').on('work_comments').columns(['work_id', 'id']).execute();

      // Domain events, written in the same transaction as the change; the notification issue consumes them.
      await d
        .id(db.schema.createTable('domain_events'))
        .addColumn('type', 'varchar(50)', (c) => c.notNull())
        .addColumn('entity', 'varchar(50)', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('payload', 'text')
        .addColumn('actor_id', 'integer')
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addColumn('processed_at', d.timestamp)
        .execute();
      await db.schema.createIndex('domain_events_pending_idx').on('domain_events').columns(['processed_at', 'id']).execute();
    },
  };
}
