import { CONTRACT_EXPIRING_DAYS, CONTRACT_RUNNING_STATUSES } from '@qlcv/common/schemas/contracts';
import type { Dashboard } from '@qlcv/common/schemas/dashboard';
import { OPEN_REQUEST_STATUSES, REQUEST_STATUSES, type RequestStatus } from '@qlcv/common/schemas/requests';
import { OPEN_WORK_STATUSES } from '@qlcv/common/schemas/works';
import { addDays } from '@qlcv/common/work-calendar';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { addMs, vnDayEnd, vnDayStart } from '../../lib/vn-time';
import { filtered as contractsWhere } from '../contracts/contracts.repository';
import type { LeaveScope } from '../leaves/leave-scopes';
import { filtered as leavesWhere } from '../leaves/leaves.repository';
import { filtered as requestsWhere } from '../requests/requests.repository';
import type { UserEvaluationScope } from '../user-evaluations/user-evaluation-scopes';
import { filtered as userEvaluationsWhere } from '../user-evaluations/user-evaluations.repository';
import { type WorkFilter, type WorkScope, worksRepository, filtered as worksWhere } from '../works/works.repository';

// Each part is one aggregate query over the same filtered query the list it summarises runs (the modules'
// exported `filtered`), so a card's number is the list's total by construction.

type Charts = Dashboard['charts'];
type Deadline = Dashboard['lists']['next_deadlines'][number];
type DoneCounts = { departmentId: number; done: number; onTime: number };

const SLA_STATUSES = ['received', 'in_progress', 'on_hold'] as const satisfies readonly RequestStatus[];

const zeroCounts = () => Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<RequestStatus, number>;

const countOf = async (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
  Number((await q.executeTakeFirstOrThrow()).n);

/** Monday and Sunday (`YYYY-MM-DD`) of the Vietnamese week holding `today`. */
export function vnWeek(today: string): { from: string; to: string } {
  const day = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const from = addDays(today, day === 0 ? -6 : 1 - day);
  return { from, to: addDays(from, 6) };
}

/** The 12 months ending with this one (Vietnam time): `YYYY-MM` and the instants they start and end. */
export function last12Months(today: string): { month: string; start: string; end: string }[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const out: { month: string; start: string; end: string }[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    const next = new Date(Date.UTC(y, m - i, 1));
    const key = (x: Date) => `${x.getUTCFullYear()}-${String(x.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ month: key(d), start: vnDayStart(`${key(d)}-01`), end: vnDayStart(`${key(next)}-01`) });
  }
  return out;
}

export const parts = {
  async requestsByStatus(db: Kysely<DB>): Promise<Record<RequestStatus, number>> {
    // The per-status counts the triggers keep (0029): no count of the requests.
    const rows = await db.selectFrom('request_status_counts').select(['status', 'n']).execute();
    const counts = zeroCounts();
    for (const r of rows) if (r.status in counts) counts[r.status as RequestStatus] = Number(r.n);
    return counts;
  },

  /**
   * Only a received, in progress or on hold request can be overdue (the list's overdue filter); naming those statuses
   * too lets PostgreSQL walk just their part of the (status, due_at, on_hold_since) index, not every request with a
   * due time (SQLite already splits the filter's OR by status).
   */
  requestsOverdue(db: Kysely<DB>, now: string): Promise<number> {
    return countOf(
      requestsWhere(db, { search: null, status: [...SLA_STATUSES], overdue: { now, value: true } }).select((eb) =>
        eb.fn.countAll<number>().as('n'),
      ),
    );
  },

  /**
   * The soonest due time still ahead of `now` of a received or in-progress request: the overdue count changes by the
   * clock alone only then (on hold compares the due time with the hold's start, not with now). Null: never.
   */
  async nextRequestDue(db: Kysely<DB>, now: string): Promise<string | null> {
    // One seek of the (status, due_at) index per status; a MIN over both statuses would read every future due time.
    const soonest = await Promise.all(
      (['received', 'in_progress'] as const).map((status) =>
        db
          .selectFrom('requests')
          .select('due_at')
          .where('status', '=', status)
          .where('due_at', '>=', now)
          .orderBy('due_at')
          .limit(1)
          .executeTakeFirst(),
      ),
    );
    const times = soonest.flatMap((r) => (r?.due_at ? [String(r.due_at)] : [])).sort();
    return times[0] ?? null;
  },

  /**
   * One count by status per month, the twelve joined by UNION ALL: each is an index-only range scan of
   * (created_at, status), three times faster than tagging every row with its month by a CASE and grouping that.
   */
  async requestsPerMonth(db: Kysely<DB>, today: string): Promise<NonNullable<Charts['requests_per_month']>> {
    const months = last12Months(today);
    const perMonth = months.map((m, i) =>
      requestsWhere(db, { search: null, createdFrom: m.start, createdBefore: m.end })
        .select((eb) => [sql<number>`${sql.lit(i)}`.as('i'), 'r.status', eb.fn.countAll<number>().as('n')])
        .groupBy('r.status'),
    );
    const [first, ...rest] = perMonth as [(typeof perMonth)[number], ...typeof perMonth];
    const rows = await rest.reduce((q, next) => q.unionAll(next), first).execute();
    const byMonth = new Map(months.map((m) => [m.month, zeroCounts()]));
    for (const r of rows) {
      const counts = byMonth.get(months[Number(r.i)]?.month ?? '');
      if (counts && r.status in counts) counts[r.status as RequestStatus] = Number(r.n);
    }
    return months.map((m) => ({ month: m.month, counts: byMonth.get(m.month) ?? zeroCounts() }));
  },

  /** The works list's own count (a head's works as their departments' plus their own elsewhere: ≈ 1 ms, not 20–30). */
  worksCount(db: Kysely<DB>, f: WorkFilter): Promise<number> {
    return worksRepository.count(db, f);
  },

  /**
   * Works done since `since` in the scope, per department id (an index-only scan, no join per work): on time = no
   * deadline or completed by it. The counts alone, so the dashboard can keep them; `namedOnTime` names them.
   */
  async worksOnTime(db: Kysely<DB>, scope: WorkScope, since: string): Promise<DoneCounts[]> {
    const rows = await worksWhere(db, { scope, search: null, status: ['done'] })
      .where('w.completed_at', '>=', since)
      .select((eb) => [
        'w.department_id',
        eb.fn.countAll<number>().as('done'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.or([eb('w.deadline', 'is', null), eb('w.completed_at', '<=', eb.ref('w.deadline'))]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('on_time'),
      ])
      .groupBy('w.department_id')
      .execute();
    return rows.flatMap((r) =>
      r.department_id === null ? [] : [{ departmentId: r.department_id, done: Number(r.done), onTime: Number(r.on_time ?? 0) }],
    );
  },

  /** The departments' names, read fresh (a rename is no works write), in name order. */
  async namedOnTime(db: Kysely<DB>, counts: DoneCounts[]): Promise<NonNullable<Charts['works_on_time_by_department']>> {
    if (counts.length === 0) return [];
    const byId = new Map(counts.map((c) => [c.departmentId, c]));
    const departments = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .where('id', 'in', [...byId.keys()])
      .orderBy('name')
      .execute();
    return departments.map((d) => {
      const { done, onTime } = byId.get(d.id) ?? { done: 0, onTime: 0 };
      return {
        department: { id: d.id, name: d.name },
        done,
        on_time: onTime,
        rate: done > 0 ? Math.round((onTime * 1000) / done) / 10 : null,
      };
    });
  },

  /** Approved leave days per type for leaves touching the year, in the leaves list's `all` tab scope. */
  async leaveDaysByType(db: Kysely<DB>, scope: LeaveScope, year: string): Promise<NonNullable<Charts['leave_days_by_type']>> {
    const rows = await leavesWhere(db, {
      scope,
      tab: 'all',
      substituteFor: [],
      search: null,
      status: ['approved'],
      month: { from: `${year}-01-01`, to: `${year}-12-31` },
    })
      .clearSelect() // its query joins the leave type as `t`
      .select((eb) => ['t.id', 't.code', 't.name', 't.symbol', 't.sort_order', eb.fn.sum<number>('l.half_days').as('half_days')])
      .groupBy(['t.id', 't.code', 't.name', 't.symbol', 't.sort_order'])
      .orderBy('t.sort_order')
      .orderBy('t.id')
      .execute();
    return rows.map((r) => ({
      type: { id: r.id, code: r.code, name: r.name, symbol: r.symbol },
      days: Number(r.half_days ?? 0) / 2,
    }));
  },

  contractsExpiring(db: Kysely<DB>, today: string): Promise<number> {
    return countOf(
      contractsWhere(db, {
        search: null,
        expiring: { from: today, to: addDays(today, CONTRACT_EXPIRING_DAYS), statuses: CONTRACT_RUNNING_STATUSES },
      }).select((eb) => eb.fn.countAll<number>().as('n')),
    );
  },

  evaluationsToDo(db: Kysely<DB>, scope: UserEvaluationScope): Promise<number> {
    return countOf(
      userEvaluationsWhere(db, { scope, tab: 'to_do', search: null })
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n')),
    );
  },

  /**
   * My soonest open deadlines: works assigned to me, open requests I created with a due time, and user evaluations
   * waiting for my self-assessment or my review (their day ends at 23:59:59 Vietnam time). Each source gives its
   * 8 soonest; the merge keeps 8.
   */
  async nextDeadlines(db: Kysely<DB>, userId: number, now: string): Promise<Deadline[]> {
    const [works, requests, evaluations] = await Promise.all([
      db
        .selectFrom('works')
        .select(['id', 'code', 'title', 'deadline'])
        .where('assignee_id', '=', userId)
        .where('status', 'in', [...OPEN_WORK_STATUSES])
        .where('deadline', 'is not', null)
        .orderBy('deadline')
        .orderBy('id')
        .limit(8)
        .execute(),
      db
        .selectFrom('requests')
        .select(['id', 'code', 'title', 'due_at'])
        .where('created_by', '=', userId)
        .where('status', 'in', [...OPEN_REQUEST_STATUSES])
        .where('due_at', 'is not', null)
        .orderBy('due_at')
        .orderBy('id')
        .limit(8)
        .execute(),
      db
        .selectFrom('user_evaluations as ue')
        .innerJoin('evaluations as e', 'e.id', 'ue.evaluation_id')
        .innerJoin('users as emp', 'emp.id', 'ue.employee_id')
        .select((eb) => [
          'ue.id',
          'ue.status',
          'e.name',
          'emp.name as employee_name',
          eb
            .case()
            .when('ue.status', '=', 'draft')
            .then(eb.ref('e.self_deadline'))
            .else(eb.ref('e.review_deadline'))
            .end()
            .as('deadline'),
        ])
        .where('e.status', '=', 'open')
        .where((eb) =>
          eb.or([
            eb.and([eb('ue.employee_id', '=', userId), eb('ue.status', '=', 'draft')]),
            eb.and([eb('ue.reviewer_id', '=', userId), eb('ue.status', '=', 'self_assessed')]),
          ]),
        )
        .orderBy('deadline')
        .orderBy('ue.id')
        .limit(8)
        .execute(),
    ]);
    const all: Deadline[] = [
      ...works.map((w) => ({ kind: 'work' as const, id: w.id, code: w.code, title: w.title, deadline: String(w.deadline) })),
      ...requests.map((r) => ({ kind: 'request' as const, id: r.id, code: r.code, title: r.title, deadline: String(r.due_at) })),
      ...evaluations.map((e) => ({
        kind: 'evaluation' as const,
        id: e.id,
        code: null,
        // A review names whom it is of (a reviewer has one per employee of the period); my own draft, the period.
        title: e.status === 'draft' ? e.name : `Đánh giá ${e.employee_name} — ${e.name}`,
        deadline: addMs(vnDayEnd(String(e.deadline)), -1000),
      })),
    ].map((d) => ({ ...d, overdue: d.deadline < now }));
    return all.sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : 0)).slice(0, 8);
  },

  latestNotifications(db: Kysely<DB>, userId: number) {
    return db
      .selectFrom('notifications')
      .select(['id', 'title', 'body', 'link', 'read_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
  },
};
