import { formatDate } from '@qlcv/common/format/date';
import { idParams, paginated } from '@qlcv/common/schemas/common';
import { MEDIUM_LABELS } from '@qlcv/common/schemas/parameters';
import {
  siteCreateBody,
  siteDetailSchema,
  siteListQuery,
  siteOptionSchema,
  siteOptionsQuery,
  siteSchema,
  siteUpdateBody,
} from '@qlcv/common/schemas/sites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { SitesService } from './sites.service';

/** Customers' monitored sites: `monitoring.*`; the pickers' `/options` for any signed-in user. */
export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  const tags = ['sites'];

  app.get(
    '/api/sites',
    {
      config: { permission: ['monitoring.index'] },
      schema: { tags, querystring: siteListQuery, response: { 200: paginated(siteSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return sites.list(req.query);
      return sendXlsx(reply, {
        fileName: `co-so-quan-trac-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Cơ sở quan trắc',
        rows: await sites.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 14, value: (s) => s.code },
          { header: 'Tên cơ sở', width: 36, value: (s) => s.name },
          { header: 'Khách hàng', width: 36, value: (s) => s.customer.name },
          { header: 'Địa chỉ', width: 36, value: (s) => s.address },
          { header: 'Tỉnh/thành phố', width: 18, value: (s) => s.province },
          { header: 'Giấy phép môi trường', width: 22, value: (s) => s.permit_number },
          { header: 'Ngày cấp', width: 12, value: (s) => (s.permit_date ? formatDate(s.permit_date) : '') },
          { header: 'Số điểm quan trắc', width: 12, value: (s) => s.points_count },
          { header: 'Thành phần môi trường', width: 30, value: (s) => s.media.map((m) => MEDIUM_LABELS[m]).join(', ') },
          { header: 'Đang theo dõi', width: 12, value: (s) => (s.active ? 'Có' : 'Không') },
        ],
      });
    },
  );

  app.get(
    '/api/sites/options',
    { config: { auth: true }, schema: { tags, querystring: siteOptionsQuery, response: { 200: z.array(siteOptionSchema) } } },
    (req) => sites.options(req.query),
  );

  app.post(
    '/api/sites',
    {
      config: { permission: ['monitoring.create'] },
      schema: { tags, body: siteCreateBody, response: { 201: siteDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await sites.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/sites/:id',
    {
      config: { permission: ['monitoring.show', 'monitoring.edit'] },
      schema: { tags, params: idParams, response: { 200: siteDetailSchema } },
    },
    (req) => sites.get(req.params.id),
  );

  app.put(
    '/api/sites/:id',
    {
      config: { permission: ['monitoring.edit'] },
      schema: { tags, params: idParams, body: siteUpdateBody, response: { 200: siteDetailSchema } },
    },
    (req) => sites.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/sites/:id',
    { config: { permission: ['monitoring.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await sites.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
