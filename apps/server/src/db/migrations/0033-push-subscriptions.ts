import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 23, Web Push: each browser a user turned notifications on in. The endpoint is unique (the push service's
 * address of that browser), so subscribing again from the same browser updates its row; a user's rows go with them.
 */
export function pushSubscriptions(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .id(db.schema.createTable('push_subscriptions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
        // The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
        .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
        .addColumn('auth', 'varchar(50)', (c) => c.notNull())
        .addColumn('device_label', 'varchar(100)', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(300)')
        .addColumn('created_at', d.timestamp, (c) => c.notNull())
        .addColumn('last_success_at', d.timestamp)
        .addColumn('last_failure_at', d.timestamp)
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').columns(['user_id', 'id']).execute();
    },
  };
}
