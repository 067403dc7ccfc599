// `npm run bench`: for SQLite and for PostgreSQL (when reachable), seeds a realistic company (bench/seed.ts), starts the
// built server and measures the main calls at 20 connections next to the same queries run bare through the driver
// (one query repeated per row), then the office mix of bench/mixed.ts (20 users, each their own scope), cache on and
// off — on SQLite flat out once more on a server with a single connection (SQLITE_READ_WORKERS=0) against the default
// read pool, issue 26 — then a 100 000-row export on a fresh server (time and peak memory). Writes
// docs/performance.md, ending with the API budgets table; bench/outbox.ts, bench/timekeeping.ts and bench/web.ts append their sections after it.
// Figures only: no test ever fails on a timing.
//
// Budgets table (written here; web.ts appends its own "Budgets (web)" rows in the same shape):
//   | Budget | Aim | SQLite | PostgreSQL | met? |
//   each DB cell is "<figure> met" or "<figure> missed" (or "n/a" when not measured); "met?" is "met" when every
//   database met it, else "missed (<databases>)".
//
// Environment:
//   BENCH_SECONDS=5        measured seconds of each repeated-query row (after 1 s of warm-up, bench/load.ts)
//   BENCH_MIXED_SECONDS=30 measured seconds of each mixed run (after BENCH_MIXED_WARMUP=5 s not counted)
//   BENCH_MIXED_CONNECTIONS=20  fewer connections take the 20 users in turn (1: each call kind's own service time)
//   BENCH_MIXED_THINK_MS=1000  mean think time of the office-pace runs (each user, between two calls)
//   BENCH_POOL_SECONDS=30  measured seconds of the SQLite single-connection flat-out run (the pool's comparison)
//   BENCH_ONLY=mixed       only the mixed runs and the scope check (development); writes $TMPDIR/qlcv-performance.md
//                          instead of docs/performance.md
//   BENCH_ONLY=export      only the seed and the exports (100 000, then 1 000 000 requests); writes $TMPDIR/qlcv-performance.md
//   BENCH_DB=sqlite|postgres  only one database
//   BENCH_REUSE=/tmp/x     keep the seeded SQLite data dir and PostgreSQL database (qlcv_bench_reuse) there and reuse
//                          them on the next run instead of seeding again (development only: writes accumulate)
//   BENCH_PORT=3921        the SQLite server's port (PostgreSQL's is the next one)
//   BENCH_SERVER=path      the built server to start (default apps/server/dist/main.js)
//                          (bench/profile-server.mjs: the same under V8's profiler, a profile per server stopped)
//   BENCH_OUT=file         where to write the report instead (a development run that must not touch the docs)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/database';
import { ensureAdmin } from '../apps/server/src/db/seed/admin';
import { exportBench } from './export';
import { load, loadFn } from './load';
import { checkScopes, mixedRun, planMix } from './mixed';
import { type Mixed, performanceDoc, type Row } from './report';
import { BENCH_PASSWORD, type Seeded, seedCompany } from './seed';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);
const MIXED_WARMUP = Number(process.env.BENCH_MIXED_WARMUP ?? 5);
const MIXED_CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 20);
/** The servers' ports: this one for SQLite, the next for PostgreSQL. */
const PORT = Number(process.env.BENCH_PORT ?? 3921);
const MIXED_THINK_MS = Number(process.env.BENCH_MIXED_THINK_MS ?? 1000);
const POOL_SECONDS = Number(process.env.BENCH_POOL_SECONDS ?? 30);
const ONLY_MIXED = process.env.BENCH_ONLY === 'mixed';
const ONLY_EXPORT = process.env.BENCH_ONLY === 'export';
const REUSE = process.env.BENCH_REUSE;
const SERVER = process.env.BENCH_SERVER ?? path.join(root, 'apps/server/dist/main.js');
const CACHE_OFF = '(list cache off)';

/** Starts the built server; an env value of undefined leaves that variable unset (the server's default). */
function startServer(env: Record<string, string | undefined>): Promise<{ proc: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const full: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...env,
  };
  for (const [k, v] of Object.entries(full)) if (v === undefined) delete full[k];
  const proc = spawn(process.execPath, [SERVER], {
    env: full,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
        if (r.ok) return resolve({ proc, ms: performance.now() - t0 });
      } catch {}
      if (proc.exitCode !== null) return reject(new Error('server exited'));
      setTimeout(poll, 10);
    };
    void poll();
  });
}

async function stop(proc: ChildProcess) {
  proc.kill('SIGTERM');
  if (proc.exitCode === null) await new Promise((r) => proc.once('exit', r));
}

/** Peak resident memory of a process so far (Linux VmHWM), in MB. */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function token(base: string, username: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** The requests list's two queries (page and total, written as the repository writes them), compiled once and run bare through the driver. */
function bareList(database: Database, where: (q: any) => any) {
  const base = where(database.db.selectFrom('requests as r'));
  const page = base
    .selectAll('r')
    .select((eb: any) => [
      eb.selectFrom('request_types as t').select('t.name').whereRef('t.id', '=', 'r.request_type_id').as('request_type_name'),
      eb.selectFrom('customers as c').select('c.code').whereRef('c.id', '=', 'r.customer_id').as('customer_code'),
      eb.selectFrom('customers as c').select('c.name').whereRef('c.id', '=', 'r.customer_id').as('customer_name'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(20)
    .compile();
  const count = base.select((eb: any) => eb.fn.countAll().as('n')).compile();
  return () => Promise.all([database.db.executeQuery(page), database.db.executeQuery(count)]);
}

async function benchOne(kind: 'SQLite' | 'PostgreSQL', databaseUrl: string | undefined, port: number) {
  const dataDir = REUSE ? path.join(REUSE, kind.toLowerCase()) : mkdtempSync(path.join(tmpdir(), 'qlcv-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const seededFile = path.join(dataDir, 'seeded.json');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = openDatabase(config.database);
  await migrate(database);
  let seeded: Seeded;
  if (REUSE && existsSync(seededFile)) seeded = JSON.parse(readFileSync(seededFile, 'utf8'));
  else {
    await ensureAdmin(database.db, BENCH_PASSWORD);
    const t0 = performance.now();
    seeded = await seedCompany(database);
    // Autovacuum would do this in a live database: statistics, and the visibility map index-only counts rely on.
    if (kind === 'PostgreSQL') await sql`vacuum analyze`.execute(database.db);
    // SQLite's statistics, which the server gathers itself when missing (openDatabase), so its first start after
    // the seed is not counted in the cold start.
    else await sql`pragma optimize = 0x10002`.execute(database.db);
    console.log(`${kind}: seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    if (REUSE) writeFileSync(seededFile, JSON.stringify(seeded));
  }
  const mixed: Mixed[] = [];
  let scopes = '';
  const mix = async (cache: 'on' | 'off', pace: 'flat out' | 'office', single = false) => {
    // Planned afresh: the works the last run started or completed are no longer where it left them.
    const m = await mixedRun(base, await planMix(database, seeded.requestTypeId), {
      seconds: single ? POOL_SECONDS : MIXED_SECONDS,
      warmup: MIXED_WARMUP,
      connections: MIXED_CONNECTIONS,
      thinkMs: pace === 'office' ? MIXED_THINK_MS : 0,
    });
    mixed.push({ db: kind, cache, pace, single, ...m });
    for (const k of [...m.kinds, m.overall])
      console.log(
        `${kind.padEnd(10)} mixed ${pace.padEnd(8)}, cache ${cache.padEnd(3)}${single ? ' single connection' : ''} ${k.kind.padEnd(26)} ${k.rps.toFixed(0).padStart(5)} req/s  p50 ${k.p50.toFixed(1)} ms  p99 ${k.p99.toFixed(1)} ms  errors ${k.errors} races ${k.races} ${k.samples.join(', ')}`,
      );
  };
  // SQLITE_READ_WORKERS unset: the server's default read pool (the single-connection run below sets it to 0).
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    SQLITE_READ_WORKERS: undefined,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  const add = (call: string, r: { rps: number; p50: number; p99: number; errors?: number }) => {
    rows.push({ db: kind, call, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors ?? 0 });
    console.log(
      `${kind.padEnd(10)} ${call.padEnd(62)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`,
    );
  };
  let exportRow = '';
  let exportFigures: { seconds: number; peak: number } | null = null;
  let exportMillion: { seconds: number; peak: number } | null = null;
  // The export on fresh servers, so each peak is the export's own: the seeded 100 000 requests, then 1 000 000.
  const exports = async () => {
    try {
      const e = await exportBench({
        kind,
        db: database.db,
        sqlite: kind === 'SQLite',
        base,
        start: () => startServer(env),
        stop,
        peakMb,
        token,
      });
      exportRow = e.rows.join('\n');
      exportFigures = e.figures[0] ?? null;
      exportMillion = e.figures[1] ?? null;
    } finally {
      await database.close();
    }
  };
  // BENCH_ONLY=export: the seed, then the exports alone (development).
  if (ONLY_EXPORT) {
    await exports();
    return { rows, coldMs: 0, exportRow, exportFigures, exportMillion, mixed, scopes };
  }
  const { proc, ms: coldMs } = await startServer(env);
  try {
    scopes = await checkScopes(base);
    console.log(`${kind}: ${scopes}`);
    if (!ONLY_MIXED) {
      const auth = { authorization: `Bearer ${await token(base, 'admin')}` };
      const busy = { authorization: `Bearer ${await token(base, seeded.busyUser.username)}` };
      const opts = { headers: auth, seconds: SECONDS };
      const term = encodeURIComponent(seeded.searchTerm);
      // Issue 4: requests and works.
      add(
        'GET /api/requests?status=in_progress (page 1, total, customer)',
        await load(`${base}/api/requests?status=in_progress&sort=-created_at`, opts),
      );
      add(
        `GET /api/requests?search=${seeded.searchTerm}`,
        await load(`${base}/api/requests?search=${term}&sort=-created_at`, opts),
      );
      add('GET /api/requests/:id', await load(`${base}/api/requests/${seeded.sampleRequestId}`, opts));
      let n = 0;
      add(
        'POST /api/requests (create)',
        await load(`${base}/api/requests`, {
          ...opts,
          method: 'POST',
          body: () =>
            JSON.stringify({
              request_type_id: seeded.requestTypeId,
              requester_name: 'Nguyễn Văn Bench',
              requester_phone: `09${String(80_000_000 + (n++ % 9_999_999)).padStart(8, '0')}`,
              title: 'Quan trắc khí thải định kỳ',
            }),
        }),
      );
      add(
        'GET /api/works/my (a user with ~2 000 works)',
        await load(`${base}/api/works/my?tab=assigned`, { headers: busy, seconds: SECONDS }),
      );
      // Issue 13: the dashboard, every part at once; the admin's covers every request. One call at a time is the
      // call's own time (the aim: under 100 ms); 20 at a time adds the queue.
      add(
        'GET /api/dashboard (admin: every part, one call at a time)',
        await load(`${base}/api/dashboard`, { ...opts, connections: 1 }),
      );
      add('GET /api/dashboard (admin: every part)', await load(`${base}/api/dashboard`, opts));
      add(
        'GET /api/dashboard (a user with ~2 000 works)',
        await load(`${base}/api/dashboard`, { headers: busy, seconds: SECONDS }),
      );
      add(
        'bare driver: requests status=in_progress page 1 + total',
        await loadFn(
          bareList(database, (q) => q.where('r.status', '=', 'in_progress')),
          { seconds: SECONDS },
        ),
      );
      // The floor the search index beats: LIKE over every row, with its total (`|| ''` keeps PostgreSQL off the index).
      const pattern = `%${seeded.searchTerm}%`;
      add(
        `bare driver: LIKE '%${seeded.searchTerm}%' + count(*), no index`,
        await loadFn(
          bareList(database, (q) => q.where(sql`r.search_text || ''`, 'like', pattern)),
          { seconds: SECONDS },
        ),
      );
      // Issue 2: users, departments, auth.
      add('GET /api/users (page 1, with total)', await load(`${base}/api/users`, opts));
      add('GET /api/users?search=nguyen van', await load(`${base}/api/users?search=nguyen%20van`, opts));
      add('GET /api/auth/info', await load(`${base}/api/auth/info`, opts));
      add('GET /api/departments/tree', await load(`${base}/api/departments/tree`, opts));
    }
    await mix('on', 'flat out');
    await mix('on', 'office');
  } finally {
    await stop(proc);
  }

  // SQLite with one connection on the event loop (SQLITE_READ_WORKERS=0, as before issue 26): the same flat-out mix,
  // cache on, against the default read pool's run above — the pool's effect, measured in the same run.
  if (kind === 'SQLite') {
    const single = await startServer({ ...env, SQLITE_READ_WORKERS: '0' });
    try {
      await mix('on', 'flat out', true);
    } finally {
      await stop(single.proc);
    }
  }

  // The same list calls with the list cache off (LIST_CACHE_SIZE=0): every call counts and searches afresh, as the
  // first view after a write does.
  const uncached = await startServer({ ...env, LIST_CACHE_SIZE: '0' });
  try {
    if (!ONLY_MIXED) {
      const auth = { authorization: `Bearer ${await token(base, 'admin')}` };
      const busy = { authorization: `Bearer ${await token(base, seeded.busyUser.username)}` };
      const opts = { headers: auth, seconds: SECONDS };
      const term = encodeURIComponent(seeded.searchTerm);
      add(
        `GET /api/requests?status=in_progress ${CACHE_OFF}`,
        await load(`${base}/api/requests?status=in_progress&sort=-created_at`, opts),
      );
      add(
        `GET /api/requests?search=${seeded.searchTerm} ${CACHE_OFF}`,
        await load(`${base}/api/requests?search=${term}&sort=-created_at`, opts),
      );
      add(
        `GET /api/dashboard (admin: every part, one call at a time) ${CACHE_OFF}`,
        await load(`${base}/api/dashboard`, { ...opts, connections: 1 }),
      );
      add(`GET /api/works/my ${CACHE_OFF}`, await load(`${base}/api/works/my?tab=assigned`, { headers: busy, seconds: SECONDS }));
    }
    await mix('off', 'flat out');
    await mix('off', 'office');
  } finally {
    await stop(uncached.proc);
  }
  if (ONLY_MIXED) {
    await database.close();
    return { rows, coldMs, exportRow, exportFigures, exportMillion, mixed, scopes };
  }

  await exports();
  return { rows, coldMs, exportRow, exportFigures, exportMillion, mixed, scopes };
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
  } catch {
    return null;
  }
  // BENCH_REUSE keeps one seeded database between development runs (its seeded.json says it is seeded).
  const name = REUSE ? 'qlcv_bench_reuse' : `qlcv_bench_${Date.now()}`;
  const exists = (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      if (REUSE) return;
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

const results: Row[] = [];
const runs: Awaited<ReturnType<typeof benchOne>>[] = [];
const onlyDb = process.env.BENCH_DB;
if (onlyDb !== 'postgres') runs.push(await benchOne('SQLite', undefined, PORT));
const pgDb = onlyDb === 'sqlite' ? null : await freshPostgres();
if (pgDb) {
  try {
    runs.push(await benchOne('PostgreSQL', pgDb.url, PORT + 1));
  } finally {
    await pgDb.drop();
  }
}
for (const r of runs) results.push(...r.rows);

const doc = performanceDoc({
  rows: results,
  runs: runs.map((r, i) => ({ ...r, db: i === 0 && onlyDb !== 'postgres' ? 'SQLite' : 'PostgreSQL' })),
  seconds: SECONDS,
  mixedSeconds: MIXED_SECONDS,
  mixedWarmup: MIXED_WARMUP,
  mixedConnections: MIXED_CONNECTIONS,
  mixedThinkMs: MIXED_THINK_MS,
  poolSeconds: POOL_SECONDS,
  cacheOff: CACHE_OFF,
  onlyMixed: ONLY_MIXED,
});
const out =
  process.env.BENCH_OUT ??
  (ONLY_MIXED || ONLY_EXPORT ? path.join(tmpdir(), 'qlcv-performance.md') : path.join(root, 'docs/performance.md'));
// The measurements behind docs/decisions.md are kept by hand in their own section: carried over, never rewritten.
const kept = existsSync(out)
  ? readFileSync(out, 'utf8').match(/\n## Measurements behind the decisions\n[\s\S]*?(?=\n## |$)/)
  : null;
writeFileSync(out, kept ? `${doc.trimEnd()}\n${kept[0].trimEnd()}\n` : doc);
console.log(`\nwritten to ${out}`);
