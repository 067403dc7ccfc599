import { loginBody, loginResponse, otpRequestBody } from '@qlcv/common/schemas/auth';
import { messageBody } from '@qlcv/common/schemas/common';
import { resetPasswordBody } from '@qlcv/common/schemas/passwords';
import { authInfoResponse } from '@qlcv/common/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const tags = ['auth'];

  app.post(
    '/api/auth/login',
    { config: { public: true }, schema: { tags, body: loginBody, response: { 200: loginResponse } } },
    (req) => auth.login(req.body, req.ip, req.headers['user-agent'] ?? null),
  );

  app.post('/api/auth/logout', { config: { auth: true }, schema: { tags, response: { 204: z.null() } } }, async (req, reply) => {
    await auth.logout(actorOf(req));
    return reply.status(204).send(null);
  });

  app.get('/api/auth/info', { config: { auth: true }, schema: { tags, response: { 200: authInfoResponse } } }, (req) =>
    auth.info(actorOf(req)),
  );

  app.post(
    '/api/auth/reset-password/otp',
    { config: { public: true }, schema: { tags, body: otpRequestBody, response: { 200: messageBody } } },
    (req) => auth.requestOtp(req.body.mobile, req.ip),
  );

  app.put(
    '/api/auth/reset-password',
    { config: { public: true }, schema: { tags, body: resetPasswordBody, response: { 204: z.null() } } },
    async (req, reply) => {
      await auth.resetPassword(req.body, req.ip);
      return reply.status(204).send(null);
    },
  );
};
