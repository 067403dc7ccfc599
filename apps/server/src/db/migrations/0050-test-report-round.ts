import type { Kysely } from 'kysely';

/**
 * Issue 25 part 4: a report per round. A report may hold one monitoring round of its trip (that customer's) instead of
 * all of them; null is the whole trip for the customer, as every report before this migration.
 */
export function testReportRound() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('test_reports')
        .addColumn('round_id', 'integer', (c) => c.references('monitoring_rounds.id').onDelete('restrict'))
        .execute();
      await db.schema.createIndex('test_reports_round_idx').on('test_reports').column('round_id').execute();
    },
  };
}
