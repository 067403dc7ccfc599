import type { KPI_TYPE_SORTS, KpiTypeListQuery } from '@qlcv/common/schemas/kpi-types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type KpiTypeFilter = Partial<Pick<KpiTypeListQuery, 'search' | 'active' | 'measure' | 'direction'>>;

function filtered(db: Kysely<DB>, f: KpiTypeFilter) {
  let s = db.selectFrom('kpi_types as k');
  const pattern = likePattern(f.search);
  if (pattern) s = s.where(likeNormalized('k.search_text', pattern));
  if (f.active !== undefined) s = s.where('k.active', '=', f.active ? 1 : 0);
  if (f.measure?.length) s = s.where('k.measure', 'in', f.measure);
  if (f.direction) s = s.where('k.direction', '=', f.direction);
  return s;
}

/** A type an evaluation criterion uses is never deleted, only set inactive. */
function withCount(q: ReturnType<typeof filtered>) {
  return q.selectAll('k').select((eb) =>
    eb
      .selectFrom('evaluation_criteria as ec')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('ec.kpi_type_id', '=', 'k.id')
      .as('criteria_count'),
  );
}

export type KpiTypeRow = NonNullable<Awaited<ReturnType<typeof kpiTypesRepository.find>>>;

export const kpiTypesRepository = {
  list(
    db: Kysely<DB>,
    f: KpiTypeFilter,
    sort: { column: (typeof KPI_TYPE_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    return withCount(filtered(db, f))
      .orderBy(`k.${sort.column}`, sort.direction)
      .orderBy('k.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: KpiTypeFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Every type for the pickers, active first (an inactive type still names the criteria that use it). */
  options(db: Kysely<DB>, active: boolean | undefined) {
    return filtered(db, { active })
      .select([
        'k.id',
        'k.code',
        'k.name',
        'k.unit',
        'k.direction',
        'k.measure',
        'k.default_weight',
        'k.default_target',
        'k.active',
      ])
      .orderBy('k.active', 'desc')
      .orderBy('k.name')
      .orderBy('k.id')
      .execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withCount(filtered(db, {})).where('k.id', '=', id).executeTakeFirst();
  },
};

/** A measure's period for one employee: `start` inclusive, `end` the instant after the period's last day (UTC ISO). */
export interface MeasureWindow {
  employeeId: number;
  start: string;
  end: string;
}

/** The employee's works completed in the period. */
function doneInPeriod(db: Kysely<DB>, w: MeasureWindow) {
  return db
    .selectFrom('works')
    .where('works.assignee_id', '=', w.employeeId)
    .where('works.status', '=', 'done')
    .where('works.completed_at', 'is not', null)
    .where('works.completed_at', '>=', w.start)
    .where('works.completed_at', '<', w.end);
}

/** What the computed KPI measures read (kpi-measures.ts): works and requests of one employee over a period. */
export const kpiMeasuresRepository = {
  worksDone(db: Kysely<DB>, w: MeasureWindow) {
    return doneInPeriod(db, w).select(['id', 'deadline', 'completed_at']).execute();
  },

  /** Works still open at the period's end (created before it, not cancelled) with their deadline passed by then. */
  worksOpenOverdue(db: Kysely<DB>, w: MeasureWindow) {
    return db
      .selectFrom('works')
      .select('id')
      .where('assignee_id', '=', w.employeeId)
      .where('status', '!=', 'cancelled')
      .where('created_at', '<', w.end)
      .where('deadline', 'is not', null)
      .where('deadline', '<', w.end)
      .where((eb) => eb.or([eb('completed_at', 'is', null), eb('completed_at', '>=', w.end)]))
      .execute();
  },

  /** Requests completed in the period in which the employee did (completed) at least one process-step work. */
  requestsCompleted(db: Kysely<DB>, w: MeasureWindow) {
    return db
      .selectFrom('requests as r')
      .select('r.id')
      .where('r.status', '=', 'completed')
      .where('r.completed_at', 'is not', null)
      .where('r.completed_at', '>=', w.start)
      .where('r.completed_at', '<', w.end)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('works as sw')
            .select('sw.id')
            .whereRef('sw.request_id', '=', 'r.id')
            .where('sw.step_index', 'is not', null)
            .where('sw.assignee_id', '=', w.employeeId)
            .where('sw.status', '=', 'done'),
        ),
      )
      .execute();
  },

  /** The employee's process-step works completed in the period, with their request's process snapshot. */
  stepWorksDone(db: Kysely<DB>, w: MeasureWindow) {
    return doneInPeriod(db, w)
      .innerJoin('requests as r', 'r.id', 'works.request_id')
      .where('works.step_index', 'is not', null)
      .select(['works.id', 'works.step_index', 'works.created_at', 'works.completed_at', 'r.process_snapshot'])
      .execute();
  },
};
