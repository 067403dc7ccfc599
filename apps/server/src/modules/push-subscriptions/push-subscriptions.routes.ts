import { idParams } from '@qlcv/common/schemas/common';
import {
  pushPublicKeySchema,
  pushSubscribeBody,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
} from '@qlcv/common/schemas/push-subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import type { PushSubscriptionsService } from './push-subscriptions.service';

/**
 * Web Push for the signed-in user: the key their browser subscribes with, and their own devices
 * (`/api/profile/push-subscriptions`).
 */
export const pushSubscriptionsRoutes: FastifyPluginAsyncZod<{
  pushSubscriptions: PushSubscriptionsService;
  publicKey: string;
}> = async (app, { pushSubscriptions, publicKey }) => {
  const tags = ['profile'];

  app.get(
    '/api/push/public-key',
    { config: { auth: true }, schema: { tags, response: { 200: pushPublicKeySchema } } },
    async () => ({ public_key: publicKey }),
  );

  app.get(
    '/api/profile/push-subscriptions',
    { config: { auth: true }, schema: { tags, response: { 200: pushSubscriptionListSchema } } },
    (req) => pushSubscriptions.list(actorOf(req).id),
  );

  app.post(
    '/api/profile/push-subscriptions',
    {
      config: { auth: true },
      schema: { tags, body: pushSubscribeBody, response: { 200: pushSubscriptionSchema, 201: pushSubscriptionSchema } },
    },
    async (req, reply) => {
      const { created, row } = await pushSubscriptions.subscribe(actorOf(req).id, req.body, req.headers['user-agent']);
      return reply.code(created ? 201 : 200).send(row);
    },
  );

  app.delete(
    '/api/profile/push-subscriptions/:id',
    { config: { auth: true }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await pushSubscriptions.remove(actorOf(req).id, req.params.id);
      return reply.code(204).send();
    },
  );
};
