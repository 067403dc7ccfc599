import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  MEDIUM_LABELS,
  PARAMETER_PLACE_LABELS,
  parameterCreateBody,
  parameterListQuery,
  parameterOptionSchema,
  parameterOptionsQuery,
  parameterSchema,
  parameterUpdateBody,
} from '@qlcv/common/schemas/parameters';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { ParametersService } from './parameters.service';

/** The parameter catalogue: `monitoring.*`; the pickers' `/options` for any signed-in user. */
export const parametersRoutes: FastifyPluginAsyncZod<{ parameters: ParametersService }> = async (app, { parameters }) => {
  const tags = ['parameters'];
  const yes = (b: boolean) => (b ? 'Có' : 'Không');

  app.get(
    '/api/parameters',
    {
      config: { permission: ['monitoring.index'] },
      schema: { tags, querystring: parameterListQuery, response: { 200: paginated(parameterSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return parameters.list(req.query);
      return sendXlsx(reply, {
        fileName: `chi-tieu-quan-trac-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Chỉ tiêu quan trắc',
        rows: await parameters.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 14, value: (p) => p.code },
          { header: 'Tên chỉ tiêu', width: 30, value: (p) => p.name },
          { header: 'Thành phần môi trường', width: 22, value: (p) => MEDIUM_LABELS[p.medium] },
          { header: 'Đơn vị', width: 12, value: (p) => p.unit },
          { header: 'Phương pháp', width: 30, value: (p) => p.method },
          { header: 'Nơi đo', width: 18, value: (p) => PARAMETER_PLACE_LABELS[p.place] },
          // Limits as the laboratory wrote them, with the Vietnamese decimal comma.
          { header: 'LOD', width: 10, value: (p) => p.lod?.replace('.', ',') ?? '' },
          { header: 'LOQ', width: 10, value: (p) => p.loq?.replace('.', ',') ?? '' },
          { header: 'Thời gian lưu mẫu (giờ)', width: 14, value: (p) => p.holding_hours },
          { header: 'Thời hạn trả kết quả (ngày)', width: 14, value: (p) => p.turnaround_days },
          { header: 'Bảo quản', width: 30, value: (p) => p.preservation },
          { header: 'VIMCERTS', width: 10, value: (p) => yes(p.vimcerts) },
          { header: 'VILAS', width: 10, value: (p) => yes(p.vilas) },
          { header: 'Dịch vụ tính giá', width: 24, value: (p) => (p.service ? `${p.service.code} – ${p.service.name}` : '') },
          { header: 'Đang dùng', width: 12, value: (p) => yes(p.active) },
        ],
      });
    },
  );

  app.get(
    '/api/parameters/options',
    {
      config: { auth: true },
      schema: { tags, querystring: parameterOptionsQuery, response: { 200: z.array(parameterOptionSchema) } },
    },
    (req) => parameters.options(req.query),
  );

  app.post(
    '/api/parameters',
    {
      config: { permission: ['monitoring.create'] },
      schema: { tags, body: parameterCreateBody, response: { 201: parameterSchema } },
    },
    async (req, reply) => reply.status(201).send(await parameters.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/parameters/:id',
    {
      config: { permission: ['monitoring.show', 'monitoring.edit'] },
      schema: { tags, params: idParams, response: { 200: parameterSchema } },
    },
    (req) => parameters.get(req.params.id),
  );

  app.put(
    '/api/parameters/:id',
    {
      config: { permission: ['monitoring.edit'] },
      schema: { tags, params: idParams, body: parameterUpdateBody, response: { 200: parameterSchema } },
    },
    (req) => parameters.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/parameters/:id',
    { config: { permission: ['monitoring.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await parameters.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
