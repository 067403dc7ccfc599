import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  publicRequestTypeSchema,
  requestTypeCreateBody,
  requestTypeListQuery,
  requestTypeOptionSchema,
  requestTypeSchema,
  requestTypeUpdateBody,
} from '@qlcv/common/schemas/request-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { RequestTypesService } from './request-types.service';

const yesNo = (v: boolean) => (v ? 'Có' : 'Không');

export const requestTypesRoutes: FastifyPluginAsyncZod<{ requestTypes: RequestTypesService }> = async (app, { requestTypes }) => {
  const tags = ['request-types'];

  app.get(
    '/api/request-types',
    {
      config: { permission: ['request_types.index'] },
      schema: { tags, querystring: requestTypeListQuery, response: { 200: paginated(requestTypeSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return requestTypes.list(req.query);
      return sendXlsx(reply, {
        fileName: `loai-yeu-cau-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Loại yêu cầu',
        rows: await requestTypes.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 16, value: (r) => r.code },
          { header: 'Tên loại yêu cầu', width: 40, value: (r) => r.name },
          { header: 'Nhóm dịch vụ', width: 26, value: (r) => r.service_group },
          { header: 'Quy trình xử lý', width: 36, value: (r) => r.process?.name },
          { header: 'Công khai', width: 10, value: (r) => yesNo(r.is_public) },
          { header: 'Trạng thái', width: 16, value: (r) => (r.active ? 'Đang sử dụng' : 'Ngừng sử dụng') },
          { header: 'Số yêu cầu', width: 12, value: (r) => r.requests_count },
          { header: 'Mô tả', width: 50, value: (r) => r.description },
        ],
      });
    },
  );

  // The request type pickers: whoever may list, create or edit requests may pick a type.
  app.get(
    '/api/request-types/options',
    {
      config: { permission: ['request_types.index', 'requests.index', 'requests.create', 'requests.edit'] },
      schema: { tags, response: { 200: z.array(requestTypeOptionSchema) } },
    },
    () => requestTypes.options(),
  );

  app.get(
    '/api/public/request-types',
    {
      config: { public: true },
      schema: { tags: ['public'], security: [], response: { 200: z.array(publicRequestTypeSchema) } },
    },
    () => requestTypes.publicList(),
  );

  app.post(
    '/api/request-types',
    {
      config: { permission: ['request_types.create'] },
      schema: { tags, body: requestTypeCreateBody, response: { 201: requestTypeSchema } },
    },
    async (req, reply) => reply.status(201).send(await requestTypes.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/request-types/:id',
    {
      config: { permission: ['request_types.show', 'request_types.edit'] },
      schema: { tags, params: idParams, response: { 200: requestTypeSchema } },
    },
    (req) => requestTypes.get(req.params.id),
  );

  app.put(
    '/api/request-types/:id',
    {
      config: { permission: ['request_types.edit'] },
      schema: { tags, params: idParams, body: requestTypeUpdateBody, response: { 200: requestTypeSchema } },
    },
    (req) => requestTypes.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/request-types/:id',
    { config: { permission: ['request_types.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await requestTypes.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
