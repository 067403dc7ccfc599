import { PRIORITY_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { idParams, listQuery, paginated } from '@qlcv/common/schemas/common';
import { cancelBody, reasonBody } from '@qlcv/common/schemas/requests';
import {
  commentBody,
  myWorkListQuery,
  type Work,
  workCommentSchema,
  workCompleteBody,
  workCreateBody,
  workDetailSchema,
  workListQuery,
  workProgressBody,
  workSchema,
  workUpdateBody,
} from '@qlcv/common/schemas/works';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx, type XlsxColumn } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { WorkCommentsService } from './work-comments.service';
import type { WorkStatusService } from './work-status.service';
import type { WorksService } from './works.service';

const COLUMNS: XlsxColumn<Work>[] = [
  { header: 'Mã công việc', width: 14, value: (w) => w.code },
  { header: 'Tiêu đề', width: 40, value: (w) => w.title },
  { header: 'Yêu cầu', width: 14, value: (w) => w.request?.code },
  { header: 'Bước', width: 7, value: (w) => w.step_index },
  { header: 'Phòng ban', width: 24, value: (w) => w.department?.name },
  { header: 'Người thực hiện', width: 24, value: (w) => w.assignee?.name },
  { header: 'Mức ưu tiên', width: 12, value: (w) => PRIORITY_LABELS[w.priority] },
  { header: 'Trạng thái', width: 15, value: (w) => WORK_STATUS_LABELS[w.status] },
  { header: 'Tiến độ (%)', width: 10, value: (w) => w.progress },
  { header: 'Ngày bắt đầu', type: 'date', value: (w) => w.start_date },
  { header: 'Hạn hoàn thành', type: 'datetime', value: (w) => w.deadline },
  { header: 'Quá hạn', width: 9, value: (w) => (w.overdue ? 'Có' : 'Không') },
  { header: 'Ngày hoàn thành', type: 'datetime', value: (w) => w.completed_at },
  { header: 'Người tạo', width: 24, value: (w) => w.creator?.name },
  { header: 'Ngày tạo', type: 'datetime', value: (w) => w.created_at },
];

export const worksRoutes: FastifyPluginAsyncZod<{
  works: WorksService;
  workStatus: WorkStatusService;
  workComments: WorkCommentsService;
}> = async (app, { works, workStatus, workComments }) => {
  const tags = ['works'];
  // A work's page and its actions: any signed-in user, for the works in their scope (404 outside it); changing one
  // is for its assignee, its managers and the creator of a work outside a process (403 for a mere viewer).
  const auth = { config: { auth: true } };
  const detail = { 200: workDetailSchema };

  app.get(
    '/api/works',
    {
      config: { permission: ['works.department', 'works.all'] },
      schema: { tags, querystring: workListQuery, response: { 200: paginated(workSchema) } },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!wantsXlsx(req.headers)) return works.list(actor, req.query);
      return sendXlsx(reply, {
        fileName: `cong-viec-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Công việc',
        rows: await works.exportRows(actor, req.query),
        columns: COLUMNS,
      });
    },
  );

  app.get(
    '/api/works/my',
    {
      ...auth,
      schema: {
        tags,
        description: '`tab`: assigned (default), created, following.',
        querystring: myWorkListQuery,
        response: { 200: paginated(workSchema) },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!wantsXlsx(req.headers)) return works.my(actor, req.query);
      return sendXlsx(reply, {
        fileName: `cong-viec-cua-toi-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Công việc của tôi',
        rows: await works.myExportRows(actor, req.query),
        columns: COLUMNS,
      });
    },
  );

  app.post(
    '/api/works',
    { config: { permission: ['works.create'] }, schema: { tags, body: workCreateBody, response: { 201: workDetailSchema } } },
    async (req, reply) => reply.status(201).send(await works.create(actorOf(req), req.body)),
  );

  app.get('/api/works/:id', { ...auth, schema: { tags, params: idParams, response: detail } }, (req) =>
    works.detail(actorOf(req), req.params.id),
  );

  app.put('/api/works/:id', { ...auth, schema: { tags, params: idParams, body: workUpdateBody, response: detail } }, (req) =>
    works.update(actorOf(req), req.params.id, req.body),
  );

  app.get(
    '/api/works/:id/comments',
    { ...auth, schema: { tags, params: idParams, querystring: listQuery, response: { 200: paginated(workCommentSchema) } } },
    (req) => workComments.list(actorOf(req), req.params.id, req.query),
  );

  app.post(
    '/api/works/:id/comments',
    { ...auth, schema: { tags, params: idParams, body: commentBody, response: { 201: workCommentSchema } } },
    async (req, reply) => reply.status(201).send(await workComments.add(actorOf(req), req.params.id, req.body)),
  );

  app.put(
    '/api/works/:id/progress',
    { ...auth, schema: { tags, params: idParams, body: workProgressBody, response: detail } },
    (req) => workStatus.setProgress(actorOf(req), req.params.id, req.body.progress),
  );

  app.post(
    '/api/works/:id/start',
    { ...auth, schema: { tags, description: 'todo → in_progress', params: idParams, response: detail } },
    (req) => workStatus.start(actorOf(req), req.params.id),
  );

  app.post(
    '/api/works/:id/hold',
    {
      ...auth,
      schema: { tags, description: 'todo / in_progress → on_hold', params: idParams, body: reasonBody, response: detail },
    },
    (req) => workStatus.hold(actorOf(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/works/:id/resume',
    { ...auth, schema: { tags, description: 'on_hold → the status it had', params: idParams, response: detail } },
    (req) => workStatus.resume(actorOf(req), req.params.id),
  );

  app.post(
    '/api/works/:id/complete',
    {
      ...auth,
      schema: {
        tags,
        description:
          'todo / in_progress → done (progress 100). A process step’s work moves its request to the next step or completes it.',
        params: idParams,
        body: workCompleteBody,
        response: detail,
      },
    },
    (req) => workStatus.complete(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/works/:id/cancel',
    { ...auth, schema: { tags, description: 'open → cancelled', params: idParams, body: cancelBody, response: detail } },
    (req) => workStatus.cancel(actorOf(req), req.params.id, req.body?.reason),
  );

  app.post(
    '/api/works/:id/send-back',
    {
      ...auth,
      schema: {
        tags,
        description: 'A process step’s work (not the first step): cancelled, the previous step’s work created again.',
        params: idParams,
        body: reasonBody,
        response: detail,
      },
    },
    (req) => workStatus.sendBack(actorOf(req), req.params.id, req.body.reason),
  );
};
