import type { Kysely } from 'kysely';

/**
 * Issue 25 part 4: a signed version's document, generated once at signing and never again: the storage key of its
 * .docx (whose SHA-256 is `file_sha256`, shown on the public check page) and of its PDF when a converter was found.
 */
export function testReportFiles() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('test_reports').addColumn('file_key', 'varchar(60)').execute();
      await db.schema.alterTable('test_reports').addColumn('pdf_key', 'varchar(60)').execute();
    },
  };
}
