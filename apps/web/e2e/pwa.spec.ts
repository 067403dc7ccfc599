import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { adminLogin, useToken } from './helpers';

// The installable app: manifest, service worker (precache of the build, offline shell and page, no API answer ever
// cached) and the "Tải lại" prompt of a new build. Each test has its own browser context, so its own worker install.

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  lang: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Waits until the worker is active (its precache complete) and controls this page; answers its build version. */
async function controlledVersion(page: Page): Promise<string> {
  await expect
    // The install fetches the whole build: ~15 s on a machine shared with other runs, longer at its busiest.
    .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller))), {
      timeout: 90_000,
    })
    .toBe(true);
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller!.postMessage({ type: 'VERSION' }, [channel.port2]);
      }),
  );
}

/** Every cache of the origin and the addresses it holds. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return out;
  });
}

/** The worker's build as the server sends it: its version and the files it precaches. */
async function servedBuild(context: BrowserContext): Promise<{ version: string; files: string[] }> {
  const body = await (await context.request.get('/sw.js')).text();
  const json = /self\.__QLCV_SW__ = (\{.*\});/.exec(body)?.[1];
  expect(json, 'sw.js starts with its build').toBeTruthy();
  return JSON.parse(json!);
}

// Whatever the run's default, these tests need the worker.
test.use({ serviceWorkers: 'allow' });

test.describe('installable app', () => {
  // Each test installs the worker, which fetches the whole build (~330 files) on a machine shared with other runs.
  test.setTimeout(180_000);

  test('the manifest, its icons and the worker make the app installable in Chromium', async ({
    playwright,
    baseURL,
  }, testInfo) => {
    // A profile on disk: Chromium never offers to install from an incognito context (Playwright's usual kind).
    const profile = mkdtempSync(path.join(tmpdir(), 'qlcv-pwa-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      locale: 'vi-VN',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await installableChecks(page, context);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('offline, a page opens in the cached shell, a route never visited loads its chunk from the cache, and what is never cached shows the offline page', async ({
    page,
    context,
    request,
  }) => {
    await useToken(page, await adminLogin(request));
    await page.goto('/admin/users');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await controlledVersion(page);

    await context.setOffline(true);
    try {
      // The shell and its files from the cache: the app starts (not the browser's error page, not the offline page).
      await page.reload();
      await expect(page.locator('#root')).not.toBeEmpty({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Không có kết nối mạng' })).toHaveCount(0);
      const scriptsFromWorker = await page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/assets/') && (entry as PerformanceResourceTiming).workerStart > 0).length,
      );
      expect(scriptsFromWorker).toBeGreaterThan(0);

      // A screen not opened before: its route chunk is in the precache too.
      await page.goto('/admin/works');
      await expect(page.locator('#root')).not.toBeEmpty({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Không có kết nối mạng' })).toHaveCount(0);

      // A download link (an /api address, never cached): the Vietnamese offline page, not the browser's error.
      await page.goto('/api/documents/1/download');
      await expect(page.getByRole('heading', { name: 'Không có kết nối mạng' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Thử lại' })).toBeVisible();
      await expect(page).toHaveTitle('Không có kết nối mạng | Quan trắc & Kỹ thuật');
    } finally {
      await context.setOffline(false);
    }
    // Back online, "Thử lại" asks the server again (here: the JSON refusal of an unsigned download).
    await page.getByRole('link', { name: 'Thử lại' }).click();
    await expect(page.getByText('"error_code"')).toBeVisible();
  });

  test('the cache holds exactly the build being served, and never an API answer', async ({ page, context, request }) => {
    await useToken(page, await adminLogin(request));
    for (const url of ['/admin/users', '/admin/notifications', '/admin/personal', '/admin']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
    }
    const version = await controlledVersion(page);
    // Once more under the worker's control: every request of these pages now passes through it.
    for (const url of ['/admin/users', '/admin/personal']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
    }
    // Chromium skips the worker for the app's API calls altogether (its static routes): they never reach it.
    const apiCalls = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerMatchedSourceType?: string })[])
        .filter(
          (entry) =>
            new URL(entry.name).pathname.startsWith('/api/') && ['fetch', 'xmlhttprequest'].includes(entry.initiatorType),
        )
        .map((entry) => `${new URL(entry.name).pathname} ${entry.workerMatchedSourceType}`),
    );
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const call of apiCalls) expect(call).toMatch(/ network$/);
    const caches = await cachedUrls(page);
    expect(Object.keys(caches)).toEqual([`qlcv-${version}`]);
    const urls = caches[`qlcv-${version}`]!;
    const api = urls.filter((url) => url.startsWith('/api') || url.startsWith('/socket.io'));
    expect(api).toEqual([]);
    // The precache: index.html, the entry, every route chunk and the public files of this build.
    const build = await servedBuild(context);
    expect(build.files).toContain('/index.html');
    expect(build.files).toContain('/offline.html');
    const entry = await (await request.get('/')).text();
    const entryScript = /<script type="module" crossorigin src="([^"]+)"/.exec(entry)?.[1];
    expect(build.files).toContain(entryScript);
    expect(build.files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(100);
    expect([...urls].sort()).toEqual(expect.arrayContaining(build.files));
  });

  test('a new build is offered with "Tải lại", which reloads once under the new version', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // The browser's update check of a worker script never passes through Playwright's routing (page or context), so
    // the new build is served by a plain proxy in front of the server, as a deploy would change what it serves: the
    // same files, and /sw.js under another version once `next` is set. Nothing on the server changes.
    let next: string | undefined;
    const proxy = await startProxy(new URL(baseURL!), (body) => {
      if (!next) return body;
      const changed = body.replace(/"version":"[^"]+"/, `"version":"${next}"`);
      expect(changed).toContain(next);
      return changed;
    });
    try {
      await page.goto(`${proxy.url}/404`);
      await page.evaluate((token) => localStorage.setItem('QLCV_TOKEN', token), await adminLogin(request));
      await page.goto(`${proxy.url}/admin`);
      const before = await controlledVersion(page);
      await expect(page.getByText('Đã có bản cập nhật')).toHaveCount(0);

      next = 'e2e-next-build';
      // What the app does every hour and whenever it comes back to the foreground.
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));

      const prompt = page.getByRole('status').filter({ hasText: 'Đã có bản cập nhật' });
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      // Still the old version until the person chooses.
      expect(await controlledVersion(page)).toBe(before);

      let loads = 0;
      page.on('load', () => loads++);
      await prompt.getByRole('button', { name: 'Tải lại' }).click();
      await expect.poll(() => loads, { timeout: 30_000 }).toBe(1);
      await page.waitForLoadState('load');
      expect(await controlledVersion(page)).toBe(next);
      await expect(page.getByText('Đã có bản cập nhật')).toHaveCount(0);
      await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
      // The old version's cache went with it.
      expect(Object.keys(await cachedUrls(page))).toEqual([`qlcv-${next}`]);
      // Reloaded once, not in a loop.
      await page.waitForTimeout(1000);
      expect(loads).toBe(1);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});

/** An HTTP proxy on a free loopback port to `target`, WebSockets included; `rewriteWorker` may change /sw.js. */
async function startProxy(
  target: URL,
  rewriteWorker: (body: string) => string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = { hostname: target.hostname, port: Number(target.port) };
  const server = http.createServer((req, res) => {
    const out = http.request({ ...upstream, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (req.url?.split('?')[0] !== '/sw.js') {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = rewriteWorker(Buffer.concat(chunks).toString('utf8'));
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        delete headers.etag;
        delete headers['last-modified'];
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(body);
      });
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('upgrade', (req, socket, head) => {
    const out = net.connect(upstream.port, upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      out.write(`${lines.join('\r\n')}\r\n\r\n`);
      out.write(head);
      out.pipe(socket);
      socket.pipe(out);
    });
    out.on('error', () => socket.destroy());
    socket.on('error', () => out.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The manifest, its icons, the iOS tags, the worker, and Chromium's installability verdict. */
async function installableChecks(page: Page, context: BrowserContext): Promise<void> {
  await page.goto('/auth/login');

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const res = await context.request.get(manifestHref!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'QLCV — Quan trắc & Kỹ thuật',
    short_name: 'QLCV',
    start_url: '/admin',
    scope: '/',
    display: 'standalone',
    lang: 'vi',
    theme_color: '#0b7a75',
  });
  // Every PNG icon loads and is the size it declares: 192 and 512 for "any", 512 maskable.
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const [src, sizes] of [...pngs.map((icon) => [icon.src, icon.sizes]), [appleIcon!, '180x180']] as const) {
    const size = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, src);
    expect(size, src).toBe(sizes);
  }
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'QLCV');

  // The worker controls the page on the first visit (no reload needed) and serves a fetch handler.
  const version = await controlledVersion(page);
  expect(version).toBe((await servedBuild(context)).version);

  // Chromium's own verdict: the manifest parses without error and nothing stands in the way of installing.
  const cdp = await context.newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
}
