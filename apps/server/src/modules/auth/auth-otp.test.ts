import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectErrorBody,
  expectFieldError,
  expectUnauthenticated,
  uniqueIp,
  uniqueMobile,
  uniqueName,
  VIETNAMESE,
} from '../../test/auth-helpers';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { OTP_INVALID_MESSAGE, OTP_SENT_MESSAGE, RESET_FAILURE_MIN_MS } from './auth.service';

const NEW_PASSWORD = 'Doi-mat-khau@2026';

describe('password reset by one-time code', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A signed-in user with a mobile of its own. */
  async function newUser() {
    const mobile = uniqueMobile();
    const u = await t.userWith([], { mobile, email: `${uniqueName('otp')}@congty.vn` });
    return { ...u, mobile };
  }

  const requestOtp = (mobile: unknown, remoteAddress = uniqueIp()) =>
    t.call({ method: 'POST', url: '/api/auth/reset-password/otp', payload: { mobile }, remoteAddress });

  const reset = (body: Record<string, unknown>, remoteAddress = uniqueIp()) =>
    t.call({
      method: 'PUT',
      url: '/api/auth/reset-password',
      payload: { password: NEW_PASSWORD, password_confirmation: body.password ?? NEW_PASSWORD, ...body },
      remoteAddress,
    });

  const login = (mobile: string, password: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { username: mobile, password }, remoteAddress: uniqueIp() });

  const smsTo = (mobile: string) => t.sms.filter((m) => m.to === mobile);

  /** Asks for a code and reads it from the one SMS it sent. */
  async function codeFor(mobile: string): Promise<string> {
    const before = t.sms.length;
    const res = await requestOtp(mobile);
    expect(res.statusCode, res.body).toBe(200);
    expect(t.sms.length).toBe(before + 1);
    const code = /\b(\d{6})\b/.exec(t.sms.at(-1)?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return code as string;
  }

  /** Moves the clock the limits read (Date only; real timers keep running). */
  function travel(ms: number) {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + ms);
  }

  describe('POST /api/auth/reset-password/otp', () => {
    it('sends exactly one SMS with a 6-digit code to the stored number, and never answers the code', async () => {
      const u = await newUser();
      const before = t.sms.length;
      const started = Date.now();
      const res = await requestOtp(`+84 ${u.mobile.slice(1, 4)} ${u.mobile.slice(4)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: OTP_SENT_MESSAGE });
      expect(res.json().message).toMatch(VIETNAMESE);
      expect(t.sms.length).toBe(before + 1);
      const sms = t.sms.at(-1);
      expect(sms?.to).toBe(u.mobile);
      const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(res.body).not.toContain(code);
      expect(JSON.stringify(res.headers)).not.toContain(code);
      expect(sms?.safeText).not.toContain(code);

      const rows = await t.database.db.selectFrom('password_otps').selectAll().where('mobile', '=', u.mobile).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.user_id).toBe(u.id);
      expect(rows[0]?.code_hash).not.toContain(code);
      const ttl = Date.parse(rows[0]?.expires_at ?? '') - started;
      expect(ttl).toBeGreaterThan(4 * 60_000);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);
    });

    it('answers an unknown or locked mobile with the identical body and sends nothing', async () => {
      const known = await requestOtp((await newUser()).mobile);
      const locked = await newUser();
      expect((await t.call({ method: 'POST', url: `/api/users/${locked.id}/lock`, token: t.adminToken })).statusCode).toBe(200);
      const before = t.sms.length;
      const unknown = await requestOtp(uniqueMobile());
      const lockedRes = await requestOtp(locked.mobile);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(lockedRes.statusCode).toBe(known.statusCode);
      expect(lockedRes.json()).toEqual(known.json());
      expect(t.sms.length).toBe(before);
    });

    it('refuses a malformed mobile with 422 naming the field', async () => {
      for (const mobile of ['0123', '01234567890', 'abc', '', 912345678, null, ['0912345678'], { mobile: '0912345678' }]) {
        expectFieldError(await requestOtp(mobile), 'mobile');
      }
      expectFieldError(await t.call({ method: 'POST', url: '/api/auth/reset-password/otp', payload: {} }), 'mobile');
    });

    it('allows one send per 60 s, for known and unknown mobiles alike, with Retry-After', async () => {
      const u = await newUser();
      const unknown = uniqueMobile();
      await codeFor(u.mobile);
      expect((await requestOtp(unknown)).statusCode).toBe(200);
      const before = t.sms.length;
      const again = await requestOtp(u.mobile);
      const againUnknown = await requestOtp(unknown);
      for (const res of [again, againUnknown]) {
        expectErrorBody(res, 429, 'RATE_LIMITED');
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      expect(again.json()).toEqual(againUnknown.json());
      expect(t.sms.length).toBe(before);

      travel(61_000);
      await codeFor(u.mobile);
      expect((await requestOtp(unknown)).statusCode).toBe(200);
    });

    it('caps the sends of a day per mobile, known or not', async () => {
      const u = await newUser();
      const unknown = uniqueMobile();
      const before = smsTo(u.mobile).length;
      for (let i = 0; i < 5; i++) {
        travel(61_000);
        expect((await requestOtp(u.mobile)).statusCode).toBe(200);
        expect((await requestOtp(unknown)).statusCode).toBe(200);
      }
      expect(smsTo(u.mobile).length).toBe(before + 5);
      travel(61_000);
      const capped = await requestOtp(u.mobile);
      const cappedUnknown = await requestOtp(unknown);
      expectErrorBody(capped, 429, 'RATE_LIMITED');
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(60);
      expect(cappedUnknown.statusCode).toBe(429);
      expect(cappedUnknown.json()).toEqual(capped.json());
      expect(smsTo(u.mobile).length).toBe(before + 5);
      // The cap lasts the day, then lifts.
      travel(24 * 3600_000);
      expect((await requestOtp(u.mobile)).statusCode).toBe(200);
      expect(smsTo(u.mobile).length).toBe(before + 6);
    });

    it('keeps the daily cap from the stored codes, so a restart does not reopen it', async () => {
      const u = await newUser();
      const now = new Date().toISOString();
      for (let i = 0; i < 5; i++) {
        await t.database.db
          .insertInto('password_otps')
          .values({ user_id: u.id, mobile: u.mobile, code_hash: 'x'.repeat(64), expires_at: now, created_at: now, ip: null })
          .execute();
      }
      const res = await requestOtp(u.mobile);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: OTP_SENT_MESSAGE });
      expect(smsTo(u.mobile)).toHaveLength(0);
    });

    it('limits the sends per client address, per minute and per day', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++) expect((await requestOtp(uniqueMobile(), ip)).statusCode).toBe(200);
      const perMinute = await requestOtp(uniqueMobile(), ip);
      expectErrorBody(perMinute, 429, 'RATE_LIMITED');
      expect(perMinute.headers['retry-after']).toBeDefined();

      const dayIp = uniqueIp();
      let sent = 0;
      let refused: Awaited<ReturnType<typeof requestOtp>> | null = null;
      for (let i = 0; i < 40 && !refused; i++) {
        if (i % 5 === 0) travel(61_000);
        const res = await requestOtp(uniqueMobile(), dayIp);
        if (res.statusCode === 200) sent += 1;
        else refused = res;
      }
      expect(refused).not.toBeNull();
      expectErrorBody(refused as NonNullable<typeof refused>, 429, 'RATE_LIMITED');
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(60);
      expect(sent).toBe(20);
    });
  });

  describe('PUT /api/auth/reset-password', () => {
    it('sets the new password with the right code and revokes every token of the user', async () => {
      const u = await newUser();
      const second = await t.login(`${u.mobile}`);
      const code = await codeFor(u.mobile);
      const res = await reset({ mobile: u.mobile, otp: code });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');

      expectUnauthenticated(await t.call({ method: 'GET', url: '/api/auth/info', token: u.token }));
      expectUnauthenticated(await t.call({ method: 'GET', url: '/api/auth/info', token: second }));
      expect((await login(u.mobile, NEW_PASSWORD)).statusCode).toBe(200);
      expectErrorBody(await login(u.mobile, TEST_PASSWORD), 422, 'INVALID_CREDENTIALS');

      const audit = await t.call({ method: 'GET', url: `/api/audit-logs?entity=users&entity_id=${u.id}`, token: t.adminToken });
      expect(audit.json().data.map((e: { action: string }) => e.action)).toContain('password');
      expect(audit.body).not.toContain(code);
    });

    it('refuses the same code a second time', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      expect((await reset({ mobile: u.mobile, otp: code })).statusCode).toBe(204);
      const again = expectFieldError(
        await reset({ mobile: u.mobile, otp: code, password: 'Mat-khau-khac-2026', password_confirmation: 'Mat-khau-khac-2026' }),
        'otp',
        'OTP_INVALID',
      );
      expect(again.message).toMatch(VIETNAMESE);
      expect((await login(u.mobile, NEW_PASSWORD)).statusCode).toBe(200);
      expectErrorBody(await login(u.mobile, 'Mat-khau-khac-2026'), 422, 'INVALID_CREDENTIALS');
    });

    it('refuses an expired code (the one answer of every failure) and keeps the old password', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      await t.database.db
        .updateTable('password_otps')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('mobile', '=', u.mobile)
        .execute();
      const res = expectFieldError(await reset({ mobile: u.mobile, otp: code }), 'otp', 'OTP_INVALID');
      expect(res.message).toBe(OTP_INVALID_MESSAGE);
      expect((await login(u.mobile, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('expires a code after 5 minutes', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      travel(5 * 60_000 + 1000);
      expect(expectFieldError(await reset({ mobile: u.mobile, otp: code }), 'otp', 'OTP_INVALID').message).toBe(
        OTP_INVALID_MESSAGE,
      );
    });

    it('kills a code after 5 wrong tries: the right code then is refused', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        messages.push(expectFieldError(await reset({ mobile: u.mobile, otp: wrong }), 'otp', 'OTP_INVALID').message);
      }
      // The answer never counts the tries left: that would tell a registered mobile from another.
      expect(new Set(messages)).toEqual(new Set([OTP_INVALID_MESSAGE]));
      expect(expectFieldError(await reset({ mobile: u.mobile, otp: code }), 'otp', 'OTP_INVALID').message).toBe(
        OTP_INVALID_MESSAGE,
      );
      expect((await login(u.mobile, TEST_PASSWORD)).statusCode).toBe(200);
      expectErrorBody(await login(u.mobile, NEW_PASSWORD), 422, 'INVALID_CREDENTIALS');
    });

    it('never checks more than 5 guesses of one code, even sent all at once', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      const wrongs = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i * 7919) % 1_000_000).padStart(6, '0'));
      const results = await Promise.all([...wrongs, code].map((otp) => reset({ mobile: u.mobile, otp })));
      for (const res of results) expect([204, 422]).toContain(res.statusCode);
      // Every failure answers alike, so the stored count of spent tries tells how many guesses were checked.
      expect(results.filter((r) => r.statusCode === 204).length).toBeLessThanOrEqual(1);
      for (const res of results.filter((r) => r.statusCode === 422)) expect(res.json().message).toBe(OTP_INVALID_MESSAGE);
      const row = await t.database.db
        .selectFrom('password_otps')
        .select('attempts')
        .where('mobile', '=', u.mobile)
        .executeTakeFirst();
      expect(row?.attempts).toBeLessThanOrEqual(5);
    });

    it('lets a new code kill the old one', async () => {
      const u = await newUser();
      const first = await codeFor(u.mobile);
      travel(61_000);
      const second = await codeFor(u.mobile);
      if (first !== second) expectFieldError(await reset({ mobile: u.mobile, otp: first }), 'otp', 'OTP_INVALID');
      const rows = await t.database.db
        .selectFrom('password_otps')
        .select(['id', 'used_at'])
        .where('mobile', '=', u.mobile)
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(2);
      expect(rows[0]?.used_at).not.toBeNull();
      expect(rows[1]?.used_at).toBeNull();
      expect((await reset({ mobile: u.mobile, otp: second })).statusCode).toBe(204);
    });

    it('refuses a code for a mobile that asked for none', async () => {
      expectFieldError(await reset({ mobile: uniqueMobile(), otp: '123456' }), 'otp', 'OTP_INVALID');
      const u = await newUser();
      const code = await codeFor(u.mobile);
      // Another user's mobile with this code does not reach this user's code.
      const other = await newUser();
      expectFieldError(await reset({ mobile: other.mobile, otp: code }), 'otp', 'OTP_INVALID');
    });

    it('answers a wrong code for a registered mobile exactly as for an unknown one', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      const unknown = uniqueMobile();
      /** Status, body and content type of one failed reset, and how long it took. */
      const failure = async (mobile: string, otp: string) => {
        const started = Date.now();
        const res = await reset({ mobile, otp });
        return { status: res.statusCode, body: res.body, type: res.headers['content-type'], ms: Date.now() - started };
      };
      const strip = ({ ms: _, ...rest }: { ms: number; status: number; body: string; type: unknown }) => rest;
      const registered = await failure(u.mobile, wrong);
      const stranger = await failure(unknown, wrong);
      expect(strip(registered)).toEqual(strip(stranger));
      expect(registered.status).toBe(422);
      expect(JSON.parse(registered.body)).toEqual({
        message: OTP_INVALID_MESSAGE,
        errors: [{ field: 'otp', message: OTP_INVALID_MESSAGE }],
        error_code: 'OTP_INVALID',
      });
      expect(registered.body).not.toMatch(/\d/);
      // About the same time: every failure waits for the same floor.
      for (const f of [registered, stranger]) expect(f.ms).toBeGreaterThanOrEqual(RESET_FAILURE_MIN_MS - 5);

      // Once the code is dead (5 wrong tries), and once it has expired, still the same answer as an unknown mobile.
      for (let i = 0; i < 5; i++) await reset({ mobile: u.mobile, otp: wrong });
      expect(strip(await failure(u.mobile, code))).toEqual(strip(await failure(unknown, code)));
      expect(strip(await failure(u.mobile, wrong))).toEqual(strip(stranger));
      travel(61_000);
      const fresh = await codeFor(u.mobile);
      travel(61_000 + 5 * 60_000 + 1000);
      expect(strip(await failure(u.mobile, fresh))).toEqual(strip(await failure(unknown, fresh)));
      // A mobile that never asked for a code, and one whose code was used, answer the same too.
      const quiet = await newUser();
      expect(strip(await failure(quiet.mobile, wrong))).toEqual(strip(stranger));
    });

    it('limits the reset attempts of one client address', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 20; i++)
        expectFieldError(await reset({ mobile: uniqueMobile(), otp: '123456' }, ip), 'otp', 'OTP_INVALID');
      const blocked = await reset({ mobile: uniqueMobile(), otp: '123456' }, ip);
      expectErrorBody(blocked, 429, 'RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
    });

    it('refuses a code given as a number, object, array, null, with spaces or of the wrong length, without spending a try', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      const shapes: unknown[] = [
        Number(`1${code}`) - 1_000_000,
        Number(code),
        { code },
        [code],
        null,
        true,
        `${code.slice(0, 3)} ${code.slice(3)}`,
        ` ${code}`,
        `${code} `,
        `${code}\n`,
        code.slice(0, 5),
        `${code}0`,
        '',
        code.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
        code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))),
      ];
      for (const otp of shapes) {
        const res = await reset({ mobile: u.mobile, otp });
        expect(res.statusCode, JSON.stringify(otp)).toBe(422);
        expectFieldError(res, 'otp', 'VALIDATION_FAILED');
      }
      expectFieldError(
        await t.call({
          method: 'PUT',
          url: '/api/auth/reset-password',
          payload: { mobile: u.mobile, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        }),
        'otp',
      );
      const row = await t.database.db
        .selectFrom('password_otps')
        .select('attempts')
        .where('mobile', '=', u.mobile)
        .executeTakeFirst();
      expect(row?.attempts).toBe(0);
      expect((await reset({ mobile: u.mobile, otp: code })).statusCode).toBe(204);
    });

    it('applies the password rules with Vietnamese messages, and allows Vietnamese letters', async () => {
      const u = await newUser();
      const code = await codeFor(u.mobile);
      const cases: [Record<string, unknown>, string][] = [
        [{ password: 'Ab1@xyz', password_confirmation: 'Ab1@xyz' }, 'password'],
        [{ password: '12345678', password_confirmation: '12345678' }, 'password'],
        [{ password: 'password', password_confirmation: 'password' }, 'password'],
        [{ password: 'PASSWORD', password_confirmation: 'PASSWORD' }, 'password'],
        [{ password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, 'password'],
        [{ password: 12345678, password_confirmation: 12345678 }, 'password'],
        [{ password: NEW_PASSWORD, password_confirmation: `${NEW_PASSWORD}!` }, 'password_confirmation'],
        [{ password: NEW_PASSWORD, password_confirmation: null }, 'password_confirmation'],
      ];
      for (const [body, field] of cases) {
        const res = await reset({ mobile: u.mobile, otp: code, ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expectFieldError(res, field);
      }
      const long = `${'Dài'.repeat(21)}x`;
      expect(long.length).toBe(64);
      const vietnamese = 'Mật khẩu mới 2026';
      expect(
        (await reset({ mobile: u.mobile, otp: code, password: vietnamese, password_confirmation: vietnamese })).statusCode,
      ).toBe(204);
      expect((await login(u.mobile, vietnamese)).statusCode).toBe(200);

      travel(61_000);
      const code2 = await codeFor(u.mobile);
      expect((await reset({ mobile: u.mobile, otp: code2, password: long, password_confirmation: long })).statusCode).toBe(204);
      expect((await login(u.mobile, long)).statusCode).toBe(200);
    });
  });
});
