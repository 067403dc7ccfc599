import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  userEvaluationDetailSchema,
  userEvaluationListQuery,
  userEvaluationReturnBody,
  userEvaluationSchema,
  userEvaluationTransitionBody,
  userEvaluationUpdateBody,
} from '@qlcv/common/schemas/user-evaluations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { HR_KEYS } from './user-evaluation-scopes';
import type { UserEvaluationTransitionsService } from './user-evaluation-transitions.service';
import type { UserEvaluationsService } from './user-evaluations.service';

/** Whoever takes part: their own, those they review or head; who may do what is decided per record (403). */
const SEE = ['user_evaluations.index', 'user_evaluations.show', 'user_evaluations.edit'] as const;

export const userEvaluationsRoutes: FastifyPluginAsyncZod<{
  userEvaluations: UserEvaluationsService;
  transitions: UserEvaluationTransitionsService;
}> = async (app, { userEvaluations, transitions }) => {
  const tags = ['user-evaluations'];
  const detail = { 200: userEvaluationDetailSchema };
  const see = { config: { permission: SEE } };

  app.get(
    '/api/user-evaluations',
    {
      ...see,
      schema: {
        tags,
        description:
          '`tab`: all (default, my scope), mine, to_review. History of an employee: `employee_id=&sort=-period_start`.',
        querystring: userEvaluationListQuery,
        response: { 200: paginated(userEvaluationSchema) },
      },
    },
    (req) => userEvaluations.list(actorOf(req), req.query),
  );

  app.get('/api/user-evaluations/:id', { ...see, schema: { tags, params: idParams, response: detail } }, (req) =>
    userEvaluations.get(actorOf(req), req.params.id),
  );

  app.put(
    '/api/user-evaluations/:id',
    { ...see, schema: { tags, params: idParams, body: userEvaluationUpdateBody, response: detail } },
    (req) => userEvaluations.update(actorOf(req), req.params.id, req.body),
  );

  app.post('/api/user-evaluations/:id/refresh-actuals', { ...see, schema: { tags, params: idParams, response: detail } }, (req) =>
    userEvaluations.refreshActuals(actorOf(req), req.params.id),
  );

  app.post(
    '/api/user-evaluations/:id/submit-self',
    {
      ...see,
      schema: {
        tags,
        description: 'draft → self_assessed (the employee)',
        params: idParams,
        body: userEvaluationTransitionBody.default({}),
        response: detail,
      },
    },
    (req) => transitions.submitSelf(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/user-evaluations/:id/review',
    {
      ...see,
      schema: {
        tags,
        description: 'self_assessed → reviewed (the reviewer)',
        params: idParams,
        body: userEvaluationTransitionBody.default({}),
        response: detail,
      },
    },
    (req) => transitions.review(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/user-evaluations/:id/approve',
    {
      config: { permission: [...HR_KEYS] },
      schema: {
        tags,
        description: 'reviewed → approved (HR)',
        params: idParams,
        body: userEvaluationTransitionBody.default({}),
        response: detail,
      },
    },
    (req) => transitions.approve(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/user-evaluations/:id/return',
    {
      ...see,
      schema: {
        tags,
        description: 'One step back with the reason.',
        params: idParams,
        body: userEvaluationReturnBody,
        response: detail,
      },
    },
    (req) => transitions.return(actorOf(req), req.params.id, req.body),
  );
};
