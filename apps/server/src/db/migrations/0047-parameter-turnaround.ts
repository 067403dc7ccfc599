import type { Kysely } from 'kysely';

/**
 * Issue 25 part 5: a parameter's target turnaround in calendar days from the sample's receipt to the result's
 * release; null = no target (never late).
 */
export function parameterTurnaround() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('parameters').addColumn('turnaround_days', 'integer').execute();
    },
  };
}
