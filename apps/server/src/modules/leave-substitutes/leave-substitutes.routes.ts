import { idParams } from '@qlcv/common/schemas/common';
import {
  leaveSubstituteCreateBody,
  leaveSubstituteListQuery,
  leaveSubstituteSchema,
} from '@qlcv/common/schemas/leave-substitutes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import type { LeaveSubstitutesService } from './leave-substitutes.service';

/** Signed-in users: the service decides (own as approver or substitute; leaves.all for everyone's). */
export const leaveSubstitutesRoutes: FastifyPluginAsyncZod<{ substitutes: LeaveSubstitutesService }> = async (
  app,
  { substitutes },
) => {
  const tags = ['leave-substitutes'];
  const auth = { config: { auth: true } };
  app.get(
    '/api/leave-substitutes',
    {
      ...auth,
      schema: {
        tags,
        querystring: leaveSubstituteListQuery,
        response: { 200: z.object({ data: z.array(leaveSubstituteSchema) }) },
      },
    },
    async (req) => ({ data: await substitutes.list(actorOf(req), req.query) }),
  );
  app.post(
    '/api/leave-substitutes',
    { ...auth, schema: { tags, body: leaveSubstituteCreateBody, response: { 201: leaveSubstituteSchema } } },
    async (req, reply) => reply.status(201).send(await substitutes.create(actorOf(req), req.body)),
  );
  app.delete(
    '/api/leave-substitutes/:id',
    { ...auth, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await substitutes.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
