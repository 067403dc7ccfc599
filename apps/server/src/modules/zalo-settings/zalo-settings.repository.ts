import type { Kysely } from 'kysely';
import type { DB, ZaloSettingsTable } from '../../db/schema';

/** The one row of Zalo settings. */
export const ZALO_SETTINGS_ID = 1;
/** The job lease that lets one instance at a time trade the single-use refresh token. */
const REFRESH_LEASE = 'zalo-token-refresh';

export type ZaloSettingsRow = ZaloSettingsTable & { id: number; version: number; templates: string; sms_fallback: number };
export type ZaloSettingsValues = Partial<
  Pick<
    ZaloSettingsTable,
    | 'oa_id'
    | 'app_id'
    | 'secret_key_enc'
    | 'access_token_enc'
    | 'refresh_token_enc'
    | 'token_expires_at'
    | 'api_base'
    | 'oauth_base'
  > & { templates: string; sms_fallback: number }
>;

export const zaloSettingsRepository = {
  find(db: Kysely<DB>) {
    return db.selectFrom('zalo_settings').selectAll().where('id', '=', ZALO_SETTINGS_ID).executeTakeFirst() as Promise<
      ZaloSettingsRow | undefined
    >;
  },

  /** The empty row on first use; a second writer's insert is a no-op. */
  async insertDefaults(db: Kysely<DB>, now: string) {
    await db
      .insertInto('zalo_settings')
      .values({ id: ZALO_SETTINGS_ID, templates: '{}', created_at: now, updated_at: now, created_by: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  /** Writes the settings if they still have `version`; false otherwise. */
  async update(db: Kysely<DB>, version: number, values: ZaloSettingsValues, now: string): Promise<boolean> {
    const result = await db
      .updateTable('zalo_settings')
      .set({ ...values, version: version + 1, updated_at: now })
      .where('id', '=', ZALO_SETTINGS_ID)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Stores a refreshed pair and its expiry in one statement, only if the refresh token it was traded for is still the
   * stored one (an admin may have pasted new tokens meanwhile: theirs win). The settings' version is left alone, so a
   * refresh never makes an admin's open form stale.
   */
  async storeTokens(
    db: Kysely<DB>,
    previousRefreshEnc: string,
    values: { access_token_enc: string; refresh_token_enc: string; token_expires_at: string },
  ): Promise<boolean> {
    const result = await db
      .updateTable('zalo_settings')
      .set(values)
      .where('id', '=', ZALO_SETTINGS_ID)
      .where('refresh_token_enc', '=', previousRefreshEnc)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Takes the refresh lease if nobody holds it (or theirs ran out). */
  async acquireRefreshLease(db: Kysely<DB>, holder: string, now: string, until: string): Promise<boolean> {
    const row = await db
      .insertInto('job_leases')
      .values({ name: REFRESH_LEASE, holder, lease_until: until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, lease_until: until })
          .where((eb) => eb.or([eb('job_leases.lease_until', '<', now), eb('job_leases.holder', '=', holder)])),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  },

  async releaseRefreshLease(db: Kysely<DB>, holder: string) {
    await db.deleteFrom('job_leases').where('name', '=', REFRESH_LEASE).where('holder', '=', holder).execute();
  },
};
