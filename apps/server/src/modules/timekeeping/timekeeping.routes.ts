import { timekeepingQuery, timekeepingSchema } from '@qlcv/common/schemas/timekeeping';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { TimekeepingService } from './timekeeping.service';

export const timekeepingRoutes: FastifyPluginAsyncZod<{ timekeeping: TimekeepingService }> = async (app, { timekeeping }) => {
  app.get(
    '/api/timekeeping',
    {
      // Own row at least: anyone who asks for leave or checks in.
      config: { permission: ['leaves.index', 'attendance.index'] },
      schema: {
        tags: ['timekeeping'],
        description:
          'The month grid in the scope of leaves, each day decided from the calendar, approved leave and (when required) attendance. With `X-Export: xlsx`: the same grid as cham-cong-YYYY-MM.xlsx (A4 landscape).',
        querystring: timekeepingQuery,
        response: { 200: timekeepingSchema },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!wantsXlsx(req.headers)) return timekeeping.month(actor, req.query);
      const { fileName, buffer } = await timekeeping.workbook(actor, req.query);
      // The file, not the grid: the response schema describes the JSON answer.
      return (reply as FastifyReply)
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(fileName))
        .send(buffer);
    },
  );
};
