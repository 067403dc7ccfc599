// `node --import tsx bench/timekeeping.ts`: the timekeeping grid of a month for 500 employees (and its .xlsx), on SQLite
// and on PostgreSQL (when reachable), through the real app (inject: routing, auth, scope, queries, the grid, JSON).
// Figures only; nothing fails on a timing. `--append` (under `npm run bench`) adds the section to docs/performance.md.
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/database';
import { ensureAdmin } from '../apps/server/src/db/seed/admin';
import { freshPostgres } from '../apps/server/src/test/harness';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MONTH = '2026-11';
const PASSWORD = 'Admin@12345';

/** 10 departments, USERS employees, and for each a few approved leaves in the month (full and half days) plus noise. */
async function seed(database: Database) {
  const { db } = database;
  const now = new Date().toISOString();
  const role = await db.selectFrom('roles').select('id').orderBy('id').executeTakeFirstOrThrow();
  const departments: number[] = [];
  for (let d = 1; d <= 10; d++) {
    const row = await db
      .insertInto('departments')
      .values({
        code: `PB${d}`,
        name: `Phòng ${d}`,
        parent_id: null,
        head_id: null,
        description: null,
        search_text: `phong ${d}`,
        version: 1,
        created_at: now,
        updated_at: now,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    departments.push(row.id);
  }
  const users: number[] = [];
  for (let i = 0; i < USERS; i += 100) {
    const rows = Array.from({ length: Math.min(100, USERS - i) }, (_, k) => {
      const n = i + k + 1;
      return {
        code: `NV${String(n + 1000).padStart(4, '0')}`,
        name: `Nhân viên ${n}`,
        username: `bench.nv${n}`,
        email: null,
        mobile: null,
        password_hash: 'x',
        role_id: role.id,
        department_id: departments[n % departments.length] ?? null,
        position: null,
        gender: null,
        birthday: null,
        joined_at: n % 50 === 0 ? '2026-11-16' : '2021-03-01',
        address: null,
        avatar: null,
        last_login_at: null,
        search_text: `nhan vien ${n}`,
        version: 1,
        created_at: now,
        updated_at: now,
        created_by: null,
      };
    });
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    users.push(...inserted.map((r) => r.id));
  }
  const types = await db.selectFrom('leave_types').select(['id', 'code']).execute();
  const typeId = (code: string) => types.find((t) => t.code === code)?.id ?? 1;
  const leaves = [];
  let seq = 0;
  const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;
  for (const [i, userId] of users.entries()) {
    // Three leaves each in the month: a full day, a half day, a two-day span ending in the morning; and one pending.
    const base = 2 + (i % 5);
    const spans: [string, string, string, string, string, string][] = [
      ['annual', day(base), 'full', day(base), 'full', 'approved'],
      ['sick', day(base + 7), 'afternoon', day(base + 7), 'afternoon', 'approved'],
      [i % 3 === 0 ? 'unpaid' : 'annual', day(base + 14), 'full', day(base + 15), 'morning', 'approved'],
      ['annual', day(base + 21), 'full', day(base + 21), 'full', 'pending'],
    ];
    for (const [type, start, sh, end, eh, status] of spans) {
      seq += 1;
      leaves.push({
        code: `NP${seq}`,
        user_id: userId,
        leave_type_id: typeId(type),
        start_date: start,
        start_half: sh,
        end_date: end,
        end_half: eh,
        half_days: 2,
        reason: null,
        status,
        approver_id: null,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        version: 1,
        created_at: now,
        updated_at: now,
        created_by: userId,
      });
    }
  }
  for (let i = 0; i < leaves.length; i += 200)
    await db
      .insertInto('leaves')
      .values(leaves.slice(i, i + 200))
      .execute();
  return { users: users.length, leaves: leaves.length };
}

/** The rows of the table docs/performance.md shows. */
const table: string[] = [];
let seededText = '';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(label: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-bench-tk-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = openDatabase(config.database);
  await migrate(database);
  await ensureAdmin(database.db, PASSWORD);
  const seeded = await seed(database);
  seededText = `${seeded.users} employees in 10 departments and ${seeded.leaves} leaves`;
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: PASSWORD },
    });
    const token = login.json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const url = `/api/timekeeping?month=${MONTH}`;
    const time = async (n: number, extra: Record<string, string> = {}) => {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
        bytes = res.rawPayload.length;
      }
      return { sorted: times.sort((a, b) => a - b), bytes };
    };
    await time(5); // warm-up
    const json = await time(CALLS);
    const rows = (await app.inject({ method: 'GET', url, headers })).json().rows.length as number;
    const xlsx = await time(Math.max(5, Math.floor(CALLS / 5)), { 'x-export': 'xlsx' });
    const f = (n: number) => n.toFixed(1);
    const ms = (sorted: number[], p: number) => `${f(pct(sorted, p))} ms`;
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    table.push(
      `| ${label} | ${rows} | ${ms(json.sorted, 50)} | ${ms(json.sorted, 99)} | ${kb(json.bytes)} | ${ms(xlsx.sorted, 50)} | ${ms(xlsx.sorted, 99)} | ${kb(xlsx.bytes)} |`,
    );
    console.log(
      `${label}: ${rows} rows (${seeded.users} employees seeded, ${seeded.leaves} leaves) — JSON p50 ${f(pct(json.sorted, 50))} ms, p99 ${f(pct(json.sorted, 99))} ms, ${Math.round(json.bytes / 1024)} KB; .xlsx p50 ${f(pct(xlsx.sorted, 50))} ms, p99 ${f(pct(xlsx.sorted, 99))} ms, ${Math.round(xlsx.bytes / 1024)} KB`,
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await measure('SQLite');
// A fresh database on the PostgreSQL server, or none when it does not answer.
const pgDb = await freshPostgres(PG_URL).catch(() => null);
if (pgDb) {
  try {
    await measure('PostgreSQL', pgDb.url);
  } finally {
    await pgDb.drop();
  }
} else {
  console.log('PostgreSQL: not reachable, skipped');
  table.push('| PostgreSQL | not reachable | | | | | | |');
}

// Under `npm run bench` (after bench/run.ts wrote the file), the figures join docs/performance.md.
if (process.argv.includes('--append')) {
  const section = [
    '',
    '## Timekeeping grid (bench/timekeeping.ts)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${seededText} in November 2026 (three`,
    'approved each — a full day, an afternoon, a span ending in a morning — and one pending),',
    `${CALLS} sequential \`GET /api/timekeeping?month=${MONTH}\` as an administrator (\`leaves.all\`: every row) through the`,
    'app (`inject`: auth, scope, the two queries, the grid in memory, the JSON), after 5 warm-up calls; then',
    `${Math.max(5, Math.floor(CALLS / 5))} exports. The aim: under 200 ms for the JSON.`,
    '',
    '| Database | Rows | JSON p50 | JSON p99 | JSON size | .xlsx p50 | .xlsx p99 | .xlsx size |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...table,
    '',
    "The server reads the users once and the month's approved leaves once; the grid is computed in memory (a slot array",
    'per employee with a leave). The page renders the rows virtually (antd `Table virtual`), so 500 rows × 30 day cells',
    'keep only the visible rows in the DOM.',
    '',
  ];
  appendFileSync(path.join(import.meta.dirname, '..', 'docs/performance.md'), section.join('\n'));
}
