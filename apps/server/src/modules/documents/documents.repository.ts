import type { Insertable, Kysely } from 'kysely';
import type { DB, DocumentsTable } from '../../db/schema';

const COLUMNS = [
  'id',
  'original_name',
  'mime',
  'size',
  'checksum',
  'storage_key',
  'entity',
  'entity_id',
  'is_public',
  'uploaded_by',
  'created_at',
] as const;

export type DocumentRow = NonNullable<Awaited<ReturnType<typeof documentsRepository.find>>>;

export const documentsRepository = {
  /** Inserts a document and returns its row as `find` reads it (one round trip). */
  insert(db: Kysely<DB>, row: Insertable<DocumentsTable>) {
    return db.insertInto('documents').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
  },

  find(db: Kysely<DB>, id: number) {
    return db.selectFrom('documents').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  findMany(db: Kysely<DB>, ids: number[]) {
    return db.selectFrom('documents').select(COLUMNS).where('id', 'in', ids).orderBy('id').execute();
  },

  listFor(db: Kysely<DB>, entity: string, entityId: number) {
    return db
      .selectFrom('documents')
      .select(COLUMNS)
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();
  },

  /** Attaches documents still unattached and uploaded by `uploadedBy`; returns how many it took. */
  async attach(db: Kysely<DB>, ids: number[], entity: string, entityId: number, uploadedBy: number): Promise<number> {
    const result = await db
      .updateTable('documents')
      .set({ entity, entity_id: entityId })
      .where('id', 'in', ids)
      .where('entity', 'is', null)
      .where('uploaded_by', '=', uploadedBy)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Attaches documents to a record as public ones (a request's result documents). */
  publish(db: Kysely<DB>, ids: number[], entity: string, entityId: number) {
    return db.updateTable('documents').set({ entity, entity_id: entityId, is_public: 1 }).where('id', 'in', ids).execute();
  },

  /** Of a record's documents, marks those of `ids` public and every other one not. */
  async setPublic(db: Kysely<DB>, entity: string, entityId: number, ids: number[]) {
    const of = db.updateTable('documents').where('entity', '=', entity).where('entity_id', '=', entityId);
    if (ids.length > 0) await of.set({ is_public: 1 }).where('id', 'in', ids).execute();
    await (ids.length > 0 ? of.where('id', 'not in', ids) : of).set({ is_public: 0 }).execute();
  },

  /** The rows of files that never reached the storage. */
  deleteByStorageKeys(db: Kysely<DB>, keys: readonly string[]) {
    return db.deleteFrom('documents').where('storage_key', 'in', keys).execute();
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('documents').where('id', '=', id).execute();
  },

  /** Deletes every document of a record; returns their storage keys, for the files to go after the commit. */
  async deleteFor(db: Kysely<DB>, entity: string, entityId: number): Promise<string[]> {
    const rows = await db
      .deleteFrom('documents')
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .returning('storage_key')
      .execute();
    return rows.map((r) => r.storage_key);
  },

  /** Removes up to `limit` unattached documents created before `before`; returns their storage keys. */
  async deleteStaleUnattached(db: Kysely<DB>, before: string, limit: number): Promise<string[]> {
    const ids = db
      .selectFrom('documents')
      .select('id')
      .where('entity', 'is', null)
      .where('created_at', '<', before)
      .orderBy('id')
      .limit(limit);
    const rows = await db
      .deleteFrom('documents')
      .where('id', 'in', ids)
      // Checked again on the row itself: a document attached meanwhile stays.
      .where('entity', 'is', null)
      .returning('storage_key')
      .execute();
    return rows.map((r) => r.storage_key);
  },
};
