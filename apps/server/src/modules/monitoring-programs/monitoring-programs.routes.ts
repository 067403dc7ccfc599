import { formatDate } from '@qlcv/common/format/date';
import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  programContractOptionSchema,
  programContractOptionsQuery,
  programCreateBody,
  programDetailSchema,
  programListQuery,
  programSchema,
  programUpdateBody,
  type RoundStatus,
  roundActionBody,
  roundActionParams,
} from '@qlcv/common/schemas/monitoring-programs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { MonitoringProgramsService } from './monitoring-programs.service';

/** Monitoring programmes and their rounds: `monitoring.*`; a round's state change is its own route. */
export const monitoringProgramsRoutes: FastifyPluginAsyncZod<{ programs: MonitoringProgramsService }> = async (
  app,
  { programs },
) => {
  const tags = ['monitoring-programs'];

  app.get(
    '/api/monitoring-programs',
    {
      config: { permission: ['monitoring.index'] },
      schema: { tags, querystring: programListQuery, response: { 200: paginated(programSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return programs.list(req.query);
      return sendXlsx(reply, {
        fileName: `chuong-trinh-quan-trac-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Chương trình quan trắc',
        rows: await programs.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 16, value: (p) => p.code },
          { header: 'Tên chương trình', width: 40, value: (p) => p.name },
          { header: 'Cơ sở', width: 30, value: (p) => p.site.name },
          { header: 'Khách hàng', width: 30, value: (p) => p.customer.name },
          { header: 'Hợp đồng', width: 18, value: (p) => p.contract?.number ?? '' },
          { header: 'Từ ngày', width: 12, value: (p) => formatDate(p.start_date) },
          { header: 'Đến ngày', width: 12, value: (p) => formatDate(p.end_date) },
          { header: 'Số đợt', width: 10, value: (p) => p.progress.rounds },
          { header: 'Đã thực hiện', width: 12, value: (p) => p.progress.done },
          { header: 'Trễ hạn', width: 10, value: (p) => p.progress.late },
        ],
      });
    },
  );

  app.get(
    '/api/monitoring-programs/contract-options',
    {
      config: { permission: ['monitoring.create', 'monitoring.edit'] },
      schema: { tags, querystring: programContractOptionsQuery, response: { 200: z.array(programContractOptionSchema) } },
    },
    (req) => programs.contractOptions(req.query),
  );

  app.post(
    '/api/monitoring-programs',
    {
      config: { permission: ['monitoring.create'] },
      schema: { tags, body: programCreateBody, response: { 201: programDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await programs.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/monitoring-programs/:id',
    {
      config: { permission: ['monitoring.show', 'monitoring.edit'] },
      schema: { tags, params: idParams, response: { 200: programDetailSchema } },
    },
    (req) => programs.get(req.params.id),
  );

  app.put(
    '/api/monitoring-programs/:id',
    {
      config: { permission: ['monitoring.edit'] },
      schema: { tags, params: idParams, body: programUpdateBody, response: { 200: programDetailSchema } },
    },
    (req) => programs.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/monitoring-programs/:id',
    { config: { permission: ['monitoring.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await programs.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  const verbs: [string, RoundStatus][] = [
    ['done', 'done'],
    ['cancel', 'cancelled'],
    ['reopen', 'planned'],
  ];
  for (const [verb, to] of verbs) {
    app.post(
      `/api/monitoring-programs/:id/rounds/:roundId/${verb}`,
      {
        config: { permission: ['monitoring.edit'] },
        schema: { tags, params: roundActionParams, body: roundActionBody, response: { 200: programDetailSchema } },
      },
      (req) => programs.moveRound(actorOf(req), req.params.id, req.params.roundId, to, req.body?.version),
    );
  }
};
