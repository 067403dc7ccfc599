import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  unitCreateBody,
  unitListQuery,
  unitOptionSchema,
  unitOptionsQuery,
  unitSchema,
  unitUpdateBody,
} from '@qlcv/common/schemas/units';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { UnitsService } from './units.service';

/** Units are company settings: `settings.edit` for everything but the pickers' `/options` (any signed-in user). */
export const unitsRoutes: FastifyPluginAsyncZod<{ units: UnitsService }> = async (app, { units }) => {
  const tags = ['units'];
  const edit = { config: { permission: ['settings.edit'] as const } };

  app.get(
    '/api/units',
    { ...edit, schema: { tags, querystring: unitListQuery, response: { 200: paginated(unitSchema) } } },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return units.list(req.query);
      return sendXlsx(reply, {
        fileName: `don-vi-tinh-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Đơn vị tính',
        rows: await units.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 14, value: (u) => u.code },
          { header: 'Tên đơn vị tính', width: 24, value: (u) => u.name },
          { header: 'Mô tả', width: 40, value: (u) => u.description },
          { header: 'Số dịch vụ', width: 12, value: (u) => u.services_count },
          { header: 'Đang dùng', width: 12, value: (u) => (u.active ? 'Có' : 'Không') },
        ],
      });
    },
  );

  app.get(
    '/api/units/options',
    { config: { auth: true }, schema: { tags, querystring: unitOptionsQuery, response: { 200: z.array(unitOptionSchema) } } },
    (req) => units.options(req.query),
  );

  app.post('/api/units', { ...edit, schema: { tags, body: unitCreateBody, response: { 201: unitSchema } } }, async (req, reply) =>
    reply.status(201).send(await units.create(actorOf(req), req.body)),
  );

  app.get('/api/units/:id', { ...edit, schema: { tags, params: idParams, response: { 200: unitSchema } } }, (req) =>
    units.get(req.params.id),
  );

  app.put(
    '/api/units/:id',
    { ...edit, schema: { tags, params: idParams, body: unitUpdateBody, response: { 200: unitSchema } } },
    (req) => units.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/units/:id',
    { ...edit, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await units.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
