import { type Expression, type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Which index finds a list's page on SQLite. Its planner takes the filter's index (status, priority, department…) and
 * sorts every match, even for a page of 20 out of 200 000 (≈ 80–300 ms). When the matches are dense, reading the
 * sort's index in order and testing each row finds the page after about (offset + limit) × rows ÷ matches rows. The
 * lists count first (they need the total anyway) and walk the sort's index when that is a few thousand rows at most;
 * sparse matches keep the filter's index, where sorting a few thousand rows is as quick. PostgreSQL weighs this itself.
 */
export const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** How a WHERE clause names a column of the list. */
export type ColumnRef = (column: string) => Expression<any>;

export const indexed: ColumnRef = (column) => sql.ref(column);

/** Every column but `keep` behind a unary plus, which SQLite reads as "no index for this term" (SQLite only). */
export const unindexedBut =
  (keep: string | null): ColumnRef =>
  (column) =>
    column === keep ? sql.ref(column) : sql`+${sql.ref(column)}`;

const WALK_MIN_MATCHES = 2000;
const WALK_MAX_SPREAD = 20;

/** Whether reading the sort's index in order beats the filter's index, given the total and the page's end. */
export const denseEnoughToWalk = (total: number, end: number) => total >= WALK_MIN_MATCHES && end * WALK_MAX_SPREAD <= total;
