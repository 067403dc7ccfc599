import {
  ATTENDANCE_LIST_KEYS,
  attendanceCorrectionDetailSchema,
  attendanceDaySchema,
  attendanceDaysQuery,
  attendanceImportQuery,
  attendanceImportReportSchema,
  attendanceListQuery,
  attendanceListSchema,
  attendanceRecordSchema,
  attendanceSettingsSchema,
  attendanceSettingsUpdateBody,
  attendanceSiteSchema,
  attendanceTodaySchema,
  checkBody,
  correctionApproveBody,
  correctionCancelBody,
  correctionCreateBody,
  correctionListQuery,
  correctionListSchema,
  correctionRejectBody,
  kioskCodeSchema,
  siteCreateBody,
  siteListQuery,
  siteUpdateBody,
} from '@qlcv/common/schemas/attendance';
import { errorBody, idParams, paginated } from '@qlcv/common/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import type { AttendanceService } from './attendance.service';
import type { AttendanceCorrectionsService } from './attendance-corrections.service';
import type { AttendanceImportService } from './attendance-import.service';
import type { AttendanceSitesService } from './attendance-sites.service';

/** `attendance.*` (issue 23): check-in from the phone, the records, sites and rules, corrections, the time clock import. */
export const attendanceRoutes: FastifyPluginAsyncZod<{
  attendance: AttendanceService;
  sites: AttendanceSitesService;
  corrections: AttendanceCorrectionsService;
  importer: AttendanceImportService;
}> = async (app, { attendance, sites, corrections, importer }) => {
  const tags = ['attendance'];
  const own = { config: { permission: ['attendance.index'] as const } };
  const all = { config: { permission: ['attendance.all'] as const } };
  const edit = { config: { permission: ['settings.edit'] as const } };

  app.get('/api/attendance/today', { ...own, schema: { tags, response: { 200: attendanceTodaySchema } } }, (req) =>
    attendance.today(actorOf(req), req.ip),
  );

  app.post(
    '/api/attendance/check',
    {
      ...own,
      bodyLimit: 1024 * 1024,
      schema: { tags, body: checkBody, response: { 201: attendanceRecordSchema } },
    },
    async (req, reply) => reply.status(201).send(await attendance.check(actorOf(req), req.body, req.ip)),
  );

  app.get(
    '/api/attendance',
    {
      config: { permission: [...ATTENDANCE_LIST_KEYS] },
      schema: { tags, querystring: attendanceListQuery, response: { 200: attendanceListSchema } },
    },
    (req) => attendance.list(actorOf(req), req.query),
  );

  app.get(
    '/api/attendance/days',
    {
      config: { permission: [...ATTENDANCE_LIST_KEYS] },
      schema: { tags, querystring: attendanceDaysQuery, response: { 200: z.array(attendanceDaySchema) } },
    },
    (req) => attendance.days(actorOf(req), req.query),
  );

  app.get(
    '/api/attendance/:id/photo',
    { config: { permission: [...ATTENDANCE_LIST_KEYS] }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { mime, stream } = await attendance.photo(actorOf(req), req.params.id);
      return reply
        .header('content-type', mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(stream);
    },
  );

  app.get('/api/attendance/kiosk-code', { ...all, schema: { tags, response: { 200: kioskCodeSchema } } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send(attendance.kioskCode()),
  );

  // Sites ------------------------------------------------------------------------------------------------------
  app.get(
    '/api/attendance/sites',
    { ...edit, schema: { tags, querystring: siteListQuery, response: { 200: paginated(attendanceSiteSchema) } } },
    (req) => sites.list(req.query),
  );
  app.post(
    '/api/attendance/sites',
    { ...edit, schema: { tags, body: siteCreateBody, response: { 201: attendanceSiteSchema } } },
    async (req, reply) => reply.status(201).send(await sites.create(actorOf(req), req.body)),
  );
  app.get(
    '/api/attendance/sites/:id',
    { ...edit, schema: { tags, params: idParams, response: { 200: attendanceSiteSchema } } },
    (req) => sites.get(req.params.id),
  );
  app.put(
    '/api/attendance/sites/:id',
    { ...edit, schema: { tags, params: idParams, body: siteUpdateBody, response: { 200: attendanceSiteSchema } } },
    (req) => sites.update(actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/attendance/sites/:id',
    { ...edit, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await sites.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Settings ---------------------------------------------------------------------------------------------------
  app.get(
    '/api/attendance/settings',
    { config: { auth: true }, schema: { tags, response: { 200: attendanceSettingsSchema } } },
    () => attendance.settings.get(),
  );
  app.put(
    '/api/attendance/settings',
    { ...edit, schema: { tags, body: attendanceSettingsUpdateBody, response: { 200: attendanceSettingsSchema } } },
    (req) => attendance.settings.update(actorOf(req), req.body),
  );

  // Corrections (giải trình): anyone signed in may decide what waits for them, as a leave --------------------------
  app.get(
    '/api/attendance/corrections',
    { config: { auth: true }, schema: { tags, querystring: correctionListQuery, response: { 200: correctionListSchema } } },
    (req) => corrections.list(actorOf(req), req.query),
  );
  app.post(
    '/api/attendance/corrections',
    { ...own, schema: { tags, body: correctionCreateBody, response: { 201: attendanceCorrectionDetailSchema } } },
    async (req, reply) => reply.status(201).send(await corrections.create(actorOf(req), req.body)),
  );
  app.get(
    '/api/attendance/corrections/:id',
    { config: { auth: true }, schema: { tags, params: idParams, response: { 200: attendanceCorrectionDetailSchema } } },
    (req) => corrections.get(actorOf(req), req.params.id),
  );
  app.post(
    '/api/attendance/corrections/:id/approve',
    {
      config: { auth: true },
      schema: { tags, params: idParams, body: correctionApproveBody, response: { 200: attendanceCorrectionDetailSchema } },
    },
    (req) => corrections.approve(actorOf(req), req.params.id, req.body.note ?? null, req.body.version),
  );
  app.post(
    '/api/attendance/corrections/:id/reject',
    {
      config: { auth: true },
      schema: { tags, params: idParams, body: correctionRejectBody, response: { 200: attendanceCorrectionDetailSchema } },
    },
    (req) => corrections.reject(actorOf(req), req.params.id, req.body.note, req.body.version),
  );
  app.post(
    '/api/attendance/corrections/:id/cancel',
    {
      ...own,
      schema: { tags, params: idParams, body: correctionCancelBody, response: { 200: attendanceCorrectionDetailSchema } },
    },
    (req) => corrections.cancel(actorOf(req), req.params.id, req.body?.version),
  );

  // Time clock import ------------------------------------------------------------------------------------------
  app.post(
    '/api/attendance/imports',
    {
      config: { permission: ['attendance.all'], multipart: { maxFiles: 1 } },
      schema: {
        tags,
        description:
          'multipart/form-data: one `file` (.xlsx or .csv) a time clock exported (ZKTeco "AC-No./Mã NV, Name, Time" or ' +
          '"Mã nhân viên, Thời gian"). `dry_run=true` only checks. Any wrong row imports nothing (422 with the report).',
        consumes: ['multipart/form-data'],
        querystring: attendanceImportQuery,
        response: {
          200: attendanceImportReportSchema,
          422: errorBody.extend({ report: attendanceImportReportSchema.optional() }),
        },
      },
    },
    async (req, reply) => {
      const out = await importer.run(actorOf(req), req.uploads ?? [], req.query.dry_run);
      if (out.ok) return reply.status(200).send(out.report);
      const errors = out.report.errors.map((e) => ({ field: `rows[${e.row}]`, message: e.message }));
      return reply.status(422).send({ message: out.message, errors, error_code: 'VALIDATION_FAILED', report: out.report });
    },
  );
};
