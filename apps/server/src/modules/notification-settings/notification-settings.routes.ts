import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  notificationPreviewBody,
  notificationPreviewSchema,
  notificationSettingCreateBody,
  notificationSettingListQuery,
  notificationSettingSchema,
  notificationSettingUpdateBody,
} from '@qlcv/common/schemas/notification-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import type { NotificationSettingsService } from './notification-settings.service';

/** `/api/notification-settings`: the seed's `setting_notifications.*` keys. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ notificationSettings: NotificationSettingsService }> = async (
  app,
  { notificationSettings: settings },
) => {
  const tags = ['notification-settings'];

  app.get(
    '/api/notification-settings',
    {
      config: { permission: ['setting_notifications.index'] },
      schema: { tags, querystring: notificationSettingListQuery, response: { 200: paginated(notificationSettingSchema) } },
    },
    (req) => settings.list(req.query),
  );

  app.post(
    '/api/notification-settings',
    {
      config: { permission: ['setting_notifications.create'] },
      schema: { tags, body: notificationSettingCreateBody, response: { 201: notificationSettingSchema } },
    },
    async (req, reply) => reply.status(201).send(await settings.create(actorOf(req), req.body)),
  );

  // The form's live preview: whoever may open or change a setting may render one.
  app.post(
    '/api/notification-settings/preview',
    {
      config: { permission: ['setting_notifications.create', 'setting_notifications.edit', 'setting_notifications.show'] },
      schema: { tags, body: notificationPreviewBody, response: { 200: notificationPreviewSchema } },
    },
    (req) => settings.preview(req.body),
  );

  app.get(
    '/api/notification-settings/:id',
    {
      config: { permission: ['setting_notifications.show', 'setting_notifications.edit'] },
      schema: { tags, params: idParams, response: { 200: notificationSettingSchema } },
    },
    (req) => settings.get(req.params.id),
  );

  app.put(
    '/api/notification-settings/:id',
    {
      config: { permission: ['setting_notifications.edit'] },
      schema: { tags, params: idParams, body: notificationSettingUpdateBody, response: { 200: notificationSettingSchema } },
    },
    (req) => settings.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/notification-settings/:id',
    {
      config: { permission: ['setting_notifications.edit'] },
      schema: { tags, params: idParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await settings.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
