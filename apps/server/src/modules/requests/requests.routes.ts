import { PRIORITY_LABELS, REQUEST_SOURCE_LABELS, REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  cancelBody,
  reasonBody,
  requestCompleteBody,
  requestCreateBody,
  requestDetailSchema,
  requestListQuery,
  requestSchema,
  requestUpdateBody,
} from '@qlcv/common/schemas/requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { RequestFlowService } from '../request-flow/request-flow.service';
import type { RequestsService } from './requests.service';

export const requestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService; flow: RequestFlowService }> = async (
  app,
  { requests, flow },
) => {
  const tags = ['requests'];
  const edit = { config: { permission: ['requests.edit'] as const } };

  app.get(
    '/api/requests',
    {
      config: { permission: ['requests.index'] },
      schema: { tags, querystring: requestListQuery, response: { 200: paginated(requestSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return requests.list(req.query);
      return sendXlsx(reply, {
        fileName: `yeu-cau-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Yêu cầu',
        rows: await requests.exportRows(req.query),
        columns: [
          { header: 'Mã yêu cầu', width: 14, value: (r) => r.code },
          { header: 'Mã tra cứu', width: 24, value: (r) => r.tracking_code },
          { header: 'Tiêu đề', width: 40, value: (r) => r.title },
          { header: 'Loại yêu cầu', width: 28, value: (r) => r.request_type?.name },
          { header: 'Khách hàng', width: 32, value: (r) => r.customer?.name },
          { header: 'Người yêu cầu', width: 24, value: (r) => r.requester_name },
          { header: 'Điện thoại', width: 14, value: (r) => r.requester_phone },
          { header: 'Email', width: 26, value: (r) => r.requester_email },
          { header: 'Đơn vị', width: 30, value: (r) => r.requester_organization },
          { header: 'Nguồn', width: 16, value: (r) => REQUEST_SOURCE_LABELS[r.source] },
          { header: 'Mức ưu tiên', width: 12, value: (r) => PRIORITY_LABELS[r.priority] },
          { header: 'Trạng thái', width: 14, value: (r) => REQUEST_STATUS_LABELS[r.status] },
          { header: 'Bước hiện tại', width: 10, value: (r) => r.current_step },
          { header: 'Quá hạn', width: 9, value: (r) => (r.overdue ? 'Có' : 'Không') },
          { header: 'Ngày tạo', type: 'datetime', value: (r) => r.created_at },
          { header: 'Ngày tiếp nhận', type: 'datetime', value: (r) => r.received_at },
          { header: 'Hạn xử lý', type: 'datetime', value: (r) => r.due_at },
          { header: 'Ngày hoàn thành', type: 'datetime', value: (r) => r.completed_at },
        ],
      });
    },
  );

  app.post(
    '/api/requests',
    {
      config: { permission: ['requests.create'] },
      schema: { tags, body: requestCreateBody, response: { 201: requestDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await requests.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/requests/:id',
    {
      config: { permission: ['requests.show', 'requests.edit'] },
      schema: { tags, params: idParams, response: { 200: requestDetailSchema } },
    },
    (req) => requests.detail(actorOf(req), req.params.id),
  );

  app.put(
    '/api/requests/:id',
    { ...edit, schema: { tags, params: idParams, body: requestUpdateBody, response: { 200: requestDetailSchema } } },
    (req) => requests.update(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/requests/:id/receive',
    {
      ...edit,
      schema: {
        tags,
        description: 'new → received: snapshot of the process, due time from the step SLAs, the first step’s work.',
        params: idParams,
        response: { 200: requestDetailSchema },
      },
    },
    (req) => flow.receive(actorOf(req), req.params.id),
  );

  app.post(
    '/api/requests/:id/hold',
    {
      ...edit,
      schema: {
        tags,
        description: 'received / in_progress → on_hold (the SLA clock stops).',
        params: idParams,
        body: reasonBody,
        response: { 200: requestDetailSchema },
      },
    },
    (req) => flow.hold(actorOf(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/requests/:id/resume',
    {
      ...edit,
      schema: {
        tags,
        description: 'on_hold → the status it had; due time moved by the time on hold.',
        params: idParams,
        response: { 200: requestDetailSchema },
      },
    },
    (req) => flow.resume(actorOf(req), req.params.id),
  );

  app.post(
    '/api/requests/:id/reject',
    {
      ...edit,
      schema: {
        tags,
        description: 'new / received → rejected.',
        params: idParams,
        body: reasonBody,
        response: { 200: requestDetailSchema },
      },
    },
    (req) => flow.reject(actorOf(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/requests/:id/cancel',
    {
      ...edit,
      schema: {
        tags,
        description: 'any open status → cancelled; open works cancelled.',
        params: idParams,
        body: cancelBody,
        response: { 200: requestDetailSchema },
      },
    },
    (req) => flow.cancel(actorOf(req), req.params.id, req.body?.reason),
  );

  app.post(
    '/api/requests/:id/complete',
    {
      ...edit,
      schema: {
        tags,
        description: 'Manual completion (received / in_progress, no open process-step work).',
        params: idParams,
        body: requestCompleteBody,
        response: { 200: requestDetailSchema },
      },
    },
    (req) => flow.complete(actorOf(req), req.params.id, req.body),
  );
};
