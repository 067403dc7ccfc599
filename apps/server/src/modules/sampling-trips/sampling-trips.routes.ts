import { formatDate } from '@qlcv/common/format/date';
import type { PermissionKey } from '@qlcv/common/permissions';
import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  TRIP_STATUS_LABELS,
  tripActionBody,
  tripCreateBody,
  tripDetailSchema,
  tripListQuery,
  tripRoundOptionSchema,
  tripRoundOptionsQuery,
  tripSchema,
  tripUpdateBody,
} from '@qlcv/common/schemas/sampling-trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { SamplingTripsService, TripVerb } from './sampling-trips.service';

const READ: PermissionKey[] = ['sampling.index', 'sampling.department', 'sampling.all'];

/** Sampling trips: `sampling.*` (the scope decides which); one route per state change. */
export const samplingTripsRoutes: FastifyPluginAsyncZod<{ trips: SamplingTripsService }> = async (app, { trips }) => {
  const tags = ['sampling-trips'];

  app.get(
    '/api/sampling-trips',
    { config: { permission: [...READ] }, schema: { tags, querystring: tripListQuery, response: { 200: paginated(tripSchema) } } },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!wantsXlsx(req.headers)) return trips.list(actor, req.query);
      return sendXlsx(reply, {
        fileName: `chuyen-lay-mau-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Chuyến lấy mẫu',
        rows: await trips.exportRows(actor, req.query),
        columns: [
          { header: 'Mã', width: 16, value: (t) => t.code },
          { header: 'Tên chuyến', width: 40, value: (t) => t.name },
          { header: 'Từ ngày', width: 12, value: (t) => formatDate(t.start_date) },
          { header: 'Đến ngày', width: 12, value: (t) => formatDate(t.end_date) },
          { header: 'Trưởng đoàn', width: 24, value: (t) => t.leader.name },
          { header: 'Số người', width: 10, value: (t) => t.members_count + 1 },
          { header: 'Cơ sở', width: 40, value: (t) => t.sites.join('; ') },
          {
            header: 'Phương tiện',
            width: 20,
            value: (t) => (t.vehicle ? `${t.vehicle.code} ${t.vehicle.identifier ?? ''}`.trim() : ''),
          },
          { header: 'Trạng thái', width: 16, value: (t) => TRIP_STATUS_LABELS[t.status] },
        ],
      });
    },
  );

  app.get(
    '/api/sampling-trips/round-options',
    {
      config: { permission: ['sampling.create', 'sampling.edit'] },
      schema: { tags, querystring: tripRoundOptionsQuery, response: { 200: z.array(tripRoundOptionSchema) } },
    },
    (req) => trips.roundOptions(req.query.search),
  );

  app.post(
    '/api/sampling-trips',
    { config: { permission: ['sampling.create'] }, schema: { tags, body: tripCreateBody, response: { 201: tripDetailSchema } } },
    async (req, reply) => reply.status(201).send(await trips.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/sampling-trips/:id',
    { config: { permission: [...READ] }, schema: { tags, params: idParams, response: { 200: tripDetailSchema } } },
    (req) => trips.get(actorOf(req), req.params.id),
  );

  app.put(
    '/api/sampling-trips/:id',
    {
      config: { permission: ['sampling.edit'] },
      schema: { tags, params: idParams, body: tripUpdateBody, response: { 200: tripDetailSchema } },
    },
    (req) => trips.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/sampling-trips/:id',
    { config: { permission: ['sampling.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await trips.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  const verbs: [TripVerb, PermissionKey[]][] = [
    ['start', READ],
    ['finish', READ],
    ['cancel', ['sampling.edit']],
  ];
  for (const [verb, permission] of verbs) {
    app.post(
      `/api/sampling-trips/:id/${verb}`,
      {
        config: { permission: [...permission] },
        schema: { tags, params: idParams, body: tripActionBody, response: { 200: tripDetailSchema } },
      },
      (req) => trips.move(actorOf(req), req.params.id, verb, req.body?.version),
    );
  }
};
