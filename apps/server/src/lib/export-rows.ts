import { ALL_ROWS_CAP } from '@qlcv/common/schemas/common';
import { CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isSqlite } from './index-hints';

/** Rows fetched per round trip from a PostgreSQL cursor or SQLite's export thread. */
const CURSOR_BATCH = ALL_ROWS_CAP;

/**
 * Every row of a list's export, in the list's order, never all held at once (issue 26). PostgreSQL reads the one
 * ordered query through a server-side cursor (DECLARE … FETCH in a read-only transaction, so one snapshot), a batch
 * at a time as the file is written; a client that goes away closes it. SQLite streams the same query on a thread and
 * read-only connection of its own (db/sqlite-driver.ts, decision 41.22), so neither the writer nor a reader of the
 * pool is held for the download. The first batch is read before returning, so a bad query answers an error, not a
 * broken file.
 */
export async function exportRows<R extends { id: number }>(
  db: Kysely<any>,
  read: { query: () => SelectQueryBuilder<any, any, R> },
): Promise<AsyncIterable<R>> {
  if (isSqlite(db)) {
    const rows = read.query().stream(CURSOR_BATCH)[Symbol.asyncIterator]();
    const first = await rows.next();
    return (async function* () {
      try {
        for (let row = first; !row.done; row = await rows.next()) yield row.value;
      } finally {
        await rows.return?.();
      }
    })();
  }
  const { sql, parameters } = read.query().compile();
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  const fetchBatch = async () => (await trx.executeQuery<R>(CompiledQuery.raw(`fetch ${CURSOR_BATCH} from qlcv_export`))).rows;
  let first: R[];
  try {
    await trx.executeQuery(CompiledQuery.raw(`declare qlcv_export no scroll cursor for ${sql}`, [...parameters]));
    first = await fetchBatch();
  } catch (err) {
    await trx.rollback().execute();
    throw err;
  }
  return (async function* () {
    try {
      let rows = first;
      yield* rows;
      while (rows.length === CURSOR_BATCH) {
        rows = await fetchBatch();
        yield* rows;
      }
    } finally {
      // Read only: ending it either way closes the cursor and gives the connection back.
      await trx.rollback().execute();
    }
  })();
}

/** Each row of an export turned into its API shape as it passes. */
export async function* mapRows<R, T>(rows: AsyncIterable<R>, map: (row: R) => T): AsyncIterable<T> {
  for await (const row of rows) yield map(row);
}
