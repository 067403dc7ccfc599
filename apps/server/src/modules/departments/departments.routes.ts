import { idParams, idQuery, listQuery, paginated } from '@qlcv/common/schemas/common';
import {
  departmentCreateBody,
  departmentNode,
  departmentOptionSchema,
  departmentSchema,
  departmentUpdateBody,
} from '@qlcv/common/schemas/departments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { DepartmentsService } from './departments.service';

const departmentListQuery = listQuery.extend({ parent_id: idQuery.optional() });

export const departmentsRoutes: FastifyPluginAsyncZod<{ departments: DepartmentsService }> = async (app, { departments }) => {
  const tags = ['departments'];

  app.get(
    '/api/departments',
    {
      config: { permission: ['departments.index'] },
      schema: { tags, querystring: departmentListQuery, response: { 200: paginated(departmentSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return departments.list(req.query);
      return sendXlsx(reply, {
        fileName: `phong-ban-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Phòng ban',
        rows: await departments.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 14, value: (d) => d.code },
          { header: 'Tên phòng ban', width: 32, value: (d) => d.name },
          { header: 'Trực thuộc', width: 28, value: (d) => d.parent?.name },
          { header: 'Trưởng phòng', width: 26, value: (d) => d.head?.name },
          { header: 'Số nhân viên', width: 12, value: (d) => d.users_count },
          { header: 'Mô tả', width: 40, value: (d) => d.description },
        ],
      });
    },
  );

  app.get(
    '/api/departments/tree',
    { config: { permission: ['departments.index'] }, schema: { tags, response: { 200: z.array(departmentNode) } } },
    () => departments.tree(),
  );

  // The department pickers (user, work, process step…): every employee may know the department names.
  app.get(
    '/api/departments/options',
    { config: { auth: true }, schema: { tags, response: { 200: z.array(departmentOptionSchema) } } },
    () => departments.options(),
  );

  app.post(
    '/api/departments',
    {
      config: { permission: ['departments.create'] },
      schema: { tags, body: departmentCreateBody, response: { 201: departmentSchema } },
    },
    async (req, reply) => reply.status(201).send(await departments.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/departments/:id',
    {
      config: { permission: ['departments.show', 'departments.edit'] },
      schema: { tags, params: idParams, response: { 200: departmentSchema } },
    },
    (req) => departments.get(req.params.id),
  );

  app.put(
    '/api/departments/:id',
    {
      config: { permission: ['departments.edit'] },
      schema: { tags, params: idParams, body: departmentUpdateBody, response: { 200: departmentSchema } },
    },
    (req) => departments.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/departments/:id',
    { config: { permission: ['departments.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await departments.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
