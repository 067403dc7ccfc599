import {
  zaloSettingsSchema,
  zaloSettingsUpdateBody,
  zaloTestMessageBody,
  zaloTestResultSchema,
} from '@qlcv/common/schemas/zalo-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import type { ZaloSettingsService } from './zalo-settings.service';

export const zaloSettingsRoutes: FastifyPluginAsyncZod<{ zaloSettings: ZaloSettingsService }> = async (app, { zaloSettings }) => {
  const tags = ['settings'];
  const config = { permission: ['settings.edit'] as const };

  app.get('/api/settings/zalo', { config, schema: { tags, response: { 200: zaloSettingsSchema } } }, () => zaloSettings.get());

  app.put(
    '/api/settings/zalo',
    { config, schema: { tags, body: zaloSettingsUpdateBody, response: { 200: zaloSettingsSchema } } },
    (req) => zaloSettings.update(actorOf(req), req.body),
  );

  // Both checks answer 200 with Zalo's verdict: a refusal is the result of the test, not an error of this call.
  app.post('/api/settings/zalo/test-connection', { config, schema: { tags, response: { 200: zaloTestResultSchema } } }, () =>
    zaloSettings.testConnection(),
  );

  app.post(
    '/api/settings/zalo/test-message',
    { config, schema: { tags, body: zaloTestMessageBody, response: { 200: zaloTestResultSchema } } },
    (req) => zaloSettings.testMessage(req.body),
  );
};
