import { formatDateTime } from '@qlcv/common/format/date';
import type { PermissionKey } from '@qlcv/common/permissions';
import { csvOf, idParams, idQuery, paginated } from '@qlcv/common/schemas/common';
import { MEDIUM_LABELS } from '@qlcv/common/schemas/parameters';
import {
  SAMPLE_QC_LABELS,
  SAMPLE_STATUS_LABELS,
  SAMPLE_STEPS,
  type SampleStep,
  sampleCreateBody,
  sampleDetailSchema,
  sampleHandOverBody,
  sampleLabelSchema,
  sampleListQuery,
  sampleReceiveBody,
  sampleSchema,
  sampleStepBody,
  sampleUpdateBody,
} from '@qlcv/common/schemas/samples';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { SampleCustodyService } from './sample-custody.service';
import type { SamplesService } from './samples.service';

/** Who reads samples: whoever sees trips (their own, their department's, all) and the laboratory. */
const READ: PermissionKey[] = ['sampling.index', 'sampling.department', 'sampling.all', 'lab.index', 'lab.receive'];
/** Who writes them: the trip's team (the service checks membership). */
const TEAM: PermissionKey[] = ['sampling.index', 'sampling.department', 'sampling.all'];

const STEP_BODIES = {
  'hand-over': sampleHandOverBody,
  receive: sampleReceiveBody,
  analyse: sampleStepBody,
  store: sampleStepBody,
  dispose: sampleStepBody,
} as const;
const STEP_KEYS: Record<SampleStep, PermissionKey[]> = {
  'hand-over': TEAM,
  receive: ['lab.receive'],
  analyse: ['lab.receive'],
  store: ['lab.receive'],
  dispose: ['lab.receive'],
};

/** Four photos of at most 400 kB each, in base64, and the rest of the sample. */
const PHOTOS_BODY_LIMIT = 3 * 1024 * 1024;

const labelsQuery = z
  .object({ trip_id: idQuery.optional(), ids: csvOf(idQuery).optional() })
  .refine((q) => q.trip_id !== undefined || (q.ids?.length ?? 0) > 0, {
    message: 'Chọn chuyến hoặc các mẫu cần in nhãn',
    path: ['trip_id'],
  });
const codeParams = z.object({ code: z.string().trim().min(1).max(100) });
const photoParams = z.object({ id: idQuery, photoId: idQuery });

/** Samples (`/api/samples`): taken by a trip's team, received and kept by the laboratory; one route per custody step. */
export const samplesRoutes: FastifyPluginAsyncZod<{ samples: SamplesService; custody: SampleCustodyService }> = async (
  app,
  { samples, custody },
) => {
  const tags = ['samples'];

  app.get(
    '/api/samples',
    {
      config: { permission: [...READ] },
      schema: { tags, querystring: sampleListQuery, response: { 200: paginated(sampleSchema) } },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!wantsXlsx(req.headers)) return samples.list(actor, req.query);
      return sendXlsx(reply, {
        fileName: `mau-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Mẫu',
        rows: await samples.exportRows(actor, req.query),
        columns: [
          { header: 'Mã mẫu', width: 22, value: (s) => s.code },
          { header: 'Chuyến', width: 16, value: (s) => s.trip.code },
          { header: 'Cơ sở', width: 36, value: (s) => s.site.name },
          { header: 'Điểm', width: 10, value: (s) => s.point.code },
          { header: 'Thành phần', width: 20, value: (s) => MEDIUM_LABELS[s.medium] },
          { header: 'Loại mẫu', width: 22, value: (s) => SAMPLE_QC_LABELS[s.qc_kind] },
          { header: 'Thời điểm lấy', width: 18, value: (s) => formatDateTime(s.taken_at) },
          { header: 'Người lấy', width: 24, value: (s) => s.taken_by.name },
          { header: 'Hạn lưu mẫu', width: 18, value: (s) => (s.hold_until ? formatDateTime(s.hold_until) : '') },
          { header: 'Trạng thái', width: 18, value: (s) => SAMPLE_STATUS_LABELS[s.status] + (s.overdue ? ' (quá hạn lưu)' : '') },
        ],
      });
    },
  );

  app.get(
    '/api/samples/labels',
    {
      config: { permission: [...READ] },
      schema: { tags, querystring: labelsQuery, response: { 200: z.array(sampleLabelSchema) } },
    },
    (req) => samples.labels(actorOf(req), req.query),
  );

  app.get(
    '/api/samples/code/:code',
    { config: { permission: [...READ] }, schema: { tags, params: codeParams, response: { 200: sampleDetailSchema } } },
    (req) => samples.byCode(actorOf(req), req.params.code),
  );

  app.post(
    '/api/samples',
    {
      config: { permission: [...TEAM] },
      bodyLimit: PHOTOS_BODY_LIMIT,
      schema: { tags, body: sampleCreateBody, response: { 200: sampleDetailSchema, 201: sampleDetailSchema } },
    },
    async (req, reply) => {
      const { sample, created } = await samples.create(actorOf(req), req.body);
      return reply.status(created ? 201 : 200).send(sample);
    },
  );

  app.get(
    '/api/samples/:id',
    { config: { permission: [...READ] }, schema: { tags, params: idParams, response: { 200: sampleDetailSchema } } },
    (req) => samples.get(actorOf(req), req.params.id),
  );

  app.get(
    '/api/samples/:id/photos/:photoId',
    { config: { permission: [...READ] }, schema: { tags, params: photoParams } },
    async (req, reply) => {
      const { mime, stream } = await samples.photo(actorOf(req), req.params.id, req.params.photoId);
      return reply.header('Content-Type', mime).header('Cache-Control', 'private, no-store').send(stream);
    },
  );

  app.put(
    '/api/samples/:id',
    {
      config: { permission: [...TEAM] },
      bodyLimit: PHOTOS_BODY_LIMIT,
      schema: { tags, params: idParams, body: sampleUpdateBody, response: { 200: sampleDetailSchema } },
    },
    (req) => samples.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/samples/:id',
    { config: { permission: [...TEAM] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await samples.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const step of SAMPLE_STEPS) {
    app.post(
      `/api/samples/:id/${step}`,
      {
        config: { permission: [...STEP_KEYS[step]] },
        schema: { tags, params: idParams, body: STEP_BODIES[step], response: { 200: sampleDetailSchema } },
      },
      (req) => custody.step(actorOf(req), req.params.id, step, (req.body ?? {}) as Parameters<SampleCustodyService['step']>[3]),
    );
  }
};
