import type { OutgoingHttpHeaders } from 'node:http';
import { errorBody } from '@qlcv/common/schemas/common';
import { streamQuery, streamTicket } from '@qlcv/common/schemas/notification-stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../lib/errors';
import { actorOf } from '../../plugins/access';
import type { NotificationStreamService } from './notification-stream.service';

/** Reads `Last-Event-ID` (what EventSource sends on its own reconnects). */
function lastEventIdHeader(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** The live stream of the signed-in user's notifications (Server-Sent Events) and the ticket that opens it. */
export const notificationStreamRoutes: FastifyPluginAsyncZod<{ stream: NotificationStreamService }> = async (app, { stream }) => {
  const tags = ['notifications'];

  // Shutdown: end every stream before the server waits for its sockets, so SIGTERM exits promptly.
  app.addHook('preClose', async () => stream.closeAll());

  app.post(
    '/api/notifications/stream-ticket',
    {
      config: { auth: true },
      schema: {
        tags,
        description: `A single-use ticket for GET /api/notifications/stream, valid 30 seconds.`,
        response: { 201: streamTicket },
      },
    },
    async (req, reply) => reply.status(201).send(await stream.issueTicket(actorOf(req))),
  );

  app.get(
    '/api/notifications/stream',
    {
      // The ticket is the credential: EventSource cannot send the Bearer header, and the token never goes in a URL.
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'Server-Sent Events: `event: notification` (`id:` the notification id, data `{ notification, unread_count }`), ' +
          '`event: unread_count`, `event: end` when the sign-in ends; a comment every 25 s. A used or expired ticket ' +
          'answers 401. `Last-Event-ID` or `last_event_id` replays up to 100 missed notifications first.',
        querystring: streamQuery,
        produces: ['text/event-stream'],
        response: { 401: errorBody, 422: errorBody },
      },
    },
    async (req, reply) => {
      const session = await stream.redeem(req.query.ticket);
      if (!session) throw unauthenticated();
      const lastEventId = lastEventIdHeader(req.headers['last-event-id']) ?? req.query.last_event_id ?? null;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // The security headers set so far (helmet), then the stream's own.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies must pass each event on at once.
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      const close = stream.connect(session, lastEventId, {
        write: (chunk) => res.write(chunk),
        end: () => res.end(),
      });
      res.on('close', close);
    },
  );
};
