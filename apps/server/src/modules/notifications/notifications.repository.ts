import { type Kysely, sql } from 'kysely';
import type { DB, NotificationsTable } from '../../db/schema';

export type NotificationRow = Omit<NotificationsTable, 'id'> & { id: number };
type Insert = Omit<NotificationsTable, 'id' | 'read_at'>;

function own(db: Kysely<DB>, userId: number, status?: 'read' | 'unread') {
  let q = db.selectFrom('notifications').where('user_id', '=', userId);
  if (status === 'read') q = q.where('read_at', 'is not', null);
  if (status === 'unread') q = q.where('read_at', 'is', null);
  return q;
}

/** SQL of a person's notifications; every call names the user, so nobody reads another's. */
export const notificationsRepository = {
  list(db: Kysely<DB>, userId: number, status: 'read' | 'unread' | undefined, limit: number, offset: number) {
    return (
      own(db, userId, status)
        .selectAll()
        // Unread first, then newest.
        .orderBy(sql`case when read_at is null then 0 else 1 end`)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
    );
  },

  async count(db: Kysely<DB>, userId: number, status?: 'read' | 'unread'): Promise<number> {
    const row = await own(db, userId, status)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, userId: number, id: number) {
    return own(db, userId).selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A user's notifications after `afterId`, oldest first: what a reconnecting stream missed. */
  since(db: Kysely<DB>, userId: number, afterId: number, limit: number) {
    return own(db, userId).selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  },

  async markRead(db: Kysely<DB>, userId: number, id: number, now: string): Promise<boolean> {
    const res = await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  async markAllRead(db: Kysely<DB>, userId: number, now: string): Promise<number> {
    const res = await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** One row per (event, user): a second dispatch of the same event inserts nothing. Returns the new rows. */
  insertMany(db: Kysely<DB>, rows: Insert[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return db
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
      .returningAll()
      .execute() as Promise<NotificationRow[]>;
  },
};
