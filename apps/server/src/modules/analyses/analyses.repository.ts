import { ADMIN_ROLE_CODE } from '@qlcv/common/permissions';
import type { ANALYSIS_SORTS, AnalysisListQuery } from '@qlcv/common/schemas/analyses';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { AnalysesTable, AnalysisEventsTable, DB } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type AnalysisFilter = Pick<
  AnalysisListQuery,
  'search' | 'parameter_id' | 'sample_id' | 'analyst_id' | 'late_for_holding' | 'verdict'
> & {
  states?: readonly string[];
  /** An analyst holding only `lab.analyse` sees what is assigned to them. */
  onlyAnalyst?: number;
  /**
   * Late by turnaround: not released, and made (at the sample's receipt) before the cutoff of its parameter's target — one
   * `[days, cutoff ISO]` per target in use (portable: no date arithmetic in SQL). Empty list: nothing is late.
   */
  lateCutoffs?: readonly (readonly [number, string])[];
};

function filtered(db: Kysely<DB>, f: AnalysisFilter) {
  let q = db
    .selectFrom('analyses as a')
    .innerJoin('samples as s', 's.id', 'a.sample_id')
    .innerJoin('sampling_trips as t', 't.id', 's.trip_id')
    .innerJoin('site_points as sp', 'sp.id', 's.point_id')
    .innerJoin('sites as si', 'si.id', 'sp.site_id')
    .innerJoin('parameters as pa', 'pa.id', 'a.parameter_id')
    .leftJoin('users as an', 'an.id', 'a.analyst_id')
    .leftJoin('users as eb', 'eb.id', 'a.entered_by')
    .leftJoin('users as vb', 'vb.id', 'a.verified_by')
    .leftJoin('users as rb', 'rb.id', 'a.released_by')
    .leftJoin('equipment as e', 'e.id', 'a.equipment_id');
  const pattern = likePattern(f.search);
  if (pattern) q = q.where(likeNormalized('s.search_text', pattern));
  if (f.parameter_id !== undefined) q = q.where('a.parameter_id', '=', f.parameter_id);
  if (f.sample_id !== undefined) q = q.where('a.sample_id', '=', f.sample_id);
  if (f.analyst_id !== undefined) q = q.where('a.analyst_id', '=', f.analyst_id);
  if (f.onlyAnalyst !== undefined) q = q.where('a.analyst_id', '=', f.onlyAnalyst);
  if (f.states?.length) q = q.where('a.state', 'in', [...f.states]);
  if (f.verdict?.length) q = q.where('a.verdict', 'in', [...f.verdict]);
  if (f.late_for_holding !== undefined) q = q.where('a.late_for_holding', '=', f.late_for_holding ? 1 : 0);
  const cutoffs = f.lateCutoffs;
  if (cutoffs) {
    if (cutoffs.length === 0) return q.where(sql<boolean>`1 = 0`);
    q = q
      .where('a.state', '<>', 'released')
      .where((eb) =>
        eb.or(cutoffs.map(([days, cutoff]) => eb.and([eb('pa.turnaround_days', '=', days), eb('a.created_at', '<', cutoff)]))),
      );
  }
  return q;
}

const COLUMNS = [
  'a.id',
  'a.sample_id',
  's.code as sample_code',
  's.qc_kind as sample_qc_kind',
  's.status as sample_status',
  's.taken_at as sample_taken_at',
  's.trip_id',
  't.code as trip_code',
  's.round_id',
  'si.id as site_id',
  'si.code as site_code',
  'si.name as site_name',
  's.point_id',
  'sp.code as point_code',
  'sp.name as point_name',
  'a.parameter_id',
  'pa.code as parameter_code',
  'pa.name as parameter_name',
  'pa.unit as parameter_unit',
  'pa.method as parameter_method',
  'pa.lod as parameter_lod',
  'pa.loq as parameter_loq',
  'pa.turnaround_days as parameter_turnaround_days',
  'a.state',
  'a.analyst_id',
  'an.name as analyst_name',
  'a.qualifier',
  'a.value',
  'a.unit',
  'a.method',
  'a.equipment_id',
  'e.code as equipment_code',
  'e.name as equipment_name',
  'a.analysed_on',
  'a.uncertainty',
  'a.notes',
  'a.hold_until',
  'a.late_for_holding',
  'a.entered_by',
  'eb.name as entered_by_name',
  'a.entered_at',
  'a.verified_by',
  'vb.name as verified_by_name',
  'a.verified_at',
  'a.released_by',
  'rb.name as released_by_name',
  'a.released_at',
  'a.return_reason',
  'a.limit_regulation_id',
  'a.limit_regulation_code',
  'a.limit_column',
  'a.limit_text',
  'a.limit_min',
  'a.limit_max',
  'a.limit_unit',
  'a.limit_averaging',
  'a.limit_formula',
  'a.verdict',
  'a.verdict_reason',
  'a.exceed_ratio',
  'a.exceed_by',
  'a.judged_at',
  // What the judging at release reads: the point's regulation as its plan names it, the parameter's analyte.
  'sp.regulation_id as point_regulation_id',
  'sp.regulation_column as point_regulation_column',
  'sp.regulation_factors as point_regulation_factors',
  'pa.analyte as parameter_analyte',
  'si.customer_id',
  'a.version',
  'a.created_at',
  'a.updated_at',
] as const;

export type AnalysisRow = Awaited<ReturnType<typeof analysesRepository.find>> & {};

const SORT_COLUMNS: Record<(typeof ANALYSIS_SORTS)[number], 's.taken_at' | 's.code' | 'pa.code' | 'a.state' | 'a.updated_at'> = {
  taken_at: 's.taken_at',
  sample_code: 's.code',
  parameter_code: 'pa.code',
  state: 'a.state',
  updated_at: 'a.updated_at',
};

export const analysesRepository = {
  /** The turnaround targets (days) the catalogue uses: one late cutoff each. */
  async turnaroundTargets(db: Kysely<DB>): Promise<number[]> {
    const rows = await db
      .selectFrom('parameters')
      .select('turnaround_days')
      .distinct()
      .where('turnaround_days', 'is not', null)
      .execute();
    return rows.map((r) => Number(r.turnaround_days));
  },

  list(
    db: Kysely<DB>,
    f: AnalysisFilter,
    sort: { column: (typeof ANALYSIS_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    return filtered(db, f)
      .select(COLUMNS)
      .orderBy(SORT_COLUMNS[sort.column], sort.direction)
      .orderBy('a.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: AnalysisFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, id: number) {
    return filtered(db, {}).select(COLUMNS).where('a.id', '=', id).executeTakeFirst();
  },

  byIds(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return filtered(db, {})
      .select(COLUMNS)
      .where('a.id', 'in', [...ids])
      .execute();
  },

  /** A worksheet: one parameter's analyses, oldest sample first; `limit` one past the page tells it was cut. */
  worksheet(db: Kysely<DB>, f: AnalysisFilter, limit: number) {
    return filtered(db, f).select(COLUMNS).orderBy('s.taken_at').orderBy('s.code').orderBy('a.id').limit(limit).execute();
  },

  /**
   * The analyses of one parameter on the normal and duplicate samples taken at these rounds and points, whatever their
   * state: the other halves of the worksheet's duplicate pairs.
   */
  pairCandidates(db: Kysely<DB>, parameterId: number, roundIds: readonly number[], pointIds: readonly number[]) {
    if (roundIds.length === 0 || pointIds.length === 0) return Promise.resolve([]);
    return filtered(db, { parameter_id: parameterId })
      .select(COLUMNS)
      .where('s.round_id', 'in', [...new Set(roundIds)])
      .where('s.point_id', 'in', [...new Set(pointIds)])
      .where('s.qc_kind', 'in', ['normal', 'duplicate'])
      .orderBy('a.id')
      .execute();
  },

  /** Parameters as a worksheet names them. */
  parameters(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('parameters')
      .select(['id', 'code', 'name', 'unit', 'method', 'lod', 'loq'])
      .where('id', 'in', [...ids])
      .execute();
  },

  /** The unit, method and holding time (hours) the new analyses of these parameters start from. */
  parameterDefaults(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('parameters')
      .select(['id', 'unit', 'method', 'holding_hours'])
      .where('id', 'in', [...ids])
      .orderBy('code')
      .execute();
  },

  /** Inserts what is not there yet (the sample × parameter key holds it once); the ids made by this call. */
  async insertMissing(db: Kysely<DB>, rows: readonly Insertable<AnalysesTable>[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const made = await db
      .insertInto('analyses')
      .values([...rows])
      .onConflict((oc) => oc.columns(['sample_id', 'parameter_id']).doNothing())
      .returning('id')
      .execute();
    return made.map((r) => r.id);
  },

  /**
   * Compare-and-set on state and version: an analysis changed by someone else meanwhile (or moved on) stays as it is,
   * and the caller answers 409.
   */
  async transition(
    db: Kysely<DB>,
    id: number,
    from: readonly string[],
    version: number,
    values: Updateable<AnalysesTable>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('analyses')
      .set({ ...values, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  insertEvents(db: Kysely<DB>, rows: readonly Insertable<AnalysisEventsTable>[]) {
    if (rows.length === 0) return Promise.resolve();
    return db
      .insertInto('analysis_events')
      .values([...rows])
      .execute()
      .then(() => undefined);
  },

  events(db: Kysely<DB>, analysisId: number) {
    return db
      .selectFrom('analysis_events as v')
      .leftJoin('users as b', 'b.id', 'v.by_id')
      .leftJoin('users as o', 'o.id', 'v.to_id')
      .select(['v.id', 'v.state', 'v.at', 'v.by_id', 'b.name as by_name', 'v.to_id', 'o.name as to_name', 'v.result', 'v.reason'])
      .where('v.analysis_id', '=', analysisId)
      .orderBy('v.id')
      .execute();
  },

  /**
   * Whom a sample's exceedance is told to: the programme's author (its owner) and the customer's account manager —
   * the author of the programme's contract (who sold it), else of the customer's record.
   */
  exceedRecipients(db: Kysely<DB>, sampleIds: readonly number[]) {
    if (sampleIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('samples as s')
      .innerJoin('monitoring_rounds as r', 'r.id', 's.round_id')
      .innerJoin('monitoring_programs as m', 'm.id', 'r.program_id')
      .innerJoin('sites as si', 'si.id', 'm.site_id')
      .innerJoin('customers as c', 'c.id', 'si.customer_id')
      .leftJoin('contracts as k', 'k.id', 'm.contract_id')
      .select([
        's.id as sample_id',
        'm.id as program_id',
        'm.code as program_code',
        'm.name as program_name',
        'm.created_by as owner_id',
        'k.created_by as contract_author_id',
        'c.created_by as customer_author_id',
        'c.name as customer_name',
        'si.name as site_name',
      ])
      .where('s.id', 'in', [...sampleIds])
      .execute();
  },

  /** Released results of a point's parameter sampled in [from, to) (instants), oldest first; `limit` one past. */
  trend(db: Kysely<DB>, f: AnalysisFilter & { point_id: number; from: string; to: string }, limit: number) {
    return filtered(db, { ...f, states: ['released'] })
      .select(COLUMNS)
      .where('s.point_id', '=', f.point_id)
      .where('s.taken_at', '>=', f.from)
      .where('s.taken_at', '<', f.to)
      .orderBy('s.taken_at')
      .orderBy('a.id')
      .limit(limit)
      .execute();
  },

  /** A customer's released results that exceeded their limit, sampled in [from, to) (instants), newest first. */
  exceedances(db: Kysely<DB>, f: AnalysisFilter & { customer_id: number; from: string; to: string }, limit: number) {
    return filtered(db, { ...f, states: ['released'] })
      .select(COLUMNS)
      .where('a.verdict', '=', 'exceeded')
      .where('si.customer_id', '=', f.customer_id)
      .where('s.taken_at', '>=', f.from)
      .where('s.taken_at', '<', f.to)
      .orderBy('s.taken_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  },

  /** A point with its site (a trend's head), or undefined. */
  point(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('site_points as sp')
      .innerJoin('sites as si', 'si.id', 'sp.site_id')
      .select(['sp.id', 'sp.code', 'sp.name', 'si.id as site_id', 'si.code as site_code', 'si.name as site_name'])
      .where('sp.id', '=', id)
      .executeTakeFirst();
  },

  /**
   * A trip's released results at one customer's sites (test reports), by point then sample then parameter; with
   * `roundId`, only that round's samples.
   */
  releasedForReport(db: Kysely<DB>, tripId: number, customerId: number, roundId?: number | null) {
    let q = db
      .selectFrom('analyses as a')
      .innerJoin('samples as s', 's.id', 'a.sample_id')
      .innerJoin('site_points as sp', 'sp.id', 's.point_id')
      .innerJoin('sites as si', 'si.id', 'sp.site_id')
      .innerJoin('parameters as pa', 'pa.id', 'a.parameter_id')
      .select([
        'sp.code as point_code',
        'sp.name as point_name',
        's.code as sample_code',
        's.taken_at',
        's.qc_kind',
        'pa.name as parameter',
        'a.qualifier',
        'a.value',
        'a.unit',
        'a.method',
        'a.limit_text',
        'a.limit_column',
        'a.limit_regulation_code',
        'a.verdict',
        'a.analyst_id',
        'a.analysed_on',
      ])
      .where('s.trip_id', '=', tripId)
      .where('si.customer_id', '=', customerId)
      .where('a.state', '=', 'released');
    if (roundId != null) q = q.where('s.round_id', '=', roundId);
    return q.orderBy('sp.sort_order').orderBy('sp.code').orderBy('s.code').orderBy('pa.code').execute();
  },

  /** Active users holding `key` through their role (the administrator's role holds every key). */
  holdersOf(db: Kysely<DB>, key: string, opts: { id?: number; search?: string | null; limit: number }) {
    let q = db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.name', 'u.username'])
      .where('u.status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb('r.code', '=', ADMIN_ROLE_CODE),
          eb.exists(
            eb
              .selectFrom('role_permissions as rp')
              .select('rp.role_id')
              .whereRef('rp.role_id', '=', 'u.role_id')
              .where('rp.permission', '=', key),
          ),
        ]),
      );
    if (opts.id !== undefined) q = q.where('u.id', '=', opts.id);
    const pattern = likePattern(opts.search ?? undefined);
    if (pattern) q = q.where(likeNormalized('u.search_text', pattern));
    return q.orderBy('u.name').orderBy('u.id').limit(opts.limit).execute();
  },
};
