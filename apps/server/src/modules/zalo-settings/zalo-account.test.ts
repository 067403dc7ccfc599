import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboundMessage } from '../../integrations/channels';
import { outboundPolicy } from '../../integrations/outbound-address';
import { zaloZnsDriver } from '../../integrations/zalo/zalo-zns';
import { secretBox } from '../../lib/secret-box';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectZalo, startZaloStandIn, type ZaloStandIn } from '../../test/zalo-stand-in';
import { ZaloAccountStore } from './zalo-account';

const message = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  id: 31,
  channel: 'zalo',
  recipient: '0912345678',
  subject: null,
  body: 'Yêu cầu YC2611-0007 đã được tiếp nhận',
  data: { kind: 'request_received', 'request.code': 'YC2611-0007', 'customer.name': 'Công ty Xanh' },
  idempotencyKey: '55:0912345678:zalo',
  ...over,
});

/** The ZNS driver and store of one app instance on the shared database. */
function instance(t: TestApp) {
  const store = new ZaloAccountStore(t.database.db, secretBox(t.config.appSecret), outboundPolicy(t.config));
  return { store, driver: zaloZnsDriver(store) };
}

describe('Zalo account and ZNS driver', () => {
  let t: TestApp;
  let zalo: ZaloStandIn;

  const connect = (over: Record<string, unknown> = {}) => connectZalo(t, zalo, { request_received: '1002', otp: '1001' }, over);
  const expire = () => connect({ token_expires_at: new Date(Date.now() - 1000).toISOString() });

  beforeAll(async () => {
    t = await createTestApp();
    zalo = await startZaloStandIn();
  });
  afterAll(async () => {
    await zalo?.close();
    await t?.close();
  });
  beforeEach(() => {
    zalo.phoneAnswers.clear();
    zalo.refreshDelayMs = 50;
  });

  it('sends the template of the kind: phone 84xxxxxxxxx, data named as ZNS wants, the delivery key as tracking_id', async () => {
    await connect();
    const result = await instance(t).driver.send(message());
    expect(result).toEqual({ ok: true, providerResponse: expect.stringContaining('msg_id') });
    expect(zalo.sends.at(-1)?.headers.access_token).toBe(zalo.accessToken);
    expect(zalo.sends.at(-1)?.json).toEqual({
      phone: '84912345678',
      template_id: '1002',
      template_data: { request_code: 'YC2611-0007', customer_name: 'Công ty Xanh' },
      tracking_id: '55:0912345678:zalo',
    });
  });

  it('keeps a long idempotency key within Zalo’s 48 characters, the same on every try', async () => {
    const driver = instance(t).driver;
    const key = `9999:${'a'.repeat(60)}:zalo`;
    await driver.send(message({ idempotencyKey: key }));
    await driver.send(message({ idempotencyKey: key }));
    const [a, b] = zalo.sends.slice(-2).map((c) => String(c.json?.tracking_id));
    expect(a).toHaveLength(48);
    expect(a).toBe(b);
  });

  it('two concurrent sends with an expired token make ONE refresh call, and both go out with the new token', async () => {
    await expire();
    zalo.refreshDelayMs = 200;
    const before = zalo.refreshCalls.length;
    const { driver } = instance(t);
    const results = await Promise.all([driver.send(message()), driver.send(message({ idempotencyKey: 'k2' }))]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(zalo.refreshCalls.length - before).toBe(1);
    expect(zalo.sends.slice(-2).map((c) => c.headers.access_token)).toEqual([zalo.accessToken, zalo.accessToken]);
  });

  it('two instances refreshing at once make ONE refresh call: the other waits and reads the stored pair', async () => {
    await expire();
    zalo.refreshDelayMs = 300;
    const before = zalo.refreshCalls.length;
    const a = instance(t);
    const b = instance(t);
    const results = await Promise.all([a.driver.send(message()), b.driver.send(message({ idempotencyKey: 'k3' }))]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(zalo.refreshCalls.length - before).toBe(1);
    // The single-use refresh token was rotated and the new one stored: the next refresh works.
    const box = secretBox(t.config.appSecret);
    const row = await t.database.db.selectFrom('zalo_settings').selectAll().executeTakeFirstOrThrow();
    expect(box.open(row.refresh_token_enc as string)).toBe(zalo.refreshToken);
    await expire();
    expect((await instance(t).driver.send(message({ idempotencyKey: 'k4' }))).ok).toBe(true);
    expect(zalo.refreshCalls.length - before).toBe(2);
    expect(zalo.refreshCalls.at(-1)?.form?.refresh_token).toBe(box.open(row.refresh_token_enc as string));
  });

  it('refreshes before the token runs out (under an hour left), not after', async () => {
    await connect({ token_expires_at: new Date(Date.now() + 30 * 60_000).toISOString() });
    const before = zalo.refreshCalls.length;
    expect((await instance(t).driver.send(message())).ok).toBe(true);
    expect(zalo.refreshCalls.length - before).toBe(1);
    expect((await instance(t).driver.send(message())).ok).toBe(true);
    expect(zalo.refreshCalls.length - before).toBe(1);
  });

  it('a token Zalo stops honouring (-124) is refreshed once and the send tried again', async () => {
    await connect();
    zalo.revokeAccessToken();
    const before = zalo.refreshCalls.length;
    expect((await instance(t).driver.send(message())).ok).toBe(true);
    expect(zalo.refreshCalls.length - before).toBe(1);
  });

  it('an admin pasting new tokens during a refresh wins over the refreshed pair', async () => {
    await expire();
    zalo.refreshDelayMs = 300;
    const store = instance(t).store;
    const refreshing = store.accessToken();
    await new Promise((r) => setTimeout(r, 100));
    await connect({
      access_token: 'admin-pasted-access-token',
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await refreshing;
    const creds = await store.credentials();
    expect(creds?.accessToken).toBe('admin-pasted-access-token');
  });

  it('says fallbackToSms when the person cannot be reached on Zalo, and tries again when Zalo is busy', async () => {
    await connect();
    const { driver } = instance(t);
    zalo.phoneAnswers.set('84912345678', { body: { error: -118, message: 'Zalo account not existed' } });
    expect(await driver.send(message())).toMatchObject({
      ok: false,
      retryable: false,
      fallbackToSms: true,
      error: expect.stringContaining('-118'),
      providerResponse: expect.stringContaining('Zalo account not existed'),
    });
    for (const refusal of [-109, -115, -119, -139]) {
      zalo.phoneAnswers.set('84912345678', { body: { error: refusal, message: 'refused' } });
      expect(await driver.send(message())).toMatchObject({ ok: false, retryable: false, fallbackToSms: true });
    }
    zalo.phoneAnswers.set('84912345678', { body: { error: -100, message: 'Unknown error' } });
    expect(await driver.send(message())).toMatchObject({ ok: false, retryable: true });
    zalo.phoneAnswers.set('84912345678', { status: 500, body: 'Internal Server Error' });
    const busy = await driver.send(message());
    expect(busy).toMatchObject({ ok: false, retryable: true });
    expect(busy.ok || busy.fallbackToSms).toBeFalsy();
  });

  it('with the SMS fallback off, a refusal is final and says no fallback', async () => {
    await connect({ sms_fallback: false });
    zalo.phoneAnswers.set('84912345678', { body: { error: -118, message: 'Zalo account not existed' } });
    expect(await instance(t).driver.send(message())).toMatchObject({ ok: false, retryable: false, fallbackToSms: false });
  });

  it('falls back to SMS when there is no template for the kind, or Zalo is not set up', async () => {
    await connect();
    const sends = zalo.sends.length;
    expect(await instance(t).driver.send(message({ data: { kind: 'work_overdue' } }))).toMatchObject({
      ok: false,
      retryable: false,
      fallbackToSms: true,
    });
    await connect({ access_token: null, refresh_token: null });
    expect(await instance(t).driver.send(message())).toMatchObject({ ok: false, retryable: false, fallbackToSms: true });
    expect(zalo.sends.length).toBe(sends);
  });

  it('knows at once whether Zalo is set up, and sees another instance’s change within 30 s', async () => {
    await connect({ access_token: null, refresh_token: null });
    const other = instance(t).store;
    expect(other.mayBeConfigured()).toBe(true);
    await other.connection();
    expect(other.mayBeConfigured()).toBe(false);
    await connect();
    expect(other.mayBeConfigured()).toBe(false);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      // Stale: still answers what it knew, and reads the settings again in the background.
      expect(other.mayBeConfigured()).toBe(false);
      await vi.waitFor(() => expect(other.mayBeConfigured()).toBe(true));
    } finally {
      clock.mockRestore();
    }
  });

  it('a refresh token Zalo refuses ends the send (SMS instead), without retrying for ever', async () => {
    await connect({ refresh_token: 'refresh-token-already-used', token_expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(await instance(t).driver.send(message())).toMatchObject({
      ok: false,
      retryable: false,
      fallbackToSms: true,
      error: expect.stringContaining('-14014'),
    });
  });
});
