import { permissionLabel } from '@qlcv/common/permissions';
import { idParams, listQuery, paginated } from '@qlcv/common/schemas/common';
import { roleCreateBody, roleOptionSchema, roleSchema, roleUpdateBody } from '@qlcv/common/schemas/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { RolesService } from './roles.service';

export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  const tags = ['roles'];

  app.get(
    '/api/roles',
    {
      config: { permission: ['roles.index'] },
      schema: { tags, querystring: listQuery, response: { 200: paginated(roleSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return roles.list(req.query);
      return sendXlsx(reply, {
        fileName: `vai-tro-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Vai trò',
        rows: await roles.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 16, value: (r) => r.code },
          { header: 'Tên vai trò', width: 30, value: (r) => r.name },
          { header: 'Mô tả', width: 40, value: (r) => r.description },
          { header: 'Số người dùng', width: 14, value: (r) => r.users_count },
          { header: 'Số quyền', width: 10, value: (r) => r.permissions.length },
          { header: 'Quyền', width: 60, value: (r) => r.permissions.map((k) => `${k} (${permissionLabel(k)})`).join(', ') },
        ],
      });
    },
  );

  // The role pickers of the user forms and of a notification setting's recipients: whoever may create or edit those
  // may pick a role.
  app.get(
    '/api/roles/options',
    {
      config: {
        permission: ['roles.index', 'users.create', 'users.edit', 'setting_notifications.create', 'setting_notifications.edit'],
      },
      schema: { tags, response: { 200: z.array(roleOptionSchema) } },
    },
    () => roles.options(),
  );

  app.post(
    '/api/roles',
    { config: { permission: ['roles.create'] }, schema: { tags, body: roleCreateBody, response: { 201: roleSchema } } },
    async (req, reply) => reply.status(201).send(await roles.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/roles/:id',
    { config: { permission: ['roles.show', 'roles.edit'] }, schema: { tags, params: idParams, response: { 200: roleSchema } } },
    (req) => roles.get(req.params.id),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { permission: ['roles.edit'] },
      schema: { tags, params: idParams, body: roleUpdateBody, response: { 200: roleSchema } },
    },
    (req) => roles.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/roles/:id',
    { config: { permission: ['roles.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await roles.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
