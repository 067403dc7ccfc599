import { formatDate } from '@qlcv/common/format/date';
import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  CHECK_WORD,
  EQUIPMENT_KIND_LABELS,
  equipmentCreateBody,
  equipmentListQuery,
  equipmentOptionSchema,
  equipmentOptionsQuery,
  equipmentSchema,
  equipmentUpdateBody,
} from '@qlcv/common/schemas/equipment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { EquipmentService } from './equipment.service';

/** Instruments and vehicles: `equipment.*`; the trips' pickers (`/options`) also open to `monitoring.index`. */
export const equipmentRoutes: FastifyPluginAsyncZod<{ equipment: EquipmentService }> = async (app, { equipment }) => {
  const tags = ['equipment'];
  const day = (d: string | null) => (d ? formatDate(d) : '');

  app.get(
    '/api/equipment',
    {
      config: { permission: ['equipment.index'] },
      schema: { tags, querystring: equipmentListQuery, response: { 200: paginated(equipmentSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return equipment.list(req.query);
      return sendXlsx(reply, {
        fileName: `thiet-bi-phuong-tien-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Thiết bị, phương tiện',
        rows: await equipment.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 16, value: (e) => e.code },
          { header: 'Tên', width: 34, value: (e) => e.name },
          { header: 'Loại', width: 14, value: (e) => EQUIPMENT_KIND_LABELS[e.kind] },
          { header: 'Hãng, model', width: 22, value: (e) => e.model },
          { header: 'Số sê-ri / biển số', width: 18, value: (e) => e.identifier },
          { header: 'Bộ phận quản lý', width: 26, value: (e) => e.department?.name ?? '' },
          { header: 'Chỉ tiêu đo được', width: 26, value: (e) => e.measures },
          { header: 'Hạn hiệu chuẩn / đăng kiểm', width: 16, value: (e) => day(e.calibration_due) },
          { header: 'Số giấy chứng nhận', width: 20, value: (e) => e.calibration_certificate },
          { header: 'Lần hiệu chuẩn / đăng kiểm gần nhất', width: 16, value: (e) => day(e.last_calibrated_on) },
          {
            header: 'Tình trạng',
            width: 24,
            value: (e) => {
              const word = CHECK_WORD[e.kind];
              if (e.calibration_state === 'lapsed') return `Quá hạn ${word}`;
              if (e.calibration_state === 'due_soon') return `Sắp đến hạn (còn ${e.days_left} ngày)`;
              if (e.calibration_state === 'valid') return 'Còn hạn';
              return 'Chưa khai báo';
            },
          },
          { header: 'Đang dùng', width: 12, value: (e) => (e.active ? 'Có' : 'Không') },
        ],
      });
    },
  );

  app.get(
    '/api/equipment/options',
    {
      config: { permission: ['equipment.index', 'monitoring.index', 'sampling.create', 'sampling.edit'] },
      schema: { tags, querystring: equipmentOptionsQuery, response: { 200: z.array(equipmentOptionSchema) } },
    },
    (req) => equipment.options(req.query),
  );

  app.post(
    '/api/equipment',
    {
      config: { permission: ['equipment.create'] },
      schema: { tags, body: equipmentCreateBody, response: { 201: equipmentSchema } },
    },
    async (req, reply) => reply.status(201).send(await equipment.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/equipment/:id',
    {
      config: { permission: ['equipment.show', 'equipment.edit'] },
      schema: { tags, params: idParams, response: { 200: equipmentSchema } },
    },
    (req) => equipment.get(req.params.id),
  );

  app.put(
    '/api/equipment/:id',
    {
      config: { permission: ['equipment.edit'] },
      schema: { tags, params: idParams, body: equipmentUpdateBody, response: { 200: equipmentSchema } },
    },
    (req) => equipment.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/equipment/:id',
    { config: { permission: ['equipment.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await equipment.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
