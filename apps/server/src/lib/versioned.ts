import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from './clock';
import { notFound, staleVersion } from './errors';

type Editable = 'roles' | 'users' | 'departments' | 'customers' | 'notification_settings';

/**
 * Updates a row only if it still has the version the caller read: a stale edit gets 409, a missing row 404,
 * never a silent overwrite.
 */
export async function updateVersioned(
  db: Kysely<DB>,
  table: Editable,
  id: number,
  version: number,
  values: Record<string, unknown>,
): Promise<void> {
  // The table is one of a closed set; Kysely cannot type a union of tables, hence the loose cast.
  const loose = db as unknown as Kysely<Record<string, { id: number; version: number }>>;
  const result = await loose
    .updateTable(table)
    .set({ ...values, version: version + 1, updated_at: nowIso() } as never)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const exists = await loose.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  throw exists ? staleVersion() : notFound();
}
