import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectKind } from '../dialect';
import { foundation } from './0001-foundation';
import { requestsSchema } from './0002-requests';
import { documentsCustomers } from './0003-documents-customers';
import { requestsFlow } from './0005-requests-flow';
import { searchIndex } from './0006-search-index';
import { listVersion } from './0007-list-version';
import { companySettings } from './0009-company-settings';
import { notifications } from './0010-notifications';
import { streamTicketToken } from './0013-stream-ticket-token';
import { publicResult } from './0014-public-result';
import { workReminderDeadline } from './0015-work-reminder-deadline';
import { leaves } from './0016-leaves';
import { leaveLedgerOnce } from './0017-leave-ledger-once';
import { unitsServices } from './0019-units-services';
import { contractTemplates } from './0020-contract-templates';
import { contracts } from './0021-contracts';
import { kpiTypes } from './0022-kpi-types';
import { evaluations } from './0023-evaluations';
import { dashboardIndexes } from './0024-dashboard-indexes';
import { dashboardSpeed } from './0025-dashboard-speed';
import { sessionVersion } from './0026-session-version';
import { worksListSpeed } from './0027-works-list-speed';
import { requestsListSpeed } from './0028-requests-list-speed';
import { requestStatusCounts } from './0029-request-status-counts';
import { requestsTypeStatus } from './0030-requests-type-status';
import { contractsApprove } from './0031-contracts-approve';
import { rulesAcrossRows } from './0032-rules-across-rows';
import { pushSubscriptions } from './0033-push-subscriptions';
import { attendance } from './0034-attendance';
import { leaveTrip } from './0035-leave-trip';
import { parameters } from './0036-parameters';
import { sites } from './0037-sites';
import { monitoringPrograms } from './0038-monitoring-programs';
import { equipment } from './0039-equipment';
import { samplingTrips } from './0040-sampling-trips';
import { samples } from './0041-samples';
import { monitoringReminders } from './0042-monitoring-reminders';
import { regulations } from './0043-regulations';
import { analyses } from './0044-analyses';
import { analysisVerdicts } from './0045-analysis-verdicts';
import { testReports } from './0046-test-reports';
import { parameterTurnaround } from './0047-parameter-turnaround';
import { testReportFiles } from './0048-test-report-files';
import { testReportNumberPattern } from './0049-test-report-number-pattern';
import { testReportRound } from './0050-test-report-round';
import { templateKind } from './0051-template-kind';

// Migrations are imported, not read from disk, so the bundled server carries them.
const MIGRATIONS: Record<string, (kind: DialectKind) => { up(db: Kysely<unknown>): Promise<void> }> = {
  '0001-foundation': foundation,
  '0002-requests': requestsSchema,
  '0003-documents-customers': documentsCustomers,
  '0005-requests-flow': requestsFlow,
  '0006-search-index': searchIndex,
  '0007-list-version': listVersion,
  '0009-company-settings': companySettings,
  '0010-notifications': notifications,
  '0013-stream-ticket-token': streamTicketToken,
  '0014-public-result': publicResult,
  '0015-work-reminder-deadline': workReminderDeadline,
  '0016-leaves': leaves,
  '0017-leave-ledger-once': leaveLedgerOnce,
  '0020-contract-templates': contractTemplates,
  '0021-contracts': contracts,
  '0023-evaluations': evaluations,
  '0019-units-services': unitsServices,
  '0022-kpi-types': kpiTypes,
  '0024-dashboard-indexes': dashboardIndexes,
  '0025-dashboard-speed': dashboardSpeed,
  '0026-session-version': sessionVersion,
  '0027-works-list-speed': worksListSpeed,
  '0028-requests-list-speed': requestsListSpeed,
  '0029-request-status-counts': requestStatusCounts,
  '0030-requests-type-status': requestsTypeStatus,
  '0031-contracts-approve': contractsApprove,
  '0032-rules-across-rows': rulesAcrossRows,
  '0033-push-subscriptions': pushSubscriptions,
  '0034-attendance': attendance,
  '0035-leave-trip': leaveTrip,
  '0036-parameters': parameters,
  '0037-sites': sites,
  '0038-monitoring-programs': monitoringPrograms,
  '0039-equipment': equipment,
  '0040-sampling-trips': samplingTrips,
  '0041-samples': samples,
  '0042-monitoring-reminders': monitoringReminders,
  '0043-regulations': regulations,
  '0044-analyses': analyses,
  '0045-analysis-verdicts': analysisVerdicts,
  '0046-test-reports': testReports,
  '0047-parameter-turnaround': parameterTurnaround,
  '0048-test-report-files': testReportFiles,
  '0049-test-report-number-pattern': testReportNumberPattern,
  '0050-test-report-round': testReportRound,
  '0051-template-kind': templateKind,
};

export function migrationProvider(kind: DialectKind): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, make] of Object.entries(MIGRATIONS)) out[name] = make(kind);
      return out;
    },
  };
}
