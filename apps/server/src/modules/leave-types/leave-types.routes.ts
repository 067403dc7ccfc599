import { idParams } from '@qlcv/common/schemas/common';
import { leaveTypeCreateBody, leaveTypeSchema, leaveTypeUpdateBody } from '@qlcv/common/schemas/leave-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import type { LeaveTypesService } from './leave-types.service';

export const leaveTypesRoutes: FastifyPluginAsyncZod<{ leaveTypes: LeaveTypesService }> = async (app, { leaveTypes }) => {
  const tags = ['leave-types'];
  const edit = { config: { permission: ['settings.edit'] as const } };

  app.get(
    '/api/leave-types',
    { config: { auth: true }, schema: { tags, response: { 200: z.object({ data: z.array(leaveTypeSchema) }) } } },
    async () => ({ data: await leaveTypes.list() }),
  );
  app.post(
    '/api/leave-types',
    { ...edit, schema: { tags, body: leaveTypeCreateBody, response: { 201: leaveTypeSchema } } },
    async (req, reply) => reply.status(201).send(await leaveTypes.create(actorOf(req), req.body)),
  );
  app.put(
    '/api/leave-types/:id',
    { ...edit, schema: { tags, params: idParams, body: leaveTypeUpdateBody, response: { 200: leaveTypeSchema } } },
    (req) => leaveTypes.update(actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/leave-types/:id',
    { ...edit, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await leaveTypes.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
