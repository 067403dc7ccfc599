// The web app as a person meets it, in Debian's Chromium: JavaScript loaded per route (each file gzipped, as the
// server would send it behind a compressing proxy) and the time from navigation to the users table being visible.
// Run by `npm run bench` after the API figures; appends a section to docs/performance.md, with the issue-13 budgets
// (sign-in ≤ 200 KB, users list ≤ 350 KB, first users row < 1 s) and issue 23's warm first row (< 400 ms, from the
// service worker's cache) as a table of aim against measure.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
// QLCV_WEB_BENCH_PORT lets a second copy run beside the default one (e.g. while another bench holds 3911).
const port = Number(process.env.QLCV_WEB_BENCH_PORT ?? 3911);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-webbench-'));
// QLCV_WEB_BENCH_SERVER / WEB_DIST: a private build of the server / web app instead of the default dist folders.
const serverMain = path.resolve(root, process.env.QLCV_WEB_BENCH_SERVER ?? 'apps/server/dist/main.js');
const server = spawn(process.execPath, [serverMain, '--demo'], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'Admin@12345',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
// Whatever goes wrong below (no browser, a failed page), the server does not outlive this script.
process.on('exit', () => server.kill('SIGTERM'));
// Up to a minute: the demo company is seeded first, and a busy machine is slow at it.
for (let i = 0; i < 1200; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 50));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const lines: string[] = [];
try {
  /** gzip bytes of every script the page fetched while reaching `url`. */
  async function scriptsFor(url: string, token?: string) {
    const context = await browser.newContext();
    if (token) await context.addInitScript((t) => localStorage.setItem('QLCV_TOKEN', t), token);
    const page = await context.newPage();
    const scripts: Buffer[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(await res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    await context.close();
    return { files: scripts.length, kb: scripts.reduce((n, b) => n + gzipSync(b).length, 0) / 1024 };
  }
  const { token } = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@12345' }),
    })
  ).json()) as { token: string };

  const login = await scriptsFor('/auth/login');
  const users = await scriptsFor('/admin/users', token);
  // Navigation to the users table, signed in, cold cache each time; the median of five.
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    await context.addInitScript((t) => localStorage.setItem('QLCV_TOKEN', t), token);
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`${base}/admin/users`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ state: 'visible', timeout: 30_000 });
    times.push(Date.now() - t0);
    await context.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  // The same navigation for a returning user: a first visit installs the service worker (its precache of the build
  // complete), then a second visit in the same browser, with the HTTP cache emptied so the shell's scripts and the
  // route chunks come from the worker's cache alone (the API calls still go to the server). The median of five.
  const warmTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    await context.addInitScript((t) => localStorage.setItem('QLCV_TOKEN', t), token);
    const first = await context.newPage();
    await first.goto(`${base}/admin/users`);
    await first.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ state: 'visible', timeout: 30_000 });
    await first.waitForFunction(
      () => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller)),
      null,
      {
        timeout: 120_000,
      },
    );
    await (await context.newCDPSession(first)).send('Network.clearBrowserCache');
    await first.close();
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`${base}/admin/users`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ state: 'visible', timeout: 30_000 });
    warmTimes.push(Date.now() - t0);
    const fromWorker = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/assets/') && (e as PerformanceResourceTiming).workerStart > 0).length,
    );
    if (fromWorker === 0) throw new Error('warm visit: no script came through the service worker');
    await context.close();
  }
  warmTimes.sort((a, b) => a - b);
  const warm = warmTimes[Math.floor(warmTimes.length / 2)] ?? Number.NaN;
  const budget = (name: string, aim: string, measured: string, met: boolean) =>
    `| ${name} | ${aim} | ${measured} | ${met ? 'yes' : 'no'} |`;
  lines.push(
    '',
    '## Web app (Chromium, demo company, served by the built server on loopback)',
    '',
    '| Route | script files | JavaScript (gzip) |',
    '|---|---:|---:|',
    `| /auth/login | ${login.files} | ${login.kb.toFixed(1)} KB |`,
    `| /admin/users | ${users.files} | ${users.kb.toFixed(1)} KB |`,
    '',
    `Navigation to /admin/users until the first table row is visible (signed in, empty cache): median ${median} ms, runs ${times.join(', ')} ms.`,
    '',
    `The same, warm (a returning user: service worker installed, shell and route chunks from its cache, HTTP cache emptied): median ${warm} ms, runs ${warmTimes.join(', ')} ms.`,
    '',
    '### Budgets (web)',
    '',
    '| Budget | Aim | Measured | met? |',
    '|---|---|---|---|',
    budget('Sign-in route JavaScript (gzip)', '≤ 200 KB', `${login.kb.toFixed(1)} KB in ${login.files} files`, login.kb <= 200),
    budget('Users list JavaScript (gzip)', '≤ 350 KB', `${users.kb.toFixed(1)} KB in ${users.files} files`, users.kb <= 350),
    budget('First row of /admin/users (median of 5)', '< 1000 ms', `${median} ms`, median < 1000),
    budget('First row of /admin/users, warm from the service worker (median of 5)', '< 400 ms', `${warm} ms`, warm < 400),
    '',
  );
  console.log(lines.join('\n'));
  // QLCV_WEB_BENCH_DOC: a trial run can append elsewhere than the committed figures.
  appendFileSync(process.env.QLCV_WEB_BENCH_DOC ?? path.join(root, 'docs/performance.md'), lines.join('\n'));
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
