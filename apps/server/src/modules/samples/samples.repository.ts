import type { SAMPLE_SORTS, SampleListQuery } from '@qlcv/common/schemas/samples';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, SampleEventsTable, SamplesTable } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type SampleFilter = Pick<SampleListQuery, 'search' | 'trip_id' | 'status' | 'qc_kind' | 'overdue'> & {
  /** `overdue` compares `hold_until` with this instant. */
  now: string;
  statuses?: readonly string[];
};

const HOLDING = ['taken', 'handed_over', 'received'];

function filtered(db: Kysely<DB>, f: SampleFilter) {
  let q = db
    .selectFrom('samples as s')
    .innerJoin('sampling_trips as t', 't.id', 's.trip_id')
    .innerJoin('monitoring_rounds as r', 'r.id', 's.round_id')
    .innerJoin('monitoring_programs as p', 'p.id', 'r.program_id')
    .innerJoin('site_points as sp', 'sp.id', 's.point_id')
    .innerJoin('sites as si', 'si.id', 'sp.site_id')
    .innerJoin('users as u', 'u.id', 's.taken_by');
  const pattern = likePattern(f.search);
  if (pattern) q = q.where(likeNormalized('s.search_text', pattern));
  if (f.trip_id !== undefined) q = q.where('s.trip_id', '=', f.trip_id);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.statuses?.length) q = q.where('s.status', 'in', [...f.statuses]);
  if (f.qc_kind) q = q.where('s.qc_kind', '=', f.qc_kind);
  if (f.overdue !== undefined) {
    q = f.overdue
      ? q.where('s.status', 'in', HOLDING).where('s.hold_until', '<', f.now)
      : q.where((eb) =>
          eb.or([eb('s.status', 'not in', HOLDING), eb('s.hold_until', 'is', null), eb('s.hold_until', '>=', f.now)]),
        );
  }
  return q;
}

const COLUMNS = [
  's.id',
  's.code',
  's.trip_id',
  't.code as trip_code',
  't.status as trip_status',
  't.leader_id as trip_leader_id',
  's.round_id',
  'r.name as round_name',
  'p.code as program_code',
  'si.id as site_id',
  'si.code as site_code',
  'si.name as site_name',
  's.point_id',
  'sp.code as point_code',
  'sp.name as point_name',
  'sp.latitude_e6 as point_latitude_e6',
  'sp.longitude_e6 as point_longitude_e6',
  's.medium',
  's.qc_kind',
  's.status',
  's.taken_at',
  's.taken_by',
  'u.name as taken_by_name',
  's.hold_until',
  's.container',
  's.preservation',
  's.latitude_e6',
  's.longitude_e6',
  's.accuracy_m',
  's.notes',
  's.client_key',
  's.version',
  's.created_at',
  's.updated_at',
  's.created_by',
] as const;

export type SampleRow = Awaited<ReturnType<typeof samplesRepository.find>> & {};

const SORT_COLUMNS: Record<(typeof SAMPLE_SORTS)[number], 's.code' | 's.taken_at' | 's.status' | 's.hold_until'> = {
  code: 's.code',
  taken_at: 's.taken_at',
  status: 's.status',
  hold_until: 's.hold_until',
};

export const samplesRepository = {
  list(db: Kysely<DB>, f: SampleFilter, sort: { column: (typeof SAMPLE_SORTS)[number]; direction: 'asc' | 'desc' }, w: Window) {
    return filtered(db, f)
      .select(COLUMNS)
      .orderBy(SORT_COLUMNS[sort.column], sort.direction)
      .orderBy('s.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: SampleFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, id: number) {
    return filtered(db, { now: '' }).select(COLUMNS).where('s.id', '=', id).executeTakeFirst();
  },

  idOfCode(db: Kysely<DB>, code: string) {
    return db.selectFrom('samples').select('id').where('code', '=', code).executeTakeFirst();
  },

  idOfClientKey(db: Kysely<DB>, key: string) {
    return db.selectFrom('samples').select('id').where('client_key', '=', key).executeTakeFirst();
  },

  /** The trip of the sample holding a code (another than `selfId`): the "code taken" answer names it. */
  codeHolder(db: Kysely<DB>, code: string, selfId?: number) {
    let q = db
      .selectFrom('samples as s')
      .innerJoin('sampling_trips as t', 't.id', 's.trip_id')
      .select(['s.id', 't.code as trip_code'])
      .where('s.code', '=', code);
    if (selfId !== undefined) q = q.where('s.id', '!=', selfId);
    return q.executeTakeFirst();
  },

  byTrip(db: Kysely<DB>, tripId: number) {
    return filtered(db, { now: '', trip_id: tripId }).select(COLUMNS).orderBy('s.code').orderBy('s.id').execute();
  },

  byIds(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return filtered(db, { now: '' })
      .select(COLUMNS)
      .where('s.id', 'in', [...ids])
      .orderBy('s.code')
      .orderBy('s.id')
      .execute();
  },

  insert(db: Kysely<DB>, values: Insertable<SamplesTable>) {
    return db.insertInto('samples').values(values).returning('id').executeTakeFirstOrThrow();
  },

  /** Compare-and-set on status and version: a step taken by someone else meanwhile leaves this one unmoved. */
  async move(db: Kysely<DB>, id: number, from: string, version: number, values: Updateable<SamplesTable>): Promise<boolean> {
    const r = await db
      .updateTable('samples')
      .set({ ...values, version: version + 1 })
      .where('id', '=', id)
      .where('status', '=', from)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('samples').where('id', '=', id).execute();
  },

  measurements(db: Kysely<DB>, sampleIds: readonly number[]) {
    if (sampleIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('sample_measurements as m')
      .innerJoin('parameters as pa', 'pa.id', 'm.parameter_id')
      .leftJoin('equipment as e', 'e.id', 'm.equipment_id')
      .select([
        'm.sample_id',
        'm.parameter_id',
        'pa.code as parameter_code',
        'pa.name as parameter_name',
        'pa.unit as parameter_unit',
        'm.value',
        'm.equipment_id',
        'e.code as equipment_code',
        'e.name as equipment_name',
      ])
      .where('m.sample_id', 'in', [...sampleIds])
      .orderBy('m.sample_id')
      .orderBy('pa.code')
      .execute();
  },

  async setMeasurements(
    db: Kysely<DB>,
    sampleId: number,
    rows: readonly { parameter_id: number; value: string; equipment_id: number | null }[],
  ): Promise<void> {
    await db.deleteFrom('sample_measurements').where('sample_id', '=', sampleId).execute();
    if (rows.length)
      await db
        .insertInto('sample_measurements')
        .values(rows.map((r) => ({ sample_id: sampleId, ...r })))
        .execute();
  },

  photos(db: Kysely<DB>, sampleIds: readonly number[]) {
    if (sampleIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('sample_photos')
      .select(['id', 'sample_id', 'storage_key', 'mime', 'size'])
      .where('sample_id', 'in', [...sampleIds])
      .orderBy('id')
      .execute();
  },

  insertPhoto(
    db: Kysely<DB>,
    values: { sample_id: number; storage_key: string; mime: string; size: number; created_at: string; created_by: number },
  ) {
    return db.insertInto('sample_photos').values(values).execute();
  },

  deletePhotos(db: Kysely<DB>, sampleId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .deleteFrom('sample_photos')
      .where('sample_id', '=', sampleId)
      .where('id', 'in', [...ids])
      .returning('storage_key')
      .execute();
  },

  events(db: Kysely<DB>, sampleId: number) {
    return db
      .selectFrom('sample_events as e')
      .innerJoin('users as b', 'b.id', 'e.by_id')
      .leftJoin('users as t', 't.id', 'e.to_id')
      .select([
        'e.id',
        'e.status',
        'e.at',
        'e.by_id',
        'b.name as by_name',
        'e.to_id',
        't.name as to_name',
        'e.temperature',
        'e.intact',
        'e.within_holding',
        'e.notes',
      ])
      .where('e.sample_id', '=', sampleId)
      .orderBy('e.id')
      .execute();
  },

  insertEvent(db: Kysely<DB>, values: Insertable<SampleEventsTable>) {
    return db.insertInto('sample_events').values(values).execute();
  },

  /** Samples still held past their holding time and not yet alerted of, with their trip's leader (the job). */
  pastHolding(db: Kysely<DB>, now: string, limit: number) {
    return filtered(db, { now })
      .select([...COLUMNS])
      .where('s.status', 'in', HOLDING)
      .where('s.hold_until', '<', now)
      .where('s.holding_alerted_at', 'is', null)
      .orderBy('s.id')
      .limit(limit)
      .execute();
  },

  /** Marks the alert raised, only if no one did meanwhile: whether this call did. */
  async markAlerted(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
    const r = await db
      .updateTable('samples')
      .set({ holding_alerted_at: at })
      .where('id', '=', id)
      .where('holding_alerted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Samples handed over and not yet received: the laboratory's dashboard card, as its list counts. */
  async countStatus(db: Kysely<DB>, status: string): Promise<number> {
    const row = await db
      .selectFrom('samples')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
