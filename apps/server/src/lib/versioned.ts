import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from './clock';
import { type AppError, notFound, staleVersion } from './errors';

/** Every table whose rows have an `id` and a `version` (an edit names the version it read). */
export type VersionedTable = { [T in keyof DB]: DB[T] extends { id: unknown; version: unknown } ? T : never }[keyof DB];

/** The versioned tables with a `code` column. */
export type CodedTable = { [T in VersionedTable]: DB[T] extends { code: string } ? T : never }[VersionedTable];

// Kysely cannot type one query over a union of tables (nor over a generic one): the functions below are typed at their
// edges, by the table the caller names, and loose inside.
type Loose = Kysely<Record<string, { id: number; version: number; code: string }>>;
const loose = (db: Kysely<DB>) => db as unknown as Loose;

/**
 * Updates a row only if it still has the version the caller read: a stale edit gets 409, a missing row 404 (`missing`,
 * the module's own answer when it has one), never a silent overwrite.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  id: number,
  version: number,
  values: Updateable<DB[T]>,
  missing: () => AppError = notFound,
): Promise<void> {
  const result = await loose(db)
    .updateTable(table as string)
    .set({ ...values, version: version + 1, updated_at: nowIso() } as never)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const exists = await loose(db)
    .selectFrom(table as string)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  throw exists ? staleVersion() : missing();
}

/** Inserts a row (version 1, the column's default) and answers its id. */
export async function insertVersioned<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  values: Insertable<DB[T]>,
): Promise<number> {
  const row = await loose(db)
    .insertInto(table as string)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteVersioned(db: Kysely<DB>, table: VersionedTable, id: number): Promise<void> {
  await loose(db).deleteFrom(table).where('id', '=', id).execute();
}

/** Whether another row than `selfId` already has this code. */
export async function codeTaken(db: Kysely<DB>, table: CodedTable, code: string, selfId?: number): Promise<boolean> {
  let q = loose(db).selectFrom(table).select('id').where('code', '=', code);
  if (selfId !== undefined) q = q.where('id', '!=', selfId);
  return (await q.executeTakeFirst()) !== undefined;
}
