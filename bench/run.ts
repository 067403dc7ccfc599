// `npm run bench`: for SQLite and for PostgreSQL (when reachable), seeds a realistic company (bench/seed.ts), starts the
// built server and measures the main calls at 20 connections next to the same queries run bare through the driver,
// then a 100 000-row export on a fresh server (time and peak memory). Writes docs/performance.md.
// Figures only: no test ever fails on a timing.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/database';
import { ensureAdmin } from '../apps/server/src/db/seed/admin';
import { load, loadFn } from './load';
import { BENCH_PASSWORD, type Seeded, seedCompany } from './seed';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CACHE_OFF = '(list cache off)';
/** The calls that answer a list page (the aim "p99 under 50 ms for every list"). */
const LIST_CALLS = ['GET /api/requests?', 'GET /api/works/my', 'GET /api/users'];

interface Row {
  db: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = openDatabase(config.database);
  await migrate(database);
  await ensureAdmin(database.db, BENCH_PASSWORD);
  const t0 = performance.now();
  const seeded: Seeded = await seedCompany(database);
  // Autovacuum would do this in a live database: statistics, and the visibility map index-only counts rely on.
  if (kind === 'PostgreSQL') await sql`vacuum analyze`.execute(database.db);
  console.log(`${kind}: seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const env = { DATA_DIR: dataDir, PORT: String(port), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  const add = (call: string, r: { rps: number; p50: number; p99: number; errors?: number }) => {
    rows.push({ db: kind, call, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors ?? 0 });
    console.log(
      `${kind.padEnd(10)} ${call.padEnd(62)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`,
    );
  };
  const { proc, ms: coldMs } = await startServer(env);
  let exportRow = '';
  try {
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
    // Issue 13: the dashboard, every part at once (no list cache); the admin's covers every request.
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
  } finally {
    await stop(proc);
  }

  // The same list calls with the list cache off (LIST_CACHE_SIZE=0): every call counts and searches afresh, as the
  // first view after a write does.
  const uncached = await startServer({ ...env, LIST_CACHE_SIZE: '0' });
  try {
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
    add(`GET /api/works/my ${CACHE_OFF}`, await load(`${base}/api/works/my?tab=assigned`, { headers: busy, seconds: SECONDS }));
  } finally {
    await stop(uncached.proc);
  }

  // The 100 000-row export on a fresh server, so its peak memory is the export's own.
  const fresh = await startServer(env);
  try {
    const auth = { authorization: `Bearer ${await token(base, 'admin')}` };
    const before = peakMb(fresh.proc.pid!);
    const t1 = performance.now();
    const res = await fetch(`${base}/api/requests?per_page=20`, { headers: { ...auth, 'x-export': 'xlsx' } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const seconds = (performance.now() - t1) / 1000;
    exportRow = `| ${kind} | ${seconds.toFixed(1)} s | ${peakMb(fresh.proc.pid!).toFixed(0)} MB (${before.toFixed(0)} MB before) | ${(bytes / 1024 / 1024).toFixed(1)} MB | ${res.status} |`;
    console.log(
      `${kind}: export of every request ${seconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, peak RSS ${peakMb(fresh.proc.pid!).toFixed(0)} MB`,
    );
  } finally {
    await stop(fresh.proc);
    await database.close();
  }
  return { rows, coldMs, exportRow };
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
  const name = `qlcv_bench_${Date.now()}`;
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

const results: Row[] = [];
const cold: string[] = [];
const exports: string[] = [];
const s = await benchOne('SQLite', undefined, 3901);
results.push(...s.rows);
cold.push(`SQLite ${s.coldMs.toFixed(0)} ms`);
exports.push(s.exportRow);
const pgDb = await freshPostgres();
if (pgDb) {
  try {
    const p = await benchOne('PostgreSQL', pgDb.url, 3902);
    results.push(...p.rows);
    cold.push(`PostgreSQL ${p.coldMs.toFixed(0)} ms`);
    exports.push(p.exportRow);
  } finally {
    await pgDb.drop();
  }
}

const cached = (r: Row, off: boolean) => r.call.endsWith(CACHE_OFF) === off;
const ratio = (db: string, a: string, b: string, off: boolean) => {
  const x = results.find((r) => r.db === db && r.call.startsWith(a) && cached(r, off));
  const y = results.find((r) => r.db === db && r.call.startsWith(b));
  return x && y ? (x.rps / y.rps).toFixed(2) : 'n/a';
};
const worstP99 = (db: string, off: boolean) =>
  Math.max(
    ...results.filter((r) => r.db === db && LIST_CALLS.some((c) => r.call.startsWith(c)) && cached(r, off)).map((r) => r.p99),
  ).toFixed(1);
const aims = [...new Set(results.map((r) => r.db))].map(
  (db) =>
    `| ${db} | ${ratio(db, 'GET /api/requests?status', 'bare driver: requests status', false)} (cache off ${ratio(db, 'GET /api/requests?status', 'bare driver: requests status', true)}) | ${ratio(db, 'GET /api/requests?search', 'bare driver: LIKE', false)} (cache off ${ratio(db, 'GET /api/requests?search', 'bare driver: LIKE', true)}) | ${worstP99(db, false)} ms (cache off ${worstP99(db, true)} ms) | ${Math.max(...results.filter((r) => r.db === db && r.call.startsWith('GET') && cached(r, false)).map((r) => r.p99)).toFixed(1)} ms |`,
);
const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const doc = `# Performance

Figures from \`npm run bench\` (never asserted by tests), measured ${when} UTC on ${process.version}, ${cpus().length} cores, the load
generator on the same machine. Data: 500 users in 20 departments, 10 000 customers, 100 000 requests, about 270 000 works
(bench/seed.ts). Each call: 1 s of warm-up, then ${SECONDS} s measured at 20 concurrent connections over keep-alive. Cold start of the built server
to its first answer, on that data: ${cold.join(', ')}.

## Calls

| Database | Call | req/s | p50 (ms) | p99 (ms) | errors |
|---|---|---:|---:|---:|---:|
${results.map((r) => `| ${r.db} | ${r.call} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`).join('\n')}

"bare driver" rows run the list's own SQL (page and total) through the same driver with no HTTP, framework or auth,
20 at a time: the floor the API is compared with. The API keeps each list page's ids and total until a write to the
listed tables (lib/list-cache.ts, docs/decisions.md): the calls above repeat one query, so after the first they read
the version row and the page's rows by id. "${CACHE_OFF}" rows are the same calls on a server started with
\`LIST_CACHE_SIZE=0\`: every call counts and searches afresh, as the first view after a write does.

## Aims (issue 4)

Aims: list with its total ≥ 0.67 × the bare list; search with its total ≥ 10 × the bare LIKE; p99 < 50 ms for every
list call (requests list and search, my works, users list and search) at 20 connections.

| Database | list ÷ bare list | search ÷ bare LIKE | worst p99, list calls | worst p99, every GET (cache on) |
|---|---|---|---|---|
${aims.join('\n')}

## Export of every request (100 000 rows, fresh server)

| Database | time | peak RSS of the server | file | status |
|---|---|---|---|---|
${exports.join('\n')}
`;
writeFileSync(path.join(root, 'docs/performance.md'), doc);
console.log('\nwritten to docs/performance.md');
