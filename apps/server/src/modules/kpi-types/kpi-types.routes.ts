import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  KPI_DIRECTION_LABELS,
  KPI_MEASURES,
  kpiMeasureItemSchema,
  kpiMeasureList,
  kpiTypeCreateBody,
  kpiTypeListQuery,
  kpiTypeOptionSchema,
  kpiTypeOptionsQuery,
  kpiTypeSchema,
  kpiTypeUpdateBody,
} from '@qlcv/common/schemas/kpi-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { KpiTypesService } from './kpi-types.service';

export const kpiTypesRoutes: FastifyPluginAsyncZod<{ kpiTypes: KpiTypesService }> = async (app, { kpiTypes }) => {
  const tags = ['kpi-types'];

  app.get(
    '/api/kpi-types',
    {
      config: { permission: ['kpi_types.index'] },
      schema: { tags, querystring: kpiTypeListQuery, response: { 200: paginated(kpiTypeSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return kpiTypes.list(req.query);
      return sendXlsx(reply, {
        fileName: `loai-kpi-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Loại KPI',
        rows: await kpiTypes.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 14, value: (k) => k.code },
          { header: 'Tên loại KPI', width: 36, value: (k) => k.name },
          { header: 'Cách đo', width: 34, value: (k) => KPI_MEASURES[k.measure].label },
          { header: 'Đơn vị', width: 12, value: (k) => k.unit },
          { header: 'Chiều đánh giá', width: 20, value: (k) => KPI_DIRECTION_LABELS[k.direction] },
          { header: 'Trọng số mặc định', width: 12, value: (k) => k.default_weight },
          { header: 'Chỉ tiêu mặc định', width: 12, value: (k) => k.default_target },
          { header: 'Đang dùng', width: 12, value: (k) => (k.active ? 'Có' : 'Không') },
          { header: 'Mô tả', width: 40, value: (k) => k.description },
        ],
      });
    },
  );

  // The evaluation screens' pickers and the measure catalogue: any signed-in user.
  app.get(
    '/api/kpi-types/options',
    {
      config: { auth: true },
      schema: { tags, querystring: kpiTypeOptionsQuery, response: { 200: z.array(kpiTypeOptionSchema) } },
    },
    (req) => kpiTypes.options(req.query),
  );

  app.get(
    '/api/kpi-types/measures',
    { config: { auth: true }, schema: { tags, response: { 200: z.array(kpiMeasureItemSchema) } } },
    () => kpiMeasureList(),
  );

  app.post(
    '/api/kpi-types',
    { config: { permission: ['kpi_types.create'] }, schema: { tags, body: kpiTypeCreateBody, response: { 201: kpiTypeSchema } } },
    async (req, reply) => reply.status(201).send(await kpiTypes.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/kpi-types/:id',
    {
      config: { permission: ['kpi_types.show', 'kpi_types.edit'] },
      schema: { tags, params: idParams, response: { 200: kpiTypeSchema } },
    },
    (req) => kpiTypes.get(req.params.id),
  );

  app.put(
    '/api/kpi-types/:id',
    {
      config: { permission: ['kpi_types.edit'] },
      schema: { tags, params: idParams, body: kpiTypeUpdateBody, response: { 200: kpiTypeSchema } },
    },
    (req) => kpiTypes.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/kpi-types/:id',
    { config: { permission: ['kpi_types.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await kpiTypes.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
