import type { Kysely, Selectable, Updateable } from 'kysely';
import { COMPANY_SETTINGS_ID } from '../../db/migrations/0009-company-settings';
import type { CompanyHolidayYearsTable, CompanySettingsTable, DB } from '../../db/schema';

export type CompanySettingsRow = Selectable<CompanySettingsTable> & {
  logo_name: string | null;
  logo_mime: string | null;
  logo_size: number | null;
};
export type HolidayYearRow = Selectable<CompanyHolidayYearsTable>;

type SettingsValues = Omit<Updateable<CompanySettingsTable>, 'id' | 'version' | 'created_at' | 'updated_at' | 'created_by'>;

/** The name of the data version every calendar change raises (`data_versions`). */
const CALENDAR_VERSION = 'calendar';

export const companySettingsRepository = {
  find(db: Kysely<DB>) {
    return db
      .selectFrom('company_settings as s')
      .leftJoin('documents as d', 'd.id', 's.logo_document_id')
      .selectAll('s')
      .select(['d.original_name as logo_name', 'd.mime as logo_mime', 'd.size as logo_size'])
      .where('s.id', '=', COMPANY_SETTINGS_ID)
      .executeTakeFirst() as Promise<CompanySettingsRow | undefined>;
  },

  /** The row with its defaults, when a database lost it (the migration writes it); a second writer's insert is a no-op. */
  async insertDefaults(
    db: Kysely<DB>,
    values: Pick<CompanySettingsTable, 'name' | 'working_days' | 'saturday_half'>,
    now: string,
  ) {
    await db
      .insertInto('company_settings')
      .values({ id: COMPANY_SETTINGS_ID, ...values, created_at: now, updated_at: now, created_by: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  /** Writes the settings if they still have `version` (or whatever they have when no version is named); false otherwise. */
  async update(db: Kysely<DB>, version: number | null, values: Partial<SettingsValues>, now: string): Promise<boolean> {
    let q = db
      .updateTable('company_settings')
      .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', COMPANY_SETTINGS_ID);
    if (version !== null) q = q.where('version', '=', version);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  findYear(db: Kysely<DB>, year: number) {
    return db.selectFrom('company_holiday_years').selectAll().where('year', '=', year).executeTakeFirst();
  },

  /** Saved years among `years`. */
  findYears(db: Kysely<DB>, years: readonly number[]) {
    return db.selectFrom('company_holiday_years').selectAll().where('year', 'in', years).execute();
  },

  async insertYear(db: Kysely<DB>, row: { year: number; days: string; now: string; actorId: number }): Promise<boolean> {
    const result = await db
      .insertInto('company_holiday_years')
      .values({
        year: row.year,
        days: row.days,
        created_at: row.now,
        updated_at: row.now,
        created_by: row.actorId,
        updated_by: row.actorId,
      })
      .onConflict((oc) => oc.column('year').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async updateYear(db: Kysely<DB>, row: { year: number; version: number; days: string; now: string; actorId: number }) {
    const result = await db
      .updateTable('company_holiday_years')
      .set({ days: row.days, version: row.version + 1, updated_at: row.now, updated_by: row.actorId })
      .where('year', '=', row.year)
      .where('version', '=', row.version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async calendarVersion(db: Kysely<DB>): Promise<number> {
    const row = await db.selectFrom('data_versions').select('version').where('name', '=', CALENDAR_VERSION).executeTakeFirst();
    return Number(row?.version ?? 0);
  },

  bumpCalendarVersion(db: Kysely<DB>) {
    return db
      .updateTable('data_versions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('name', '=', CALENDAR_VERSION)
      .execute();
  },
};
