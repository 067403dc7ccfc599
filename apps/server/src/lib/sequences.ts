import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The next number of a named counter, atomically (one upsert on both engines). */
export async function nextSequence(db: Kysely<DB>, name: string): Promise<number> {
  const row = await db
    .insertInto('sequences')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** `NV` + 4 digits: NV0001, NV0002, … */
export const formatCode = (prefix: string, n: number, width = 4) => `${prefix}${String(n).padStart(width, '0')}`;
