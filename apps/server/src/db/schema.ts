import type { ColumnType, Generated } from 'kysely';

// Kysely table types. Times are ISO strings on both engines (the pg type parsers make them so).

interface Stamps {
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  created_by: number | null;
}

export interface DepartmentsTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  head_id: number | null;
  description: string | null;
  search_text: string;
}

export interface RolesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  is_system: number;
  search_text: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

export interface UsersTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  username: string;
  email: string | null;
  mobile: string | null;
  password_hash: string;
  role_id: number;
  department_id: number | null;
  position: string | null;
  gender: string | null;
  birthday: string | null;
  joined_at: string | null;
  address: string | null;
  avatar: string | null;
  status: Generated<string>;
  last_login_at: string | null;
  search_text: string;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
  last_used_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordOtpsTable {
  id: Generated<number>;
  user_id: number;
  mobile: string;
  code_hash: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
  created_at: string;
  ip: string | null;
}

export interface AuditLogsTable {
  id: Generated<number>;
  entity: string;
  entity_id: number;
  action: string;
  changes: string | null;
  user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface SequencesTable {
  name: string;
  value: number;
}

export interface DataVersionsTable {
  name: string;
  version: number;
}

export interface DB {
  departments: DepartmentsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  password_otps: PasswordOtpsTable;
  audit_logs: AuditLogsTable;
  sequences: SequencesTable;
  documents: DocumentsTable;
  customers: CustomersTable;
  evaluations: EvaluationsTable;
  evaluation_departments: EvaluationDepartmentsTable;
  evaluation_criteria: EvaluationCriteriaTable;
  user_evaluations: UserEvaluationsTable;
  user_evaluation_scores: UserEvaluationScoresTable;
  kpi_types: KpiTypesTable;
  processes: ProcessesTable;
  process_steps: ProcessStepsTable;
  request_types: RequestTypesTable;
  requests: RequestsTable;
  /** Requests per status, kept by triggers (0029). */
  request_status_counts: { status: string; n: number };
  works: WorksTable;
  work_participants: WorkParticipantsTable;
  work_comments: WorkCommentsTable;
  domain_events: DomainEventsTable;
  data_versions: DataVersionsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_preferences: NotificationPreferencesTable;
  deliveries: DeliveriesTable;
  zalo_settings: ZaloSettingsTable;
  stream_tickets: StreamTicketsTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  work_reminders: WorkRemindersTable;
  monitoring_round_reminders: MonitoringRoundRemindersTable;
  equipment_reminders: EquipmentRemindersTable;
  vat_rules: VatRulesTable;
  contracts: ContractsTable;
  contract_items: ContractItemsTable;
  company_settings: CompanySettingsTable;
  company_holiday_years: CompanyHolidayYearsTable;
  leave_types: LeaveTypesTable;
  leaves: LeavesTable;
  leave_ledger: LeaveLedgerTable;
  leave_substitutes: LeaveSubstitutesTable;
  leave_policies: LeavePoliciesTable;
  contract_templates: ContractTemplatesTable;
  units: UnitsTable;
  parameters: ParametersTable;
  regulations: RegulationsTable;
  regulation_columns: RegulationColumnsTable;
  regulation_factors: RegulationFactorsTable;
  regulation_factor_values: RegulationFactorValuesTable;
  regulation_limits: RegulationLimitsTable;
  sites: SitesTable;
  site_points: SitePointsTable;
  site_point_plans: SitePointPlansTable;
  monitoring_programs: MonitoringProgramsTable;
  monitoring_program_lines: MonitoringProgramLinesTable;
  monitoring_rounds: MonitoringRoundsTable;
  equipment: EquipmentTable;
  sampling_trips: SamplingTripsTable;
  sampling_trip_members: SamplingTripMembersTable;
  sampling_trip_equipment: SamplingTripEquipmentTable;
  sampling_trip_rounds: SamplingTripRoundsTable;
  samples: SamplesTable;
  sample_measurements: SampleMeasurementsTable;
  sample_photos: SamplePhotosTable;
  sample_events: SampleEventsTable;
  analyses: AnalysesTable;
  analysis_events: AnalysisEventsTable;
  test_reports: TestReportsTable;
  services: ServicesTable;
  push_subscriptions: PushSubscriptionsTable;
  attendance_sites: AttendanceSitesTable;
  attendance_site_users: AttendanceSiteUsersTable;
  attendance_settings: AttendanceSettingsTable;
  attendance_checks: AttendanceChecksTable;
  attendance_imports: AttendanceImportsTable;
  attendance_corrections: AttendanceCorrectionsTable;
  attendance_correction_history: AttendanceCorrectionHistoryTable;
}

// Issue 4: customer requests end to end.

export interface DocumentsTable {
  id: Generated<number>;
  original_name: string;
  mime: string;
  size: number;
  checksum: string;
  storage_key: string;
  entity: string | null;
  entity_id: number | null;
  is_public: Generated<number>;
  uploaded_by: number | null;
  created_at: string;
}

export interface CustomersTable extends Stamps {
  id: Generated<number>;
  code: string;
  type: string;
  name: string;
  tax_code: string | null;
  representative: string | null;
  representative_title: string | null;
  phone: string | null;
  email: string | null;
  street: string | null;
  ward: string | null;
  province: string | null;
  /** JSON: [{ name, title, phone, email }] */
  contacts: string | null;
  source: Generated<string>;
  notes: string | null;
  search_text: string;
}

export interface ProcessesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  active: Generated<number>;
  search_text: string;
}

export interface ProcessStepsTable extends Stamps {
  id: Generated<number>;
  process_id: number;
  position: number;
  name: string;
  description: string | null;
  department_id: number | null;
  default_assignee_id: number | null;
  duration_hours: Generated<number>;
  produces_result: Generated<number>;
}

export interface RequestTypesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  process_id: number | null;
  is_public: Generated<number>;
  service_group: string | null;
  active: Generated<number>;
  search_text: string;
}

export interface RequestsTable extends Stamps {
  id: Generated<number>;
  code: string;
  tracking_code: string;
  request_type_id: number;
  /** JSON: the process and its steps as they were when the request was received. */
  process_snapshot: string | null;
  customer_id: number | null;
  requester_name: string;
  requester_phone: string;
  requester_email: string | null;
  requester_organization: string | null;
  requester_address: string | null;
  title: string;
  content: string | null;
  source: string;
  priority: Generated<string>;
  status: Generated<string>;
  current_step: number | null;
  due_at: string | null;
  received_at: string | null;
  completed_at: string | null;
  on_hold_since: string | null;
  status_reason: string | null;
  result_text: string | null;
  /** What the public result page shows: chosen by staff when the result was given (0014). */
  public_result: string | null;
  idempotency_key: string | null;
  search_text: string;
  /** While on hold: the status `resume` returns to (0005). */
  hold_status: string | null;
}

export interface WorksTable extends Stamps {
  id: Generated<number>;
  code: string;
  title: string;
  description: string | null;
  request_id: number | null;
  step_index: number | null;
  department_id: number | null;
  assignee_id: number | null;
  priority: Generated<string>;
  start_date: string | null;
  deadline: string | null;
  progress: Generated<number>;
  status: Generated<string>;
  result_note: string | null;
  completed_at: string | null;
  search_text: string;
  /** While on hold: the status `resume` returns to (0005). */
  hold_status: string | null;
  /** Why it is on hold, cancelled or was sent back (0005). */
  status_reason: string | null;
  /** When it was first started (0005). */
  started_at: string | null;
  /** The text for the customer, chosen when the work giving its request's result was completed (0014). */
  public_result: string | null;
}

export interface WorkParticipantsTable {
  work_id: number;
  user_id: number;
}

export interface WorkCommentsTable {
  id: Generated<number>;
  work_id: number;
  user_id: number | null;
  body: string;
  created_at: string;
}

export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  entity: string;
  entity_id: number;
  payload: string | null;
  actor_id: number | null;
  created_at: string;
  processed_at: string | null;
}

// Issue 9: notifications, their delivery and the scheduler.

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  event: string;
  event_id: number | null;
  entity: string | null;
  entity_id: number | null;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export interface NotificationSettingsTable extends Stamps {
  id: Generated<number>;
  event: string;
  active: Generated<number>;
  /** JSON array of channels. */
  channels: string;
  /** JSON object: roles, departments, users, dynamic. */
  recipients: string;
  title_template: string;
  body_template: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  event: string;
  channel: string;
  enabled: number;
}

export interface DeliveriesTable {
  id: Generated<number>;
  event_id: number | null;
  event: string;
  user_id: number | null;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  data: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  locked_by: string | null;
  idempotency_key: string;
  provider_response: string | null;
  last_error: string | null;
  fallback_of: number | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ZaloSettingsTable extends Stamps {
  id: Generated<number>;
  oa_id: string | null;
  app_id: string | null;
  secret_key_enc: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  token_expires_at: string | null;
  templates: Generated<string>;
  api_base: string | null;
  oauth_base: string | null;
  sms_fallback: Generated<number>;
}

export interface StreamTicketsTable {
  ticket_hash: string;
  user_id: number;
  expires_at: string;
  /** The access token the ticket was taken with (migration 0013). */
  token_id: number | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: string;
}

export interface WorkRemindersTable {
  work_id: number;
  kind: string;
  created_at: string;
  /** The deadline the reminder was sent for: a later one is reminded again (0015). */
  deadline: string | null;
}

/** A round's due reminder, once per round and due date (0042). */
export interface MonitoringRoundRemindersTable {
  round_id: number;
  due_date: string;
  created_at: string;
}

/** An instrument's calibration or a vehicle's inspection reminder, once per equipment and due date (0042). */
export interface EquipmentRemindersTable {
  equipment_id: number;
  due_date: string;
  created_at: string;
}

// Issue 9: company settings and the company calendar (migration 0009).

export interface CompanySettingsTable extends Stamps {
  /** Always 1: one row. */
  id: number;
  name: string;
  short_name: string | null;
  tax_code: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  legal_representative: string | null;
  legal_representative_title: string | null;
  bank_account_number: string | null;
  bank_name: string | null;
  /** JSON array of ISO weekdays. */
  working_days: string;
  saturday_half: number;
  logo_document_id: number | null;
  updated_by: number | null;
  /** Issue 11: `{seq:3}/{yyyy}/HĐ-QT` by default. */
  contract_number_pattern: Generated<string>;
  test_report_number_pattern: Generated<string>;
}

// Issue 11: contracts (migration 0021).

export interface VatRulesTable {
  id: Generated<number>;
  name: string;
  from_rate: number;
  to_rate: number;
  valid_from: string;
  valid_to: string | null;
  created_at: string;
}

export interface ContractsTable extends Stamps {
  id: Generated<number>;
  number: string;
  customer_id: number;
  template_id: number | null;
  request_id: number | null;
  title: string;
  signed_date: string | null;
  start_date: string;
  end_date: string;
  payment_terms: string | null;
  notes: string | null;
  /** A ContractStatus. */
  status: string;
  subtotal: number;
  vat_amount: number;
  total: number;
  applied_rule_id: number | null;
  search_text: string;
  department_id: number | null;
  expiring_notified_at: string | null;
  /** Who sent it for approval, and when (0031): never the one who signs or returns it. */
  submitted_by: number | null;
  submitted_at: string | null;
}

export interface ContractItemsTable {
  id: Generated<number>;
  contract_id: number;
  position: number;
  service_id: number | null;
  service_code: string | null;
  name: string;
  description: string | null;
  unit_name: string;
  /** Quantity × 1000. */
  quantity_milli: number;
  unit_price: number;
  /** 'none' | '0' | '5' | '10'. */
  vat_rate: string;
  vat_reducible: number;
  applied_rate: number | null;
  amount: number;
}

export interface CompanyHolidayYearsTable extends Stamps {
  year: number;
  /** JSON array of { date, name, kind }. */
  days: string;
  updated_by: number | null;
}

// Issue 10: leaves (migration 0016).

export interface LeaveTypesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  /** Timekeeping symbol: P, Ô, KL, TS, KH, TG, K. */
  symbol: string;
  /** 1 when the company pays the day (counts in payable days). */
  paid: number;
  /** 1 when the leave draws on the annual balance. */
  uses_balance: number;
  /** 1 for a business trip (công tác, migration 0035): its days are worked days in timekeeping. */
  counts_as_worked: Generated<number>;
  active: number;
  sort_order: number;
}

export interface LeavesTable extends Stamps {
  id: Generated<number>;
  code: string;
  user_id: number;
  leave_type_id: number;
  start_date: string;
  /** 'full' | 'morning' | 'afternoon' */
  start_half: string;
  end_date: string;
  end_half: string;
  /** Working days × 2. */
  half_days: number;
  reason: string | null;
  /** 'pending' | 'approved' | 'rejected' | 'cancelled' */
  status: string;
  approver_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
}

export interface LeaveLedgerTable {
  id: Generated<number>;
  user_id: number;
  leave_type_id: number;
  year: number;
  /** 'entitlement' | 'leave' | 'cancellation' | 'adjustment' | 'recount' | 'carry_over' | 'expiry' */
  kind: string;
  /** Signed half days. */
  half_days: number;
  leave_id: number | null;
  note: string | null;
  expires_on: string | null;
  created_by: number | null;
  created_at: string;
}

export interface LeaveSubstitutesTable {
  id: Generated<number>;
  approver_id: number;
  substitute_id: number;
  start_date: string;
  end_date: string;
  note: string | null;
  created_by: number | null;
  created_at: string;
}

export interface LeavePoliciesTable extends Stamps {
  /** Always 1. */
  id: number;
  allow_negative_balance: number;
  carry_over_cap_days: number;
  /** MM-DD of the next year. */
  carry_over_expires: string;
}

// Issue 12: KPI types (migration 0022).

export interface KpiTypesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  unit: string | null;
  /** 'higher' | 'lower' */
  direction: string;
  /** A KpiMeasure: 'manual' or a computed measure. */
  measure: string;
  default_weight: number;
  default_target: number;
  active: number;
  search_text: string;
}

// Issue 12: evaluations (migration 0023).

export interface EvaluationsTable extends Stamps {
  id: Generated<number>;
  name: string;
  /** 'month' | 'quarter' | 'year' */
  period_type: string;
  period_start: string;
  period_end: string;
  self_deadline: string;
  review_deadline: string;
  /** 'draft' | 'open' | 'closed' */
  status: Generated<string>;
  opened_at: string | null;
  closed_at: string | null;
  search_text: Generated<string>;
  /** The name, and type + dates, as periods are compared (0032: evaluationNameKey, evaluationPeriodKey); each unique
   * with its `…_dup`. Written by the service; null only on rows a test inserts by hand. */
  name_key: string | null;
  period_key: string | null;
  /** 0, or the id of a duplicate made before 0032 (kept as it was); likewise `period_dup` for type + dates. */
  name_dup: Generated<number>;
  period_dup: Generated<number>;
}

export interface EvaluationDepartmentsTable {
  evaluation_id: number;
  department_id: number;
}

export interface EvaluationCriteriaTable {
  id: Generated<number>;
  evaluation_id: number;
  kpi_type_id: number;
  position: number;
  weight: number;
  target: number;
}

export interface UserEvaluationsTable extends Stamps {
  id: Generated<number>;
  evaluation_id: number;
  employee_id: number;
  department_id: number | null;
  reviewer_id: number | null;
  /** 'draft' | 'self_assessed' | 'reviewed' | 'approved' */
  status: Generated<string>;
  total: number | null;
  grade: string | null;
  self_submitted_at: string | null;
  reviewed_at: string | null;
  approved_at: string | null;
  approved_by: number | null;
  return_note: string | null;
  /** The self deadline the due reminder was recorded for. */
  self_due_deadline: string | null;
}

export interface UserEvaluationScoresTable {
  id: Generated<number>;
  user_evaluation_id: number;
  criterion_id: number;
  actual: number | null;
  actual_count: number | null;
  /** JSON `{entity, ids}`. */
  actual_records: string | null;
  actual_updated_at: string | null;
  self_score: number | null;
  reviewer_score: number | null;
  note: string | null;
}

// Issue 11: the service catalogue.

export interface UnitsTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  active: number;
  search_text: string;
}

export interface ParametersTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  medium: string;
  unit: string;
  method: string;
  place: string;
  lod: string | null;
  loq: string | null;
  holding_hours: number | null;
  preservation: string | null;
  vimcerts: number;
  vilas: number;
  service_id: number | null;
  description: string | null;
  active: number;
  search_text: string;
  /** The analyte the parameter measures, linking it to regulations' limits (issue 25). */
  analyte: string | null;
  /** Target turnaround, calendar days from the sample's receipt to release; null = no target (issue 25 part 5). */
  turnaround_days: number | null;
}

// Issue 25: national technical regulations as dated data.
export interface RegulationsTable extends Stamps {
  id: Generated<number>;
  code: string;
  title: string;
  medium: string;
  issuer: string | null;
  issuing_document: string | null;
  valid_from: string;
  valid_to: string | null;
  replaced_by_id: number | null;
  source: string | null;
  note: string | null;
  search_text: string;
}

export interface RegulationColumnsTable {
  regulation_id: number;
  code: string;
  meaning: string;
  sort_order: number;
}

export interface RegulationFactorsTable {
  regulation_id: number;
  code: string;
  name: string;
  basis: string | null;
  sort_order: number;
}

export interface RegulationFactorValuesTable {
  regulation_id: number;
  factor_code: string;
  sort_order: number;
  label: string;
  value: string;
}

export interface RegulationLimitsTable {
  regulation_id: number;
  analyte: string;
  column_code: string;
  averaging: string;
  name: string;
  unit: string;
  min_value: string | null;
  max_value: string | null;
  factors: string;
  note: string | null;
  sort_order: number;
}

export interface SitesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  customer_id: number;
  address: string | null;
  province: string | null;
  latitude_e6: number | null;
  longitude_e6: number | null;
  permit_number: string | null;
  permit_date: string | null;
  description: string | null;
  active: number;
  search_text: string;
}

export interface SitePointsTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  name: string;
  medium: string;
  latitude_e6: number | null;
  longitude_e6: number | null;
  description: string | null;
  regulation: string | null;
  regulation_column: string | null;
  regulation_id: number | null;
  /** JSON [{ code, value, reason }]: the factor values the point's plan chose (issue 25). */
  regulation_factors: string | null;
  sort_order: number;
}

export interface SitePointPlansTable {
  point_id: number;
  parameter_id: number;
  frequency: string;
  sort_order: number;
}

export interface MonitoringProgramsTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  site_id: number;
  contract_id: number | null;
  start_date: string;
  end_date: string;
  description: string | null;
  search_text: string;
}

export interface MonitoringProgramLinesTable {
  program_id: number;
  point_id: number;
  parameter_id: number;
  frequency: string;
  sort_order: number;
}

export interface MonitoringRoundsTable {
  id: Generated<number>;
  program_id: number;
  seq: number;
  name: string;
  period_start: string;
  period_end: string;
  due_date: string;
  frequencies: string;
  status: string;
  done_at: string | null;
  done_by: number | null;
  version: Generated<number>;
}

// Issue 24 part 4: instruments and vehicles (migration 0039).

export interface EquipmentTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  /** 'instrument' | 'vehicle'. */
  kind: string;
  model: string | null;
  /** An instrument's serial number, a vehicle's licence plate. */
  identifier: string | null;
  department_id: number | null;
  measures: string | null;
  /** `YYYY-MM-DD`: calibration (instrument) or inspection (vehicle) due. */
  calibration_due: string | null;
  calibration_certificate: string | null;
  last_calibrated_on: string | null;
  description: string | null;
  active: number;
  search_text: string;
}

export interface ServicesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  group_name: string;
  unit_id: number;
  /** Integer VND. */
  unit_price: number;
  /** 'none' | '0' | '5' | '10'. */
  vat_rate: string;
  vat_reducible: number;
  description: string | null;
  active: number;
  search_text: string;
}

// Issue 11: contract templates (migration 0020).

export interface ContractTemplatesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  active: number;
  /** The .docx, a document of entity `contract_templates`. */
  document_id: number | null;
  /** JSON array of the placeholder keys found when the file was checked. */
  placeholders: string;
  /** 'contract' | 'test_report' (migration 0051, decision 40.32). */
  kind: Generated<string>;
  search_text: string;
}

// Issue 23: Web Push.

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_label: string;
  user_agent: string | null;
  created_at: string;
  last_success_at: string | null;
  last_failure_at: string | null;
  failures: Generated<number>;
}

// Issue 23: attendance (migration 0034).

export interface AttendanceSitesTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  latitude_e6: number;
  longitude_e6: number;
  radius_m: number;
  all_staff: number;
  active: number;
  search_text: string;
}

export interface AttendanceSiteUsersTable {
  site_id: number;
  user_id: number;
}

export interface AttendanceSettingsTable extends Stamps {
  id: number;
  required: number;
  accuracy_limit_m: number;
  grace_minutes: number;
  /** JSON array of CIDR ranges or addresses. */
  office_ip_ranges: string;
  morning_start: string;
  morning_end: string;
  afternoon_start: string;
  afternoon_end: string;
  /** JSON array of { department_id, morning_start, morning_end, afternoon_start, afternoon_end }. */
  department_shifts: string;
  updated_by: number | null;
}

export interface AttendanceChecksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  method: string;
  at: string;
  date: string;
  site_id: number | null;
  latitude_e6: number | null;
  longitude_e6: number | null;
  accuracy_m: number | null;
  distance_m: number | null;
  ip: string | null;
  device_time: string | null;
  photo_key: string | null;
  photo_mime: string | null;
  import_id: number | null;
  import_key: string | null;
  created_at: string;
}

export interface AttendanceImportsTable {
  id: Generated<number>;
  file_name: string;
  layout: string;
  rows: number;
  accepted: number;
  duplicates: number;
  created_by: number | null;
  created_at: string;
}

export interface AttendanceCorrectionsTable extends Stamps {
  id: Generated<number>;
  user_id: number;
  date: string;
  check_in: string | null;
  check_out: string | null;
  reason: string;
  status: Generated<string>;
  approver_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
}

export interface AttendanceCorrectionHistoryTable {
  id: Generated<number>;
  correction_id: number;
  action: string;
  actor_id: number | null;
  note: string | null;
  at: string;
}

// Issue 24 part 4: sampling trips (migration 0040).

export interface SamplingTripsTable extends Stamps {
  id: Generated<number>;
  code: string;
  name: string;
  /** planned | in_progress | done | cancelled. */
  status: string;
  start_date: string;
  end_date: string;
  leader_id: number;
  notes: string | null;
  started_at: string | null;
  finished_at: string | null;
  search_text: string;
}

export interface SamplingTripMembersTable {
  trip_id: number;
  user_id: number;
}

export interface SamplingTripEquipmentTable {
  trip_id: number;
  equipment_id: number;
}

export interface SamplingTripRoundsTable {
  trip_id: number;
  round_id: number;
}

export interface SamplesTable extends Stamps {
  id: Generated<number>;
  code: string;
  trip_id: number;
  round_id: number;
  point_id: number;
  medium: string;
  /** normal | field_blank | trip_blank | duplicate. */
  qc_kind: string;
  /** taken | handed_over | received | in_analysis | stored | disposed. */
  status: string;
  /** ISO instants in UTC (`toISOString`), so they compare as text. */
  taken_at: string;
  taken_by: number;
  hold_until: string | null;
  container: string | null;
  preservation: string | null;
  latitude_e6: number | null;
  longitude_e6: number | null;
  accuracy_m: number | null;
  notes: string | null;
  client_key: string | null;
  /** When the holding-time alert was raised (sample-holding.job.ts), once. */
  holding_alerted_at: string | null;
  search_text: string;
}

export interface SampleMeasurementsTable {
  sample_id: number;
  parameter_id: number;
  /** A decimal string as read (significant figures kept). */
  value: string;
  equipment_id: number | null;
}

export interface SamplePhotosTable {
  id: Generated<number>;
  sample_id: number;
  storage_key: string;
  mime: string;
  size: number;
  created_at: string;
  created_by: number | null;
}

export interface SampleEventsTable {
  id: Generated<number>;
  sample_id: number;
  status: string;
  at: string;
  by_id: number;
  to_id: number | null;
  temperature: string | null;
  intact: number | null;
  within_holding: number | null;
  notes: string | null;
  created_at: string;
}

// Issue 25 part 2: the laboratory's analyses, one per sample × laboratory parameter, and their state changes.
export interface AnalysesTable extends Stamps {
  id: Generated<number>;
  sample_id: number;
  parameter_id: number;
  /** pending | assigned | entered | verified | released | returned. */
  state: string;
  analyst_id: number | null;
  /** null, '<' (below the LOD) or '>' (above the method's range). */
  qualifier: string | null;
  /** A decimal string as entered (significant figures kept), never a float. */
  value: string | null;
  unit: string;
  method: string;
  equipment_id: number | null;
  analysed_on: string | null;
  uncertainty: string | null;
  notes: string | null;
  /** ISO instants in UTC (`toISOString`), so they compare as text. */
  hold_until: string | null;
  late_for_holding: number;
  entered_by: number | null;
  entered_at: string | null;
  verified_by: number | null;
  verified_at: string | null;
  released_by: number | null;
  released_at: string | null;
  return_reason: string | null;
  /** Issue 25 part 3 (0045): the limit and verdict as judged at release, decimal text; never recomputed. */
  limit_regulation_id: number | null;
  limit_regulation_code: string | null;
  limit_column: string | null;
  limit_text: string | null;
  limit_min: string | null;
  limit_max: string | null;
  limit_unit: string | null;
  limit_averaging: string | null;
  limit_formula: string | null;
  /** within | exceeded | no_limit | undetermined (regulation-limits.ts VERDICTS). */
  verdict: string | null;
  verdict_reason: string | null;
  exceed_ratio: string | null;
  exceed_by: string | null;
  judged_at: string | null;
}

export interface AnalysisEventsTable {
  id: Generated<number>;
  analysis_id: number;
  state: string;
  at: string;
  by_id: number | null;
  to_id: number | null;
  result: string | null;
  reason: string | null;
}

// Issue 25 part 4: test reports, one row per version (a correction is a new row with the same number).
export interface TestReportsTable extends Stamps {
  id: Generated<number>;
  number: string;
  report_version: number;
  trip_id: number;
  customer_id: number;
  /** One round of the trip (that customer's) the report holds; null: all of them (migration 0050). */
  round_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** draft | signed. */
  state: string;
  note: string | null;
  qc_statement: string | null;
  correction_reason: string | null;
  signed_by: number | null;
  signed_at: string | null;
  verify_code: string | null;
  /** SHA-256 of the stored .docx (file_key): what the public check page shows. */
  file_sha256: string | null;
  /** Storage keys of the signed version's .docx and, when a converter was found, its PDF. */
  file_key: string | null;
  pdf_key: string | null;
  replaced_by: number | null;
  replaced_at: string | null;
}
