import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DomainEventRow } from './notification-recipients';

/** SQL of the dispatcher: the queue of domain events it works through, and what it reads to address each one. */
export const notificationDispatchRepository = {
  /** The oldest event not processed yet: a plain read (an idle poll takes no write lock). */
  nextPendingEvent(db: Kysely<DB>) {
    return db
      .selectFrom('domain_events')
      .select('id')
      .where('processed_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  },

  /** Up to `limit` unprocessed events in id order; on PostgreSQL locked, skipping those another runner holds. */
  claimPendingEvents(db: Kysely<DB>, limit: number, lock: boolean): Promise<DomainEventRow[]> {
    let q = db.selectFrom('domain_events').selectAll().where('processed_at', 'is', null).orderBy('id').limit(limit);
    if (lock) q = q.forUpdate().skipLocked();
    return q.execute() as Promise<DomainEventRow[]>;
  },

  markProcessed(db: Kysely<DB>, ids: readonly number[], now: string) {
    return db.updateTable('domain_events').set({ processed_at: now }).where('id', 'in', ids).execute();
  },

  /** Sets a failing event aside (processed), unless it was processed meanwhile. */
  setAside(db: Kysely<DB>, id: number, now: string) {
    return db
      .updateTable('domain_events')
      .set({ processed_at: now })
      .where('id', '=', id)
      .where('processed_at', 'is', null)
      .execute();
  },

  /** The users and channels that turned this event off (notification_preferences). */
  optedOut(db: Kysely<DB>, event: string, userIds: readonly number[]) {
    return db
      .selectFrom('notification_preferences')
      .select(['user_id', 'channel'])
      .where('event', '=', event)
      .where('enabled', '=', 0)
      .where('user_id', 'in', userIds)
      .execute();
  },

  /** The browsers these users turned Web Push on in: one push delivery each. */
  pushSubscriptionsOf(db: Kysely<DB>, userIds: readonly number[]) {
    return db
      .selectFrom('push_subscriptions')
      .select(['id', 'user_id', 'device_label'])
      .where('user_id', 'in', userIds)
      .orderBy('id')
      .execute();
  },

  actorName(db: Kysely<DB>, userId: number) {
    return db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  },
};
