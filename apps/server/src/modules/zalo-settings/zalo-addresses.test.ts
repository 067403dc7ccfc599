import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { startZaloStandIn, ZALO_APP_ID, ZALO_SECRET_KEY, type ZaloStandIn } from '../../test/zalo-stand-in';

// Issue 21, part 4: a Zalo address a user sets never carries the stored secrets to a new host. Changing an address
// asks for the secrets again in the same save; addresses are https to a public host, loopback over http only where
// OUTBOUND_ALLOW_LOOPBACK allows it (the stand-ins); what a host answers comes back only as the fields Zalo documents.

const URL_ = '/api/settings/zalo';
const SECRETS = ['secret_key', 'access_token', 'refresh_token'] as const;

function helpers(app: () => TestApp) {
  const get = () => app().call({ method: 'GET', url: URL_, token: app().adminToken });
  const version = async () => (await get()).json().version as number;
  const put = async (payload: Record<string, unknown>) =>
    app().call({ method: 'PUT', url: URL_, token: app().adminToken, payload: { ...payload, version: await version() } });
  const row = () => app().database.db.selectFrom('zalo_settings').selectAll().executeTakeFirstOrThrow();
  const post = (what: 'test-connection' | 'test-message', payload?: Record<string, unknown>) =>
    app().call({ method: 'POST', url: `${URL_}/${what}`, token: app().adminToken, payload });
  return { get, version, put, row, post };
}

/** Every way of writing this machine (or an inner network) in an address, for `port`. */
function innerAddresses(port: string): string[] {
  return [
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
    `http://2130706433:${port}`,
    `http://0x7f000001:${port}`,
    `http://127.1:${port}`,
    `http://0177.0.0.1:${port}`,
    `http://127.0.0.2:${port}`,
    `http://[::1]:${port}`,
    `http://[0:0:0:0:0:0:0:1]:${port}`,
    `http://[::ffff:127.0.0.1]:${port}`,
    `http://LOCALHOST.:${port}`,
    `http://zalo.localhost:${port}`,
    `http://0.0.0.0:${port}`,
    `https://127.0.0.1:${port}`,
    'https://localhost',
    'https://2130706433',
    'https://[::1]',
    'https://[::ffff:7f00:1]',
    'https://0.0.0.0',
    'https://[::]',
    'https://10.1.2.3',
    'https://172.16.0.1',
    'https://192.168.1.10',
    'https://169.254.169.254/latest',
    'https://100.64.0.1',
    'https://[fd00::1]',
    'https://[fe80::1]',
    'https://[::ffff:10.0.0.1]',
  ];
}

describe('Zalo addresses without OUTBOUND_ALLOW_LOOPBACK (production)', () => {
  let t: TestApp;
  let zalo: ZaloStandIn;
  const h = helpers(() => t);
  const secrets = () => ({ secret_key: ZALO_SECRET_KEY, access_token: zalo.accessToken, refresh_token: zalo.refreshToken });

  beforeAll(async () => {
    t = await createTestApp({}, { OUTBOUND_ALLOW_LOOPBACK: 'false', PUBLIC_URL: 'https://qlcv.congty.vn' });
    zalo = await startZaloStandIn();
    const res = await h.put({ app_id: ZALO_APP_ID, ...secrets(), templates: { otp: '1001' } });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await zalo?.close();
    await t?.close();
  });

  it('refuses every form of this machine, inner networks, plain http, the app itself and credentials in the address', async () => {
    const port = new URL(zalo.url).port;
    const before = await h.row();
    const refused = [
      ...innerAddresses(port),
      'http://business.openapi.zalo.me',
      'http://oauth.zaloapp.com',
      'https://qlcv.congty.vn/zalo',
      'https://user:mat-khau@business.openapi.zalo.me',
      'https://business.openapi.zalo.me/?x=1',
    ];
    for (const address of refused) {
      for (const field of ['api_base', 'oauth_base']) {
        // The secrets are given: the address alone is wrong.
        const body = expectError(await h.put({ [field]: address, ...secrets() }), 422, 'VALIDATION_FAILED', field);
        const error = body.errors.find((e) => e.field === field);
        expect(looksVietnamese(error?.message ?? ''), `${address}: ${error?.message}`).toBe(true);
      }
    }
    expect(await h.row()).toEqual(before);
    expect(zalo.calls).toHaveLength(0);
  });

  it('takes https to a public host when the secrets are entered again', async () => {
    const res = await h.put({
      api_base: 'https://zns-proxy.congty.vn/zalo',
      oauth_base: 'https://oauth.zaloapp.com',
      ...secrets(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ api_base: 'https://zns-proxy.congty.vn/zalo', oauth_base: 'https://oauth.zaloapp.com' });
  });

  it('sends nothing to an address stored before the rule (an old row pointing at this machine)', async () => {
    await t.database.db.updateTable('zalo_settings').set({ api_base: zalo.url, oauth_base: zalo.url }).execute();
    const connection = await h.post('test-connection');
    expect(connection.statusCode, connection.body).toBe(200);
    expect(connection.json()).toMatchObject({ ok: false, provider_response: null });
    expect(looksVietnamese(connection.json().message)).toBe(true);
    const message = await h.post('test-message', { phone: '0912345678', kind: 'otp' });
    expect(message.statusCode, message.body).toBe(200);
    expect(message.json()).toMatchObject({ ok: false });
    expect(zalo.calls).toHaveLength(0);
  });
});

describe('Zalo addresses with OUTBOUND_ALLOW_LOOPBACK (the local stand-ins)', () => {
  let t: TestApp;
  /** Where the secrets belong. */
  let zalo: ZaloStandIn;
  /** Someone else's host. */
  let other: ZaloStandIn;
  const h = helpers(() => t);

  const connect = async () => {
    const res = await h.put({
      app_id: ZALO_APP_ID,
      secret_key: ZALO_SECRET_KEY,
      access_token: zalo.accessToken,
      refresh_token: zalo.refreshToken,
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      api_base: zalo.url,
      oauth_base: zalo.url,
      templates: { otp: '1001' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const secretsOfZalo = () => [ZALO_SECRET_KEY, zalo.accessToken, zalo.refreshToken];

  beforeAll(async () => {
    t = await createTestApp();
    zalo = await startZaloStandIn();
    other = await startZaloStandIn({ accessToken: 'OTHER-AT', refreshToken: 'OTHER-RT' });
  });
  afterAll(async () => {
    await zalo?.close();
    await other?.close();
    await t?.close();
  });
  beforeEach(async () => {
    zalo.override = null;
    other.override = null;
    await connect();
  });

  it('takes this machine over http, but nothing else over http and no inner network address', async () => {
    const secrets = { secret_key: ZALO_SECRET_KEY, access_token: zalo.accessToken, refresh_token: zalo.refreshToken };
    const port = new URL(zalo.url).port;
    for (const address of [`http://localhost:${port}`, `http://2130706433:${port}`, `http://[::1]:${port}`]) {
      const res = await h.put({ api_base: address, ...secrets });
      expect(res.statusCode, `${address}: ${res.body}`).toBe(200);
    }
    for (const address of [
      'http://business.openapi.zalo.me',
      `http://0.0.0.0:${port}`,
      'https://10.1.2.3',
      'https://169.254.169.254',
      'http://[fd00::1]',
    ]) {
      expectError(await h.put({ api_base: address, ...secrets }), 422, 'VALIDATION_FAILED', 'api_base');
    }
  });

  it('refuses an address change without the secrets: 422 on each stored secret, nothing changed, nothing sent there', async () => {
    const before = await h.row();
    const cases: Record<string, unknown>[] = [
      { api_base: other.url, oauth_base: other.url },
      { api_base: other.url },
      { oauth_base: other.url },
      // Back to Zalo's own address is a change too.
      { api_base: null },
      // Empty keeps the stored secret: not entered again.
      { api_base: other.url, oauth_base: other.url, secret_key: '', access_token: '', refresh_token: '' },
      // One secret entered again is not all of them.
      { api_base: other.url, oauth_base: other.url, access_token: 'OTHER-AT' },
    ];
    for (const payload of cases) {
      const body = expectError(await h.put(payload), 422, 'VALIDATION_FAILED');
      const fields = body.errors.map((e) => e.field);
      for (const s of SECRETS) {
        if (payload[s]) expect(fields, JSON.stringify(payload)).not.toContain(s);
        else expect(fields, JSON.stringify(payload)).toContain(s);
      }
      for (const e of body.errors) expect(looksVietnamese(e.message), e.message).toBe(true);
      expect(await h.row()).toEqual(before);
    }
    // The attack: "Kiểm tra kết nối" after such a save still talks to Zalo, and the other host hears nothing.
    const res = await h.post('test-connection');
    expect(res.json()).toMatchObject({ ok: true });
    expect(other.calls).toHaveLength(0);
  });

  it('saves an address change with the secrets entered again, or removed, and only those reach the new host', async () => {
    const res = await h.put({
      api_base: other.url,
      oauth_base: other.url,
      secret_key: 'other-secret-key-0002',
      access_token: 'OTHER-AT',
      refresh_token: 'OTHER-RT',
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ api_base: other.url, oauth_base: other.url, has_access_token: true });
    expect((await h.post('test-connection')).json()).toMatchObject({ ok: true });
    expect(other.calls.length).toBeGreaterThan(0);
    const heard = JSON.stringify(other.calls);
    for (const s of secretsOfZalo()) expect(heard).not.toContain(s);

    // Removing the secrets is the other way to move: a secret no longer stored need not be given.
    const cleared = await h.put({
      api_base: zalo.url,
      oauth_base: zalo.url,
      secret_key: null,
      refresh_token: null,
      access_token: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ has_secret_key: false, has_access_token: false, has_refresh_token: false });
    const moved = await h.put({ api_base: other.url, access_token: 'OTHER-AT' });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  describe("what the host answered comes back as Zalo's documented fields only", () => {
    const LEAKS = ['LEAK-1', 'LEAK-2', 'LEAK-3', 'LEAK-4', 'LEAK-5'];
    const expectNoLeak = (text: string) => {
      for (const leak of LEAKS) expect(text).not.toContain(leak);
      for (const s of secretsOfZalo()) expect(text).not.toContain(s);
    };

    it('the connection test: extra fields dropped, the templates kept', async () => {
      zalo.override = (call) => ({
        body: {
          error: 0,
          message: 'Success',
          data: [{ templateId: 7001, templateName: 'Mã OTP', status: 'ENABLE', note: 'LEAK-1', headers: call.headers }],
          metadata: { total: 1, debug: 'LEAK-2' },
          echo: { headers: call.headers, body: call.body },
          leak: 'LEAK-3',
        },
      });
      const res = await h.post('test-connection');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().ok).toBe(true);
      expectNoLeak(res.body);
      expect(JSON.parse(res.json().provider_response)).toEqual({
        error: 0,
        message: 'Success',
        data: [{ templateId: 7001, templateName: 'Mã OTP', status: 'ENABLE' }],
        metadata: { total: 1 },
      });
    });

    it('an HTML page or any body that is not JSON: nothing of it comes back', async () => {
      zalo.override = () => ({ status: 200, body: '<html><body><h1>LEAK-1 admin</h1><p>LEAK-2</p></body></html>' });
      const connection = await h.post('test-connection');
      expect(connection.json()).toMatchObject({ ok: false, provider_response: null });
      expectNoLeak(connection.body);
      zalo.override = () => ({ status: 500, body: 'LEAK-3 stack trace' });
      const failed = await h.post('test-connection');
      expect(failed.json()).toMatchObject({ ok: false, provider_response: null });
      expectNoLeak(failed.body);
    });

    it('a refusal, a test send and a refused token refresh: their documented fields only', async () => {
      zalo.override = () => ({ body: { error: -201, message: 'Invalid parameter', detail: 'LEAK-1' } });
      const refused = await h.post('test-connection');
      expect(refused.json()).toMatchObject({ ok: false, message: expect.stringContaining('-201') });
      expect(JSON.parse(refused.json().provider_response)).toEqual({ error: -201, message: 'Invalid parameter' });

      zalo.override = () => ({
        body: {
          error: 0,
          message: 'Success',
          data: {
            msg_id: 'msg-77',
            sent_time: '1764000000000',
            quota: { dailyQuota: '500', remainingQuota: '499', x: 'LEAK-2' },
            y: 'LEAK-3',
          },
          z: 'LEAK-4',
        },
      });
      const sent = await h.post('test-message', { phone: '0912345678', kind: 'otp' });
      expect(sent.json()).toMatchObject({ ok: true });
      expectNoLeak(sent.body);
      expect(JSON.parse(sent.json().provider_response)).toEqual({
        error: 0,
        message: 'Success',
        data: { msg_id: 'msg-77', sent_time: '1764000000000', quota: { dailyQuota: '500', remainingQuota: '499' } },
      });

      await t.database.db
        .updateTable('zalo_settings')
        .set({ token_expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      zalo.override = () => ({
        body: { error: -14014, error_name: 'Invalid parameter', error_description: 'Refresh token is invalid', more: 'LEAK-5' },
      });
      const refresh = await h.post('test-connection');
      expect(refresh.json()).toMatchObject({ ok: false, message: expect.stringContaining('-14014') });
      expectNoLeak(refresh.body);
      expect(JSON.parse(refresh.json().provider_response)).toEqual({
        error: -14014,
        error_name: 'Invalid parameter',
        error_description: 'Refresh token is invalid',
      });
    });
  });
});
