import { idParams, paginated } from '@qlcv/common/schemas/common';
import { deliveryListQuery, deliverySchema } from '@qlcv/common/schemas/deliveries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import type { DeliveriesService } from './deliveries.service';

/** `/api/deliveries`: the delivery log of notification settings (seed keys `setting_notifications.*`). */
export const deliveriesRoutes: FastifyPluginAsyncZod<{ deliveries: DeliveriesService }> = async (app, { deliveries }) => {
  const tags = ['deliveries'];

  app.get(
    '/api/deliveries',
    {
      config: { permission: ['setting_notifications.index'] },
      schema: { tags, querystring: deliveryListQuery, response: { 200: paginated(deliverySchema) } },
    },
    (req) => deliveries.list(req.query),
  );

  app.post(
    '/api/deliveries/:id/resend',
    {
      config: { permission: ['setting_notifications.edit'] },
      schema: { tags, params: idParams, response: { 201: deliverySchema } },
    },
    async (req, reply) => reply.status(201).send(await deliveries.resend(actorOf(req), req.params.id)),
  );
};
