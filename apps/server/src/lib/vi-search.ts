import { normalizeVi } from '@qlcv/common/vi-text';

/** A LIKE pattern over a normalised column: accents, đ and case ignored; % and _ typed by the user match literally. */
export function likePattern(term: string | undefined): string | null {
  const normal = normalizeVi(term);
  if (!normal) return null;
  return `%${normal.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { type Expression, type Kysely, type SqlBool, SqliteAdapter, sql } from 'kysely';

/** `column LIKE pattern ESCAPE '\'`, written the same on both engines. */
export function likeNormalized(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * Substring search over a table whose `search_text` has a trigram index (migration 0006): on SQLite the FTS5
 * trigram table answers terms of three characters or more; PostgreSQL's planner uses the pg_trgm index for the LIKE
 * itself. Shorter terms fall back to the plain LIKE.
 */
export function indexedSearch(
  db: Kysely<any>,
  table: 'requests' | 'customers' | 'works',
  alias: string,
  pattern: string,
): Expression<SqlBool> {
  const term = pattern.slice(1, -1).replace(/\\([\\%_])/g, '$1');
  if (db.getExecutor().adapter instanceof SqliteAdapter && [...term].length >= 3) {
    const fts = sql.table(`${table}_fts`);
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from ${fts} where ${fts} match ${`"${term.replaceAll('"', '""')}"`})`;
  }
  return likeNormalized(`${alias}.search_text`, pattern);
}
