import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect';

/** Tables whose `search_text` gets a trigram index: substring search without scanning every row. */
export const INDEXED_SEARCH_TABLES = ['requests', 'customers', 'works'] as const;

export function searchIndex(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
        await sql`create extension if not exists pg_trgm`.execute(db);
        for (const table of INDEXED_SEARCH_TABLES) {
          await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin (search_text gin_trgm_ops)`.execute(
            db,
          );
        }
        return;
      }
      // SQLite: an FTS5 trigram index over the same column, kept in step by triggers.
      for (const table of INDEXED_SEARCH_TABLES) {
        const fts = sql.table(`${table}_fts`);
        await sql`create virtual table ${fts} using fts5(search_text, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
          db,
        );
        await sql
          .raw(`create trigger ${table}_fts_ai after insert on ${table} begin
            insert into ${table}_fts(rowid, search_text) values (new.id, new.search_text); end`)
          .execute(db);
        await sql
          .raw(`create trigger ${table}_fts_ad after delete on ${table} begin
            insert into ${table}_fts(${table}_fts, rowid, search_text) values ('delete', old.id, old.search_text); end`)
          .execute(db);
        await sql
          .raw(`create trigger ${table}_fts_au after update of search_text on ${table} begin
            insert into ${table}_fts(${table}_fts, rowid, search_text) values ('delete', old.id, old.search_text);
            insert into ${table}_fts(rowid, search_text) values (new.id, new.search_text); end`)
          .execute(db);
        await sql.raw(`insert into ${table}_fts(${table}_fts) values ('rebuild')`).execute(db);
      }
    },
  };
}
