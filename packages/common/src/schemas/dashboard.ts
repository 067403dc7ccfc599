import { z } from 'zod';
import { REQUEST_STATUSES, type RequestStatus } from './requests';

// `GET /api/dashboard` (authentication only). Every part is computed within the viewer's scopes, the same scope
// as the list it summarises; a part the viewer may not see is `null`.

const statusCounts = z.object(
  Object.fromEntries(REQUEST_STATUSES.map((s) => [s, z.number()])) as Record<RequestStatus, z.ZodNumber>,
);

export const DASHBOARD_CARD_KEYS = [
  'requests_by_status',
  'requests_overdue',
  'my_works_due_week',
  'works_overdue',
  'leaves_to_approve',
  'contracts_expiring',
  'evaluations_to_do',
  'rounds_due_month',
  'trips_week',
  'samples_awaiting_lab',
  'analyses_to_enter',
  'analyses_to_verify',
  'analyses_late',
] as const;
export type DashboardCardKey = (typeof DASHBOARD_CARD_KEYS)[number];
export type CardKey = DashboardCardKey;

export const DASHBOARD_CARD_LABELS: Record<DashboardCardKey, string> = {
  requests_by_status: 'Yêu cầu theo trạng thái',
  requests_overdue: 'Yêu cầu quá hạn',
  my_works_due_week: 'Công việc của tôi đến hạn tuần này',
  works_overdue: 'Công việc quá hạn',
  leaves_to_approve: 'Đơn nghỉ chờ tôi duyệt',
  contracts_expiring: 'Hợp đồng sắp hết hạn (30 ngày)',
  evaluations_to_do: 'Đánh giá tôi cần hoàn thành',
  rounds_due_month: 'Chương trình có đợt đến hạn trong tháng',
  trips_week: 'Chuyến lấy mẫu tuần này',
  samples_awaiting_lab: 'Mẫu chờ phòng thí nghiệm nhận',
  analyses_to_enter: 'Phân tích chờ nhập kết quả',
  analyses_to_verify: 'Chờ soát xét',
  analyses_late: 'Quá hạn trả kết quả',
};

export const DASHBOARD_CHART_LABELS = {
  requests_per_month: 'Yêu cầu theo tháng (12 tháng)',
  works_on_time_by_department: 'Tỷ lệ hoàn thành công việc đúng hạn theo phòng ban (90 ngày)',
  leave_days_by_type: 'Ngày nghỉ theo loại trong năm',
} as const;

export const DASHBOARD_LIST_LABELS = {
  next_deadlines: 'Hạn sắp tới của tôi',
  notifications: 'Thông báo mới nhất',
} as const;

export const DEADLINE_KINDS = ['work', 'request', 'evaluation'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];
export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  work: 'Công việc',
  request: 'Yêu cầu',
  evaluation: 'Đánh giá',
};

/** The filtered list a card opens: a web route name (apps/web/src/app/routes.ts) and its URL query. */
export const dashboardLinkSchema = z.object({ route: z.string(), query: z.record(z.string(), z.string()) }).nullable();
export type DashboardLink = z.infer<typeof dashboardLinkSchema>;

export const dashboardSchema = z.object({
  generated_at: z.string(),
  cards: z.object({
    /** requests.index scope. */
    requests_by_status: statusCounts.nullable(),
    /** Open requests past due_at, requests.index scope. */
    requests_overdue: z.number().nullable(),
    /** Works assigned to me, open, deadline this week (Mon–Sun, Vietnam time). */
    my_works_due_week: z.number(),
    /** Open works past deadline in my works scope (mine + department/all by keys). */
    works_overdue: z.number(),
    /** Same as GET /api/leaves/approval-count. */
    leaves_to_approve: z.number().nullable(),
    /** contracts.index: signed/in_progress ending within 30 days. */
    contracts_expiring: z.number().nullable(),
    /** User evaluations I must self-assess (draft, mine) or review (self_assessed, I review). */
    evaluations_to_do: z.number().nullable(),
    /** monitoring.index: programmes with a planned round due by the end of this month (Vietnam time), late ones included. */
    rounds_due_month: z.number().nullable(),
    /** sampling.* scope: planned or running trips meeting this week (Mon–Sun). */
    trips_week: z.number().nullable(),
    /** lab.index or lab.receive: samples handed over and not yet received at the laboratory. */
    samples_awaiting_lab: z.number().nullable(),
    /** lab.* (the analyses list's scope: an analyst holding only lab.analyse, their own): analyses assigned. */
    analyses_to_enter: z.number().nullable(),
    /** Same scope: analyses entered, awaiting verification. */
    analyses_to_verify: z.number().nullable(),
    /** Same scope: not released past their parameter's turnaround from the sample's receipt (list `late=true`). */
    analyses_late: z.number().nullable(),
  }),
  charts: z.object({
    /** 12 months ending with this one (Vietnam time), by created_at, requests scope. */
    requests_per_month: z.array(z.object({ month: z.string(), counts: statusCounts })).nullable(),
    /** Works done in the last 90 days, works scope; rate = on_time / done in %, null when done = 0. */
    works_on_time_by_department: z
      .array(
        z.object({
          department: z.object({ id: z.number(), name: z.string() }),
          done: z.number(),
          on_time: z.number(),
          rate: z.number().nullable(),
        }),
      )
      .nullable(),
    /** Approved leave days this year (Vietnam time), leaves scope. */
    leave_days_by_type: z
      .array(
        z.object({
          type: z.object({ id: z.number(), code: z.string(), name: z.string(), symbol: z.string() }),
          days: z.number(),
        }),
      )
      .nullable(),
  }),
  lists: z.object({
    /** Mine, the 8 soonest open. */
    next_deadlines: z.array(
      z.object({
        kind: z.enum(DEADLINE_KINDS),
        id: z.number(),
        code: z.string().nullable(),
        title: z.string(),
        deadline: z.string(),
        overdue: z.boolean(),
      }),
    ),
    /** My latest 5. */
    notifications: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        body: z.string(),
        link: z.string().nullable(),
        read_at: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  links: z.object(
    Object.fromEntries(DASHBOARD_CARD_KEYS.map((k) => [k, dashboardLinkSchema])) as Record<
      DashboardCardKey,
      typeof dashboardLinkSchema
    >,
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardCards = Dashboard['cards'];
export type DashboardCharts = Dashboard['charts'];
export type DashboardDeadline = Dashboard['lists']['next_deadlines'][number];
