import { errorBody } from '@qlcv/common/schemas/common';
import {
  IDEMPOTENCY_KEY_PATTERN,
  PUBLIC_MAX_FILES,
  publicDocumentParams,
  publicLookupBody,
  publicLookupResult,
  publicRequestBody,
  publicRequestCreated,
} from '@qlcv/common/schemas/public-requests';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { contentDisposition } from '../../lib/xlsx-export';
import type { PublicRequestsService } from './public-requests.service';

/** Per IP: sending is rarer than looking up. */
export const SUBMIT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };
export const LOOKUP_LIMIT = { limit: 10, windowMs: 60 * 1000 };

export const publicRequestsRoutes: FastifyPluginAsyncZod<{
  publicRequests: PublicRequestsService;
  limiter: RateLimiter;
}> = async (app, { publicRequests, limiter }) => {
  const tags = ['public'];
  const limit = (name: string, spec: { limit: number; windowMs: number }) => async (req: FastifyRequest) =>
    limiter.consume(`${name}:${req.ip}`, spec.limit, spec.windowMs);

  app.post(
    '/api/public/requests',
    {
      config: { public: true, multipart: { maxFiles: PUBLIC_MAX_FILES } },
      // Counted before the body is read, so a flood never reaches the disk.
      onRequest: limit('public-submit', SUBMIT_LIMIT),
      schema: {
        tags,
        security: [],
        description:
          'The public form (/yeu-cau). JSON or multipart/form-data with up to 5 files as `files[]`. ' +
          '`consent` must be true; `website` is a honeypot; an `Idempotency-Key` header (or `idempotency_key` field) ' +
          'makes a repeated post answer like the first. Rate-limited per IP (5 per 10 minutes).',
        consumes: ['application/json', 'multipart/form-data'],
        body: publicRequestBody,
        response: { 201: publicRequestCreated, 422: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const header = req.headers['idempotency-key'];
      const fromHeader = typeof header === 'string' && header !== '' ? header : null;
      if (fromHeader !== null && !IDEMPOTENCY_KEY_PATTERN.test(fromHeader)) {
        throw invalid('idempotency_key', 'Mã chống gửi trùng không hợp lệ (8–100 ký tự chữ, số, dấu - _ . :).');
      }
      const key = fromHeader ?? req.body.idempotency_key ?? null;
      const answer = await publicRequests.submit(req.body, req.uploads ?? [], key);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/public/requests/lookup',
    {
      // A control character in the code or the mobile is one more miss (the service drops it), not a 422 that would
      // answer differently from every other miss.
      config: { public: true, rawText: true },
      onRequest: limit('public-lookup', LOOKUP_LIMIT),
      schema: {
        tags,
        security: [],
        description:
          'The result page (/yeu-cau/ket-qua): tracking code + the mobile used. Every miss answers the same 404 in the ' +
          'same time. Result documents carry signed links valid 10 minutes. Rate-limited per IP (10 per minute).',
        body: publicLookupBody,
        response: { 200: publicLookupResult, 404: errorBody, 429: errorBody },
      },
    },
    async (req) => publicRequests.lookup(req.body),
  );

  app.get(
    '/api/public/documents/:token',
    {
      config: { public: true },
      schema: { tags, security: [], description: 'A result document through its signed link.', params: publicDocumentParams },
    },
    async (req, reply) => {
      const { document, stream } = await publicRequests.openSigned(req.params.token);
      return reply
        .header('content-type', document.mime.startsWith('text/') ? `${document.mime}; charset=utf-8` : document.mime)
        .header('content-length', String(document.size))
        .header('content-disposition', contentDisposition(document.original_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(stream);
    },
  );
};
