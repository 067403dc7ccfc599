import type { Insertable, Kysely } from 'kysely';
import type { DB, NotificationSettingsTable } from '../../db/schema';

type Insert = Insertable<NotificationSettingsTable>;

/** SQL of the notification settings: one row per event of the catalogue, so a list reads them all. */
export const notificationSettingsRepository = {
  all(db: Kysely<DB>) {
    return db.selectFrom('notification_settings').selectAll().orderBy('id').execute();
  },

  find(db: Kysely<DB>, id: number) {
    return db.selectFrom('notification_settings').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByEvent(db: Kysely<DB>, event: string) {
    return db.selectFrom('notification_settings').selectAll().where('event', '=', event).executeTakeFirst();
  },

  async insert(db: Kysely<DB>, values: Insert): Promise<number> {
    const row = await db.insertInto('notification_settings').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** Inserts the setting unless its event has one already (two instances starting at once). */
  async insertIfMissing(db: Kysely<DB>, values: Insert): Promise<boolean> {
    const rows = await db
      .insertInto('notification_settings')
      .values(values)
      .onConflict((oc) => oc.column('event').doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('notification_settings').where('id', '=', id).execute();
  },

  /** Names of the roles, departments and users a setting names (those still existing). */
  async names(db: Kysely<DB>, ids: { roles: number[]; departments: number[]; users: number[] }) {
    const [roles, departments, users] = await Promise.all([
      ids.roles.length ? db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids.roles).execute() : [],
      ids.departments.length
        ? db.selectFrom('departments').select(['id', 'name']).where('id', 'in', ids.departments).execute()
        : [],
      ids.users.length ? db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids.users).execute() : [],
    ]);
    return { roles, departments, users };
  },

  async missingIds(db: Kysely<DB>, table: 'roles' | 'departments' | 'users', ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  },
};

export type NotificationSettingRow = NonNullable<Awaited<ReturnType<typeof notificationSettingsRepository.find>>>;
