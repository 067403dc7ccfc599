import { dashboardSchema } from '@qlcv/common/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  // Any signed-in user: each part is cut to the viewer's keys and scopes (null where they may not see it).
  app.get(
    '/api/dashboard',
    {
      config: { auth: true },
      schema: {
        tags: ['dashboard'],
        description: 'Cards, charts and lists of the home page, each within the viewer’s scopes; `links` opens each card’s list.',
        response: { 200: dashboardSchema },
      },
    },
    (req) => dashboard.get(actorOf(req)),
  );
};
