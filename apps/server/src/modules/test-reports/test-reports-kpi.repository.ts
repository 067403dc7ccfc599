import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What the KPI measures read of the test reports (test-reports-kpi.service.ts). */
export const testReportsKpiRepository = {
  /** First versions the employee signed in the span (`start` ≤ signed_at < `end`), replaced since or not. */
  firstVersionsSignedBy(db: Kysely<DB>, s: { employeeId: number; start: string; end: string }) {
    return db
      .selectFrom('test_reports')
      .select(['id', 'trip_id', 'customer_id', 'round_id', 'signed_at'])
      .where('report_version', '=', 1)
      .where('state', '=', 'signed')
      .where('signed_by', '=', s.employeeId)
      .where('signed_at', 'is not', null)
      .where('signed_at', '>=', s.start)
      .where('signed_at', '<', s.end)
      .execute();
  },
};
