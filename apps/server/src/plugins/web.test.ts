import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web';

describe('web plugin', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'qlcv-web-'));
  const app = Fastify();
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'sw.js'), 'self.__QLCV_SW__ = {};');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"QLCV"}');
    await app.register(webPlugin, { webDist: dist });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for app paths, fresh every time', async () => {
    const res = await app.inject({ url: '/admin/users/7/edit' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await app.inject({ url: '/assets/app-1.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker as JavaScript that is checked on every update, and the manifest with its type', async () => {
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of index.html', async () => {
    const res = await app.inject({ url: '/assets/app-0ld.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('id="root"');
    expect((await app.inject({ url: '/logo-cu.png' })).statusCode).toBe(404);
  });

  it('serves index.html at the root and never a file outside the web folder', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('id="root"');
    writeFileSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), 'mật khẩu');
    for (const url of [
      `/../${path.basename(dist)}-secret.txt`,
      `/..%2f${path.basename(dist)}-secret.txt`,
      `/assets/..%2f..%2f${path.basename(dist)}-secret.txt`,
    ]) {
      const res = await app.inject({ url });
      expect(res.body, url).not.toContain('mật khẩu');
    }
    rmSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`));
  });

  it('answers unknown /api paths with the JSON error body', async () => {
    const res = await app.inject({ url: '/api/khong-co' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error_code: 'NOT_FOUND' });
  });
});
