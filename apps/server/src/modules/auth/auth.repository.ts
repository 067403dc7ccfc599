import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const authRepository = {
  /** The login name may be the user name, the e-mail or the mobile. */
  findLoginUser(db: Kysely<DB>, login: { username: string; email: string; mobile: string | null }) {
    return (
      db
        .selectFrom('users')
        .select(['id', 'password_hash', 'status'])
        .where((eb) =>
          eb.or([
            eb('username', '=', login.username),
            eb('email', '=', login.email),
            ...(login.mobile ? [eb('mobile', '=', login.mobile)] : []),
          ]),
        )
        // An exact user name wins over someone else's e-mail or mobile that happens to read the same.
        .orderBy((eb) => eb.case().when('username', '=', login.username).then(0).else(1).end())
        .orderBy('id')
        .executeTakeFirst()
    );
  },

  findUserByMobile(db: Kysely<DB>, mobile: string) {
    return db.selectFrom('users').select(['id', 'mobile', 'status']).where('mobile', '=', mobile).executeTakeFirst();
  },

  /** Departments the user heads (a head approves leave, names a substitute…). */
  passwordHashOf(db: Kysely<DB>, userId: number) {
    return db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  },

  setPassword(db: Kysely<DB>, userId: number, passwordHash: string, now: string) {
    return db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  },

  touchLogin(db: Kysely<DB>, userId: number, now: string) {
    return db.updateTable('users').set({ last_login_at: now }).where('id', '=', userId).execute();
  },

  insertToken(
    db: Kysely<DB>,
    row: {
      user_id: number;
      token_hash: string;
      expires_at: string;
      created_at: string;
      ip: string | null;
      user_agent: string | null;
    },
  ) {
    return db.insertInto('access_tokens').values(row).execute();
  },

  /** The token with its user, role and department, in one round trip. */
  findToken(db: Kysely<DB>, tokenHash: string) {
    return db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select([
        't.id as token_id',
        't.expires_at',
        't.last_used_at',
        'u.id as user_id',
        'u.name',
        'u.status',
        'u.department_id',
        'r.id as role_id',
        'r.code as role_code',
        'r.version as role_version',
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  touchToken(db: Kysely<DB>, tokenId: number, now: string) {
    return db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
  },

  deleteTokenById(db: Kysely<DB>, tokenId: number) {
    return db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
  },

  /** Revokes every token of a user, or all but one. */
  deleteUserTokens(db: Kysely<DB>, userId: number, exceptTokenId?: number) {
    let q = db.deleteFrom('access_tokens').where('user_id', '=', userId);
    if (exceptTokenId) q = q.where('id', '!=', exceptTokenId);
    return q.execute();
  },

  latestOtp(db: Kysely<DB>, mobile: string) {
    return db
      .selectFrom('password_otps')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  countOtpsSince(db: Kysely<DB>, mobile: string, since: string) {
    return db
      .selectFrom('password_otps')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mobile', '=', mobile)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
  },

  /** A new code kills the old ones. */
  retireOtps(db: Kysely<DB>, mobile: string, now: string) {
    return db
      .updateTable('password_otps')
      .set({ used_at: now })
      .where('mobile', '=', mobile)
      .where('used_at', 'is', null)
      .execute();
  },

  insertOtp(
    db: Kysely<DB>,
    row: { user_id: number; mobile: string; code_hash: string; expires_at: string; created_at: string; ip: string | null },
  ) {
    return db.insertInto('password_otps').values(row).execute();
  },

  /**
   * Spends one try of a live code before it is checked, atomically, so concurrent guesses can never check more than
   * `maxAttempts`; undefined when the code is used or has no try left.
   */
  spendOtpTry(db: Kysely<DB>, otpId: number, maxAttempts: number) {
    return db
      .updateTable('password_otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', otpId)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .returning('attempts')
      .executeTakeFirst();
  },

  /** Marks the code used; false when another request used it first. */
  async useOtp(db: Kysely<DB>, otpId: number, now: string): Promise<boolean> {
    const result = await db
      .updateTable('password_otps')
      .set({ used_at: now })
      .where('id', '=', otpId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
