import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueIp, uniqueMobile } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { startZaloStandIn, ZALO_APP_ID, ZALO_SECRET_KEY, type ZaloStandIn } from '../../test/zalo-stand-in';

// Secrets and codes never reach a log line: everything the app logs at trace level while Zalo keys are saved, a token
// is refreshed, messages are tested and reset codes go by Zalo and by SMS, searched for every secret and code.

describe('Zalo secrets and reset codes in the logs', () => {
  let t: TestApp;
  let zalo: ZaloStandIn;
  const lines: string[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } });
    zalo = await startZaloStandIn({ accessToken: 'AT-log-original-0001', refreshToken: 'RT-log-original-0002' });
  });
  afterAll(async () => {
    await zalo?.close();
    await t?.close();
  });

  it('holds none of them', async () => {
    secrets.push(ZALO_SECRET_KEY, zalo.accessToken, zalo.refreshToken);
    const version = (await t.call({ method: 'GET', url: '/api/settings/zalo', token: t.adminToken })).json().version;
    const saved = await t.call({
      method: 'PUT',
      url: '/api/settings/zalo',
      token: t.adminToken,
      payload: {
        app_id: ZALO_APP_ID,
        secret_key: ZALO_SECRET_KEY,
        access_token: zalo.accessToken,
        refresh_token: zalo.refreshToken,
        token_expires_at: new Date(Date.now() - 1000).toISOString(),
        api_base: zalo.url,
        oauth_base: zalo.url,
        templates: { otp: '1001' },
        version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Refreshes the expired token: the new pair is a secret too.
    expect((await t.call({ method: 'POST', url: '/api/settings/zalo/test-connection', token: t.adminToken })).json().ok).toBe(
      true,
    );
    secrets.push(zalo.accessToken, zalo.refreshToken);
    await t.call({
      method: 'POST',
      url: '/api/settings/zalo/test-message',
      token: t.adminToken,
      payload: { phone: '0912345678', kind: 'otp' },
    });

    // A reset code by Zalo, then one by SMS after Zalo refuses.
    const codes: string[] = [];
    for (const refuse of [false, true]) {
      const mobile = uniqueMobile();
      await t.userWith([], { mobile });
      if (refuse) zalo.phoneAnswers.set(`84${mobile.slice(1)}`, { body: { error: -118, message: 'Zalo account not existed' } });
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/reset-password/otp',
        payload: { mobile },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
      if (refuse) {
        await vi.waitFor(() => expect(t.sms.some((m) => m.to === mobile)).toBe(true));
        codes.push(/\b(\d{6})\b/.exec(t.sms.find((m) => m.to === mobile)?.text ?? '')?.[1] ?? 'none');
      } else {
        await vi.waitFor(() => expect(zalo.sends.some((c) => c.json?.phone === `84${mobile.slice(1)}`)).toBe(true));
        const sent = zalo.sends.find((c) => c.json?.phone === `84${mobile.slice(1)}`)?.json as { template_data: { otp: string } };
        codes.push(sent.template_data.otp);
      }
    }
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);

    const log = lines.join('');
    expect(log).toContain('zalo message sent');
    expect(log).toContain('sending by SMS');
    for (const value of [...secrets, ...codes]) expect(log, value).not.toContain(value);
  });
});
