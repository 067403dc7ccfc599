import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueIp, uniqueMobile } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectZalo, startZaloStandIn, type ZaloStandIn } from '../../test/zalo-stand-in';

const NEW_PASSWORD = 'Mat-khau-moi@2026';

describe('password reset code by Zalo first, SMS when Zalo cannot deliver it', () => {
  let t: TestApp;
  let zalo: ZaloStandIn;

  const configure = (over: Record<string, unknown> = {}) => connectZalo(t, zalo, { otp: '1001' }, over);

  /** A user with a mobile of its own, and that mobile as Zalo writes it. */
  const newUser = async () => {
    const mobile = uniqueMobile();
    await t.userWith([], { mobile });
    return { mobile, zaloPhone: `84${mobile.slice(1)}` };
  };
  const requestOtp = async (mobile: string) => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/reset-password/otp',
      payload: { mobile },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const zaloSendsTo = (phone: string) => zalo.sends.filter((c) => c.json?.phone === phone);
  const smsTo = (mobile: string) => t.sms.filter((m) => m.to === mobile);
  const codeOf = (text = '') => /\b(\d{6})\b/.exec(text)?.[1];
  const resetWith = (mobile: string, otp: string) =>
    t.call({
      method: 'PUT',
      url: '/api/auth/reset-password',
      payload: { mobile, otp, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      remoteAddress: uniqueIp(),
    });

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
  });

  it('goes by SMS while Zalo is not set up', async () => {
    const { mobile } = await newUser();
    await requestOtp(mobile);
    await vi.waitFor(() => expect(smsTo(mobile)).toHaveLength(1));
    expect(zalo.sends).toHaveLength(0);
  });

  it('goes by the Zalo OTP template when Zalo is set up, and that code resets the password', async () => {
    await configure();
    const { mobile, zaloPhone } = await newUser();
    await requestOtp(mobile);
    await vi.waitFor(() => expect(zaloSendsTo(zaloPhone)).toHaveLength(1));
    const sent = zaloSendsTo(zaloPhone)[0]?.json as { template_id: string; template_data: { otp: string } };
    expect(sent.template_id).toBe('1001');
    expect(sent.template_data.otp).toMatch(/^\d{6}$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(smsTo(mobile)).toHaveLength(0);
    expect((await resetWith(mobile, sent.template_data.otp)).statusCode).toBe(204);
  });

  it('goes by SMS when the person has no Zalo account, or Zalo fails', async () => {
    await configure();
    for (const answer of [
      { body: { error: -118, message: 'Zalo account not existed' } },
      { status: 500, body: 'Internal Server Error' },
    ]) {
      const { mobile, zaloPhone } = await newUser();
      zalo.phoneAnswers.set(zaloPhone, answer);
      await requestOtp(mobile);
      await vi.waitFor(() => expect(smsTo(mobile)).toHaveLength(1));
      expect(zaloSendsTo(zaloPhone)).toHaveLength(1);
      const code = codeOf(smsTo(mobile)[0]?.text);
      expect(code).toMatch(/^\d{6}$/);
      expect((await resetWith(mobile, code as string)).statusCode).toBe(204);
    }
  });

  it('sends no SMS after a Zalo refusal when the SMS fallback is off', async () => {
    await configure({ sms_fallback: false });
    const { mobile, zaloPhone } = await newUser();
    zalo.phoneAnswers.set(zaloPhone, { body: { error: -118, message: 'Zalo account not existed' } });
    await requestOtp(mobile);
    await vi.waitFor(() => expect(zaloSendsTo(zaloPhone)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(smsTo(mobile)).toHaveLength(0);
    await configure({ sms_fallback: true });
  });

  it('never stores the code: no delivery row is written for it', async () => {
    await configure();
    const before = await t.database.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { mobile, zaloPhone } = await newUser();
    await requestOtp(mobile);
    await vi.waitFor(() => expect(zaloSendsTo(zaloPhone)).toHaveLength(1));
    const sent = zaloSendsTo(zaloPhone)[0]?.json as { template_data: { otp: string } } | undefined;
    const code = String(sent?.template_data.otp);
    const after = await t.database.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const rows = await t.database.db.selectFrom('deliveries').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});
