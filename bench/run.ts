// `npm run bench`: starts the built server on SQLite and on PostgreSQL (when reachable), seeds a company of 500
// users, and measures the main calls at 20 connections next to the same query run bare through the driver.
// Writes the table to docs/performance.md. Timings are figures, never assertions.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ensureAdmin } from '../apps/server/src/db/seed/admin';
import { hashPassword } from '../apps/server/src/lib/crypto';
import { searchText } from '../packages/common/src/vi-text';
import { load, loadFn } from './load';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PASSWORD = 'Bench@2026';
const HO = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ'];
const DEM = ['Văn', 'Thị', 'Minh', 'Thu', 'Quốc', 'Ngọc', 'Đức', 'Thanh'];
const TEN = [
  'An',
  'Bình',
  'Cường',
  'Dũng',
  'Đạt',
  'Hà',
  'Hùng',
  'Lan',
  'Mai',
  'Nam',
  'Phúc',
  'Quân',
  'Sơn',
  'Trang',
  'Tú',
  'Yến',
];

async function seed(databaseUrl: string | undefined, dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = openDatabase(config.database);
  await migrate(database);
  await ensureAdmin(database.db, PASSWORD);
  const { db } = database;
  const now = new Date().toISOString();
  const stamps = { created_at: now, updated_at: now, created_by: null };
  const role = await db.selectFrom('roles').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow();
  const deps: number[] = [];
  for (let i = 1; i <= 20; i++) {
    const r = await db
      .insertInto('departments')
      .values({
        code: `PB${i}`,
        name: `Phòng ${i}`,
        parent_id: null,
        head_id: null,
        description: null,
        search_text: `pb${i} phong ${i}`,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    deps.push(r.id);
  }
  const hash = await hashPassword(PASSWORD);
  const rows = Array.from({ length: 500 }, (_, i) => {
    const name = `${HO[i % HO.length]} ${DEM[(i >> 3) % DEM.length]} ${TEN[(i * 7) % TEN.length]}`;
    const code = `NV${String(i + 2).padStart(4, '0')}`;
    return {
      code,
      name,
      username: `nv${i}`,
      email: `nv${i}@quantrac.vn`,
      mobile: `09${String(10_000_000 + i).padStart(8, '0')}`,
      password_hash: hash,
      role_id: role.id,
      department_id: deps[i % deps.length]!,
      position: 'Nhân viên',
      gender: i % 2 ? 'male' : 'female',
      birthday: null,
      joined_at: null,
      address: 'Hà Nội',
      search_text: searchText(code, name, `nv${i}`),
      ...stamps,
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('users')
      .values(rows.slice(i, i + 100))
      .execute();
  return database;
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
      setTimeout(poll, 20);
    };
    void poll();
  });
}

interface Row {
  db: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function benchOne(
  kind: 'SQLite' | 'PostgreSQL',
  databaseUrl: string | undefined,
  port: number,
): Promise<{ rows: Row[]; coldMs: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-bench-'));
  const database = await seed(databaseUrl, dataDir);
  const { proc, ms } = await startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const rows: Row[] = [];
    const add = (call: string, r: { rps: number; p50: number; p99: number; errors?: number }) => {
      rows.push({ db: kind, call, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors ?? 0 });
      console.log(
        `${kind.padEnd(10)} ${call.padEnd(52)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`,
      );
    };
    add('GET /api/users (page 1, with total)', await load(`${base}/api/users`, { headers: auth, seconds: SECONDS }));
    add(
      'GET /api/users?search=nguyen van',
      await load(`${base}/api/users?search=nguyen%20van`, { headers: auth, seconds: SECONDS }),
    );
    add('GET /api/users/250', await load(`${base}/api/users/250`, { headers: auth, seconds: SECONDS }));
    add('GET /api/auth/info', await load(`${base}/api/auth/info`, { headers: auth, seconds: SECONDS }));
    add('GET /api/departments/tree', await load(`${base}/api/departments/tree`, { headers: auth, seconds: SECONDS }));
    // The floor: the list's page query run bare through the same driver, no framework.
    const bare = database.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .selectAll('u')
      .select(['r.name as role_name', 'd.name as department_name'])
      .orderBy('u.name')
      .orderBy('u.id')
      .limit(20)
      .compile();
    add('bare driver: users page 1 (Kysely, no HTTP)', await loadFn(() => database.db.executeQuery(bare), { seconds: SECONDS }));
    return { rows, coldMs: ms };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    await database.close();
  }
}

async function postgresBase(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    const name = `qlcv_bench_${Date.now()}`;
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  } catch {
    return null;
  }
}

const results: Row[] = [];
const cold: string[] = [];
const s = await benchOne('SQLite', undefined, 3901);
results.push(...s.rows);
cold.push(`SQLite ${s.coldMs.toFixed(0)} ms`);
const pgUrl = await postgresBase();
if (pgUrl) {
  const p = await benchOne('PostgreSQL', pgUrl, 3902);
  results.push(...p.rows);
  cold.push(`PostgreSQL ${p.coldMs.toFixed(0)} ms`);
  const name = new URL(pgUrl).pathname.slice(1);
  const base = new URL(pgUrl);
  base.pathname = '/postgres';
  const c = new pg.Client({ connectionString: base.toString() });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

const machine = `${process.version}, ${(await import('node:os')).cpus().length} cores`;
const table = [
  '| Database | Call | req/s | p50 (ms) | p99 (ms) | errors |',
  '|---|---|---:|---:|---:|---:|',
  ...results.map(
    (r) => `| ${r.db} | ${r.call} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`,
  ),
].join('\n');
const docPath = path.join(root, 'docs/performance.md');
const previous = (() => {
  try {
    return readFileSync(docPath, 'utf8');
  } catch {
    return '';
  }
})();
const marker = '<!-- bench:users -->';
const section = `${marker}\n## Users, departments, auth (500 users, 20 departments; 20 connections, ${SECONDS} s each)\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}. Cold start of the built server to its first answer: ${cold.join(', ')}.\n\n${table}\n${marker}`;
const head = '# Performance\n\nFigures from `npm run bench` (never asserted by tests). Each run rewrites its section.\n\n';
const body = previous.includes(marker)
  ? previous.replace(new RegExp(`${marker}[\\s\\S]*${marker}`), section)
  : `${previous || head}${section}\n`;
writeFileSync(docPath, body);
console.log(`\nwritten to docs/performance.md`);
