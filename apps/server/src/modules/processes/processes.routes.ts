import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  processCreateBody,
  processDetailSchema,
  processListQuery,
  processOptionSchema,
  processSchema,
  processStepCreateBody,
  processStepOrderBody,
  processStepSchema,
  processStepUpdateBody,
  processUpdateBody,
} from '@qlcv/common/schemas/processes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { ProcessesService } from './processes.service';

export const processesRoutes: FastifyPluginAsyncZod<{ processes: ProcessesService }> = async (app, { processes }) => {
  const tags = ['processes'];

  app.get(
    '/api/processes',
    {
      config: { permission: ['processes.index'] },
      schema: { tags, querystring: processListQuery, response: { 200: paginated(processSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return processes.list(req.query);
      return sendXlsx(reply, {
        fileName: `quy-trinh-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Quy trình',
        rows: await processes.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 16, value: (p) => p.code },
          { header: 'Tên quy trình', width: 40, value: (p) => p.name },
          { header: 'Số bước', width: 10, value: (p) => p.steps_count },
          { header: 'Tổng thời hạn (giờ)', width: 18, value: (p) => p.total_duration_hours },
          { header: 'Số loại yêu cầu', width: 16, value: (p) => p.request_types_count },
          { header: 'Trạng thái', width: 16, value: (p) => (p.active ? 'Đang sử dụng' : 'Ngừng sử dụng') },
          { header: 'Mô tả', width: 50, value: (p) => p.description },
        ],
      });
    },
  );

  // The process picker of the request type form: whoever may create or edit a request type may pick a process.
  app.get(
    '/api/processes/options',
    {
      config: { permission: ['processes.index', 'request_types.create', 'request_types.edit'] },
      schema: { tags, response: { 200: z.array(processOptionSchema) } },
    },
    () => processes.options(),
  );

  app.post(
    '/api/processes',
    {
      config: { permission: ['processes.create'] },
      schema: { tags, body: processCreateBody, response: { 201: processDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await processes.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/processes/:id',
    {
      config: { permission: ['processes.show', 'processes.edit'] },
      schema: { tags, params: idParams, response: { 200: processDetailSchema } },
    },
    (req) => processes.get(req.params.id),
  );

  app.put(
    '/api/processes/:id',
    {
      config: { permission: ['processes.edit'] },
      schema: { tags, params: idParams, body: processUpdateBody, response: { 200: processDetailSchema } },
    },
    (req) => processes.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/processes/:id',
    { config: { permission: ['processes.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await processes.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Steps. The seed's step screens (processes/{id}/steps/create, steps/{id}/edit) need processes.edit.

  app.get(
    '/api/processes/:id/steps',
    {
      config: { permission: ['processes.show', 'processes.edit'] },
      schema: { tags, params: idParams, response: { 200: z.array(processStepSchema) } },
    },
    (req) => processes.steps(req.params.id),
  );

  app.post(
    '/api/processes/:id/steps',
    {
      config: { permission: ['processes.edit'] },
      schema: { tags, params: idParams, body: processStepCreateBody, response: { 201: processStepSchema } },
    },
    async (req, reply) => reply.status(201).send(await processes.createStep(actorOf(req), req.params.id, req.body)),
  );

  app.put(
    '/api/processes/:id/steps/order',
    {
      config: { permission: ['processes.edit'] },
      schema: { tags, params: idParams, body: processStepOrderBody, response: { 200: processDetailSchema } },
    },
    (req) => processes.reorderSteps(actorOf(req), req.params.id, req.body),
  );

  app.get(
    '/api/process-steps/:id',
    {
      config: { permission: ['processes.show', 'processes.edit'] },
      schema: { tags, params: idParams, response: { 200: processStepSchema } },
    },
    (req) => processes.getStep(req.params.id),
  );

  app.put(
    '/api/process-steps/:id',
    {
      config: { permission: ['processes.edit'] },
      schema: { tags, params: idParams, body: processStepUpdateBody, response: { 200: processStepSchema } },
    },
    (req) => processes.updateStep(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/process-steps/:id',
    { config: { permission: ['processes.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await processes.deleteStep(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
