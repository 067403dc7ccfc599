import type { LoginBody, LoginResponse } from '@qlcv/common/schemas/auth';
import type { ChangePasswordBody, ResetPasswordBody } from '@qlcv/common/schemas/passwords';
import type { AuthInfo } from '@qlcv/common/schemas/users';
import { normalizeMobile } from '@qlcv/common/vi-text';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SmsSender } from '../../integrations/sms/sms';
import { type Actor, writeAudit } from '../../lib/audit';
import { isoIn, nowIso } from '../../lib/clock';
import {
  dummyPasswordHash,
  hashPassword,
  hmac,
  newToken,
  safeEqualHex,
  sha256,
  sixDigitCode,
  verifyPassword,
} from '../../lib/crypto';
import { AppError, invalid } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { departmentsHeadedBy } from '../departments/department-heads';
import type { RolesService } from '../roles/roles.service';
import type { UsersService } from '../users/users.service';
import { authRepository as repo } from './auth.repository';
import { SessionCache } from './session-cache';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const OTP_TTL_MS = 5 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MS = MINUTE;
export const OTP_DAILY_PER_MOBILE = 5;
export const OTP_DAILY_PER_IP = 20;
export const LOGIN_FAILURES_PER_MINUTE = 5;
const TOKEN_TOUCH_MS = 5 * MINUTE;

export const OTP_SENT_MESSAGE = 'Nếu số điện thoại đã được đăng ký, mã xác thực sẽ được gửi đến số đó trong ít phút.';

const invalidCredentials = () =>
  new AppError(422, 'INVALID_CREDENTIALS', 'Tên đăng nhập hoặc mật khẩu không đúng.', [
    { field: 'password', message: 'Tên đăng nhập hoặc mật khẩu không đúng.' },
  ]);
/** The one answer of every failed reset, whether or not the mobile is registered. */
export const OTP_INVALID_MESSAGE = 'Mã xác thực không đúng hoặc đã hết hạn. Vui lòng kiểm tra lại hoặc yêu cầu mã mới.';
const otpInvalid = () => new AppError(422, 'OTP_INVALID', OTP_INVALID_MESSAGE, [{ field: 'otp', message: OTP_INVALID_MESSAGE }]);
/** A failed reset answers no sooner than this, so its time does not tell a registered mobile from another. */
export const RESET_FAILURE_MIN_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Deps {
  db: Kysely<DB>;
  appSecret: string;
  tokenTtlHours: number;
  sms: SmsSender;
  limiter: RateLimiter;
  roles: RolesService;
  users: UsersService;
  log: FastifyBaseLogger;
  /** The approvers whose leave the user decides today as their substitute (the leaves module answers). */
  substituteFor: (userId: number) => Promise<number[]>;
}

export class AuthService {
  /** What a guess is compared with when there is no live code: a hash no guess can match. */
  private readonly noCodeHash: string;
  private readonly sessions: SessionCache;

  constructor(private readonly deps: Deps) {
    this.noCodeHash = hmac(deps.appSecret, 'qlcv:no-otp');
    this.sessions = new SessionCache(deps.db);
  }

  async login(body: LoginBody, ip: string, userAgent: string | null): Promise<LoginResponse> {
    const { db, limiter } = this.deps;
    const login = body.username.trim().toLowerCase();
    const mobile = normalizeMobile(login);
    const ipKey = `login-ip:${ip}`;
    await limiter.assertBelow(ipKey, 30, MINUTE);

    const user = await repo.findLoginUser(db, { username: login, email: login, mobile });
    // Failures count per account whichever of its names, e-mail or mobile forms is typed; an unknown one by its canonical form.
    const accountKey = `login:${user ? `#${user.id}` : (mobile ?? login)}:${ip}`;
    await limiter.assertBelow(accountKey, LOGIN_FAILURES_PER_MINUTE, MINUTE);
    // An unknown user costs the same hash as a wrong password, so timing tells nothing.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
    if (!user || !ok) {
      await limiter.hit(accountKey, MINUTE);
      await limiter.hit(ipKey, MINUTE);
      throw invalidCredentials();
    }
    if (user.status === 'locked') {
      throw new AppError(403, 'ACCOUNT_LOCKED', 'Tài khoản đã bị khóa. Vui lòng liên hệ quản trị viên.');
    }
    await limiter.reset(accountKey);
    const token = newToken();
    const now = nowIso();
    const expiresAt = isoIn(this.deps.tokenTtlHours * 3600_000);
    await repo.insertToken(db, {
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: expiresAt,
      created_at: now,
      ip,
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    await repo.touchLogin(db, user.id, now);
    return { token, expires_at: expiresAt };
  }

  /** Bearer token → the actor, or null when the token is unknown, expired or its user locked. */
  async authenticate(token: string, request: FastifyRequest): Promise<Actor | null> {
    const { db } = this.deps;
    const hash = sha256(token);
    const row = await this.sessions.row(hash, () => repo.findToken(db, hash));
    if (!row) return null;
    const now = nowIso();
    if (row.expires_at <= now) {
      await repo.deleteTokenById(db, row.token_id);
      return null;
    }
    if (row.status !== 'active') return null;
    if (!row.last_used_at || Date.parse(now) - Date.parse(row.last_used_at) > TOKEN_TOUCH_MS) {
      await repo.touchToken(db, row.token_id, now);
      row.last_used_at = now; // the kept row too: a touch does not change the session version
    }
    return {
      id: row.user_id,
      name: row.name,
      roleId: row.role_id,
      roleCode: row.role_code,
      departmentId: row.department_id,
      permissions: await this.deps.roles.permissionsOf(row.role_id, row.role_code, row.role_version),
      tokenId: row.token_id,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    };
  }

  async logout(actor: Actor): Promise<void> {
    await repo.deleteTokenById(this.deps.db, actor.tokenId);
  }

  async info(actor: Actor): Promise<AuthInfo> {
    const user = await this.deps.users.get(actor.id);
    const headed = await departmentsHeadedBy(this.deps.db, actor.id);
    const substituteFor = await this.deps.substituteFor(actor.id);
    return {
      user: { ...user, headed_department_ids: headed, substitute_for_ids: substituteFor },
      permissions_code: [...actor.permissions],
    };
  }

  revokeUserTokens(userId: number, exceptTokenId?: number): Promise<unknown> {
    return repo.deleteUserTokens(this.deps.db, userId, exceptTokenId);
  }

  async changePassword(actor: Actor, body: ChangePasswordBody): Promise<void> {
    const { db, limiter } = this.deps;
    const key = `password:${actor.id}`;
    await limiter.assertBelow(key, LOGIN_FAILURES_PER_MINUTE, MINUTE);
    const current = await repo.passwordHashOf(db, actor.id);
    if (!current || !(await verifyPassword(current.password_hash, body.current_password))) {
      await limiter.hit(key, MINUTE);
      throw invalid('current_password', 'Mật khẩu hiện tại không đúng.');
    }
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, actor.id, passwordHash, nowIso());
      await repo.deleteUserTokens(trx, actor.id, actor.tokenId);
      await writeAudit(trx, actor, { entity: 'users', entityId: actor.id, action: 'password' });
    });
  }

  /** Sends a reset code when the mobile belongs to an active user; the answer is the same either way. */
  async requestOtp(mobile: string, ip: string): Promise<{ message: string }> {
    const { db, limiter } = this.deps;
    await limiter.consume(`otp-ip:${ip}`, 5, MINUTE);
    await limiter.consume(`otp-ip-day:${ip}`, OTP_DAILY_PER_IP, DAY);
    await limiter.consume(`otp-mobile:${mobile}`, 1, OTP_RESEND_MS);
    await limiter.consume(`otp-mobile-day:${mobile}`, OTP_DAILY_PER_MOBILE, DAY);

    const user = await repo.findUserByMobile(db, mobile);
    if (user?.status !== 'active') return { message: OTP_SENT_MESSAGE };
    // The in-memory counters reset on restart; the stored codes keep the daily cap honest.
    const sentToday = await repo.countOtpsSince(db, mobile, isoIn(-DAY));
    if (Number(sentToday.n) >= OTP_DAILY_PER_MOBILE) return { message: OTP_SENT_MESSAGE };

    const code = sixDigitCode();
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.retireOtps(trx, mobile, now);
      await repo.insertOtp(trx, {
        user_id: user.id,
        mobile,
        code_hash: hmac(this.deps.appSecret, `${mobile}:${code}`),
        expires_at: isoIn(OTP_TTL_MS),
        created_at: now,
        ip,
      });
    });
    // Sent to the stored number only; a slow SMS service must not slow the answer.
    this.deps.sms
      .send({
        to: mobile,
        text: `QLCV: Ma xac thuc dat lai mat khau cua ban la ${code}, hieu luc 5 phut. Khong chia se ma nay cho bat ky ai.`,
        safeText: 'QLCV: Ma xac thuc dat lai mat khau cua ban la ******',
        // By Zalo ZNS first when its `otp` template is set up (the sender given in app.ts), by SMS otherwise.
        zalo: { kind: 'otp', data: { otp: code } },
      })
      .catch((err) => this.deps.log.error({ err: (err as Error).message }, 'sms send failed'));
    return { message: OTP_SENT_MESSAGE };
  }

  /**
   * Sets a new password with the code sent by SMS. Every failure (no code for that mobile, an unknown mobile, a wrong,
   * expired, used or dead code) is the same 422 OTP_INVALID with the same message, after the same work and no sooner
   * than RESET_FAILURE_MIN_MS: the answer never tells whether a mobile is registered, nor how many tries are left.
   */
  async resetPassword(body: ResetPasswordBody, ip: string): Promise<void> {
    const { db, limiter } = this.deps;
    await limiter.consume(`reset-ip:${ip}`, 20, MINUTE);
    const started = Date.now();
    const otp = await repo.latestOtp(db, body.mobile);
    const live = otp !== undefined && otp.attempts < OTP_MAX_ATTEMPTS && otp.expires_at > nowIso();
    // Every guess spends a try before it is checked, so guesses sent at once cannot outnumber the tries. Without a live
    // code the same statement runs on no row, and the guess is compared all the same, so both paths cost alike.
    const spent = await repo.spendOtpTry(db, live ? otp.id : 0, OTP_MAX_ATTEMPTS);
    const given = hmac(this.deps.appSecret, `${body.mobile}:${body.otp}`);
    const matches = safeEqualHex(live && spent ? otp.code_hash : this.noCodeHash, given);
    if (!otp || !live || !spent || !matches) {
      const left = RESET_FAILURE_MIN_MS - (Date.now() - started);
      if (left > 0) await sleep(left);
      throw otpInvalid();
    }
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.useOtp(trx, otp.id, nowIso()))) throw otpInvalid();
      await repo.setPassword(trx, otp.user_id, passwordHash, nowIso());
      await repo.deleteUserTokens(trx, otp.user_id);
      await writeAudit(
        trx,
        { id: otp.user_id, ip, userAgent: null },
        { entity: 'users', entityId: otp.user_id, action: 'password' },
      );
    });
  }
}
