import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PermissionKey } from '@qlcv/common/permissions';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, migrate, openDatabase } from '../db/database';
import { ensureAdmin } from '../db/seed/admin';
import type { SmsMessage } from '../integrations/sms/sms';
import { ensureNotificationSettings } from '../modules/notification-settings/ensure-notification-settings';

export const ADMIN_PASSWORD = 'Admin@12345';
export const TEST_PASSWORD = 'Matkhau@2026';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every SMS the app sent, in order. */
  sms: SmsMessage[];
  adminToken: string;
  /** HTTP through the real router, with an optional bearer token. */
  call(opts: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  login(username: string, password?: string): Promise<string>;
  /** A role holding exactly `keys` and a signed-in user with it. */
  userWith(
    keys: readonly PermissionKey[],
    extra?: Record<string, unknown>,
  ): Promise<{ id: number; token: string; roleId: number }>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database on the server TEST_DATABASE_URL points at, dropped on close. */
export async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `qlcv_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let userSeq = 0;

/**
 * `deps`: a hub, rate-limit store, stream heartbeat or upload storage of the test's own; `env`: variables of the
 * configuration over the test's (`OUTBOUND_ALLOW_LOOPBACK: 'false'` for a test of the addresses refused in production).
 */
export async function createTestApp(
  deps: Pick<AppDeps, 'realtime' | 'rateLimits' | 'streamHeartbeatMs' | 'logger' | 'storage'> = {},
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await freshPostgres(pgBase) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DB_POOL_SIZE: '4',
    // The outside services' stand-ins listen on 127.0.0.1 (test/http-stand-in.ts).
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    // SQLite's reader threads: the default (pool on) unless the run says otherwise (SQLITE_READ_WORKERS=0: the suite
    // on one connection); a test passes its own in `env`.
    ...(process.env.SQLITE_READ_WORKERS ? { SQLITE_READ_WORKERS: process.env.SQLITE_READ_WORKERS } : {}),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = openDatabase(config.database);
  await migrate(database);
  await ensureAdmin(database.db, ADMIN_PASSWORD);
  await ensureNotificationSettings(database.db);
  const sms: SmsMessage[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...deps,
    sms: {
      async send(m) {
        sms.push(m);
      },
    },
  });
  await app.ready();

  const call: TestApp['call'] = ({ token, headers, ...opts }) =>
    app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const login = async (username: string, password = TEST_PASSWORD) => {
    const res = await call({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  const adminToken = await login('admin', ADMIN_PASSWORD);

  const userWith: TestApp['userWith'] = async (keys, extra = {}) => {
    userSeq += 1;
    const tag = `${process.pid}${userSeq}`;
    const role = await call({
      method: 'POST',
      url: '/api/roles',
      token: adminToken,
      payload: { code: `r${tag}`, name: `Vai trò ${tag}`, permissions: keys },
    });
    if (role.statusCode !== 201) throw new Error(`role: ${role.body}`);
    const username = `u${tag}`;
    const user = await call({
      method: 'POST',
      url: '/api/users',
      token: adminToken,
      payload: { name: `Người dùng ${tag}`, username, role_id: role.json().id, password: TEST_PASSWORD, ...extra },
    });
    if (user.statusCode !== 201) throw new Error(`user: ${user.body}`);
    return { id: user.json().id, token: await login(username), roleId: role.json().id };
  };

  return {
    app,
    database,
    config,
    sms,
    adminToken,
    call,
    login,
    userWith,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
