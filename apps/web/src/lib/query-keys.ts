import type { AuditEntity } from '@qlcv/common/schemas/audit-logs';

/**
 * Every TanStack Query key of the app, one factory per API resource, so a query and the invalidations that refresh
 * it are spelled once. A key starts with its resource (`['users', …]`): invalidating `queryKeys.users.all` refreshes
 * everything read from `/api/users`, `lists()` every page of the list, `detail(id)` one record.
 */
function resource<R extends string>(root: R) {
  return {
    all: [root] as const,
    /** Every page, filter and sort of the list. */
    lists: () => [root, 'list'] as const,
    list: (query: object) => [root, 'list', query] as const,
    detail: (id: number) => [root, 'detail', id] as const,
    /** The record's "Lịch sử" (`GET /api/audit-logs?entity=…&entity_id=…`). */
    history: (id: number) => [root, 'history', id] as const,
  };
}

export const queryKeys = {
  users: {
    ...resource('users'),
    /** `GET /api/users/options`: by text, department or ids (the user picker). */
    options: (query: object) => ['users', 'options', query] as const,
    byRole: (roleId: number) => ['users', 'by-role', roleId] as const,
    /** Every "users of a role" list. */
    byRoles: () => ['users', 'by-role'] as const,
    byDepartment: (departmentId: number) => ['users', 'by-department', departmentId] as const,
  },
  roles: { ...resource('roles'), options: () => ['roles', 'options'] as const },
  departments: {
    ...resource('departments'),
    /** `GET /api/departments/options`: every department, flat (the department picker). */
    options: () => ['departments', 'options'] as const,
    /** `GET /api/departments/tree`: the list page's tree, with heads and counts. */
    tree: () => ['departments', 'tree'] as const,
  },
  processes: {
    ...resource('processes'),
    options: () => ['processes', 'options'] as const,
    step: (id: number) => ['processes', 'step', id] as const,
  },
  requestTypes: {
    ...resource('request-types'),
    options: () => ['request-types', 'options'] as const,
    serviceGroups: () => ['request-types', 'service-groups'] as const,
  },
  requests: resource('requests'),
  /** `/api/leaves`: the tabs' lists, the approval badge, balances and the form's live preview. */
  leaves: {
    ...resource('leaves'),
    approvalCount: () => ['leaves', 'approval-count'] as const,
    balance: (query: object) => ['leaves', 'balance', query] as const,
    preview: (query: object) => ['leaves', 'preview', query] as const,
    policy: () => ['leaves', 'policy'] as const,
  },
  leaveTypes: resource('leave-types'),
  leaveSubstitutes: resource('leave-substitutes'),
  /** `/api/units`; `options` feeds the service form's unit picker. */
  units: { ...resource('units'), options: () => ['units', 'options'] as const },
  /** `/api/services`: the catalogue; `groups` feeds the filter and the form's suggestions. */
  services: {
    ...resource('services'),
    groups: () => ['services', 'groups'] as const,
    /** `GET /api/services/options?search=&active=1`: a contract line's service picker. */
    options: (search: string) => ['services', 'options', search] as const,
  },
  /** `/api/parameters`: the monitoring parameter catalogue; `options` feeds the pickers (by medium, in use). */
  parameters: {
    ...resource('parameters'),
    options: (query: object) => ['parameters', 'options', query] as const,
  },
  /** `/api/equipment`: instruments and vehicles; `options` feeds a trip's pickers (by kind, on a date). */
  /** `/api/regulations`: national technical regulations (QCVN); `options` feeds a point's regulation picker. */
  regulations: {
    ...resource('regulations'),
    options: (query: object) => ['regulations', 'options', query] as const,
  },
  equipment: {
    ...resource('equipment'),
    options: (query: object) => ['equipment', 'options', query] as const,
  },
  /** `/api/monitoring-programs`: programmes of a site over a period and their rounds. */
  monitoringPrograms: {
    ...resource('monitoring-programs'),
    /** The contracts a programme may name (a customer's signed ones, or one by id). */
    contractOptions: (query: object | null) => ['monitoring-programs', 'contract-options', query] as const,
  },
  /** `/api/sampling-trips`: the field team's trips; `roundOptions` feeds the planner's round picker. */
  samplingTrips: {
    ...resource('sampling-trips'),
    roundOptions: (search: string) => ['sampling-trips', 'round-options', search] as const,
  },
  /** `/api/analyses`: the laboratory's analyses; `worksheet` one parameter's batch, `analysts` the assignment picker. */
  analyses: {
    ...resource('analyses'),
    worksheet: (query: object) => ['analyses', 'worksheet', query] as const,
    analysts: (query: object) => ['analyses', 'analysts', query] as const,
    /** A point's parameter over months and a customer's exceedances: released results, refreshed with the lists. */
    trend: (query: object) => ['analyses', 'trend', query] as const,
    exceedances: (query: object) => ['analyses', 'exceedances', query] as const,
  },
  /** `/api/test-reports`: the laboratory's test reports, a row per version; `versions` every version of one's number. */
  testReports: {
    ...resource('test-reports'),
    /** Every report's versions. */
    allVersions: () => ['test-reports', 'versions'] as const,
    versions: (id: number) => ['test-reports', 'versions', id] as const,
    /** A trip's rounds at a customer's sites ("Lập phiếu"). */
    rounds: (query: object) => ['test-reports', 'rounds', query] as const,
  },
  /** `/api/samples`: a trip's samples and the laboratory's list; `labels` the label sheet, `byCode` a scanned label. */
  samples: {
    ...resource('samples'),
    /** Every label sheet. */
    labelSheets: () => ['samples', 'labels'] as const,
    labels: (query: object) => ['samples', 'labels', query] as const,
    byCode: (code: string) => ['samples', 'code', code] as const,
  },
  /** `/api/sites`: customers' monitored sites with their points and plans; `options` feeds the site pickers. */
  sites: {
    ...resource('sites'),
    /** Every site picker's list. */
    optionLists: () => ['sites', 'options'] as const,
    options: (query: object) => ['sites', 'options', query] as const,
  },
  /** `/api/contract-templates`; `placeholders` is the catalogue of merge fields (the form's help panel). */
  contractTemplates: {
    ...resource('contract-templates'),
    /** By kind: the contracts' catalogue or the test report's (decision 40.32). */
    placeholders: (kind: string = 'contract') => ['contract-templates', 'placeholders', kind] as const,
    /** `GET /api/contract-templates/options`: the contract form's template picker. */
    options: () => ['contract-templates', 'options'] as const,
  },
  works: {
    ...resource('works'),
    /** Every page of "Công việc của tôi". */
    mine: () => ['works', 'my'] as const,
    my: (query: object) => ['works', 'my', query] as const,
    comments: (id: number) => ['works', 'comments', id] as const,
  },
  customers: {
    ...resource('customers'),
    options: (search: string) => ['customers', 'options', search] as const,
    /** `GET /api/customers/options?ids=`: the labels of chosen customers. */
    optionsOf: (ids: string) => ['customers', 'options-of', ids] as const,
    requests: (id: number, query: object) => ['customers', 'requests', id, query] as const,
  },
  /** `/api/contracts`; `prefill` is a new contract's values from a request. */
  contracts: {
    ...resource('contracts'),
    prefill: (requestId: number) => ['contracts', 'prefill', requestId] as const,
  },
  /** `GET /api/vat-rules`: the dated VAT reductions. */
  vatRules: { all: ['vat-rules'] as const, list: () => ['vat-rules', 'list'] as const },
  /** `/api/kpi-types`; `options` feeds the evaluation criteria's KPI type picker. */
  kpiTypes: { ...resource('kpi-types'), options: () => ['kpi-types', 'options'] as const },
  /** `/api/evaluations`: the periods, each one's results table. */
  evaluations: { ...resource('evaluations'), results: (id: number) => ['evaluations', 'results', id] as const },
  /** `/api/user-evaluations`: the tabs' lists, the "Cần tôi đánh giá" badge, one's history over periods. */
  userEvaluations: {
    ...resource('user-evaluations'),
    toReviewCount: () => ['user-evaluations', 'to-review-count'] as const,
  },
  /** `GET /api/timekeeping`: a month's grid, by month and department. */
  timekeeping: { all: ['timekeeping'] as const, month: (query: object) => ['timekeeping', 'month', query] as const },
  /** `/api/attendance`: my day, months by day, records, the kiosk's code, sites, rules, corrections. */
  attendance: {
    all: ['attendance'] as const,
    today: () => ['attendance', 'today'] as const,
    days: (query: object) => ['attendance', 'days', query] as const,
    list: (query: object) => ['attendance', 'list', query] as const,
    kioskCode: () => ['attendance', 'kiosk-code'] as const,
    sites: () => ['attendance', 'sites'] as const,
    site: (id: number) => ['attendance', 'site', id] as const,
    siteHistory: (id: number) => ['attendance', 'site-history', id] as const,
    settings: () => ['attendance', 'settings'] as const,
    settingsHistory: (id: number) => ['attendance', 'settings-history', id] as const,
    corrections: (query: object) => ['attendance', 'corrections', query] as const,
    correction: (id: number) => ['attendance', 'correction', id] as const,
  },
  /** `/api/settings/company`: the one settings record, each year's holidays and the proposal for a year. */
  companySettings: {
    all: ['settings-company'] as const,
    detail: () => ['settings-company', 'detail'] as const,
    holidays: (year: number) => ['settings-company', 'holidays', year] as const,
    proposal: (year: number) => ['settings-company', 'proposal', year] as const,
    history: (id: number) => ['settings-company', 'history', id] as const,
    holidayHistory: (year: number) => ['settings-company', 'holiday-history', year] as const,
  },
  /** `/api/notifications`: the signed-in user's own (the bell, its badge, the list page); the live stream updates them. */
  notifications: {
    all: ['notifications'] as const,
    lists: () => ['notifications', 'list'] as const,
    list: (query: object) => ['notifications', 'list', query] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
  /** `GET /api/dashboard`: the one summary of the dashboard; the live stream invalidates it on every notification. */
  dashboard: { all: ['dashboard'] as const, summary: () => ['dashboard', 'summary'] as const },
  /** `/api/notification-settings`; `preview` is the form's live rendering of unsaved templates. */
  notificationSettings: {
    ...resource('notification-settings'),
    preview: (body: object) => ['notification-settings', 'preview', body] as const,
  },
  /** `/api/deliveries`: the delivery log of notification settings. */
  deliveries: resource('deliveries'),
  /** `/api/profile/notification-preferences`: the signed-in user's own event × channel switches. */
  notificationPreferences: { all: ['notification-preferences'] as const },
  /** `/api/settings/zalo`: the one Zalo settings record (secrets masked). */
  zaloSettings: {
    all: ['settings-zalo'] as const,
    detail: () => ['settings-zalo', 'detail'] as const,
    history: (id: number) => ['settings-zalo', 'history', id] as const,
  },
  /** The public request page's calls (no sign-in). */
  public: {
    requestTypes: () => ['public', 'request-types'] as const,
    /** `GET /api/public/test-reports/:code`: a test report checked by its verification code. */
    testReport: (code: string) => ['public', 'test-report', code] as const,
  },
};

/** The resource whose keys hold each audited entity's history. */
const HISTORY_OF: Record<AuditEntity, { history: (id: number) => readonly unknown[] }> = {
  users: queryKeys.users,
  roles: queryKeys.roles,
  departments: queryKeys.departments,
  customers: queryKeys.customers,
  processes: queryKeys.processes,
  request_types: queryKeys.requestTypes,
  requests: queryKeys.requests,
  works: queryKeys.works,
  leaves: queryKeys.leaves,
  kpi_types: queryKeys.kpiTypes,
  units: queryKeys.units,
  services: queryKeys.services,
  contract_templates: queryKeys.contractTemplates,
  evaluations: queryKeys.evaluations,
  user_evaluations: queryKeys.userEvaluations,
  contracts: queryKeys.contracts,
  company_settings: queryKeys.companySettings,
  company_holidays: { history: queryKeys.companySettings.holidayHistory },
  notification_settings: queryKeys.notificationSettings,
  zalo_settings: queryKeys.zaloSettings,
  attendance_sites: { history: queryKeys.attendance.siteHistory },
  attendance_settings: { history: queryKeys.attendance.settingsHistory },
  parameters: queryKeys.parameters,
  sites: queryKeys.sites,
  monitoring_programs: queryKeys.monitoringPrograms,
  equipment: queryKeys.equipment,
  regulations: queryKeys.regulations,
  sampling_trips: queryKeys.samplingTrips,
  samples: queryKeys.samples,
  analyses: queryKeys.analyses,
};

/** The key of a record's history: `historyKey('request_types', 3)` → `['request-types', 'history', 3]`. */
export const historyKey = (entity: AuditEntity, id: number) => HISTORY_OF[entity].history(id);
