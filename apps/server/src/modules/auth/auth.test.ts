import { createHash } from 'node:crypto';
import { PERMISSION_KEYS, type PermissionKey } from '@qlcv/common/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectErrorBody,
  expectFieldError,
  expectUnauthenticated,
  secretsIn,
  uniqueIp,
  uniqueMobile,
  uniqueName,
  VIETNAMESE,
} from '../../test/auth-helpers';
import { ADMIN_PASSWORD, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

interface TestUser {
  id: number;
  token: string;
  roleId: number;
  username: string;
  email: string;
  mobile: string;
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const DAY_MS = 24 * 3600_000;

describe('auth', () => {
  let t: TestApp;

  /** A user with its own role, e-mail and mobile, already signed in once. */
  async function newUser(keys: readonly PermissionKey[] = [], extra: Record<string, unknown> = {}): Promise<TestUser> {
    const email = `${uniqueName('mail')}@congty.vn`;
    const mobile = uniqueMobile();
    const u = await t.userWith(keys, { email, mobile, ...extra });
    const info = await t.call({ method: 'GET', url: '/api/auth/info', token: u.token });
    expect(info.statusCode).toBe(200);
    return { ...u, username: info.json().user.username, email, mobile };
  }

  const login = (username: unknown, password: unknown, remoteAddress?: string) =>
    t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  const info = (token: string | null) => t.call({ method: 'GET', url: '/api/auth/info', token });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /api/auth/login', () => {
    it('signs in by user name, e-mail and mobile in every written form, each time with a fresh token', async () => {
      const u = await newUser();
      const local = u.mobile.slice(1);
      const forms = [
        u.username,
        ` ${u.username.toUpperCase()} `,
        u.email,
        u.email.toUpperCase(),
        u.mobile,
        `+84${local}`,
        `84${local}`,
        `${u.mobile.slice(0, 4)} ${u.mobile.slice(4, 7)} ${u.mobile.slice(7)}`,
      ];
      const tokens = new Set<string>();
      for (const form of forms) {
        const res = await login(form, TEST_PASSWORD);
        expect(res.statusCode, `${form}: ${res.body}`).toBe(200);
        const body = res.json();
        expect(Object.keys(body).sort()).toEqual(['expires_at', 'token']);
        tokens.add(body.token);
        const me = await info(body.token);
        expect(me.statusCode).toBe(200);
        expect(me.json().user.id).toBe(u.id);
      }
      expect(tokens.size).toBe(forms.length);
    });

    it('answers a token of at least 128 random bits and an expiry seven days ahead', async () => {
      const before = Date.now();
      const res = await login('admin', ADMIN_PASSWORD);
      expect(res.statusCode).toBe(200);
      const { token, expires_at } = res.json();
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      const expires = Date.parse(expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);
    });

    it('stores only the hash of a token, and records the sign-in time', async () => {
      const u = await newUser();
      const rows = await t.database.db.selectFrom('access_tokens').selectAll().where('user_id', '=', u.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(sha256(u.token));
      expect(JSON.stringify(rows)).not.toContain(u.token);
      const user = await t.call({ method: 'GET', url: `/api/users/${u.id}`, token: t.adminToken });
      expect(Date.parse(user.json().last_login_at)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('gives a wrong password and an unknown user the same status and the same body', async () => {
      const u = await newUser();
      const ip = uniqueIp();
      const wrong = await login(u.username, 'Sai-mat-khau-2026', ip);
      const unknown = await login(uniqueName('khongco'), 'Sai-mat-khau-2026', ip);
      const unknownMobile = await login(uniqueMobile(), TEST_PASSWORD, ip);
      for (const res of [wrong, unknown, unknownMobile]) {
        const body = expectErrorBody(res, 422, 'INVALID_CREDENTIALS');
        expect(body.message).toMatch(VIETNAMESE);
      }
      expect(unknown.json()).toEqual(wrong.json());
      expect(unknownMobile.json()).toEqual(wrong.json());
    });

    it('refuses a missing or mistyped user name or password with 422 naming the field', async () => {
      expectFieldError(await t.call({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } }), 'username');
      expectFieldError(await t.call({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin' } }), 'password');
      expectFieldError(await login('   ', ADMIN_PASSWORD), 'username');
      expectFieldError(await login('admin', ''), 'password');
      expectFieldError(await login(['admin'], ADMIN_PASSWORD), 'username');
      expectFieldError(await login('admin', { $ne: '' }), 'password');
      expectFieldError(await login({ username: 'admin' }, ADMIN_PASSWORD), 'username');
    });

    it('answers the 6th attempt after 5 failures in a minute with 429 and Retry-After, even with the right password', async () => {
      const u = await newUser();
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++) expectErrorBody(await login(u.username, `Sai-mat-khau-${i}`, ip), 422, 'INVALID_CREDENTIALS');
      const blocked = await login(u.username, TEST_PASSWORD, ip);
      const body = expectErrorBody(blocked, 429, 'RATE_LIMITED');
      expect(body.message).toMatch(VIETNAMESE);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The limit is per account and address: the same account elsewhere, and another account here, still sign in.
      expect((await login(u.username, TEST_PASSWORD, uniqueIp())).statusCode).toBe(200);
      expect((await login('admin', ADMIN_PASSWORD, ip)).statusCode).toBe(200);
    });

    it('counts failures per account, whichever name, e-mail or mobile form they use', async () => {
      const u = await newUser();
      const ip = uniqueIp();
      const local = u.mobile.slice(1);
      const forms = [u.username, u.email, u.mobile, `+84${local}`, `${u.mobile.slice(0, 4)}.${u.mobile.slice(4)}`];
      for (const form of forms) expectErrorBody(await login(form, 'Sai-mat-khau-2026', ip), 422, 'INVALID_CREDENTIALS');
      const blocked = await login(`${u.mobile.slice(0, 4)}-${u.mobile.slice(4)}`, TEST_PASSWORD, ip);
      expectErrorBody(blocked, 429, 'RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
      expectErrorBody(await login(u.email, TEST_PASSWORD, ip), 429, 'RATE_LIMITED');
    });

    it('limits an unknown user name exactly like a known one, so the limit reveals nothing', async () => {
      const ip = uniqueIp();
      const name = uniqueName('khongco');
      for (let i = 0; i < 5; i++) expectErrorBody(await login(name, `Sai-${i}-mat-khau`, ip), 422, 'INVALID_CREDENTIALS');
      const blocked = await login(name, 'Sai-mat-khau', ip);
      expectErrorBody(blocked, 429, 'RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
    });

    it('limits the failures of one client address across accounts', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 30; i++)
        expectErrorBody(await login(uniqueName('doan'), 'Sai-mat-khau', ip), 422, 'INVALID_CREDENTIALS');
      const blocked = await login('admin', ADMIN_PASSWORD, ip);
      expectErrorBody(blocked, 429, 'RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
      expect((await login('admin', ADMIN_PASSWORD, uniqueIp())).statusCode).toBe(200);
    });

    it('resets the failure count on a successful sign-in', async () => {
      const u = await newUser();
      const ip = uniqueIp();
      for (let i = 0; i < 4; i++) expectErrorBody(await login(u.username, `Sai-${i}-mat-khau`, ip), 422, 'INVALID_CREDENTIALS');
      expect((await login(u.username, TEST_PASSWORD, ip)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expectErrorBody(await login(u.username, `Sai-${i}-mat-khau`, ip), 422, 'INVALID_CREDENTIALS');
      expect((await login(u.username, TEST_PASSWORD, ip)).statusCode).toBe(200);
    });
  });

  describe('locked users', () => {
    it('lose their tokens, cannot sign in, and sign in again once unlocked', async () => {
      const u = await newUser();
      const second = await t.login(u.username);
      expect((await info(second)).statusCode).toBe(200);

      const lock = await t.call({ method: 'POST', url: `/api/users/${u.id}/lock`, token: t.adminToken });
      expect(lock.statusCode).toBe(200);
      expect(lock.json().status).toBe('locked');

      expectUnauthenticated(await info(u.token));
      expectUnauthenticated(await info(second));
      expectUnauthenticated(await t.call({ method: 'POST', url: '/api/auth/logout', token: u.token }));

      const ip = uniqueIp();
      const refused = expectErrorBody(await login(u.username, TEST_PASSWORD, ip), 403, 'ACCOUNT_LOCKED');
      expect(refused.message).toMatch(VIETNAMESE);
      // A wrong password tells nothing about the lock.
      expectErrorBody(await login(u.username, 'Sai-mat-khau-2026', ip), 422, 'INVALID_CREDENTIALS');

      const unlock = await t.call({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: t.adminToken });
      expect(unlock.statusCode).toBe(200);
      expect(unlock.json().status).toBe('active');
      // The tokens from before the lock stay dead.
      expectUnauthenticated(await info(u.token));
      const fresh = await login(u.username, TEST_PASSWORD, ip);
      expect(fresh.statusCode).toBe(200);
      expect((await info(fresh.json().token)).json().user.id).toBe(u.id);
    });

    it('lose a token even if it survived in the table: a locked status alone refuses it', async () => {
      const u = await newUser();
      await t.database.db.updateTable('users').set({ status: 'locked' }).where('id', '=', u.id).execute();
      expectUnauthenticated(await info(u.token));
    });

    it('follow changes written by another instance on the next call: a deleted token, a new role', async () => {
      const u = await newUser(['users.index']);
      const other = await t.login(u.username);
      expect((await t.call({ method: 'GET', url: '/api/users', token: other })).statusCode).toBe(200);
      // Straight into the database, as a second server on the same database would write them.
      const { db } = t.database;
      await db.deleteFrom('access_tokens').where('token_hash', '=', sha256(u.token)).execute();
      expectUnauthenticated(await info(u.token));
      const bare = await newUser([]);
      await db.updateTable('users').set({ role_id: bare.roleId }).where('id', '=', u.id).execute();
      expectErrorBody(await t.call({ method: 'GET', url: '/api/users', token: other }), 403, 'FORBIDDEN');
      expect((await info(other)).json().permissions_code).toEqual([]);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('answers 204 and revokes only that token', async () => {
      const u = await newUser();
      const other = await t.login(u.username);
      const res = await t.call({ method: 'POST', url: '/api/auth/logout', token: u.token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectUnauthenticated(await info(u.token));
      expectUnauthenticated(await t.call({ method: 'POST', url: '/api/auth/logout', token: u.token }));
      expect((await info(other)).statusCode).toBe(200);
      const left = await t.database.db.selectFrom('access_tokens').select('token_hash').where('user_id', '=', u.id).execute();
      expect(left.map((r) => r.token_hash)).toEqual([sha256(other)]);
    });

    it('answers 401 without a token', async () => {
      expectUnauthenticated(await t.call({ method: 'POST', url: '/api/auth/logout' }));
    });
  });

  describe('token transport', () => {
    it('accepts the token only in the Authorization header, never in a query string', async () => {
      const token = t.adminToken;
      expect((await info(token)).statusCode).toBe(200);
      for (const name of ['token', 'access_token', 'api_token', 'authorization']) {
        expectUnauthenticated(await t.call({ method: 'GET', url: `/api/auth/info?${name}=${token}` }));
        expectUnauthenticated(await t.call({ method: 'GET', url: '/api/auth/info', query: { [name]: `Bearer ${token}` } }));
      }
      expectUnauthenticated(await t.call({ method: 'GET', url: '/api/auth/info', cookies: { token } }));
    });

    it('answers 401 to every malformed Authorization header', async () => {
      const token = t.adminToken;
      const headers = [
        '',
        'Bearer',
        'Bearer ',
        token,
        `Basic ${token}`,
        `Token ${token}`,
        `Bearer${token}`,
        `Bearer ${token} ${token}`,
        `Bearer ${token}x`,
        `Bearer ${token.slice(0, -1)}`,
        `Bearer ${token.toUpperCase()}`,
        `Bearer "${token}"`,
        'Bearer null',
        'Bearer undefined',
        `Bearer ${'a'.repeat(5000)}`,
        `Bearer ${sha256(token)}`,
      ];
      for (const authorization of headers) {
        const res = await t.call({ method: 'GET', url: '/api/auth/info', headers: { authorization } });
        expect(res.statusCode, authorization.slice(0, 40)).toBe(401);
        expectUnauthenticated(res);
      }
      // The scheme name itself is case-insensitive (RFC 9110).
      const lower = await t.call({ method: 'GET', url: '/api/auth/info', headers: { authorization: `bearer ${token}` } });
      expect(lower.statusCode).toBe(200);
    });

    it('refuses an expired token and forgets it', async () => {
      const u = await newUser();
      expect((await info(u.token)).statusCode).toBe(200);
      await t.database.db
        .updateTable('access_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', sha256(u.token))
        .execute();
      expectUnauthenticated(await info(u.token));
      expectUnauthenticated(await t.call({ method: 'GET', url: '/api/users', token: u.token }));
      const left = await t.database.db.selectFrom('access_tokens').select('id').where('user_id', '=', u.id).execute();
      expect(left).toHaveLength(0);
    });
  });

  describe('GET /api/auth/info', () => {
    it('answers the administrator with its role, department and every permission key', async () => {
      const res = await info(t.adminToken);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['permissions_code', 'user']);
      expect(body.user).toMatchObject({ username: 'admin', department_id: null, status: 'active' });
      expect(body.user.role).toEqual({ id: expect.any(Number), code: 'admin', name: expect.any(String) });
      expect(body.user.role_id).toBe(body.user.role.id);
      expect([...body.permissions_code].sort()).toEqual([...PERMISSION_KEYS].sort());
      expect(body.permissions_code).toHaveLength(new Set(body.permissions_code).size);
    });

    it('answers a user of a custom role with exactly its keys and its department', async () => {
      const dept = await t.call({
        method: 'POST',
        url: '/api/departments',
        token: t.adminToken,
        payload: { code: uniqueName('PB'), name: 'Phòng Quan trắc' },
      });
      expect(dept.statusCode).toBe(201);
      const keys: PermissionKey[] = ['users.index', 'leaves.department', 'works.all'];
      const u = await newUser(keys, { department_id: dept.json().id });
      const res = await info(u.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ id: u.id, username: u.username, email: u.email, mobile: u.mobile });
      expect(body.user.department_id).toBe(dept.json().id);
      expect(body.user.role).toEqual({ id: u.roleId, code: expect.any(String), name: expect.any(String) });
      expect([...body.permissions_code].sort()).toEqual([...keys].sort());

      const none = await newUser([]);
      expect((await info(none.token)).json().permissions_code).toEqual([]);
    });

    it('follows a change of the role keys on the next call', async () => {
      const u = await newUser(['users.index']);
      const role = (await t.call({ method: 'GET', url: `/api/roles/${u.roleId}`, token: t.adminToken })).json();
      const put = await t.call({
        method: 'PUT',
        url: `/api/roles/${u.roleId}`,
        token: t.adminToken,
        payload: { code: role.code, name: role.name, permissions: ['roles.index', 'roles.show'], version: role.version },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect([...(await info(u.token)).json().permissions_code].sort()).toEqual(['roles.index', 'roles.show']);
    });

    it('answers 401 without a token', async () => {
      expectUnauthenticated(await info(null));
    });

    it('never sends a password, token or code hash', async () => {
      const u = await newUser(['users.index', 'users.show']);
      const bodies = [
        await info(u.token),
        await info(t.adminToken),
        await t.call({ method: 'GET', url: '/api/users?per_page=100', token: t.adminToken }),
        await t.call({ method: 'GET', url: `/api/users/${u.id}`, token: u.token }),
        await t.call({ method: 'GET', url: `/api/audit-logs?entity=users&entity_id=${u.id}`, token: t.adminToken }),
        await t.call({ method: 'POST', url: `/api/users/${u.id}/lock`, token: t.adminToken }),
        await t.call({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: t.adminToken }),
        await login(u.username, TEST_PASSWORD),
      ];
      for (const res of bodies) {
        expect(res.statusCode, res.body).toBe(200);
        expect(secretsIn(res.json()), res.body.slice(0, 200)).toEqual([]);
        expect(res.body).not.toMatch(/password_hash|token_hash|code_hash|\$argon2/);
      }
    });
  });

  describe('the error body', () => {
    it('holds exactly message, errors and error_code for 401, 403, 404, 422 and 429', async () => {
      const u = await newUser([]);
      expectUnauthenticated(await t.call({ method: 'GET', url: '/api/users' }));
      const forbidden = expectErrorBody(await t.call({ method: 'GET', url: '/api/users', token: u.token }), 403, 'FORBIDDEN');
      expect(forbidden.message).toMatch(VIETNAMESE);
      const missing = expectErrorBody(
        await t.call({ method: 'GET', url: '/api/users/999999', token: t.adminToken }),
        404,
        'NOT_FOUND',
      );
      expect(missing.message).toMatch(VIETNAMESE);
      expectErrorBody(await t.call({ method: 'GET', url: '/api/khong-co-duong-dan', token: t.adminToken }), 404, 'NOT_FOUND');
      expectFieldError(await login('admin', 42), 'password');
    });

    it('answers a body that is not JSON with 400 and a Vietnamese message, never a 500', async () => {
      const bad = [
        '{',
        '{"username": "admin",',
        "{'username':'admin'}",
        'undefined',
        '{"username":"admin"}}',
        '{"__proto__": {"admin": true}, "username": "admin", "password": "x"}',
        '{"constructor": {"prototype": {"admin": true}}, "username": "admin", "password": "x"}',
      ];
      for (const payload of bad) {
        const res = await t.call({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        const body = expectErrorBody(res, 400);
        expect(body.message).toMatch(VIETNAMESE);
        expect(res.body).not.toMatch(/SyntaxError|Unexpected|at .*\.js/);
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      const authed = await t.call({
        method: 'PUT',
        url: '/api/profile/partial',
        token: t.adminToken,
        headers: { 'content-type': 'application/json' },
        payload: '{"column": "name", "value": ',
      });
      expect(expectErrorBody(authed, 400).message).toMatch(VIETNAMESE);
    });

    it('answers an empty JSON body with 422 (the body is missing), never a 500', async () => {
      // The seed's client labels every call JSON, so an empty body is no body, judged by the route's schema.
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(expectErrorBody(res, 422).error_code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toMatch(VIETNAMESE);
    });

    it('answers a JSON value that is not an object with 422, an unknown content type with 415 and a huge body with 413', async () => {
      for (const payload of ['null', '"admin"', '[]', '42']) {
        const res = await t.call({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expectErrorBody(res, 422, 'VALIDATION_FAILED');
      }
      const xml = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(expectErrorBody(xml, 415).message).toMatch(VIETNAMESE);
      const huge = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'x'.repeat(2_000_000) },
      });
      expect(expectErrorBody(huge, 413).message).toMatch(VIETNAMESE);
    });
  });
});

describe('login name and password forms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts a Vietnamese password typed in decomposed form (NFD) when it was set composed (NFC)', async () => {
    const composed = 'Mật khẩu Đẹp 2026'.normalize('NFC');
    const { roleId } = await t.userWith([]);
    const created = await t.call({
      method: 'POST',
      url: '/api/users',
      token: t.adminToken,
      payload: { name: 'Đặng Thu Thảo', username: 'thao.dt', role_id: roleId, password: composed },
    });
    expect(created.statusCode).toBe(201);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'thao.dt', password: composed.normalize('NFD') },
    });
    expect(res.statusCode).toBe(200);
  });

  it('prefers the user whose user name matches exactly over another user whose mobile reads the same', async () => {
    const owner = await t.userWith([], { mobile: '0987001122' });
    const digits = await t.call({
      method: 'POST',
      url: '/api/users',
      token: t.adminToken,
      payload: { name: 'Số Học', username: '0987001122', role_id: owner.roleId, password: 'Khac@20260' },
    });
    expect(digits.statusCode).toBe(201);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '0987001122', password: 'Khac@20260' },
    });
    expect(res.statusCode).toBe(200);
    const info = await t.call({ method: 'GET', url: '/api/auth/info', token: res.json().token });
    expect(info.json().user.id).toBe(digits.json().id);
  });
});
