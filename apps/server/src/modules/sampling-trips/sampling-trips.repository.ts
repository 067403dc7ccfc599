import type { TRIP_SORTS, TripListQuery } from '@qlcv/common/schemas/sampling-trips';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, SamplingTripsTable } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

/** Whose trips the caller sees: all, or those led by or including the user or someone of these departments. */
export interface TripScope {
  all: boolean;
  userId: number;
  departmentIds: number[];
}

export type TripFilter = Pick<TripListQuery, 'search' | 'status' | 'from' | 'to' | 'mine' | 'equipment_id'> & {
  /** Any of these statuses (the dashboard's open trips). */
  statuses?: readonly string[];
};

function scoped(db: Kysely<DB>, scope: TripScope, mineOnly = false) {
  let q = db.selectFrom('sampling_trips as t').innerJoin('users as l', 'l.id', 't.leader_id');
  if (scope.all && !mineOnly) return q;
  const teamOf = (userIds: 'user' | 'departments') =>
    db
      .selectFrom('sampling_trip_members as tm')
      .innerJoin('users as mu', 'mu.id', 'tm.user_id')
      .select('tm.trip_id')
      .$if(userIds === 'user', (s) => s.where('tm.user_id', '=', scope.userId))
      .$if(userIds === 'departments', (s) =>
        s.where('mu.department_id', 'in', scope.departmentIds.length ? scope.departmentIds : [-1]),
      );
  const departments = !mineOnly && scope.departmentIds.length > 0;
  q = q.where((eb) =>
    eb.or([
      eb('t.leader_id', '=', scope.userId),
      eb('t.id', 'in', teamOf('user')),
      // Who planned it follows it too ("mine" stays the trips one is on).
      ...(mineOnly ? [] : [eb('t.created_by', '=', scope.userId)]),
      ...(departments ? [eb('l.department_id', 'in', scope.departmentIds), eb('t.id', 'in', teamOf('departments'))] : []),
    ]),
  );
  return q;
}

function filtered(db: Kysely<DB>, scope: TripScope, f: TripFilter) {
  let q = scoped(db, scope, f.mine === true);
  const pattern = likePattern(f.search);
  if (pattern) q = q.where(likeNormalized('t.search_text', pattern));
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.statuses?.length) q = q.where('t.status', 'in', f.statuses);
  if (f.from) q = q.where('t.end_date', '>=', f.from);
  if (f.to) q = q.where('t.start_date', '<=', f.to);
  if (f.equipment_id !== undefined)
    q = q.where(
      't.id',
      'in',
      db.selectFrom('sampling_trip_equipment').select('trip_id').where('equipment_id', '=', f.equipment_id),
    );
  return q;
}

const COLUMNS = [
  't.id',
  't.code',
  't.name',
  't.status',
  't.start_date',
  't.end_date',
  't.leader_id',
  'l.name as leader_name',
  'l.department_id as leader_department_id',
  't.notes',
  't.started_at',
  't.finished_at',
  't.version',
  't.created_at',
  't.updated_at',
  't.created_by',
] as const;

export type TripRow = Awaited<ReturnType<typeof tripsRepository.list>>[number];

export const tripsRepository = {
  /**
   * The days each person spends on a trip (leader or member) that is not cancelled and meets [from, to]: the rows
   * timekeeping counts as business-trip days (CT).
   */
  async teamDays(db: Kysely<DB>, from: string, to: string, userIds: readonly number[] | null) {
    const ids = userIds ? (userIds.length > 0 ? [...userIds] : [-1]) : null;
    let leaders = db
      .selectFrom('sampling_trips as t')
      .select(['t.leader_id as user_id', 't.start_date', 't.end_date'])
      .where('t.status', '!=', 'cancelled')
      .where('t.start_date', '<=', to)
      .where('t.end_date', '>=', from);
    let members = db
      .selectFrom('sampling_trip_members as m')
      .innerJoin('sampling_trips as t', 't.id', 'm.trip_id')
      .select(['m.user_id as user_id', 't.start_date', 't.end_date'])
      .where('t.status', '!=', 'cancelled')
      .where('t.start_date', '<=', to)
      .where('t.end_date', '>=', from);
    if (ids) {
      leaders = leaders.where('t.leader_id', 'in', ids);
      members = members.where('m.user_id', 'in', ids);
    }
    const [a, b] = await Promise.all([leaders.execute(), members.execute()]);
    return [...a, ...b];
  },

  list(
    db: Kysely<DB>,
    scope: TripScope,
    f: TripFilter,
    sort: { column: (typeof TRIP_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    return filtered(db, scope, f)
      .select(COLUMNS)
      .orderBy(`t.${sort.column}`, sort.direction)
      .orderBy('t.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, scope: TripScope, f: TripFilter): Promise<number> {
    const row = await filtered(db, scope, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('sampling_trips as t')
      .innerJoin('users as l', 'l.id', 't.leader_id')
      .leftJoin('users as c', 'c.id', 't.created_by')
      .select(COLUMNS)
      .select('c.name as created_by_name')
      .where('t.id', '=', id)
      .executeTakeFirst();
  },

  async visible(db: Kysely<DB>, id: number, scope: TripScope): Promise<boolean> {
    return (await scoped(db, scope).select('t.id').where('t.id', '=', id).executeTakeFirst()) !== undefined;
  },

  members(db: Kysely<DB>, tripIds: readonly number[]) {
    if (tripIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('sampling_trip_members as tm')
      .innerJoin('users as u', 'u.id', 'tm.user_id')
      .select(['tm.trip_id', 'u.id', 'u.name', 'u.department_id'])
      .where('tm.trip_id', 'in', tripIds)
      .orderBy('u.name')
      .execute();
  },

  equipment(db: Kysely<DB>, tripIds: readonly number[]) {
    if (tripIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('sampling_trip_equipment as te')
      .innerJoin('equipment as e', 'e.id', 'te.equipment_id')
      .select(['te.trip_id', 'e.id', 'e.code', 'e.name', 'e.kind', 'e.identifier', 'e.calibration_due'])
      .where('te.trip_id', 'in', tripIds)
      .orderBy('e.kind', 'desc')
      .orderBy('e.code')
      .execute();
  },

  roundIds(db: Kysely<DB>, tripIds: readonly number[]) {
    if (tripIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('sampling_trip_rounds').select(['trip_id', 'round_id']).where('trip_id', 'in', tripIds).execute();
  },

  /** Trips that hold one of these instruments or vehicles on a day of [start, end], other than `except`. */
  bookings(
    db: Kysely<DB>,
    equipmentIds: readonly number[],
    start: string,
    end: string,
    statuses: readonly string[],
    except?: number,
  ) {
    if (equipmentIds.length === 0) return Promise.resolve([]);
    let q = db
      .selectFrom('sampling_trip_equipment as te')
      .innerJoin('sampling_trips as t', 't.id', 'te.trip_id')
      .select(['te.equipment_id', 't.code', 't.start_date', 't.end_date'])
      .where('te.equipment_id', 'in', equipmentIds)
      .where('t.status', 'in', statuses)
      .where('t.start_date', '<=', end)
      .where('t.end_date', '>=', start);
    if (except !== undefined) q = q.where('t.id', '!=', except);
    return q.orderBy('t.start_date').execute();
  },

  /** The trips of those days (in these statuses) that already have one of these people as leader or member. */
  async personBookings(
    db: Kysely<DB>,
    userIds: readonly number[],
    start: string,
    end: string,
    statuses: readonly string[],
    except?: number,
  ) {
    if (userIds.length === 0) return [];
    let led = db
      .selectFrom('sampling_trips as t')
      .innerJoin('users as u', 'u.id', 't.leader_id')
      .select(['u.id as user_id', 'u.name as user_name', 't.code', 't.start_date', 't.end_date'])
      .where('t.leader_id', 'in', [...userIds])
      .where('t.status', 'in', [...statuses])
      .where('t.start_date', '<=', end)
      .where('t.end_date', '>=', start);
    let joined = db
      .selectFrom('sampling_trip_members as m')
      .innerJoin('sampling_trips as t', 't.id', 'm.trip_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id as user_id', 'u.name as user_name', 't.code', 't.start_date', 't.end_date'])
      .where('m.user_id', 'in', [...userIds])
      .where('t.status', 'in', [...statuses])
      .where('t.start_date', '<=', end)
      .where('t.end_date', '>=', start);
    if (except !== undefined) {
      led = led.where('t.id', '!=', except);
      joined = joined.where('t.id', '!=', except);
    }
    const [a, b] = await Promise.all([led.execute(), joined.execute()]);
    return [...a, ...b].sort((x, y) => x.start_date.localeCompare(y.start_date) || x.user_id - y.user_id);
  },

  /** The code of a trip holding one of the programme's rounds, if any. */
  async tripOfProgram(db: Kysely<DB>, programId: number): Promise<string | null> {
    const row = await db
      .selectFrom('sampling_trip_rounds as tr')
      .innerJoin('monitoring_rounds as r', 'r.id', 'tr.round_id')
      .innerJoin('sampling_trips as t', 't.id', 'tr.trip_id')
      .select('t.code')
      .where('r.program_id', '=', programId)
      .orderBy('t.id')
      .executeTakeFirst();
    return row?.code ?? null;
  },

  /** Active users among `ids`, with their department. */
  activeUsers(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').select(['id', 'department_id']).where('id', 'in', ids).where('status', '=', 'active').execute();
  },

  insert(db: Kysely<DB>, values: Insertable<SamplingTripsTable>) {
    return db.insertInto('sampling_trips').values(values).returning('id').executeTakeFirstOrThrow();
  },

  async setChildren(db: Kysely<DB>, tripId: number, c: { members: number[]; equipment: number[]; rounds: number[] }) {
    await db.deleteFrom('sampling_trip_members').where('trip_id', '=', tripId).execute();
    await db.deleteFrom('sampling_trip_equipment').where('trip_id', '=', tripId).execute();
    await db.deleteFrom('sampling_trip_rounds').where('trip_id', '=', tripId).execute();
    if (c.members.length)
      await db
        .insertInto('sampling_trip_members')
        .values(c.members.map((user_id) => ({ trip_id: tripId, user_id })))
        .execute();
    if (c.equipment.length)
      await db
        .insertInto('sampling_trip_equipment')
        .values(c.equipment.map((equipment_id) => ({ trip_id: tripId, equipment_id })))
        .execute();
    if (c.rounds.length)
      await db
        .insertInto('sampling_trip_rounds')
        .values(c.rounds.map((round_id) => ({ trip_id: tripId, round_id })))
        .execute();
  },

  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('sampling_trips').where('id', '=', id).execute();
  },

  /** Moves a trip from one status to another at the version read; false when it changed meanwhile. */
  async move(db: Kysely<DB>, id: number, from: string, version: number, set: Updateable<SamplingTripsTable>) {
    const res = await db
      .updateTable('sampling_trips')
      .set({ ...set, version: version + 1 })
      .where('id', '=', id)
      .where('status', '=', from)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
};
