// The export's bench (issue 26 part 3): every request as .xlsx from a fresh server, at the seeded 100 000 rows and
// again after the table is grown to 1 000 000 rows by one INSERT … SELECT (copies of the seeded rows under new codes,
// a recursive CTE for the multiplier, the same statement on both databases; PostgreSQL's per-row triggers are off
// meanwhile, the status counts and the list version set in the same transaction). Time and peak RSS of the server.
import { type Kysely, sql } from 'kysely';

export interface ExportFigure {
  rows: number;
  seconds: number;
  /** Peak RSS of the server (VmHWM), MB, and before the export began. */
  peak: number;
  before: number;
  bytes: number;
  status: number;
}

/** Columns the copies get fresh values for: the key and the unique codes. */
const FRESH = new Set(['id', 'code', 'tracking_code', 'idempotency_key']);

/** Grows the requests table to `target` rows (when short of it) by copying the rows there; returns the seconds taken. */
export async function growRequests(db: Kysely<any>, sqlite: boolean, target: number): Promise<number> {
  const t0 = performance.now();
  const have = Number((await sql<{ n: number }>`select count(*) as n from requests`.execute(db)).rows[0]?.n ?? 0);
  if (have === 0 || have >= target) return 0;
  const copies = Math.ceil(target / have) - 1;
  const names = sqlite
    ? (await sql<{ name: string }>`select name from pragma_table_info('requests')`.execute(db)).rows.map((r) => r.name)
    : (
        await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_name = 'requests' and table_schema = current_schema()`.execute(db)
      ).rows.map((r) => r.name);
  const kept = names.filter((n) => !FRESH.has(n));
  // Each new row updates every index and the search table: a 1 GB page cache keeps their pages in memory meanwhile.
  if (sqlite) await sql`pragma cache_size = -1048576`.execute(db);
  const cols = sql.join(kept.map((n) => sql.ref(n)));
  const from = sql.join(kept.map((n) => sql.ref(`r.${n}`)));
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: the per-row status-count trigger would update one row 900 000 times in one transaction, each update
    // walking the row's growing version chain (hours). Triggers off for this transaction (replica role: no ALTER,
    // which deferred trigger events would refuse), then the counts recomputed and the list version raised.
    if (!sqlite) await sql`set local session_replication_role = replica`.execute(trx);
    // Copy g of row r: codes 'B<g>-<id>' (under the columns' 30 characters), every other column as it was.
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${copies})
      insert into requests (code, tracking_code, ${cols})
      select 'B' || g.n || '-' || r.id, 'BT' || g.n || '-' || r.id, ${from}
      from requests r cross join g
      where r.id <= (select max(id) from requests)
      order by g.n, r.id
      limit ${target - have}`.execute(trx);
    if (!sqlite) {
      await sql`update data_versions set version = version + 1 where name = 'lists'`.execute(trx);
      await sql`delete from request_status_counts`.execute(trx);
      await sql`insert into request_status_counts (status, n) select status, count(*) from requests group by status`.execute(trx);
    }
  });
  if (sqlite) {
    await sql`pragma cache_size = -2000`.execute(db);
    await sql`pragma optimize = 0x10002`.execute(db);
  } else await sql`vacuum analyze requests`.execute(db);
  return (performance.now() - t0) / 1000;
}

/**
 * Both sizes on fresh servers (so each peak is the export's own): the seeded table, then the table grown to
 * 1 000 000 rows. Returns the report's table rows and the figures.
 */
export async function exportBench(o: {
  kind: string;
  db: Kysely<any>;
  sqlite: boolean;
  base: string;
  start: () => Promise<{ proc: { pid?: number } }>;
  stop: (proc: never) => Promise<void>;
  peakMb: (pid: number) => number;
  token: (base: string, username: string) => Promise<string>;
}): Promise<{ rows: string[]; figures: ExportFigure[]; growSeconds: number }> {
  const figures: ExportFigure[] = [];
  const rows: string[] = [];
  let growSeconds = 0;
  for (const target of [0, 1_000_000]) {
    if (target) {
      growSeconds = await growRequests(o.db, o.sqlite, target);
      console.log(`${o.kind}: requests grown to ${target} rows in ${growSeconds.toFixed(0)} s`);
    }
    const n = Number((await sql<{ n: number }>`select count(*) as n from requests`.execute(o.db)).rows[0]?.n ?? 0);
    const fresh = await o.start();
    try {
      const pid = fresh.proc.pid as number;
      const auth = { authorization: `Bearer ${await o.token(o.base, 'admin')}` };
      const before = o.peakMb(pid);
      const t1 = performance.now();
      const res = await fetch(`${o.base}/api/requests?per_page=20`, { headers: { ...auth, 'x-export': 'xlsx' } });
      const bytes = (await res.arrayBuffer()).byteLength;
      const f = { rows: n, seconds: (performance.now() - t1) / 1000, peak: o.peakMb(pid), before, bytes, status: res.status };
      figures.push(f);
      const label = `${o.kind}, ${n.toLocaleString('fr-FR').replace(/\u202f/g, ' ')} rows`;
      rows.push(
        `| ${label} | ${f.seconds.toFixed(1)} s | ${f.peak.toFixed(0)} MB (${before.toFixed(0)} MB before) | ${(bytes / 1024 / 1024).toFixed(1)} MB | ${f.status} |`,
      );
      console.log(
        `${o.kind}: export of ${n} requests ${f.seconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, peak RSS ${f.peak.toFixed(0)} MB`,
      );
    } finally {
      await o.stop(fresh.proc as never);
    }
  }
  return { rows, figures, growSeconds };
}
