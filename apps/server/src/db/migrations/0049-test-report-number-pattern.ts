import type { Kysely } from 'kysely';

/** Issue 25 part 4: test report numbers from the company's own pattern, as contract numbers are. */
export function testReportNumberPattern() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('company_settings')
        .addColumn('test_report_number_pattern', 'varchar(100)', (c) => c.notNull().defaultTo('{seq:3}/{yyyy}/PKQ'))
        .execute();
    },
  };
}
