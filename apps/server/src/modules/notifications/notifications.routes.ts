import { idParams, paginated } from '@qlcv/common/schemas/common';
import { notificationListQuery, notificationSchema, readAllSchema, unreadCountSchema } from '@qlcv/common/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import type { NotificationsService } from './notifications.service';

/** `/api/notifications`: every signed-in user reads and marks their own, nobody else's. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      config: { auth: true },
      schema: { tags, querystring: notificationListQuery, response: { 200: paginated(notificationSchema) } },
    },
    (req) => notifications.list(actorOf(req), req.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { config: { auth: true }, schema: { tags, response: { 200: unreadCountSchema } } },
    async (req) => ({ count: await notifications.unreadCount(actorOf(req).id) }),
  );

  app.post('/api/notifications/read-all', { config: { auth: true }, schema: { tags, response: { 200: readAllSchema } } }, (req) =>
    notifications.markAllRead(actorOf(req)),
  );

  app.post(
    '/api/notifications/:id/read',
    { config: { auth: true }, schema: { tags, params: idParams, response: { 200: notificationSchema } } },
    (req) => notifications.markRead(actorOf(req), req.params.id),
  );
};
