// The page of each named route, loaded on demand (route-level code splitting). Imported by the router only:
// features and components import the route table (./routes), never this file, so no import circle runs
// feature → route table → lazy page → feature (routes.test.ts checks it).
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };
type PageImport = () => Promise<PageModule>;

/** What a route without a page of its own shows: its real route, guard and breadcrumb, and a plain notice. */
export const UNAVAILABLE_PAGE: PageImport = () => import('@/pages/unavailable-page');

const crud = (name: string, pages: Record<'index' | 'create' | 'show' | 'edit', PageImport>): Record<string, PageImport> =>
  Object.fromEntries(Object.entries(pages).map(([screen, page]) => [`${name}.${screen}`, page]));

/** Route name → its page. A route of the table missing here shows UNAVAILABLE_PAGE. */
export const ROUTE_PAGES: Record<string, PageImport> = {
  'auth.login': () => import('@/features/auth/pages/login-page'),
  'auth.forgot': () => import('@/features/auth/pages/forgot-password-page'),
  'auth.reset': () => import('@/features/auth/pages/reset-password-page'),

  'public.requests.index': () => import('@/features/public-requests/pages/public-request-page'),
  'public.requests.result': () => import('@/features/public-requests/pages/public-result-page'),
  'public.test_reports.check': () => import('@/features/public-requests/pages/public-test-report-page'),

  'dashboard.index': () => import('@/features/dashboard/pages/dashboard-page'),
  'notifications.index': () => import('@/features/notifications/pages/notification-list-page'),
  'personal.profile': () => import('@/features/profile/pages/profile-page'),

  ...crud('requests', {
    index: () => import('@/features/requests/pages/request-list-page'),
    create: () => import('@/features/requests/pages/request-create-page'),
    show: () => import('@/features/requests/pages/request-show-page'),
    edit: () => import('@/features/requests/pages/request-edit-page'),
  }),
  ...crud('request_types', {
    index: () => import('@/features/request-types/pages/request-type-list-page'),
    create: () => import('@/features/request-types/pages/request-type-create-page'),
    show: () => import('@/features/request-types/pages/request-type-show-page'),
    edit: () => import('@/features/request-types/pages/request-type-edit-page'),
  }),
  ...crud('processes', {
    index: () => import('@/features/processes/pages/process-list-page'),
    create: () => import('@/features/processes/pages/process-create-page'),
    show: () => import('@/features/processes/pages/process-show-page'),
    edit: () => import('@/features/processes/pages/process-edit-page'),
  }),
  'process_steps.create': () => import('@/features/processes/pages/process-step-create-page'),
  'process_steps.edit': () => import('@/features/processes/pages/process-step-edit-page'),

  'works.index': () => import('@/features/works/pages/work-list-page'),
  'works.my_work': () => import('@/features/works/pages/my-work-page'),
  'works.create': () => import('@/features/works/pages/work-create-page'),
  'works.show': () => import('@/features/works/pages/work-show-page'),

  ...crud('customers', {
    index: () => import('@/features/customers/pages/customer-list-page'),
    create: () => import('@/features/customers/pages/customer-create-page'),
    show: () => import('@/features/customers/pages/customer-show-page'),
    edit: () => import('@/features/customers/pages/customer-edit-page'),
  }),

  ...crud('contracts', {
    index: () => import('@/features/contracts/pages/contract-list-page'),
    create: () => import('@/features/contracts/pages/contract-create-page'),
    show: () => import('@/features/contracts/pages/contract-show-page'),
    edit: () => import('@/features/contracts/pages/contract-edit-page'),
  }),

  ...crud('users', {
    index: () => import('@/features/users/pages/user-list-page'),
    create: () => import('@/features/users/pages/user-create-page'),
    show: () => import('@/features/users/pages/user-show-page'),
    edit: () => import('@/features/users/pages/user-edit-page'),
  }),
  ...crud('roles', {
    index: () => import('@/features/roles/pages/role-list-page'),
    create: () => import('@/features/roles/pages/role-create-page'),
    show: () => import('@/features/roles/pages/role-show-page'),
    edit: () => import('@/features/roles/pages/role-edit-page'),
  }),
  ...crud('departments', {
    index: () => import('@/features/departments/pages/department-list-page'),
    create: () => import('@/features/departments/pages/department-create-page'),
    show: () => import('@/features/departments/pages/department-show-page'),
    edit: () => import('@/features/departments/pages/department-edit-page'),
  }),

  ...crud('kpi_types', {
    index: () => import('@/features/kpi-types/pages/kpi-type-list-page'),
    create: () => import('@/features/kpi-types/pages/kpi-type-create-page'),
    show: () => import('@/features/kpi-types/pages/kpi-type-show-page'),
    edit: () => import('@/features/kpi-types/pages/kpi-type-edit-page'),
  }),

  ...crud('setting_notifications', {
    index: () => import('@/features/notification-settings/pages/notification-setting-list-page'),
    create: () => import('@/features/notification-settings/pages/notification-setting-create-page'),
    show: () => import('@/features/notification-settings/pages/notification-setting-show-page'),
    edit: () => import('@/features/notification-settings/pages/notification-setting-edit-page'),
  }),

  ...crud('leaves', {
    index: () => import('@/features/leaves/pages/leave-list-page'),
    create: () => import('@/features/leaves/pages/leave-create-page'),
    show: () => import('@/features/leaves/pages/leave-show-page'),
    edit: () => import('@/features/leaves/pages/leave-edit-page'),
  }),
  'leaves.create_for_employee': () => import('@/features/leaves/pages/leave-create-for-employee-page'),
  'timekeeping.index': () => import('@/features/timekeeping/pages/timekeeping-page'),
  'attendance.index': () => import('@/features/attendance/pages/attendance-page'),
  'attendance.check': () => import('@/features/attendance/pages/attendance-check-page'),
  'attendance.kiosk': () => import('@/features/attendance/pages/attendance-kiosk-page'),
  'attendance.corrections.index': () => import('@/features/attendance/pages/correction-list-page'),
  'attendance.corrections.create': () => import('@/features/attendance/pages/correction-create-page'),
  'attendance.corrections.show': () => import('@/features/attendance/pages/correction-show-page'),
  'attendance.team': () => import('@/features/attendance/pages/attendance-team-page'),
  'attendance.import': () => import('@/features/attendance/pages/attendance-import-page'),
  'attendance.sites.index': () => import('@/features/attendance/pages/site-list-page'),
  'attendance.sites.create': () => import('@/features/attendance/pages/site-create-page'),
  'attendance.sites.edit': () => import('@/features/attendance/pages/site-edit-page'),
  'attendance.settings': () => import('@/features/attendance/pages/attendance-settings-page'),

  ...crud('evaluations', {
    index: () => import('@/features/evaluations/pages/evaluation-list-page'),
    create: () => import('@/features/evaluations/pages/evaluation-create-page'),
    show: () => import('@/features/evaluations/pages/evaluation-show-page'),
    edit: () => import('@/features/evaluations/pages/evaluation-edit-page'),
  }),
  ...crud('user_evaluations', {
    index: () => import('@/features/user-evaluations/pages/user-evaluation-list-page'),
    create: () => import('@/features/user-evaluations/pages/user-evaluation-create-page'),
    // One page for both: the scores are typed in place, as the record's `can` allows.
    show: () => import('@/features/user-evaluations/pages/user-evaluation-show-page'),
    edit: () => import('@/features/user-evaluations/pages/user-evaluation-show-page'),
  }),

  'monitoring.parameters.index': () => import('@/features/parameters/pages/parameter-list-page'),
  'monitoring.parameters.create': () => import('@/features/parameters/pages/parameter-create-page'),
  'monitoring.parameters.edit': () => import('@/features/parameters/pages/parameter-edit-page'),
  ...crud('regulations', {
    index: () => import('@/features/regulations/pages/regulation-list-page'),
    create: () => import('@/features/regulations/pages/regulation-create-page'),
    show: () => import('@/features/regulations/pages/regulation-show-page'),
    edit: () => import('@/features/regulations/pages/regulation-edit-page'),
  }),
  'monitoring.equipment.index': () => import('@/features/equipment/pages/equipment-list-page'),
  'monitoring.equipment.create': () => import('@/features/equipment/pages/equipment-create-page'),
  'monitoring.equipment.edit': () => import('@/features/equipment/pages/equipment-edit-page'),
  ...crud('monitoring.sites', {
    index: () => import('@/features/sites/pages/site-list-page'),
    create: () => import('@/features/sites/pages/site-create-page'),
    show: () => import('@/features/sites/pages/site-show-page'),
    edit: () => import('@/features/sites/pages/site-edit-page'),
  }),
  ...crud('monitoring.programs', {
    index: () => import('@/features/monitoring-programs/pages/program-list-page'),
    create: () => import('@/features/monitoring-programs/pages/program-create-page'),
    show: () => import('@/features/monitoring-programs/pages/program-show-page'),
    edit: () => import('@/features/monitoring-programs/pages/program-edit-page'),
  }),
  ...crud('monitoring.trips', {
    index: () => import('@/features/sampling-trips/pages/trip-list-page'),
    create: () => import('@/features/sampling-trips/pages/trip-create-page'),
    show: () => import('@/features/sampling-trips/pages/trip-show-page'),
    edit: () => import('@/features/sampling-trips/pages/trip-edit-page'),
  }),
  ...crud('monitoring.samples', {
    index: () => import('@/features/samples/pages/sample-list-page'),
    create: () => import('@/features/samples/pages/sample-create-page'),
    show: () => import('@/features/samples/pages/sample-show-page'),
    edit: () => import('@/features/samples/pages/sample-edit-page'),
  }),
  'monitoring.samples.receive': () => import('@/features/samples/pages/sample-receive-page'),
  'monitoring.samples.code': () => import('@/features/samples/pages/sample-scan-page'),
  'monitoring.samples.labels': () => import('@/features/samples/pages/sample-labels-page'),
  'monitoring.samples.label': () => import('@/features/samples/pages/sample-label-page'),
  'monitoring.analyses.index': () => import('@/features/analyses/pages/analysis-list-page'),
  'monitoring.analyses.show': () => import('@/features/analyses/pages/analysis-show-page'),
  'monitoring.analyses.worksheet': () => import('@/features/analyses/pages/worksheet-page'),
  'monitoring.test_reports.index': () => import('@/features/test-reports/pages/test-report-list-page'),
  'monitoring.test_reports.show': () => import('@/features/test-reports/pages/test-report-show-page'),

  'settings.zalo.index': () => import('@/features/zalo-settings/pages/zalo-settings-page'),
  'settings.company.index': () => import('@/features/company-settings/pages/company-settings-page'),
  'settings.units.index': () => import('@/features/units/pages/unit-list-page'),
  'settings.units.create': () => import('@/features/units/pages/unit-create-page'),
  'settings.units.edit': () => import('@/features/units/pages/unit-edit-page'),
  'settings.leave_types.index': () => import('@/features/leave-types/pages/leave-type-list-page'),
  'master_data.index': () => import('@/features/services/pages/service-list-page'),
  'master_data.create': () => import('@/features/services/pages/service-create-page'),
  'master_data.edit': () => import('@/features/services/pages/service-edit-page'),
  'contract_templates.index': () => import('@/features/contract-templates/pages/contract-template-list-page'),
  'contract_templates.create': () => import('@/features/contract-templates/pages/contract-template-create-page'),
  'contract_templates.edit': () => import('@/features/contract-templates/pages/contract-template-edit-page'),

  error: () => import('@/pages/error-page'),
  'error.403': () => import('@/pages/forbidden-page'),
  'error.404': () => import('@/pages/not-found-page'),
  not_found: () => import('@/pages/not-found-page'),
};
