import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, defaultReadWorkers, loadConfig, prepareDataDir } from './config';

/** The error loadConfig throws for an environment, or a failure when it throws none. */
function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, ./data resolved, the SQLite file inside it', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.database).toEqual({
      kind: 'sqlite',
      file: path.join(path.resolve('./data'), 'qlcv.sqlite'),
      readWorkers: defaultReadWorkers(),
    });
    expect(c.env).toBe('production');
    expect(c.appSecret).toBe('');
    expect(c.tokenTtlHours).toBe(24 * 7);
    expect(c.smsDriver).toBe('log');
    expect(c.trustProxy).toBe(false);
  });

  it('puts the SQLite file in the data directory that is given', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/qlcv-du-lieu', PORT: '8080' });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/tmp/qlcv-du-lieu');
    expect(c.database).toMatchObject({ kind: 'sqlite', file: '/tmp/qlcv-du-lieu/qlcv.sqlite' });
  });

  it('switches to PostgreSQL on DATABASE_URL=postgres://…', () => {
    for (const url of ['postgres://qlcv:bi-mat@db.local:5432/qlcv', 'postgresql://db.local/qlcv']) {
      const c = loadConfig({ DATABASE_URL: url, DB_POOL_SIZE: '7' });
      expect(c.database).toEqual({ kind: 'postgres', url, poolSize: 7 });
    }
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).database).toMatchObject({ kind: 'postgres', poolSize: 10 });
  });

  it('takes a SQLite file from DATABASE_URL=sqlite:…', () => {
    const c = loadConfig({ DATABASE_URL: 'sqlite:/tmp/khac.sqlite' });
    expect(c.database).toMatchObject({ kind: 'sqlite', file: '/tmp/khac.sqlite' });
  });

  it('sizes the SQLite reader threads from SQLITE_READ_WORKERS, else from the cores (2 to 4)', () => {
    expect(loadConfig({ SQLITE_READ_WORKERS: '0' }).database).toMatchObject({ kind: 'sqlite', readWorkers: 0 });
    expect(loadConfig({ SQLITE_READ_WORKERS: '3' }).database).toMatchObject({ readWorkers: 3 });
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultReadWorkers(cores))).toEqual([2, 2, 2, 3, 4, 4]);
    expect(() => loadConfig({ SQLITE_READ_WORKERS: '-1' })).toThrow(/SQLITE_READ_WORKERS="-1" — không được âm/);
    expect(() => loadConfig({ SQLITE_READ_WORKERS: '1.5' })).toThrow(/SQLITE_READ_WORKERS="1.5" — phải là số nguyên/);
  });

  it('reads booleans and numbers', () => {
    const c = loadConfig({ TRUST_PROXY: 'true', TOKEN_TTL_HOURS: '12', NODE_ENV: 'test', LOG_LEVEL: 'warn' });
    expect(c).toMatchObject({ trustProxy: true, tokenTtlHours: 12, env: 'test', logLevel: 'warn' });
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('refuses loopback addresses for outside services unless OUTBOUND_ALLOW_LOOPBACK says so', () => {
    expect(loadConfig({}).outboundAllowLoopback).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }).outboundAllowLoopback).toBe(true);
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: '0' }).outboundAllowLoopback).toBe(false);
    expect(errorOf({ OUTBOUND_ALLOW_LOOPBACK: 'có' }).message).toContain('OUTBOUND_ALLOW_LOOPBACK');
  });

  it('keeps the public address without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://qlcv.congty.vn/' }).publicUrl).toBe('https://qlcv.congty.vn');
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it('logs pretty lines at a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).prettyLogs).toBe(true);
    expect(loadConfig({}, false).prettyLogs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }, false).prettyLogs).toBe(true);
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).prettyLogs).toBe(false);
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).prettyLogs).toBe(true);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['APP_SECRET', { APP_SECRET: 'ngan-qua' }],
    ['TOKEN_TTL_HOURS', { TOKEN_TTL_HOURS: '0' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'xml' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'qlcv.congty.vn' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: '123' }],
  ])('stops on a wrong %s with a one-line message naming it', (name, env) => {
    const err = errorOf(env);
    expect(err.message).toContain(name);
    expect(err.message).not.toContain('\n');
    expect(err.message.length).toBeLessThan(300);
    expect(err.message.startsWith('Cấu hình không hợp lệ')).toBe(true);
  });

  it('explains a short APP_SECRET in Vietnamese', () => {
    expect(errorOf({ APP_SECRET: 'x'.repeat(31) }).message).toContain('cần ít nhất 32 ký tự');
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).appSecret).toBe('x'.repeat(32));
  });

  it('never echoes a value that may hold credentials', () => {
    expect(errorOf({ DATABASE_URL: 'mysql://root:S3cret@db/x' }).message).not.toContain('S3cret');
    expect(errorOf({ APP_SECRET: 'bi-mat-ngan' }).message).not.toContain('bi-mat-ngan');
    expect(errorOf({ ADMIN_PASSWORD: 'abc12' }).message).not.toContain('abc12');
    expect(errorOf({ PORT: 'abc' }).message).toContain('"abc"');
  });

  it('treats a variable set to an empty string as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '  ', APP_SECRET: '' });
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe('sqlite');
  });

  it('explains a wrong DATABASE_URL', () => {
    expect(errorOf({ DATABASE_URL: 'mysql://x' }).message).toContain('postgres://');
  });
});

describe('prepareDataDir', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tempRoot = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'qlcv-config-'));
    dirs.push(d);
    return d;
  };

  it('creates the directory and a secret once, then reuses it', () => {
    const dataDir = path.join(tempRoot(), 'du-lieu', 'sau');
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = prepareDataDir(config);
    expect(existsSync(dataDir)).toBe(true);
    const file = path.join(dataDir, 'app-secret');
    expect(existsSync(file)).toBe(true);
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    // Only the owner reads it.
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = prepareDataDir(loadConfig({ DATA_DIR: dataDir }));
    expect(second.appSecret).toBe(first.appSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    // The input config is not changed in place.
    expect(config.appSecret).toBe('');
  });

  it('gives each new data directory its own secret', () => {
    const a = prepareDataDir(loadConfig({ DATA_DIR: path.join(tempRoot(), 'a') }));
    const b = prepareDataDir(loadConfig({ DATA_DIR: path.join(tempRoot(), 'b') }));
    expect(a.appSecret).not.toBe(b.appSecret);
  });

  it('keeps a given APP_SECRET and writes no file', () => {
    const dataDir = path.join(tempRoot(), 'given');
    const secret = 's'.repeat(40);
    const c = prepareDataDir(loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret }));
    expect(c.appSecret).toBe(secret);
    expect(existsSync(dataDir)).toBe(true);
    expect(existsSync(path.join(dataDir, 'app-secret'))).toBe(false);
  });

  it('reads a secret file that is already there', () => {
    const dataDir = tempRoot();
    writeFileSync(path.join(dataDir, 'app-secret'), `${'k'.repeat(43)}\n`);
    expect(prepareDataDir(loadConfig({ DATA_DIR: dataDir })).appSecret).toBe('k'.repeat(43));
  });
});
