import { notificationPreferencesBody, notificationPreferencesSchema } from '@qlcv/common/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import type { NotificationPreferencesService } from './notification-preferences.service';

/** The signed-in user's own notification channels: `GET|PUT /api/profile/notification-preferences`. */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod<{ preferences: NotificationPreferencesService }> = async (
  app,
  { preferences },
) => {
  const tags = ['profile'];

  app.get(
    '/api/profile/notification-preferences',
    { config: { auth: true }, schema: { tags, response: { 200: notificationPreferencesSchema } } },
    (req) => preferences.get(actorOf(req).id),
  );

  app.put(
    '/api/profile/notification-preferences',
    {
      config: { auth: true },
      schema: { tags, body: notificationPreferencesBody, response: { 200: notificationPreferencesSchema } },
    },
    (req) => preferences.update(actorOf(req), req.body),
  );
};
