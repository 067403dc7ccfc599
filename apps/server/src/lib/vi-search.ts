import { normalizeVi } from '@qlcv/common/vi-text';
import { type Expression, type Kysely, type SqlBool, SqliteAdapter, sql } from 'kysely';

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern over a normalised column: accents, đ and case ignored; % and _ typed by the user match literally. */
export function likePattern(term: string | undefined): string | null {
  const normal = normalizeVi(term);
  if (!normal) return null;
  return `%${escapeLike(normal)}%`;
}

/** The typed words inside a pattern made by `likePattern`. */
const wordsOf = (pattern: string) =>
  pattern
    .slice(1, -1)
    .replace(/\\([\\%_])/g, '$1')
    .split(' ')
    .filter(Boolean);

const allOf = (parts: Expression<SqlBool>[]): Expression<SqlBool> =>
  parts.length === 1 ? (parts[0] as Expression<SqlBool>) : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;

/**
 * Every typed word somewhere in the column, in any order (`xanh chi nhanh` finds "… Xanh – Chi nhánh Đồng Nai"):
 * one `column LIKE '%word%' ESCAPE '\'` per word, written the same on both engines.
 */
export function likeNormalized(column: string, pattern: string): Expression<SqlBool> {
  return allOf(wordsOf(pattern).map((w) => sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(w)}%`} escape '\\'`));
}

/**
 * The same search over a table whose `search_text` has a trigram index (migration 0006). On SQLite the FTS5 trigram
 * table answers the words of three characters or more in one MATCH, shorter words keep their LIKE; PostgreSQL's
 * planner uses the pg_trgm index for each LIKE itself.
 */
export function indexedSearch(
  db: Kysely<any>,
  table: 'requests' | 'customers' | 'works',
  alias: string,
  pattern: string,
): Expression<SqlBool> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return likeNormalized(`${alias}.search_text`, pattern);
  const words = wordsOf(pattern);
  const indexed = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3);
  const parts: Expression<SqlBool>[] = [];
  if (indexed.length > 0) {
    const fts = sql.table(`${table}_fts`);
    const match = indexed.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND ');
    parts.push(sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from ${fts} where ${fts} match ${match})`);
  }
  if (short.length > 0) parts.push(likeNormalized(`${alias}.search_text`, `%${short.map(escapeLike).join(' ')}%`));
  return allOf(parts);
}
