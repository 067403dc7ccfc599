import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const notificationPreferencesRepository = {
  /** A user's stored opt-ins and opt-outs, one row per event and channel. */
  ofUser(db: Kysely<DB>, userId: number) {
    return db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).execute();
  },

  /** Turns one event's channel on or off for a user (the row is created the first time). */
  set(db: Kysely<DB>, userId: number, p: { event: string; channel: string; enabled: boolean }) {
    const enabled = p.enabled ? 1 : 0;
    return db
      .insertInto('notification_preferences')
      .values({ user_id: userId, event: p.event, channel: p.channel, enabled })
      .onConflict((oc) => oc.columns(['user_id', 'event', 'channel']).doUpdateSet({ enabled }))
      .execute();
  },
};
