// `npm test`: every test of the project, in order — unit + API on SQLite, the same API suite on PostgreSQL,
// then the browser tests in Chromium against the built app. Ends with one line: `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const out = mkdtempSync(path.join(tmpdir(), 'qlcv-tests-'));
const only = process.argv.slice(2); // e.g. `npm test -- api` or `npm test -- e2e`
const want = (part) => only.length === 0 || only.includes(part);
let passed = 0;
let failed = 0;
const notes = [];

const started = Date.now();
/** A stage's heading with the minutes since the start and the machine's load, so a slow CI run shows where it lost time. */
const heading = (label) =>
  `\n=== ${label} === (${((Date.now() - started) / 60_000).toFixed(1)} min in, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`;

function run(label, cmd, args, env = {}) {
  console.log(heading(label));
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** The same command in the background, its output kept in a file (printed when it ends, not mixed with the other). */
function runQuiet(cmd, args, env, logFile) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => log.end(() => resolve(code ?? 1)));
  });
}

const vitestArgs = (file) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
const jsonOf = (label) => path.join(out, `${label.replace(/\W+/g, '-')}.json`);

function vitest(label, env) {
  count(label, run(label, 'npx', vitestArgs(jsonOf(label)), env));
}

/** Adds a vitest run's counts from its JSON report. */
function count(label, status) {
  const file = jsonOf(label);
  if (!existsSync(file)) {
    failed += 1;
    notes.push(`${label}: the runner crashed (exit ${status})`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0);
  notes.push(`${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}

/** The PostgreSQL server to test on: TEST_DATABASE_URL, or the local one when it answers. */
async function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: local, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return local;
  } catch {
    return null;
  }
}

if (want('api')) {
  const url = await postgresUrl();
  if (url) {
    // Side by side: vitest runs one worker on a 2-core machine, so each engine's run leaves a core to the other (every
    // API test makes its own database, SQLite file or PostgreSQL database, so the two never meet).
    const label = 'API (PostgreSQL)';
    const logFile = path.join(out, 'api-postgresql.log');
    console.log(heading(`${label}: running beside SQLite, its output follows SQLite's`));
    const pgRun = runQuiet('npx', vitestArgs(jsonOf(label)), { TEST_DATABASE_URL: url }, logFile);
    // Not spawnSync: the event loop must keep draining the PostgreSQL run's output meanwhile.
    const sqlite = 'unit + API (SQLite)';
    console.log(heading(sqlite));
    const sqliteStatus = await new Promise((resolve) => {
      const child = spawn('npx', vitestArgs(jsonOf(sqlite)), { cwd: root, stdio: 'inherit', env: process.env });
      child.on('close', (code) => resolve(code ?? 1));
    });
    count(sqlite, sqliteStatus);
    const status = await pgRun;
    console.log(heading(label));
    process.stdout.write(readFileSync(logFile, 'utf8'));
    count(label, status);
  } else {
    vitest('unit + API (SQLite)', {});
    notes.push('API (PostgreSQL): skipped — no TEST_DATABASE_URL and no server on 127.0.0.1:5432');
  }
}

if (want('e2e')) {
  if (run('install Chromium when missing', 'bash', ['scripts/ensure-chromium.sh']) !== 0) {
    failed += 1;
    notes.push('browser tests: Chromium could not be installed');
  } else if (run('build', 'npm', ['run', 'build']) !== 0) {
    failed += 1;
    notes.push('browser tests: the build failed');
  } else {
    // What else is using the machine as the browser tests start (a leftover process slows every click).
    const top = spawnSync('ps', ['-eo', 'pcpu,etime,args', '--sort=-pcpu'], { encoding: 'utf8' }).stdout ?? '';
    console.log(
      top
        .split('\n')
        .slice(0, 6)
        .map((l) => l.slice(0, 160))
        .join('\n'),
    );
    const file = path.join(out, 'e2e.json');
    const status = run(
      'browser tests (Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    if (existsSync(file)) {
      const s = JSON.parse(readFileSync(file, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0);
      notes.push(`browser tests: ${s.expected + s.flaky} passed, ${s.unexpected} failed${s.flaky ? ` (${s.flaky} flaky)` : ''}`);
    } else {
      failed += 1;
      notes.push(`browser tests: the runner crashed (exit ${status})`);
    }
  }
}

console.log(heading('done'));
console.log(`\n${notes.map((n) => `  ${n}`).join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
