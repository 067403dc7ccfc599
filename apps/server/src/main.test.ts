import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point in a child process: configuration, migrations, first admin, listen, SIGTERM.
const mainTs = path.resolve(import.meta.dirname, 'main.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
  });
  proc.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function waitHealthy(port: number, proc: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error('server exited early');
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server never became healthy');
}

/** A port nobody listens on right now (other test files run in parallel). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'qlcv-main-'));
  dirs.push(d);
  return d;
};

describe('main', () => {
  it('stops at once with a one-line message naming a wrong variable', async () => {
    const s = start({ DATA_DIR: tmp(), PORT: 'abc' });
    expect(await s.exited).toBe(1);
    const lines = s.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });

  it('first start migrates, creates admin with a printed password, keeps the secret, and exits 0 on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const dataDir = tmp();
    const port = await freePort();
    const s = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, s.proc);
    const password = /admin \/ (\S+)/.exec(s.output())?.[1];
    expect(password).toBeTruthy();
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').length).toBeGreaterThanOrEqual(40);

    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const { token, expires_at } = (await login.json()) as { token: string; expires_at: string };
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());

    const docs = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { paths: Record<string, unknown> }).paths['/api/auth/login']).toBeDefined();

    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);

    // A second start on the same data directory prints no new password: the admin exists.
    const again = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port, again.proc);
    expect(again.output()).not.toMatch(/admin \//);
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
