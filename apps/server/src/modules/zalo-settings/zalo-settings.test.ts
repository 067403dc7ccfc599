import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { secretBox } from '../../lib/secret-box';
import { expectError, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { closedPort } from '../../test/http-stand-in';
import { startZaloStandIn, ZALO_APP_ID, ZALO_SECRET_KEY, type ZaloStandIn } from '../../test/zalo-stand-in';

const URL = '/api/settings/zalo';

describe('Zalo settings', () => {
  let t: TestApp;
  let zalo: ZaloStandIn;
  let editor: string;
  let outsider: string;

  const get = (token: string | null = t.adminToken) => t.call({ method: 'GET', url: URL, token });
  const put = (payload: Record<string, unknown>, token: string | null = t.adminToken) =>
    t.call({ method: 'PUT', url: URL, token, payload });
  const version = async () => (await get()).json().version as number;
  const save = async (payload: Record<string, unknown>) => {
    const res = await put({ ...payload, version: await version() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const row = () => t.database.db.selectFrom('zalo_settings').selectAll().executeTakeFirstOrThrow();
  const testConnection = (token: string | null = t.adminToken) =>
    t.call({ method: 'POST', url: `${URL}/test-connection`, token });
  const testMessage = (payload: Record<string, unknown>, token: string | null = t.adminToken) =>
    t.call({ method: 'POST', url: `${URL}/test-message`, token, payload });

  /** The account connected to the stand-in, its token valid for a day. */
  const connect = (over: Record<string, unknown> = {}) =>
    save({
      oa_id: '579745863508352884',
      app_id: ZALO_APP_ID,
      secret_key: ZALO_SECRET_KEY,
      access_token: zalo.accessToken,
      refresh_token: zalo.refreshToken,
      token_expires_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      api_base: zalo.url,
      oauth_base: zalo.url,
      templates: { otp: '1001', request_received: '1002' },
      sms_fallback: true,
      ...over,
    });

  beforeAll(async () => {
    t = await createTestApp();
    zalo = await startZaloStandIn();
    editor = (await t.userWith(['settings.edit'])).token;
    outsider = (await t.userWith(['users.index', 'roles.edit'])).token;
  });
  afterAll(async () => {
    await zalo?.close();
    await t?.close();
  });

  describe('access', () => {
    it('answers 401 without a sign-in on every call', async () => {
      for (const res of [
        await get(null),
        await put({ version: 1 }, null),
        await testConnection(null),
        await testMessage({}, null),
      ]) {
        expectError(res, 401, 'UNAUTHENTICATED');
      }
    });

    it('answers 403 without settings.edit on every call', async () => {
      for (const res of [
        await get(outsider),
        await put({ version: 1 }, outsider),
        await testConnection(outsider),
        await testMessage({ phone: '0912345678', kind: 'otp' }, outsider),
      ]) {
        expectError(res, 403, 'FORBIDDEN');
      }
    });

    it('lets a holder of settings.edit read and save', async () => {
      expect((await get(editor)).statusCode).toBe(200);
      const res = await put({ oa_id: '123', version: await version() }, editor);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().oa_id).toBe('123');
    });
  });

  describe('read and save', () => {
    it('starts empty: not configured, the real Zalo addresses, SMS fallback on', async () => {
      const fresh = await createTestApp();
      try {
        const res = await fresh.call({ method: 'GET', url: URL, token: fresh.adminToken });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          oa_id: null,
          app_id: null,
          secret_key: null,
          access_token: null,
          refresh_token: null,
          has_secret_key: false,
          has_access_token: false,
          has_refresh_token: false,
          token_expires_at: null,
          templates: {},
          api_base: 'https://business.openapi.zalo.me',
          oauth_base: 'https://oauth.zaloapp.com',
          sms_fallback: true,
          configured: false,
          version: 1,
        });
      } finally {
        await fresh.close();
      }
    });

    it('keeps secrets encrypted: the answer shows a mask, the database holds neither value nor mask', async () => {
      const secret = 'zalo-secret-key-ABCD-9876';
      const access = `access-${'x'.repeat(60)}-wxyz`;
      const refresh = `refresh-${'y'.repeat(60)}-r123`;
      const res = await put({
        app_id: ZALO_APP_ID,
        secret_key: secret,
        access_token: access,
        refresh_token: refresh,
        version: await version(),
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const value of [secret, access, refresh]) expect(res.body).not.toContain(value);
      expect(res.json()).toMatchObject({
        secret_key: '••••••••9876',
        access_token: '••••••••wxyz',
        refresh_token: '••••••••r123',
        has_secret_key: true,
        has_access_token: true,
        has_refresh_token: true,
        configured: true,
      });
      const again = await get();
      for (const value of [secret, access, refresh]) expect(again.body).not.toContain(value);
      const stored = await row();
      const dump = JSON.stringify(stored);
      for (const value of [secret, access, refresh, 'ABCD-9876', 'wxyz', 'r123']) expect(dump).not.toContain(value);
      const box = secretBox(t.config.appSecret);
      expect(box.open(stored.secret_key_enc as string)).toBe(secret);
      expect(box.open(stored.access_token_enc as string)).toBe(access);
      expect(box.open(stored.refresh_token_enc as string)).toBe(refresh);
    });

    it('replaces a secret only when a new value is given; empty keeps it, null removes it', async () => {
      await save({ secret_key: 'first-secret-value-1111', access_token: 'first-access-token-2222' });
      const before = await row();
      const kept = await save({ secret_key: '', oa_id: '42' });
      expect(kept.secret_key).toBe('••••••••1111');
      expect(kept.oa_id).toBe('42');
      const after = await row();
      expect(after.secret_key_enc).toBe(before.secret_key_enc);
      expect(after.access_token_enc).toBe(before.access_token_enc);
      const replaced = await save({ secret_key: 'second-secret-value-3333' });
      expect(replaced.secret_key).toBe('••••••••3333');
      const removed = await save({ access_token: null });
      expect(removed).toMatchObject({ access_token: null, has_access_token: false });
    });

    it('saves template ids per kind of message (empty removes one), the addresses and the SMS fallback', async () => {
      // A new address takes the stored secrets entered again (zalo-addresses.test.ts).
      const again = { secret_key: 'moved-secret-value-6666', refresh_token: 'moved-refresh-token-7777', access_token: null };
      const saved = await save({
        templates: { otp: '2001', work_assigned: '2002', request_completed: '2003' },
        api_base: 'http://127.0.0.1:9/zalo',
        sms_fallback: false,
        ...again,
      });
      expect(saved.templates).toEqual({ otp: '2001', work_assigned: '2002', request_completed: '2003' });
      const next = await save({ templates: { work_assigned: '', otp: '2101' }, api_base: '', ...again });
      expect(next.templates).toMatchObject({ otp: '2101', request_completed: '2003' });
      expect(next.templates.work_assigned).toBeUndefined();
      expect(next.api_base).toBe('https://business.openapi.zalo.me');
      expect(next.sms_fallback).toBe(false);
      await save({ sms_fallback: true });
    });

    it('answers 409 to a save naming an old version, and the other save survives', async () => {
      const v = await version();
      expect((await put({ oa_id: '1111', version: v })).statusCode).toBe(200);
      expectError(await put({ oa_id: '2222', version: v }), 409, 'CONFLICT');
      expect((await get()).json().oa_id).toBe('1111');
    });

    it('answers 422 to wrong values, in Vietnamese, field by field', async () => {
      const v = await version();
      const cases: [Record<string, unknown>, string][] = [
        [{ oa_id: 'abc' }, 'oa_id'],
        [{ app_id: '12 34' }, 'app_id'],
        [{ secret_key: 'có dấu cách' }, 'secret_key'],
        [{ access_token: 'x'.repeat(4001) }, 'access_token'],
        [{ templates: { otp: 'T-1' } }, 'templates.otp'],
        [{ templates: { khong_co: '1' } }, 'templates'],
        [{ api_base: 'ftp://zalo.me' }, 'api_base'],
        [{ token_expires_at: 'ngày mai' }, 'token_expires_at'],
        [{ sms_fallback: 'có' }, 'sms_fallback'],
      ];
      for (const [payload, field] of cases) {
        const body = expectError(await put({ ...payload, version: v }), 422, 'VALIDATION_FAILED');
        expect(
          body.errors.some((e) => e.field?.startsWith(field)),
          `${field}: ${JSON.stringify(body)}`,
        ).toBe(true);
        expect(looksVietnamese(body.message) || body.errors.some((e) => looksVietnamese(e.message))).toBe(true);
      }
      expectError(await put({ oa_id: '1' }), 422, 'VALIDATION_FAILED', 'version');
      expect(await version()).toBe(v);
    });

    it('writes an audit entry saying which secret changed, never its value', async () => {
      await save({ secret_key: 'audited-secret-value-5555', oa_id: '777' });
      const entries = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity', '=', 'zalo_settings')
        .orderBy('id', 'desc')
        .execute();
      expect(entries.length).toBeGreaterThan(0);
      const last = entries[0];
      const changes = typeof last?.changes === 'string' ? last.changes : JSON.stringify(last?.changes);
      expect(changes).toContain('secret_key');
      expect(changes).toContain('oa_id');
      expect(JSON.stringify(entries)).not.toContain('audited-secret-value');
      expect(JSON.stringify(entries)).not.toContain('5555');
    });
  });

  describe('connection test', () => {
    beforeEach(() => {
      zalo.phoneAnswers.clear();
    });

    it('answers 422 while the keys are missing', async () => {
      await save({ access_token: null, refresh_token: null });
      expectError(await testConnection(), 422, 'VALIDATION_FAILED');
    });

    it("shows Zalo's answer: the OA's ZNS templates", async () => {
      await connect();
      const res = await testConnection();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, message: expect.stringContaining('2 mẫu ZNS') });
      expect(res.json().provider_response).toContain('OTP đặt lại mật khẩu');
      expect(zalo.calls.at(-1)?.headers.access_token).toBe(zalo.accessToken);
    });

    it('refreshes an expired token first, stores the new single-use pair encrypted, and never shows it', async () => {
      await connect({ token_expires_at: new Date(Date.now() - 60_000).toISOString() });
      const refreshes = zalo.refreshCalls.length;
      const res = await testConnection();
      expect(res.json()).toMatchObject({ ok: true });
      expect(zalo.refreshCalls.length).toBe(refreshes + 1);
      const call = zalo.refreshCalls.at(-1);
      expect(call?.headers.secret_key).toBe(ZALO_SECRET_KEY);
      expect(call?.form).toMatchObject({ app_id: ZALO_APP_ID, grant_type: 'refresh_token' });
      expect(res.body).not.toContain(zalo.accessToken);
      expect(res.body).not.toContain(zalo.refreshToken);
      const stored = await row();
      const box = secretBox(t.config.appSecret);
      expect(box.open(stored.access_token_enc as string)).toBe(zalo.accessToken);
      expect(box.open(stored.refresh_token_enc as string)).toBe(zalo.refreshToken);
      expect(Date.parse(stored.token_expires_at as string) - Date.now()).toBeGreaterThan(89_000_000);
      const shown = (await get()).json();
      expect(shown.access_token).toBe(`••••••••${zalo.accessToken.slice(-4)}`);
      expect(JSON.stringify(shown)).not.toContain(zalo.refreshToken);
    });

    it("says why when Zalo refuses the refresh token, with Zalo's answer", async () => {
      await connect({ refresh_token: 'used-refresh-token-0000', token_expires_at: new Date(Date.now() - 1000).toISOString() });
      const res = await testConnection();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ok: false, message: expect.stringContaining('-14014') });
      expect(res.json().provider_response).toContain('Refresh token is invalid');
    });

    it('says so when the Zalo address cannot be reached', async () => {
      await connect({ api_base: `http://127.0.0.1:${await closedPort()}` });
      const res = await testConnection();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ok: false, message: expect.stringContaining('Không kết nối được Zalo') });
    });
  });

  describe('test message', () => {
    beforeEach(async () => {
      zalo.phoneAnswers.clear();
      await connect();
    });

    it('sends the template of the kind to the phone as 84xxxxxxxxx, an OTP template with 123456', async () => {
      const res = await testMessage({ phone: '0912 345 678', kind: 'otp' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, provider_response: expect.stringContaining('msg_id') });
      const sent = zalo.sends.at(-1);
      expect(sent?.json).toMatchObject({ phone: '84912345678', template_id: '1001', template_data: { otp: '123456' } });
      expect(String(sent?.json?.tracking_id)).toMatch(/^test-/);
    });

    it('passes the sample data given', async () => {
      await testMessage({
        phone: '0912345678',
        kind: 'request_received',
        data: { request_code: 'YC2611-0007', customer_name: 'Công ty Xanh' },
      });
      expect(zalo.sends.at(-1)?.json).toMatchObject({
        template_id: '1002',
        template_data: { request_code: 'YC2611-0007', customer_name: 'Công ty Xanh' },
      });
    });

    it("shows Zalo's refusal (the phone has no Zalo account)", async () => {
      zalo.phoneAnswers.set('84987654321', { body: { error: -118, message: 'Zalo account not existed' } });
      const res = await testMessage({ phone: '0987654321', kind: 'otp' });
      expect(res.json()).toMatchObject({ ok: false, message: expect.stringContaining('-118') });
      expect(res.json().provider_response).toContain('Zalo account not existed');
    });

    it('answers 422 to a kind without a template, a bad phone or kind', async () => {
      expectError(await testMessage({ phone: '0912345678', kind: 'work_overdue' }), 422, 'VALIDATION_FAILED', 'kind');
      expectError(await testMessage({ phone: '12345', kind: 'otp' }), 422, 'VALIDATION_FAILED', 'phone');
      expectError(await testMessage({ phone: '0912345678', kind: 'khac' }), 422, 'VALIDATION_FAILED', 'kind');
    });
  });
});
