import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  evaluationAddEmployeeBody,
  evaluationCreateBody,
  evaluationListQuery,
  evaluationResultsQuery,
  evaluationResultsSchema,
  evaluationSchema,
  evaluationTransitionBody,
  evaluationUpdateBody,
} from '@qlcv/common/schemas/evaluations';
import { userEvaluationDetailSchema } from '@qlcv/common/schemas/user-evaluations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { UserEvaluationsService } from '../user-evaluations/user-evaluations.service';
import type { EvaluationLifecycleService } from './evaluation-lifecycle.service';
import type { EvaluationResultsService } from './evaluation-results.service';
import type { EvaluationsService } from './evaluations.service';

export const evaluationsRoutes: FastifyPluginAsyncZod<{
  evaluations: EvaluationsService;
  lifecycle: EvaluationLifecycleService;
  results: EvaluationResultsService;
  userEvaluations: UserEvaluationsService;
}> = async (app, { evaluations, lifecycle, results, userEvaluations }) => {
  const tags = ['evaluations'];
  const one = { 200: evaluationSchema };
  const edit = { config: { permission: ['evaluations.edit'] as const } };

  app.get(
    '/api/evaluations',
    {
      config: { permission: ['evaluations.index'] },
      schema: { tags, querystring: evaluationListQuery, response: { 200: paginated(evaluationSchema) } },
    },
    (req) => evaluations.list(req.query),
  );

  app.post(
    '/api/evaluations',
    {
      config: { permission: ['evaluations.create'] },
      schema: { tags, body: evaluationCreateBody, response: { 201: evaluationSchema } },
    },
    async (req, reply) => reply.status(201).send(await evaluations.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/evaluations/:id',
    { config: { permission: ['evaluations.show', 'evaluations.edit'] }, schema: { tags, params: idParams, response: one } },
    (req) => evaluations.get(req.params.id),
  );

  app.put(
    '/api/evaluations/:id',
    {
      ...edit,
      schema: {
        tags,
        description: 'Draft: everything. Open: name and deadlines only. Closed: 409 EVALUATION_LOCKED.',
        params: idParams,
        body: evaluationUpdateBody,
        response: one,
      },
    },
    (req) => evaluations.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/evaluations/:id',
    { ...edit, schema: { tags, description: 'Draft only.', params: idParams } },
    async (req, reply) => {
      await evaluations.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/evaluations/:id/open',
    {
      ...edit,
      schema: {
        tags,
        description: 'draft → open: one user evaluation per active employee of the departments (and sub-departments).',
        params: idParams,
        body: evaluationTransitionBody.default({}),
        response: one,
      },
    },
    (req) => lifecycle.open(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/evaluations/:id/close',
    {
      ...edit,
      schema: {
        tags,
        description: 'open → closed: everything frozen.',
        params: idParams,
        body: evaluationTransitionBody.default({}),
        response: one,
      },
    },
    (req) => lifecycle.close(actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/evaluations/:id/employees',
    {
      config: { permission: ['evaluations.edit', 'user_evaluations.create'] },
      schema: {
        tags,
        description: 'An employee of a covered department without a user evaluation gets one in the open period.',
        params: idParams,
        body: evaluationAddEmployeeBody,
        response: { 201: userEvaluationDetailSchema },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const ueId = await lifecycle.addEmployee(actor, req.params.id, req.body);
      return reply.status(201).send(await userEvaluations.justCreated(actor, ueId));
    },
  );

  app.get(
    '/api/evaluations/:id/results',
    {
      config: { permission: ['evaluations.show', 'evaluations.edit'] },
      schema: {
        tags,
        description: 'Every employee of the period with total and grade, the distribution; `X-Export: xlsx` for the file.',
        params: idParams,
        querystring: evaluationResultsQuery,
        response: { 200: evaluationResultsSchema },
      },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return results.results(req.params.id, req.query);
      return results.sendXlsx(reply, req.params.id, req.query);
    },
  );
};
