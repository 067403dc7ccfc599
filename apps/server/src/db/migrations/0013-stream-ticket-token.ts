import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/** A live-stream ticket remembers the sign-in it was taken with, so the stream ends when that token dies (logout, lock). */
export function streamTicketToken(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('stream_tickets')
        .addColumn('token_id', 'integer', (c) => c.references('access_tokens.id').onDelete('cascade'))
        .execute();
    },
  };
}
