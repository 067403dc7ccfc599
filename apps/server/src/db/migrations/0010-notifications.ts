import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 9, from an event to a person: in-app notifications, their settings and each user's opt-outs, the outbox of
 * deliveries (e-mail, SMS, Zalo) with its lease, Zalo settings, single-use tickets for the live stream, shared rate
 * limit counters, job leases (one scheduler runner across instances) and the deadline reminders sent once per work.
 */
export function notifications(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .id(db.schema.createTable('notifications'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('event', 'varchar(50)', (c) => c.notNull())
        .addColumn('event_id', 'integer')
        .addColumn('entity', 'varchar(50)')
        .addColumn('entity_id', 'integer')
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'varchar(255)')
        .addColumn('read_at', d.timestamp)
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('notifications_user_unread_idx')
        .on('notifications')
        .columns(['user_id', 'read_at', 'id'])
        .execute();
      // One notification per recipient of an event, whichever instance dispatched it.
      await db.schema
        .createIndex('notifications_event_user_uq')
        .on('notifications')
        .columns(['event_id', 'user_id'])
        .unique()
        .execute();

      await d
        .stamps(d.id(db.schema.createTable('notification_settings')))
        .addColumn('event', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        // JSON: ["in_app","email","sms","zalo"]
        .addColumn('channels', 'text', (c) => c.notNull())
        // JSON: { roles: number[], departments: number[], users: number[], dynamic: ('assignee'|'requester'|…)[] }
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('title_template', 'varchar(255)', (c) => c.notNull())
        .addColumn('body_template', 'text', (c) => c.notNull())
        .execute();

      // A user's own opt-outs: a row turns one channel of one event off for them.
      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('event', 'varchar(50)', (c) => c.notNull())
        .addColumn('channel', 'varchar(20)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'event', 'channel'])
        .execute();

      await d
        .id(db.schema.createTable('deliveries'))
        .addColumn('event_id', 'integer')
        .addColumn('event', 'varchar(50)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('channel', 'varchar(20)', (c) => c.notNull())
        // The address: an e-mail, a mobile 0xxxxxxxxx.
        .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)')
        .addColumn('body', 'text', (c) => c.notNull())
        // JSON: template data for Zalo ZNS, the kind of message (otp, request_received…).
        .addColumn('data', 'text')
        // pending → sending (leased) → sent | failed (will retry) → dead (after the last try)
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('next_attempt_at', d.timestamp, (c) => c.notNull())
        .addColumn('lease_until', d.timestamp)
        .addColumn('locked_by', 'varchar(64)')
        // Sent to the provider (tracking_id of Zalo, a header of SMTP) so a retry after a crash is not sent twice.
        .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('provider_response', 'text')
        .addColumn('last_error', 'text')
        // The delivery this one falls back from (a failed Zalo message re-sent as SMS).
        .addColumn('fallback_of', 'integer')
        .addColumn('sent_at', d.timestamp)
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addColumn('updated_at', d.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deliveries_due_idx').on('deliveries').columns(['status', 'next_attempt_at', 'id']).execute();
      await db.schema.createIndex('deliveries_created_idx').on('deliveries').columns(['created_at', 'id']).execute();

      await d
        .stamps(d.id(db.schema.createTable('zalo_settings')))
        .addColumn('oa_id', 'varchar(50)')
        .addColumn('app_id', 'varchar(50)')
        // Secrets: AES-256-GCM with a key derived from the app secret (lib/secret-box.ts), never sent back in full.
        .addColumn('secret_key_enc', 'text')
        .addColumn('access_token_enc', 'text')
        .addColumn('refresh_token_enc', 'text')
        .addColumn('token_expires_at', d.timestamp)
        // JSON: { otp: '123', request_received: '456', … }
        .addColumn('templates', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('api_base', 'varchar(255)')
        .addColumn('oauth_base', 'varchar(255)')
        .addColumn('sms_fallback', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('stream_tickets')
        .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', d.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('lease_until', d.timestamp, (c) => c.notNull())
        .execute();

      // A reminder sent once per work and kind ('due_soon', 'overdue', 'escalated'), whichever instance ran it.
      await db.schema
        .createTable('work_reminders')
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('work_reminders_pk', ['work_id', 'kind'])
        .execute();
    },
  };
}
