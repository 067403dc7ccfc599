import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Dashboard, DashboardCardKey, DashboardLink } from '@qlcv/common/schemas/dashboard';
import { LEAVE_LIST_KEYS } from '@qlcv/common/schemas/leaves';
import { OPEN_WORK_STATUSES } from '@qlcv/common/schemas/works';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { vnDayEnd, vnDayStart, vnToday } from '../../lib/vn-time';
import type { AnalysesService } from '../analyses/analyses.service';
import type { DepartmentsService } from '../departments/departments.service';
import { leaveScopeOf } from '../leaves/leave-scopes';
import type { LeavesService } from '../leaves/leaves.service';
import type { MonitoringRoundsService } from '../monitoring-programs/monitoring-rounds.service';
import type { SamplesService } from '../samples/samples.service';
import type { SamplingTripsService } from '../sampling-trips/sampling-trips.service';
import { userEvaluationScopeOf } from '../user-evaluations/user-evaluation-scopes';
import type { WorksService } from '../works/works.service';
import { DashboardCache } from './dashboard.cache';
import { parts, vnWeek } from './dashboard.parts';

// The keys of the lists each part summarises (their routes' `permission`): without them the part is null.
const REQUESTS_KEYS = ['requests.index'];
const WORKS_LIST_KEYS = ['works.department', 'works.all'];
const CONTRACTS_KEYS = ['contracts.index'];
const USER_EVALUATIONS_KEYS = ['user_evaluations.index', 'user_evaluations.show', 'user_evaluations.edit'];
const MONITORING_KEYS = ['monitoring.index'];
const SAMPLING_KEYS = ['sampling.index', 'sampling.department', 'sampling.all'];
const LAB_KEYS = ['lab.index', 'lab.receive'];
const ANALYSES_KEYS = ['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive'];
const ON_TIME_DAYS = 90;

/** The last day of `day`'s month, `YYYY-MM-DD`. */
const endOfMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return `${day.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

const when = <T>(allowed: boolean, run: () => Promise<T>): Promise<T | null> => (allowed ? run() : Promise.resolve(null));

/** `GET /api/dashboard`: every part in the viewer's scopes, the parts side by side. */
export class DashboardService {
  private readonly cache: DashboardCache;

  /** `cache`: keep the parts `DashboardCache` may keep while the data is unchanged (off with the list cache, LIST_CACHE_SIZE=0). */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: {
      departments: DepartmentsService;
      works: WorksService;
      leaves: LeavesService;
      rounds: MonitoringRoundsService;
      trips: SamplingTripsService;
      samples: SamplesService;
      analyses: AnalysesService;
    },
    cache = true,
  ) {
    this.cache = new DashboardCache(db, cache);
  }

  async get(actor: Actor): Promise<Dashboard> {
    const db = this.db;
    const now = nowIso();
    const today = vnToday();
    const week = vnWeek(today);
    const has = (keys: readonly string[]) => hasAnyPermission(actor.permissions, keys);
    const seesRequests = has(REQUESTS_KEYS);
    const seesWorksList = has(WORKS_LIST_KEYS);
    const seesLeaves = has(LEAVE_LIST_KEYS);
    const seesContracts = has(CONTRACTS_KEYS);
    const seesEvaluations = has(USER_EVALUATIONS_KEYS);
    const seesMonitoring = has(MONITORING_KEYS);
    const seesTrips = has(SAMPLING_KEYS);
    const seesLab = has(LAB_KEYS);
    const seesAnalyses = has(ANALYSES_KEYS);
    const monthEnd = endOfMonth(today);
    const mine = { kind: 'assigned' as const, userId: actor.id };

    // The scopes first (each a key check or a small lookup), then every part at once.
    const [workScope, leaveScope, evaluationScope] = await Promise.all([
      this.deps.works.scopeOf(actor),
      seesLeaves ? leaveScopeOf(db, this.deps.departments, actor) : null,
      seesEvaluations ? userEvaluationScopeOf(db, this.deps.departments, actor) : null,
    ]);
    // Without the works list keys, "my works" (assigned to me) is the list that card opens.
    const overdueFilter = seesWorksList
      ? { scope: workScope, search: null, overdue: { now, value: true } }
      : { scope: { all: true } as const, tab: mine, search: null, overdue: { now, value: true } };

    // Read before the parts it guards, and awaited by them in this same tick.
    const version = seesRequests || seesWorksList ? this.cache.version() : Promise.resolve(null);
    // Done since the start of the day 90 days ago (Vietnam time): the same for the whole day, so kept for it.
    const onTimeSince = vnDayStart(addDays(today, -ON_TIME_DAYS));
    const [
      requestsByStatus,
      requestsOverdue,
      myWorksDueWeek,
      worksOverdue,
      leavesToApprove,
      contractsExpiring,
      evaluationsToDo,
      requestsPerMonth,
      worksOnTime,
      leaveDays,
      nextDeadlines,
      notifications,
      roundsDue,
      tripsWeek,
      samplesAwaiting,
      analysesToEnter,
      analysesToVerify,
      analysesLate,
    ] = await Promise.all([
      when(seesRequests, () => this.cache.get(version, 'requests_by_status', () => parts.requestsByStatus(db))),
      when(seesRequests, () =>
        this.cache.getUntil(version, 'requests_overdue', now, async () => {
          const [value, until] = await Promise.all([parts.requestsOverdue(db, now), parts.nextRequestDue(db, now)]);
          return { value, until };
        }),
      ),
      parts.worksCount(db, {
        scope: { all: true },
        tab: mine,
        search: null,
        status: [...OPEN_WORK_STATUSES],
        deadlineFrom: vnDayStart(week.from),
        deadlineBefore: vnDayEnd(week.to),
      }),
      parts.worksCount(db, overdueFilter),
      when(seesLeaves, () => this.deps.leaves.approvalCount(actor)),
      when(seesContracts, () => parts.contractsExpiring(db, today)),
      evaluationScope ? parts.evaluationsToDo(db, evaluationScope) : null,
      when(seesRequests, () => this.cache.get(version, `requests_per_month:${today}`, () => parts.requestsPerMonth(db, today))),
      when(seesWorksList, async () =>
        parts.namedOnTime(
          db,
          await this.cache.get(version, `works_on_time:${onTimeSince}:${JSON.stringify(workScope)}`, () =>
            parts.worksOnTime(db, workScope, onTimeSince),
          ),
        ),
      ),
      leaveScope ? parts.leaveDaysByType(db, leaveScope, today.slice(0, 4)) : null,
      parts.nextDeadlines(db, actor.id, now),
      parts.latestNotifications(db, actor.id),
      when(seesMonitoring, () => this.deps.rounds.countDue(monthEnd)),
      when(seesTrips, () => this.deps.trips.countOpen(actor, week.from, week.to)),
      when(seesLab, () => this.deps.samples.countAwaitingLab()),
      when(seesAnalyses, () => this.deps.analyses.count(actor, { state: ['assigned'] })),
      when(seesAnalyses, () => this.deps.analyses.count(actor, { state: ['entered'] })),
      when(seesAnalyses, () => this.deps.analyses.count(actor, { late: 'true' })),
    ]);

    const link = (allowed: boolean, route: string, query: Record<string, string>): DashboardLink =>
      allowed ? { route, query } : null;
    const links: Record<DashboardCardKey, DashboardLink> = {
      requests_by_status: link(seesRequests, 'requests.index', {}),
      requests_overdue: link(seesRequests, 'requests.index', { overdue: '1' }),
      my_works_due_week: link(true, 'works.my_work', {
        tab: 'assigned',
        status: OPEN_WORK_STATUSES.join(','),
        from: week.from,
        to: week.to,
      }),
      works_overdue: seesWorksList
        ? link(true, 'works.index', { overdue: '1' })
        : link(true, 'works.my_work', { tab: 'assigned', overdue: '1' }),
      leaves_to_approve: link(seesLeaves, 'leaves.index', { tab: 'approval' }),
      contracts_expiring: link(seesContracts, 'contracts.index', { expiring: '1' }),
      evaluations_to_do: link(seesEvaluations, 'user_evaluations.index', { tab: 'to_do' }),
      rounds_due_month: link(seesMonitoring, 'monitoring.programs.index', { due_by: monthEnd }),
      trips_week: link(seesTrips, 'monitoring.trips.index', { from: week.from, to: week.to }),
      samples_awaiting_lab: link(seesLab, 'monitoring.samples.index', { status: 'handed_over' }),
      analyses_to_enter: link(seesAnalyses, 'monitoring.analyses.index', { state: 'assigned' }),
      analyses_to_verify: link(seesAnalyses, 'monitoring.analyses.index', { state: 'entered' }),
      analyses_late: link(seesAnalyses, 'monitoring.analyses.index', { late: 'true' }),
    };

    return {
      generated_at: now,
      cards: {
        requests_by_status: requestsByStatus,
        requests_overdue: requestsOverdue,
        my_works_due_week: myWorksDueWeek,
        works_overdue: worksOverdue,
        leaves_to_approve: leavesToApprove,
        contracts_expiring: contractsExpiring,
        evaluations_to_do: evaluationsToDo,
        rounds_due_month: roundsDue,
        trips_week: tripsWeek,
        samples_awaiting_lab: samplesAwaiting,
        analyses_to_enter: analysesToEnter,
        analyses_to_verify: analysesToVerify,
        analyses_late: analysesLate,
      },
      charts: {
        requests_per_month: requestsPerMonth,
        works_on_time_by_department: worksOnTime,
        leave_days_by_type: leaveDays,
      },
      lists: { next_deadlines: nextDeadlines, notifications },
      links,
    };
  }
}
