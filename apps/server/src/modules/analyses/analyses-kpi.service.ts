import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { analysisDueAt } from './analyses.mappers';
import { type KpiSpan, analysesKpiRepository as repo } from './analyses-kpi.repository';

export type { KpiSpan } from './analyses-kpi.repository';

const ms = (at: string | Date) => new Date(at).getTime();

/** One analysis verified in a span: when, and when it was due (null: its parameter has no turnaround target). */
export interface VerifiedAnalysis {
  id: number;
  verified_at: string;
  due_at: string | null;
}

/**
 * The analyses' figures the KPI measures read (issue 25 part 5). Built on the handle it is given, so a measure run
 * inside an evaluation's transaction reads through that transaction.
 */
export class AnalysesKpiService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The employee's analyses (as analyst) verified in the span, each with its due moment (decisions 40.20). */
  async verifiedOfAnalyst(span: KpiSpan): Promise<VerifiedAnalysis[]> {
    const rows = await repo.verifiedOfAnalyst(this.db, span);
    return rows.map((r) => ({
      id: r.id,
      verified_at: new Date(r.verified_at as string).toISOString(),
      due_at: analysisDueAt(r.created_at, r.turnaround_days),
    }));
  }

  /**
   * The latest due moment of the released results a test report of each trip and customer holds (normal samples
   * only), keyed `tripId:customerId` (the whole trip) and `tripId:customerId:roundId` (a report of one round, 40.31);
   * a key whose results have no turnaround target is absent.
   */
  async latestDueOfTrips(tripIds: readonly number[]): Promise<Map<string, string>> {
    const rows = await repo.releasedWithTargetOfTrips(this.db, [...new Set(tripIds)]);
    const latest = new Map<string, string>();
    for (const r of rows) {
      const due = analysisDueAt(r.created_at, r.turnaround_days);
      if (due === null) continue;
      for (const key of [`${r.trip_id}:${r.customer_id}`, `${r.trip_id}:${r.customer_id}:${r.round_id}`]) {
        const before = latest.get(key);
        if (before === undefined || ms(due) > ms(before)) latest.set(key, due);
      }
    }
    return latest;
  }
}
