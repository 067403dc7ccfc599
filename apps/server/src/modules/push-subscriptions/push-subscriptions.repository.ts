import type { Kysely } from 'kysely';
import type { DB, PushSubscriptionsTable } from '../../db/schema';

const LISTED = [
  'id',
  'device_label',
  'user_agent',
  'endpoint',
  'created_at',
  'last_success_at',
  'last_failure_at',
  'failures',
] as const;

export type NewPushSubscription = Pick<
  PushSubscriptionsTable,
  'user_id' | 'endpoint' | 'p256dh' | 'auth' | 'device_label' | 'user_agent' | 'created_at'
>;

/** SQL of push_subscriptions: a user's devices, the driver's target and its outcome marks. */
export const pushSubscriptionsRepository = {
  ofUser(db: Kysely<DB>, userId: number) {
    return db.selectFrom('push_subscriptions').select(LISTED).where('user_id', '=', userId).orderBy('id').execute();
  },

  countOfUser(db: Kysely<DB>, userId: number) {
    return db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  },

  byEndpoint(db: Kysely<DB>, endpoint: string) {
    return db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('endpoint', '=', endpoint).executeTakeFirst();
  },

  /** Inserts, or — the same browser subscribing again, held by the unique endpoint — takes the row over. */
  upsert(db: Kysely<DB>, row: NewPushSubscription) {
    return db
      .insertInto('push_subscriptions')
      .values({ ...row, failures: 0 })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: row.user_id,
          p256dh: row.p256dh,
          auth: row.auth,
          device_label: row.device_label,
          user_agent: row.user_agent,
          failures: 0,
          last_failure_at: null,
        }),
      )
      .returning(LISTED)
      .executeTakeFirstOrThrow();
  },

  deleteOwn(db: Kysely<DB>, id: number, userId: number) {
    return db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  },

  target(db: Kysely<DB>, id: number) {
    return db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('id', '=', id).executeTakeFirst();
  },

  deleteById(db: Kysely<DB>, id: number) {
    return db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  markSuccess(db: Kysely<DB>, id: number, at: string) {
    return db.updateTable('push_subscriptions').set({ last_success_at: at, failures: 0 }).where('id', '=', id).execute();
  },

  markFailure(db: Kysely<DB>, id: number, at: string) {
    return db
      .updateTable('push_subscriptions')
      .set((eb) => ({ last_failure_at: at, failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },
};
