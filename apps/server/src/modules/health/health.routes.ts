import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthBody = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']) });

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (app, { ping }) => {
  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthBody, 503: healthBody } } },
    async (_req, reply) => {
      const ok = await ping();
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database: ok ? 'ok' : 'error' });
    },
  );
};
