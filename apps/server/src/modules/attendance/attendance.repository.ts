import type { SITE_SORTS, SiteListQuery } from '@qlcv/common/schemas/attendance';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { ATTENDANCE_SETTINGS_ID } from '../../db/migrations/0034-attendance';
import type { AttendanceChecksTable, AttendanceSettingsTable, DB } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

// Every query of attendance's sites, settings, punches and imports (corrections: attendance-corrections.repository.ts).

/** Whose punches a caller sees: their own, the departments they head (with sub-departments), or everyone's. */
export type AttendanceScope = { all: true; userId: number } | { all: false; userId: number; departmentIds: readonly number[] };

export interface CheckFilter {
  scope: AttendanceScope;
  from?: string;
  to?: string;
  userId?: number;
  departmentIds?: readonly number[];
}

function sitesFiltered(db: Kysely<DB>, f: Pick<SiteListQuery, 'search'>) {
  let s = db.selectFrom('attendance_sites as s');
  const pattern = likePattern(f.search);
  if (pattern) s = s.where(likeNormalized('s.search_text', pattern));
  return s;
}

function checksFiltered(db: Kysely<DB>, f: CheckFilter) {
  let q = db.selectFrom('attendance_checks as c').innerJoin('users as u', 'u.id', 'c.user_id');
  if (f.from !== undefined) q = q.where('c.date', '>=', f.from);
  if (f.to !== undefined) q = q.where('c.date', '<=', f.to);
  const scope = f.scope;
  if (!scope.all) {
    q = q.where((eb) =>
      eb.or([
        eb('c.user_id', '=', scope.userId),
        ...(scope.departmentIds.length ? [eb('u.department_id', 'in', scope.departmentIds)] : []),
      ]),
    );
  }
  if (f.userId !== undefined) q = q.where('c.user_id', '=', f.userId);
  if (f.departmentIds !== undefined) {
    const ids = f.departmentIds;
    q = ids.length ? q.where('u.department_id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
  }
  return q;
}

const CHECK_COLUMNS = [
  'c.id',
  'c.user_id',
  'c.kind',
  'c.method',
  'c.at',
  'c.date',
  'c.site_id',
  'c.distance_m',
  'c.accuracy_m',
  'c.ip',
  'c.device_time',
  'c.photo_key',
  'c.photo_mime',
  'c.created_at',
  'u.name as user_name',
  'u.code as user_code',
  'u.department_id',
] as const;

function checksWithNames(q: ReturnType<typeof checksFiltered>) {
  return q
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .leftJoin('attendance_sites as s', 's.id', 'c.site_id')
    .select([...CHECK_COLUMNS, 'd.name as department_name', 's.name as site_name']);
}

export type CheckRow = Awaited<ReturnType<typeof attendanceRepository.findCheck>> & {};
export type SiteRow = NonNullable<Awaited<ReturnType<typeof attendanceRepository.findSite>>>;
export type SettingsRow = Selectable<AttendanceSettingsTable>;

export const attendanceRepository = {
  // Sites -------------------------------------------------------------------------------------------------------
  findSite(db: Kysely<DB>, id: number) {
    return sitesFiltered(db, {})
      .selectAll('s')
      .select((eb) =>
        eb
          .selectFrom('attendance_checks')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('attendance_checks.site_id', '=', 's.id')
          .as('checks_count'),
      )
      .where('s.id', '=', id)
      .executeTakeFirst();
  },

  listSites(
    db: Kysely<DB>,
    f: SiteListQuery,
    sort: { column: (typeof SITE_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    return sitesFiltered(db, f)
      .selectAll('s')
      .select(sql<number>`0`.as('checks_count'))
      .orderBy(`s.${sort.column}`, sort.direction)
      .orderBy('s.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async countSites(db: Kysely<DB>, f: SiteListQuery): Promise<number> {
    const row = await sitesFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  siteUsers(db: Kysely<DB>, siteIds: readonly number[]) {
    if (siteIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('attendance_site_users as su')
      .innerJoin('users as u', 'u.id', 'su.user_id')
      .select(['su.site_id', 'u.id', 'u.name', 'u.code'])
      .where('su.site_id', 'in', siteIds)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
  },

  async replaceSiteUsers(db: Kysely<DB>, siteId: number, userIds: readonly number[]) {
    await db.deleteFrom('attendance_site_users').where('site_id', '=', siteId).execute();
    if (userIds.length)
      await db
        .insertInto('attendance_site_users')
        .values(userIds.map((user_id) => ({ site_id: siteId, user_id })))
        .execute();
  },

  async existingUserIds(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },

  /** The active sites a user may check in at: every all-staff site and those naming them. */
  sitesOf(db: Kysely<DB>, userId: number) {
    return db
      .selectFrom('attendance_sites as s')
      .select(['s.id', 's.name', 's.latitude_e6', 's.longitude_e6', 's.radius_m'])
      .where('s.active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('s.all_staff', '=', 1),
          eb.exists(
            eb
              .selectFrom('attendance_site_users as su')
              .select('su.site_id')
              .whereRef('su.site_id', '=', 's.id')
              .where('su.user_id', '=', userId),
          ),
        ]),
      )
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
  },

  // Settings ----------------------------------------------------------------------------------------------------
  findSettings(db: Kysely<DB>) {
    return db.selectFrom('attendance_settings').selectAll().where('id', '=', ATTENDANCE_SETTINGS_ID).executeTakeFirst();
  },

  // Users -------------------------------------------------------------------------------------------------------
  person(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('users')
      .select(['id', 'name', 'code', 'department_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  usersByCodes(db: Kysely<DB>, codes: readonly string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').select(['id', 'code', 'status']).where('code', 'in', codes).execute();
  },

  // Punches -----------------------------------------------------------------------------------------------------
  lastCheck(db: Kysely<DB>, userId: number) {
    return db
      .selectFrom('attendance_checks')
      .select(['id', 'kind', 'at'])
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async insertCheck(db: Kysely<DB>, values: Insertable<AttendanceChecksTable>): Promise<number> {
    const row = await db.insertInto('attendance_checks').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  findCheck(db: Kysely<DB>, id: number) {
    return checksWithNames(checksFiltered(db, { scope: { all: true, userId: 0 } }))
      .where('c.id', '=', id)
      .executeTakeFirst();
  },

  checksOfDay(db: Kysely<DB>, userId: number, date: string) {
    return checksWithNames(checksFiltered(db, { scope: { all: true, userId: 0 }, from: date, to: date, userId }))
      .orderBy('c.at')
      .orderBy('c.id')
      .execute();
  },

  listChecks(db: Kysely<DB>, f: CheckFilter, w: Window) {
    return checksWithNames(checksFiltered(db, f))
      .orderBy('c.at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async countChecks(db: Kysely<DB>, f: CheckFilter): Promise<number> {
    const row = await checksFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** First check-in and last check-out per user-day in [from, to] (the facts before corrections). */
  dayBounds(db: Kysely<DB>, from: string, to: string, userIds: readonly number[] | null) {
    let q = db
      .selectFrom('attendance_checks')
      .select((eb) => [
        'user_id',
        'date',
        eb.fn.min(eb.case().when('kind', '=', 'in').then(eb.ref('at')).end()).as('first_in'),
        eb.fn.max(eb.case().when('kind', '=', 'out').then(eb.ref('at')).end()).as('last_out'),
      ])
      .where('date', '>=', from)
      .where('date', '<=', to)
      .groupBy(['user_id', 'date']);
    if (userIds !== null) q = userIds.length ? q.where('user_id', 'in', userIds) : q.where(sql<boolean>`1 = 0`);
    return q.orderBy('user_id').orderBy('date').execute();
  },

  // Time clock imports ------------------------------------------------------------------------------------------
  async takenImportKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await db
        .selectFrom('attendance_checks')
        .select('import_key')
        .where('import_key', 'in', keys.slice(i, i + 500))
        .execute();
      for (const r of rows) if (r.import_key) out.add(r.import_key);
    }
    return out;
  },

  /** Whether a user already has a check-in on a day (an imported punch then is a check-out). */
  async daysWithCheckIn(db: Kysely<DB>, userIds: readonly number[], from: string, to: string): Promise<Set<string>> {
    const out = new Set<string>();
    if (userIds.length === 0) return out;
    const rows = await db
      .selectFrom('attendance_checks')
      .select(['user_id', 'date'])
      .where('kind', '=', 'in')
      .where('user_id', 'in', userIds)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .groupBy(['user_id', 'date'])
      .execute();
    for (const r of rows) out.add(`${r.user_id}|${r.date}`);
    return out;
  },

  async insertImport(
    db: Kysely<DB>,
    values: {
      file_name: string;
      layout: string;
      rows: number;
      accepted: number;
      duplicates: number;
      created_by: number;
      created_at: string;
    },
  ): Promise<number> {
    const row = await db.insertInto('attendance_imports').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** Inserts imported punches; a key already taken (a concurrent import of the same file) is skipped. */
  async insertImported(db: Kysely<DB>, rows: Insertable<AttendanceChecksTable>[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < rows.length; i += 200) {
      const r = await db
        .insertInto('attendance_checks')
        .values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.column('import_key').doNothing())
        .executeTakeFirst();
      n += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return n;
  },
};
