import type { Kysely } from 'kysely';

/**
 * Issue 25 part 3: a released result's comparison with its point's limit, kept as it was judged — the regulation in
 * force on the sampling date (id and code: no foreign key, a snapshot outlives the regulation's edits and deletion),
 * its column, the effective limit as decimal text with its formula, the verdict and by how much and how many times the
 * limit it exceeded, and when it was judged. A later edit of the regulation never changes a released verdict.
 */
export function analysisVerdicts() {
  return {
    async up(db: Kysely<unknown>) {
      const columns: [string, string][] = [
        ['limit_regulation_id', 'integer'],
        ['limit_regulation_code', 'varchar(100)'],
        ['limit_column', 'varchar(20)'],
        ['limit_text', 'varchar(60)'],
        ['limit_min', 'varchar(30)'],
        ['limit_max', 'varchar(40)'],
        ['limit_unit', 'varchar(30)'],
        ['limit_averaging', 'varchar(30)'],
        ['limit_formula', 'varchar(300)'],
        ['verdict', 'varchar(20)'],
        ['verdict_reason', 'varchar(300)'],
        ['exceed_ratio', 'varchar(40)'],
        ['exceed_by', 'varchar(40)'],
        ['judged_at', 'varchar(30)'],
      ];
      for (const [name, type] of columns)
        await db.schema
          .alterTable('analyses')
          .addColumn(name, type as 'integer')
          .execute();
      // A customer's exceedances of a year, a point's trend: released results by verdict.
      await db.schema.createIndex('analyses_verdict_idx').on('analyses').columns(['verdict', 'sample_id']).execute();
    },
  };
}
