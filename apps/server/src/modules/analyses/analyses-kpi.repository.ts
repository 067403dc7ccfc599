import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** An employee and a span of UTC instants, `start` ≤ t < `end`. */
export interface KpiSpan {
  employeeId: number;
  start: string;
  end: string;
}

/** What the KPI measures read of the analyses (analyses-kpi.service.ts); kept apart from the list's repository. */
export const analysesKpiRepository = {
  /** The employee's analyses (as their analyst) verified in the span and still verified or released. */
  verifiedOfAnalyst(db: Kysely<DB>, s: KpiSpan) {
    return db
      .selectFrom('analyses as a')
      .innerJoin('parameters as pa', 'pa.id', 'a.parameter_id')
      .select(['a.id', 'a.created_at', 'a.verified_at', 'pa.turnaround_days'])
      .where('a.analyst_id', '=', s.employeeId)
      .where('a.state', 'in', ['verified', 'released'])
      .where('a.verified_at', 'is not', null)
      .where('a.verified_at', '>=', s.start)
      .where('a.verified_at', '<', s.end)
      .execute();
  },

  /**
   * The released analyses of normal samples (no QC) of the given trips with a turnaround target, with the customer of
   * the sample's site: what a test report of a trip and customer holds (test-reports.repository `releasedRows`).
   */
  releasedWithTargetOfTrips(db: Kysely<DB>, tripIds: readonly number[]) {
    if (tripIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('analyses as a')
      .innerJoin('samples as s', 's.id', 'a.sample_id')
      .innerJoin('site_points as sp', 'sp.id', 's.point_id')
      .innerJoin('sites as si', 'si.id', 'sp.site_id')
      .innerJoin('parameters as pa', 'pa.id', 'a.parameter_id')
      .select(['s.trip_id', 's.round_id', 'si.customer_id', 'a.created_at', 'pa.turnaround_days'])
      .where('s.trip_id', 'in', [...tripIds])
      .where('s.qc_kind', '=', 'normal')
      .where('a.state', '=', 'released')
      .where('pa.turnaround_days', 'is not', null)
      .execute();
  },
};
