import { profilePartialBody } from '@qlcv/common/schemas/auth';
import { changePasswordBody } from '@qlcv/common/schemas/passwords';
import { userSchema } from '@qlcv/common/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import type { AuthService } from '../auth/auth.service';
import type { UsersService } from '../users/users.service';

/** The signed-in user's own profile (seed §7): one column at a time, and the password. */
export const profileRoutes: FastifyPluginAsyncZod<{ users: UsersService; auth: AuthService }> = async (app, { users, auth }) => {
  const tags = ['profile'];

  app.put(
    '/api/profile/partial',
    {
      config: { auth: true, constraintField: 'value' },
      schema: { tags, body: profilePartialBody, response: { 200: userSchema } },
    },
    (req) => users.updateProfile(actorOf(req), req.body.column, req.body.value),
  );

  app.put(
    '/api/profile/password',
    { config: { auth: true }, schema: { tags, body: changePasswordBody, response: { 204: z.null() } } },
    async (req, reply) => {
      await auth.changePassword(actorOf(req), req.body);
      return reply.status(204).send(null);
    },
  );
};
