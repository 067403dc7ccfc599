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

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
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
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // QLCV_E2E_SERVER: a private server build (SERVER_OUT_DIR), like QLCV_E2E_WEB_DIST for the web app.
    command: `node ${process.env.QLCV_E2E_SERVER ?? 'apps/server/dist/main.js'}`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'Admin@12345',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The Zalo spec's stand-in listens on 127.0.0.1 (http), which production refuses.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      // A private build folder lets two people run the browser tests at once without one rebuild breaking the other.
      WEB_DIST: process.env.QLCV_E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    },
  },
});
