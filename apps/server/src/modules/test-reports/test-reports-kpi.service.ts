import { REPORT_DAYS_AFTER_RESULTS } from '@qlcv/common/schemas/kpi-types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AnalysesKpiService, KpiSpan } from '../analyses/analyses-kpi.service';
import { testReportsKpiRepository as repo } from './test-reports-kpi.repository';

/** One first version signed in a span: when, and when it was due (null: none of its results has a target). */
export interface SignedReport {
  id: number;
  signed_at: string;
  due_at: string | null;
}

/**
 * The test reports' figures the KPI measures read (issue 25 part 5). The results' due moments come from the analyses'
 * service; built on the handle it is given (an evaluation's transaction included).
 */
export class TestReportsKpiService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly analyses: AnalysesKpiService,
  ) {}

  /**
   * The first versions the employee signed in the span, each due REPORT_DAYS_AFTER_RESULTS days after the latest due
   * moment of its trip's (or its round's) released results for its customer. A correction (version 2…) is not measured: its clock is
   * the error found, not the samples' receipt.
   */
  async firstVersionsSignedBy(span: KpiSpan): Promise<SignedReport[]> {
    const rows = await repo.firstVersionsSignedBy(this.db, span);
    const latest = await this.analyses.latestDueOfTrips(rows.map((r) => r.trip_id));
    return rows.map((r) => {
      // A report of one round is due by that round's results, not the whole trip's.
      const results = latest.get(`${r.trip_id}:${r.customer_id}${r.round_id !== null ? `:${r.round_id}` : ''}`);
      return {
        id: r.id,
        signed_at: new Date(r.signed_at as string).toISOString(),
        due_at:
          results === undefined
            ? null
            : new Date(new Date(results).getTime() + REPORT_DAYS_AFTER_RESULTS * 86_400_000).toISOString(),
      };
    });
  }
}
