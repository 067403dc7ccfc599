import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Browser tests: the built web app served by the built server, on a fresh data directory per run.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Set once in the runner; workers inherit it, so every spec sees the same directory
// (the forgot/reset spec reads the `log` SMS driver's file there).
process.env.QLCV_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'qlcv-e2e-'));
const dataDir = process.env.QLCV_E2E_DATA_DIR;
const port = Number(process.env.QLCV_E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

// The "phone" project (e2e/phone) runs on a second server with the demo company (`--demo`), its own port and data.
const phonePort = Number(process.env.QLCV_E2E_PHONE_PORT ?? port + 500);
const phoneURL = `http://127.0.0.1:${phonePort}`;

/**
 * Whether this run may reach the phone project: not when `--project` names only others, nor when the files asked for
 * are all outside e2e/phone. Saves starting the demo server (and seeding it) for a desktop-only run.
 */
function runsPhone(argv: string[]): boolean {
  const projects: string[] = [];
  argv.forEach((arg, i) => {
    // `--project a b` takes every name up to the next option, as Playwright reads it.
    if (arg === '--project') for (let j = i + 1; j < argv.length && !argv[j]!.startsWith('-'); j++) projects.push(argv[j]!);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
  });
  if (projects.length > 0 && !projects.includes('phone')) return false;
  const files = argv.filter((arg) => /\.spec\.ts(:\d+)*$/.test(arg));
  return files.length === 0 || files.some((f) => f.includes('phone'));
}

const withPhone = runsPhone(process.argv);
if (withPhone) process.env.QLCV_E2E_PHONE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'qlcv-e2e-'));
const phoneDataDir = process.env.QLCV_E2E_PHONE_DATA_DIR ?? '';

const serverEnv = {
  HOST: '127.0.0.1',
  ADMIN_PASSWORD: 'Admin@12345',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // A private build folder lets two people run the browser tests at once without one rebuild breaking the other.
  WEB_DIST: process.env.QLCV_E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
};
// QLCV_E2E_SERVER: a private server build (SERVER_OUT_DIR), like QLCV_E2E_WEB_DIST for the web app.
const serverCommand = `node ${process.env.QLCV_E2E_SERVER ?? 'apps/server/dist/main.js'}`;

export default defineConfig({
  testDir: './e2e',
  globalTeardown: ['./e2e/global-teardown.ts', './e2e/phone/global-teardown.ts'],
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    // The app's service worker precaches every chunk in the background of each new context; only the specs about it
    // (pwa, push devices) allow it, so the others measure the app, not a 3.6 MB install.
    serviceWorkers: 'block',
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // The desktop browser tests, as they always ran (the default 1280 × 720 viewport).
    { name: 'desktop', testIgnore: ['phone/**'] },
    {
      name: 'phone',
      testDir: './e2e/phone',
      use: { baseURL: phoneURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: [
    {
      command: serverCommand,
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        DATA_DIR: dataDir,
        PORT: String(port),
        // The Zalo spec's stand-in listens on 127.0.0.1 (http), which production refuses.
        OUTBOUND_ALLOW_LOOPBACK: 'true',
      },
    },
    ...(withPhone
      ? [
          {
            // The demo company is seeded on the first start (about 5 s; longer on a loaded machine).
            command: `${serverCommand} --demo`,
            cwd: repoRoot,
            url: `${phoneURL}/api/health`,
            reuseExistingServer: false,
            timeout: 180_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            env: { ...serverEnv, DATA_DIR: phoneDataDir, PORT: String(phonePort) },
          },
        ]
      : []),
  ],
});
