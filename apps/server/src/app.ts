import '@qlcv/common/zod-locale';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AuditEntity } from '@qlcv/common/schemas/audit-logs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import type { ChannelDrivers } from './integrations/channels';
import { createChannelDrivers, smsSenderOf } from './integrations/drivers';
import { outboundPolicy } from './integrations/outbound-address';
import { loadVapid } from './integrations/push/vapid-keys';
import type { SmsSender } from './integrations/sms/sms';
import { zaloFirst } from './integrations/zalo/zalo-first';
import { ListCache } from './lib/list-cache';
import { createRateLimitStore, RateLimiter, type RateLimitStore } from './lib/rate-limit';
import { createRealtimeHub } from './lib/realtime/create-hub';
import type { RealtimeHub } from './lib/realtime/hub';
import type { ModuleAccess } from './lib/record-access';
import { Scheduler } from './lib/scheduler';
import { secretBox } from './lib/secret-box';
import { LocalStorage, type Storage } from './lib/storage';
import { analysesAccess } from './modules/analyses/analyses.access';
import { analysesRoutes } from './modules/analyses/analyses.routes';
import { AnalysesService } from './modules/analyses/analyses.service';
import { AnalysisLimitsService } from './modules/analyses/analysis-limits.service';
import { AnalysisResultsService } from './modules/analyses/analysis-results.service';
import { AnalysisTrendsService } from './modules/analyses/analysis-trends.service';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { AttendanceService } from './modules/attendance/attendance.service';
import { AttendanceCorrectionsService } from './modules/attendance/attendance-corrections.service';
import { AttendanceImportService } from './modules/attendance/attendance-import.service';
import { AttendanceSitesService } from './modules/attendance/attendance-sites.service';
import { auditLogsRoutes } from './modules/audit-logs/audit-logs.routes';
import { AuditLogsService } from './modules/audit-logs/audit-logs.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { CompanyCalendarService } from './modules/company-settings/company-calendar.service';
import { companySettingsAccess } from './modules/company-settings/company-settings.access';
import { companySettingsRoutes } from './modules/company-settings/company-settings.routes';
import { CompanySettingsService } from './modules/company-settings/company-settings.service';
import { contractTemplatesAccess } from './modules/contract-templates/contract-templates.access';
import { contractTemplatesRoutes } from './modules/contract-templates/contract-templates.routes';
import { ContractTemplatesService } from './modules/contract-templates/contract-templates.service';
import { ContractDocumentsService } from './modules/contracts/contract-documents.service';
import { ContractExpiryJob } from './modules/contracts/contract-expiry.job';
import { ContractStatusService } from './modules/contracts/contract-status.service';
import { templateSource } from './modules/contracts/contract-template-source';
import { contractsAccess } from './modules/contracts/contracts.access';
import { contractsRoutes } from './modules/contracts/contracts.routes';
import { ContractsService } from './modules/contracts/contracts.service';
import { customersAccess } from './modules/customers/customers.access';
import { customersRoutes } from './modules/customers/customers.routes';
import { CustomersService } from './modules/customers/customers.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { deliveriesRoutes } from './modules/deliveries/deliveries.routes';
import { DeliveriesService } from './modules/deliveries/deliveries.service';
import { departmentsRoutes } from './modules/departments/departments.routes';
import { DepartmentsService } from './modules/departments/departments.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { DocumentsService } from './modules/documents/documents.service';
import { equipmentRoutes } from './modules/equipment/equipment.routes';
import { EquipmentService } from './modules/equipment/equipment.service';
import { EquipmentCalibrationJob } from './modules/equipment/equipment-calibration.job';
import { EvaluationLifecycleService } from './modules/evaluations/evaluation-lifecycle.service';
import { EvaluationResultsService } from './modules/evaluations/evaluation-results.service';
import { EvaluationSelfDueJob } from './modules/evaluations/evaluation-self-due.job';
import { evaluationsRoutes } from './modules/evaluations/evaluations.routes';
import { EvaluationsService } from './modules/evaluations/evaluations.service';
import { healthRoutes } from './modules/health/health.routes';
import { kpiTypesRoutes } from './modules/kpi-types/kpi-types.routes';
import { KpiTypesService } from './modules/kpi-types/kpi-types.service';
import { leaveSubstitutesRoutes } from './modules/leave-substitutes/leave-substitutes.routes';
import { LeaveSubstitutesService } from './modules/leave-substitutes/leave-substitutes.service';
import { leaveTypesRoutes } from './modules/leave-types/leave-types.routes';
import { LeaveTypesService } from './modules/leave-types/leave-types.service';
import { LeaveApprovalsService } from './modules/leaves/leave-approvals.service';
import { LeaveBalancesService } from './modules/leaves/leave-balances.service';
import { rerouteOwnLeaves } from './modules/leaves/leave-reroute';
import { leavesAccess } from './modules/leaves/leaves.access';
import { leavesRoutes } from './modules/leaves/leaves.routes';
import { LeavesService } from './modules/leaves/leaves.service';
import { monitoringProgramsRoutes } from './modules/monitoring-programs/monitoring-programs.routes';
import { MonitoringProgramsService } from './modules/monitoring-programs/monitoring-programs.service';
import { MonitoringRoundRemindersJob } from './modules/monitoring-programs/monitoring-round-reminders.job';
import { MonitoringRoundsService } from './modules/monitoring-programs/monitoring-rounds.service';
import { notificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes';
import { NotificationSettingsService } from './modules/notification-settings/notification-settings.service';
import { notificationStreamRoutes } from './modules/notifications/notification-stream.routes';
import { NotificationStreamService } from './modules/notifications/notification-stream.service';
import { createNotificationWorkers } from './modules/notifications/notification-workers';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { parametersRoutes } from './modules/parameters/parameters.routes';
import { ParametersService } from './modules/parameters/parameters.service';
import { processesRoutes } from './modules/processes/processes.routes';
import { ProcessesService } from './modules/processes/processes.service';
import { notificationPreferencesRoutes } from './modules/profile/notification-preferences.routes';
import { NotificationPreferencesService } from './modules/profile/notification-preferences.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { publicRequestsRoutes } from './modules/public-requests/public-requests.routes';
import { PublicRequestsService } from './modules/public-requests/public-requests.service';
import { pushSubscriptionsRoutes } from './modules/push-subscriptions/push-subscriptions.routes';
import { PushSubscriptionsService } from './modules/push-subscriptions/push-subscriptions.service';
import { RegulationsImport } from './modules/regulations/regulations.import';
import { regulationsRoutes } from './modules/regulations/regulations.routes';
import { RegulationsService } from './modules/regulations/regulations.service';
import { RequestFlowService } from './modules/request-flow/request-flow.service';
import { requestTypesRoutes } from './modules/request-types/request-types.routes';
import { RequestTypesService } from './modules/request-types/request-types.service';
import { requestsAccess } from './modules/requests/requests.access';
import { requestsRoutes } from './modules/requests/requests.routes';
import { RequestsService } from './modules/requests/requests.service';
import { rolesRoutes } from './modules/roles/roles.routes';
import { RolesService } from './modules/roles/roles.service';
import { SampleCustodyService } from './modules/samples/sample-custody.service';
import { SampleHoldingJob } from './modules/samples/sample-holding.job';
import { samplesAccess } from './modules/samples/samples.access';
import { samplesRoutes } from './modules/samples/samples.routes';
import { SamplesService } from './modules/samples/samples.service';
import { samplingTripsAccess } from './modules/sampling-trips/sampling-trips.access';
import { samplingTripsRoutes } from './modules/sampling-trips/sampling-trips.routes';
import { SamplingTripsService } from './modules/sampling-trips/sampling-trips.service';
import { ServicesImport } from './modules/services/services.import';
import { servicesRoutes } from './modules/services/services.routes';
import { ServicesService } from './modules/services/services.service';
import { sitesRoutes } from './modules/sites/sites.routes';
import { SitesService } from './modules/sites/sites.service';
import { testReportsRoutes } from './modules/test-reports/test-reports.routes';
import { TestReportsService } from './modules/test-reports/test-reports.service';
import { TestReportsPublicService } from './modules/test-reports/test-reports-public.service';
import { timekeepingRoutes } from './modules/timekeeping/timekeeping.routes';
import { TimekeepingService } from './modules/timekeeping/timekeeping.service';
import { unitsRoutes } from './modules/units/units.routes';
import { UnitsService } from './modules/units/units.service';
import { UserEvaluationTransitionsService } from './modules/user-evaluations/user-evaluation-transitions.service';
import { userEvaluationsAccess } from './modules/user-evaluations/user-evaluations.access';
import { userEvaluationsRoutes } from './modules/user-evaluations/user-evaluations.routes';
import { UserEvaluationsService } from './modules/user-evaluations/user-evaluations.service';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { StepWorksService } from './modules/works/step-works.service';
import { WorkCommentsService } from './modules/works/work-comments.service';
import { WorkDeadlinesJob } from './modules/works/work-deadlines.job';
import { WorkStatusService } from './modules/works/work-status.service';
import { worksAccess } from './modules/works/works.access';
import { worksRoutes } from './modules/works/works.routes';
import { WorksService } from './modules/works/works.service';
import { ZaloAccountStore } from './modules/zalo-settings/zalo-account';
import { zaloSettingsRoutes } from './modules/zalo-settings/zalo-settings.routes';
import { ZaloSettingsService } from './modules/zalo-settings/zalo-settings.service';
import { accessPlugin } from './plugins/access';
import { errorsPlugin } from './plugins/errors';
import { multipartPlugin } from './plugins/multipart';
import { securityHeadersPlugin } from './plugins/security-headers';
import { serializerCompiler } from './plugins/serializer';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyBaseLogger | boolean | object;
  sms?: SmsSender;
  /** The outside channels' drivers (e-mail, SMS, Zalo); the log drivers by default. */
  drivers?: ChannelDrivers;
  /** Live events; by default chosen from the config (lib/realtime/create-hub.ts) and closed with the app. */
  realtime?: RealtimeHub;
  /** Rate-limit counters; by default chosen from the config (lib/rate-limit.ts) and closed with the app. */
  rateLimits?: RateLimitStore;
  /** Comment heartbeat of the live stream, which also ends it once its sign-in is gone (default 25 s). */
  streamHeartbeatMs?: number;
  /** Where uploads live; by default chosen from the config (S3 when S3_BUCKET is set, else the local disk). */
  storage?: Storage;
}

export async function buildApp({
  config,
  database,
  logger,
  sms,
  drivers,
  realtime,
  rateLimits,
  streamHeartbeatMs,
  storage: givenStorage,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      ...(config.prettyLogs ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
    },
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The seed's client sends `Content-Type: application/json` on every call, body or not (a verb like
  // POST /receive has none): an empty body is no body. Anything else goes through Fastify's safe parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : jsonParser(request, body as string, done),
  );

  // Services: each owns its rules; none holds another's repository.
  const { db } = database;
  // Shared by every instance when they share PostgreSQL or Redis; this process's own otherwise.
  const hub = realtime ?? (await createRealtimeHub(config, database, app.log));
  const limiter = new RateLimiter(rateLimits ?? (await createRateLimitStore(config, database, app.log)));
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => {
    if (!realtime) await hub.close();
    if (!rateLimits) await limiter.store.close?.();
  });
  // The Zalo OA account keeps its token valid for every Zalo send: outbox, OTP, the settings screen's tests.
  const secrets = secretBox(config.appSecret);
  const outbound = outboundPolicy(config);
  const zaloAccount = new ZaloAccountStore(db, secrets, outbound);
  const zaloSettings = new ZaloSettingsService(db, zaloAccount, secrets, outbound);
  // Web Push: the browsers' subscriptions and our VAPID keys (made once into DATA_DIR, or from the environment).
  const pushSubscriptions = new PushSubscriptionsService(db, outbound);
  const vapid = loadVapid(config);
  const channelDrivers = createChannelDrivers(config, {
    log: app.log,
    zalo: zaloAccount,
    push: { store: pushSubscriptions, vapid, outbound },
  });
  // Whether Zalo is set up, known before the first reset code asks.
  await zaloAccount.connection().catch(() => null);
  const smsSender = sms ?? smsSenderOf(channelDrivers.sms, config, app.log);
  const roles = new RolesService(db);
  const departments = new DepartmentsService(db);
  const users = new UsersService(db);
  const auth = new AuthService({
    db,
    appSecret: config.appSecret,
    tokenTtlHours: config.tokenTtlHours,
    // The OTP: Zalo first (its `otp` template), SMS when Zalo cannot deliver it.
    sms: zaloFirst(smsSender, zaloAccount, app.log),
    limiter,
    roles,
    users,
    log: app.log,
    // `leaves` is built below; the profile asks only once requests are served.
    substituteFor: (userId) => leaves.substituteFor(userId),
  });
  const auditLogs = new AuditLogsService(db);
  const uploadsRoot = path.join(config.dataDir, 'uploads');
  // The AWS SDK takes most of a second to load: only a server that uses a bucket pays for it.
  const s3 =
    !givenStorage && config.s3
      ? new (await import('./lib/storage-s3')).S3Storage(config.s3, path.join(uploadsRoot, 'tmp'), app.log)
      : null;
  if (s3) app.addHook('onClose', async () => s3.client.destroy());
  const storage = givenStorage ?? s3 ?? new LocalStorage(uploadsRoot);
  const documents = new DocumentsService(db, storage, app.log);
  const attendance = new AttendanceService(db, { departments, storage, appSecret: config.appSecret });
  // The company calendar: leaves, timekeeping and reminders count working days through it.
  const calendar = new CompanyCalendarService(db);
  const companySettings = new CompanySettingsService(db, documents, calendar);
  const timekeeping = new TimekeepingService(db, { calendar, departments, companySettings, attendance });
  attendance.useDecidedMonth((userId, month) => timekeeping.personMonth(userId, month));
  // Leaves: the balance ledger is recounted when the working week or a year's holidays change.
  const leaveBalances = new LeaveBalancesService(db, calendar);
  calendar.onChanged(async (years) => {
    for (const year of years ?? (await leaveBalances.liveYears())) await leaveBalances.recountYear(year);
  });
  const leaves = new LeavesService(db, { calendar, departments, documents, balances: leaveBalances });
  const leaveApprovals = new LeaveApprovalsService(db, leaves, leaveBalances);
  const lists = new ListCache(db, config.listCacheSize);
  // The service catalogue: contracts price their lines from it.
  const services = new ServicesService(db);
  // Contract templates: the contracts module fills their .docx (fileOf).
  const contractTemplates = new ContractTemplatesService(db, documents);
  const customers = new CustomersService(db, documents, lists);
  const processes = new ProcessesService(db, database.kind);
  const requestTypes = new RequestTypesService(db);
  const works = new WorksService(db, documents, departments, lists);
  const workComments = new WorkCommentsService(db, works);
  const stepWorks = new StepWorksService(documents);
  const requests = new RequestsService(db, { customers, requestTypes, documents, auditLogs, lists });
  // Contracts (issue 11): totals from the dated VAT rules, documents from the contract templates; a request is read
  // through the requests module, within the caller's request access.
  const contracts = new ContractsService(db, {
    documents,
    companySettings,
    requests,
    templates: templateSource(contractTemplates),
  });
  const contractStatus = new ContractStatusService(db, contracts);
  const contractDocuments = new ContractDocumentsService(db, contracts, companySettings);
  // The request flow sits above both requests and works, which do not call each other.
  const flow = new RequestFlowService(db, { requests, stepWorks, processes, requestTypes, documents });
  const workStatus = new WorkStatusService(db, works, flow, documents);
  // Evaluations (issue 12): periods, and the user evaluations opening one hands out.
  const evaluations = new EvaluationsService(db);
  const userEvaluations = new UserEvaluationsService(db, departments);
  // Events → notifications and deliveries → the outbox; the loops start in main.ts only.
  const notificationSettings = new NotificationSettingsService(db);
  const notifications = new NotificationsService(db, hub);
  const notificationStream = new NotificationStreamService(db, hub, notifications, {
    heartbeatMs: streamHeartbeatMs ?? 25_000,
    log: app.log,
  });
  const preferences = new NotificationPreferencesService(db, notificationSettings);
  const workers = createNotificationWorkers({
    db,
    kind: database.kind,
    hub,
    drivers: drivers ?? channelDrivers,
    settings: notificationSettings,
    log: app.log,
    outboxLeaseMs: config.outboxLeaseMs,
    publicUrl: config.publicUrl,
  });
  const deliveries = new DeliveriesService(db, () => workers.background.kick('outbox'));
  app.decorate('workers', workers);
  app.addHook('onClose', () => workers.background.stop());
  // Deadline reminders: one runner across instances (job_leases), a pass a minute, started with the loops above.
  const scheduler = new Scheduler(
    db,
    [
      new WorkDeadlinesJob(db),
      new EvaluationSelfDueJob(db),
      new ContractExpiryJob(db),
      new MonitoringRoundRemindersJob(db),
      new EquipmentCalibrationJob(db),
      new SampleHoldingJob(db),
    ],
    { log: app.log },
  );
  workers.background.add(scheduler.loop());
  app.addHook('onClose', () => scheduler.close());
  // Issue 24: the monitoring trade. A programme keeps its rounds while a trip holds one (bound here: trips read rounds).
  const parameters = new ParametersService(db);
  const regulations = new RegulationsService(db);
  const sites = new SitesService(db, regulations);
  const equipment = new EquipmentService(db);
  const programs = new MonitoringProgramsService(db, { sites, parameters, contracts });
  const rounds = new MonitoringRoundsService(db);
  const trips = new SamplingTripsService(db, { rounds, equipment, departments, leaves });
  programs.useRoundsOnTrips((trx, programId) => trips.tripOfProgram(trx, programId));
  timekeeping.useTripDays((from, to, userIds) => trips.teamDays(from, to, userIds));
  const samples = new SamplesService(db, { trips, parameters, sites, storage });
  // Issue 25 part 2: a sample's analyses are made in its reception's transaction.
  const analyses = new AnalysesService(db);
  const custody = new SampleCustodyService(db, { samples, users, analyses });
  // Issue 25 part 4: test reports as the public reads them (the check page, a request's result page).
  const publicReports = new TestReportsPublicService(db, { analyses, storage });
  const publicRequests = new PublicRequestsService({
    requests,
    documents,
    testReports: publicReports,
    sms: smsSender,
    appSecret: config.appSecret,
    log: app.log,
  });

  // Who reaches the files and the history of each module's records, as each module declares it.
  const access: ModuleAccess[] = [
    customersAccess(),
    requestsAccess(works),
    worksAccess(works),
    userEvaluationsAccess(userEvaluations),
    companySettingsAccess(),
    leavesAccess(leaves),
    contractsAccess(contracts),
    contractTemplatesAccess(),
    samplingTripsAccess(trips),
    samplesAccess(samples),
    analysesAccess(analyses),
  ];
  for (const declared of access) {
    for (const [entity, check] of Object.entries(declared.documents ?? {})) documents.registerAccess(entity, check);
    for (const [entity, check] of Object.entries(declared.history ?? {})) {
      auditLogs.registerAccess(entity as AuditEntity, check);
    }
  }

  // Plugins first.
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Offices often serve the app over plain HTTP on the LAN; upgrading would break every asset.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(errorsPlugin, { db });
  await app.register(accessPlugin, { authenticate: (token, request) => auth.authenticate(token, request) });
  await app.register(multipartPlugin, {
    storage,
    maxFileBytes: Math.floor(config.uploadMaxMb * 1024 * 1024),
    maxFiles: 10,
    maxFields: 50,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'QLCV API', description: 'API của phần mềm quản lý công việc QLCV', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Then every module, in one readable list.
  await app.register(healthRoutes, { ping: database.ping });
  await app.register(authRoutes, { auth });
  await app.register(profileRoutes, { users, auth });
  await app.register(notificationPreferencesRoutes, { preferences });
  await app.register(pushSubscriptionsRoutes, { pushSubscriptions, publicKey: vapid.publicKey });
  await app.register(rolesRoutes, { roles });
  await app.register(usersRoutes, { users, auth });
  await app.register(departmentsRoutes, { departments });
  await app.register(auditLogsRoutes, { auditLogs });
  await app.register(documentsRoutes, { documents });
  await app.register(customersRoutes, { customers });
  await app.register(contractsRoutes, { contracts, status: contractStatus, documents: contractDocuments });
  await app.register(contractTemplatesRoutes, { contractTemplates });
  await app.register(processesRoutes, { processes });
  await app.register(requestTypesRoutes, { requestTypes });
  await app.register(requestsRoutes, { requests, flow });
  await app.register(worksRoutes, { works, workStatus, workComments });
  await app.register(publicRequestsRoutes, { publicRequests, limiter });
  await app.register(zaloSettingsRoutes, { zaloSettings });
  await app.register(notificationsRoutes, { notifications });
  await app.register(notificationSettingsRoutes, { notificationSettings });
  await app.register(deliveriesRoutes, { deliveries });
  await app.register(companySettingsRoutes, { companySettings });
  await app.register(evaluationsRoutes, {
    evaluations,
    lifecycle: new EvaluationLifecycleService(db, { evaluations, departments }),
    results: new EvaluationResultsService(db, evaluations),
    userEvaluations,
  });
  await app.register(userEvaluationsRoutes, {
    userEvaluations,
    transitions: new UserEvaluationTransitionsService(db, userEvaluations),
  });
  await app.register(leavesRoutes, { leaves, approvals: leaveApprovals, balances: leaveBalances });
  await app.register(dashboardRoutes, {
    dashboard: new DashboardService(
      db,
      { departments, works, leaves, rounds, trips, samples, analyses },
      config.listCacheSize > 0,
    ),
  });
  await app.register(leaveTypesRoutes, { leaveTypes: new LeaveTypesService(db) });
  await app.register(leaveSubstitutesRoutes, {
    substitutes: new LeaveSubstitutesService(db, rerouteOwnLeaves),
  });
  await app.register(timekeepingRoutes, { timekeeping });
  await app.register(attendanceRoutes, {
    attendance,
    sites: new AttendanceSitesService(db),
    corrections: new AttendanceCorrectionsService(db, attendance),
    importer: new AttendanceImportService(db),
  });
  await app.register(kpiTypesRoutes, { kpiTypes: new KpiTypesService(db) });
  await app.register(unitsRoutes, { units: new UnitsService(db) });
  await app.register(parametersRoutes, { parameters });
  await app.register(sitesRoutes, { sites });
  await app.register(equipmentRoutes, { equipment });
  await app.register(regulationsRoutes, { regulations, importer: new RegulationsImport(regulations) });
  await app.register(monitoringProgramsRoutes, { programs });
  await app.register(samplingTripsRoutes, { trips });
  await app.register(samplesRoutes, { samples, custody });
  await app.register(analysesRoutes, {
    analyses,
    results: new AnalysisResultsService(db, {
      analyses,
      equipment,
      limits: new AnalysisLimitsService({ regulations }),
    }),
    trends: new AnalysisTrendsService(db, { customers }),
  });
  await app.register(testReportsRoutes, {
    reports: new TestReportsService(db, {
      analyses,
      company: companySettings,
      rounds,
      storage,
      templates: contractTemplates,
      log: app.log,
    }),
    publicReports,
    limiter,
    publicUrl: config.publicUrl,
  });
  await app.register(servicesRoutes, { services, importer: new ServicesImport(db) });
  await app.register(notificationStreamRoutes, { stream: notificationStream });

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
