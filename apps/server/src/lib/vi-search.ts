import { normalizeVi } from '@qlcv/common/vi-text';
import { type Expression, type Kysely, type SqlBool, SqliteAdapter, sql } from 'kysely';
import { COUNT_UP_TO } from './pagination';

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

const join = (parts: Expression<SqlBool>[], op: 'and' | 'or'): Expression<SqlBool> =>
  parts.length === 1 ? (parts[0] as Expression<SqlBool>) : sql<SqlBool>`(${sql.join(parts, sql.raw(` ${op} `))})`;

const indexable = (word: string) => [...word].length >= 3;

/**
 * The typed words as groups, each a list of phrases any of which must appear. A word shorter than the trigram index
 * can reach (`au`, `da`) rides with the word typed before it (or after, when it comes first), in either order:
 * `hai au` → "hai au" or "au hai". Everything else is a word of its own, in any order.
 */
export function searchGroups(words: string[]): string[][] {
  if (!words.some(indexable)) return words.map((w) => [w]);
  const runs: string[][] = [];
  let leading: string[] = [];
  for (const w of words) {
    const last = runs[runs.length - 1];
    if (indexable(w)) {
      runs.push([...leading, w]);
      leading = [];
    } else if (last) last.push(w);
    else leading.push(w);
  }
  return runs.map((run) => [...new Set([run.join(' '), [...run].reverse().join(' ')])]);
}

/**
 * Every typed word somewhere in the column (`xanh chi nhanh` finds "… Xanh – Chi nhánh Đồng Nai"; short words as
 * `searchGroups` says), as `column LIKE '%…%' ESCAPE '\'`, written the same on both engines.
 */
export function likeNormalized(column: string, pattern: string): Expression<SqlBool> {
  const like = (phrase: string) => sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(phrase)}%`} escape '\\'`;
  return join(
    searchGroups(wordsOf(pattern)).map((group) => join(group.map(like), 'or')),
    'and',
  );
}

/**
 * The same search over a table whose `search_text` has a trigram index (migration 0006). On SQLite the FTS5 trigram
 * table answers the whole query in one MATCH (short words inside their neighbour's phrase, so no candidate row is
 * read to check them); PostgreSQL's planner uses the pg_trgm index for each LIKE itself.
 */
export function indexedSearch(
  db: Kysely<any>,
  table: SearchTable,
  alias: string,
  pattern: string,
  /** How the row's id is named: `lib/index-hints.ts` may hide it from the planner while a page walks another index. */
  idRef: (column: string) => Expression<any> = sql.ref,
): Expression<SqlBool> {
  const ids = searchIds(db, table, pattern);
  // Below the index's reach (only words of one or two letters), or on PostgreSQL whose planner indexes each LIKE.
  if (ids === null) return likeNormalized(`${alias}.search_text`, pattern);
  return sql<SqlBool>`${idRef(`${alias}.id`)} in (${ids})`;
}

/** The ids a search finds, as a subquery over the FTS5 index (SQLite); null where the index cannot answer. */
export function searchIds(db: Kysely<any>, table: SearchTable, pattern: string) {
  const match = ftsMatch(db, pattern);
  if (match === null) return null;
  const fts = sql.table(`${table}_fts`);
  return sql<{ id: number }>`select rowid as id from ${fts} where ${fts} match ${match}`;
}

type SearchTable = 'requests' | 'customers' | 'works';

/** The FTS5 MATCH of a search on SQLite, or null where the trigram index cannot answer it (see `indexedSearch`). */
function ftsMatch(db: Kysely<any>, pattern: string): string | null {
  const words = wordsOf(pattern);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter) || !words.some(indexable)) return null;
  const quoted = (phrase: string) => `"${phrase.replaceAll('"', '""')}"`;
  return searchGroups(words)
    .map((group) => (group.length === 1 ? quoted(group[0] as string) : `(${group.map(quoted).join(' OR ')})`))
    .join(' AND ');
}

/**
 * How many rows a search alone finds, counted in the FTS5 index without reading them and no further than `upTo`
 * (a search's bound + 1, decision 41.10); null where the index cannot answer (see `indexedSearch`). Exact up to it:
 * the index is the table's external-content index, kept by triggers on every insert, update and delete (migration 0006).
 */
export async function searchCount(
  db: Kysely<any>,
  table: SearchTable,
  pattern: string,
  upTo = COUNT_UP_TO,
): Promise<number | null> {
  const match = ftsMatch(db, pattern);
  if (match === null) return null;
  const fts = sql.table(`${table}_fts`);
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 from ${fts} where ${fts} match ${match} limit ${upTo})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
