import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The SQL of the live stream's tickets (the notifications themselves are read through NotificationsService). */
export const notificationStreamRepository = {
  insertTicket(db: Kysely<DB>, row: { ticket_hash: string; user_id: number; token_id: number; expires_at: string }) {
    return db.insertInto('stream_tickets').values(row).execute();
  },

  /** Deletes the ticket and answers it: of two instances given the same ticket, only one gets it. */
  takeTicket(db: Kysely<DB>, ticketHash: string) {
    return db
      .deleteFrom('stream_tickets')
      .where('ticket_hash', '=', ticketHash)
      .returning(['user_id', 'token_id', 'expires_at'])
      .executeTakeFirst();
  },

  deleteExpiredTickets(db: Kysely<DB>, now: string) {
    return db.deleteFrom('stream_tickets').where('expires_at', '<=', now).execute();
  },

  /** The token still opens a session: not expired, not revoked, its user active. */
  async tokenAlive(db: Kysely<DB>, tokenId: number, userId: number, now: string): Promise<boolean> {
    const row = await db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select('t.id')
      .where('t.id', '=', tokenId)
      .where('t.user_id', '=', userId)
      .where('t.expires_at', '>', now)
      .where('u.status', '=', 'active')
      .executeTakeFirst();
    return row !== undefined;
  },
};
