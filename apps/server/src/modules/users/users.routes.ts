import { GENDER_LABELS, USER_STATUS_LABELS } from '@qlcv/common/labels';
import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  userCreateBody,
  userListQuery,
  userOptionSchema,
  userOptionsQuery,
  userSchema,
  userUpdateBody,
} from '@qlcv/common/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { AuthService } from '../auth/auth.service';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; auth: AuthService }> = async (app, { users, auth }) => {
  const tags = ['users'];

  app.get(
    '/api/users',
    {
      config: { permission: ['users.index'] },
      schema: { tags, querystring: userListQuery, response: { 200: paginated(userSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return users.list(req.query);
      return sendXlsx(reply, {
        fileName: `nguoi-dung-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Người dùng',
        rows: await users.exportRows(req.query),
        columns: [
          { header: 'Mã NV', width: 10, value: (u) => u.code },
          { header: 'Họ tên', width: 28, value: (u) => u.name },
          { header: 'Tên đăng nhập', width: 18, value: (u) => u.username },
          { header: 'Email', width: 28, value: (u) => u.email },
          { header: 'Số điện thoại', width: 14, value: (u) => u.mobile },
          { header: 'Vai trò', width: 20, value: (u) => u.role.name },
          { header: 'Phòng ban', width: 24, value: (u) => u.department?.name },
          { header: 'Chức danh', width: 20, value: (u) => u.position },
          { header: 'Giới tính', width: 10, value: (u) => (u.gender ? GENDER_LABELS[u.gender] : null) },
          { header: 'Ngày sinh', type: 'date', value: (u) => u.birthday },
          { header: 'Ngày vào làm', type: 'date', value: (u) => u.joined_at },
          { header: 'Trạng thái', width: 16, value: (u) => USER_STATUS_LABELS[u.status] },
        ],
      });
    },
  );

  // The user pickers (head of department, assignee, follower…): any employee may pick a colleague.
  app.get(
    '/api/users/options',
    {
      config: { auth: true },
      schema: { tags, querystring: userOptionsQuery, response: { 200: z.array(userOptionSchema) } },
    },
    (req) => users.options(req.query),
  );

  app.post(
    '/api/users',
    { config: { permission: ['users.create'] }, schema: { tags, body: userCreateBody, response: { 201: userSchema } } },
    async (req, reply) => reply.status(201).send(await users.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/users/:id',
    { config: { permission: ['users.show', 'users.edit'] }, schema: { tags, params: idParams, response: { 200: userSchema } } },
    (req) => users.get(req.params.id),
  );

  app.put(
    '/api/users/:id',
    {
      config: { permission: ['users.edit'] },
      schema: { tags, params: idParams, body: userUpdateBody, response: { 200: userSchema } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { user, passwordChanged } = await users.update(actor, req.params.id, req.body);
      // A password set by an administrator signs the user out everywhere (but the session that set it).
      if (passwordChanged) await auth.revokeUserTokens(user.id, user.id === actor.id ? actor.tokenId : undefined);
      return user;
    },
  );

  app.delete(
    '/api/users/:id',
    { config: { permission: ['users.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await users.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/lock',
    { config: { permission: ['users.edit'] }, schema: { tags, params: idParams, response: { 200: userSchema } } },
    async (req) => {
      const user = await users.setLocked(actorOf(req), req.params.id, true);
      await auth.revokeUserTokens(user.id);
      return user;
    },
  );

  app.post(
    '/api/users/:id/unlock',
    { config: { permission: ['users.edit'] }, schema: { tags, params: idParams, response: { 200: userSchema } } },
    (req) => users.setLocked(actorOf(req), req.params.id, false),
  );
};
