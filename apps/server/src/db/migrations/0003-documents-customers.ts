import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect';

/** Issue 4, documents and customers: one customer per tax code, list sorts, and the sweep of old unattached uploads. */
export function documentsCustomers(_kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      // Both engines let many rows hold NULL in a unique column: only given tax codes must differ.
      await db.schema.createIndex('customers_tax_code_unique').on('customers').column('tax_code').unique().execute();
      await db.schema.createIndex('customers_name_idx').on('customers').columns(['name', 'id']).execute();
      await db.schema.createIndex('customers_created_idx').on('customers').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('documents_created_idx').on('documents').column('created_at').execute();
    },
  };
}
