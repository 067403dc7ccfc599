import type { Kysely } from 'kysely';
import { type DialectKind, ddl } from '../dialect';

/**
 * Issue 11, contract templates: a .docx (a document of entity `contract_templates`) and the placeholders found in it
 * when it was checked, kept as a JSON array of keys.
 */
export function contractTemplates(kind: DialectKind) {
  const d = ddl(kind);
  return {
    async up(db: Kysely<unknown>) {
      await d
        .stamps(
          d
            .id(db.schema.createTable('contract_templates'))
            .addColumn('code', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('name', 'varchar(200)', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
            .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
            .addColumn('placeholders', 'text', (c) => c.notNull().defaultTo('[]'))
            .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
        )
        .execute();
    },
  };
}
