import { type Kysely, sql } from 'kysely';

/**
 * Issue 8, part 11c: what the customer sees of a result is chosen by staff. `works.public_result` is the text chosen
 * when the work giving the result is completed (its documents chosen for the customer are marked `is_public`);
 * `requests.public_result` is what the public result page shows once the request is completed. A request completed
 * before keeps what its page already showed: its result text.
 */
export function publicResult() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('works').addColumn('public_result', 'text').execute();
      await db.schema.alterTable('requests').addColumn('public_result', 'text').execute();
      await sql`update requests set public_result = result_text where status = 'completed'`.execute(db);
    },
  };
}
