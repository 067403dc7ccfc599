import type { PermissionKey } from '@qlcv/common/permissions';
import { errorBody, idParams } from '@qlcv/common/schemas/common';
import {
  testReportCodeParams,
  testReportCorrectBody,
  testReportCreateBody,
  testReportDetailSchema,
  testReportDocumentQuery,
  testReportListQuery,
  testReportRoundSchema,
  testReportRoundsQuery,
  testReportSchema,
  testReportSignBody,
  testReportUpdateBody,
  testReportVerification,
} from '@qlcv/common/schemas/test-reports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter } from '../../lib/rate-limit';
import { contentDisposition } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { TestReportsService } from './test-reports.service';
import type { TestReportsPublicService } from './test-reports-public.service';

/** Who reads reports: the laboratory (its staff, verifiers, head). */
const READ: PermissionKey[] = ['lab.index', 'lab.receive', 'lab.verify', 'lab.approve'];
/** Who drafts reports: the laboratory's head or reception (a draft changes nothing released). */
const DRAFT: PermissionKey[] = ['lab.receive', 'lab.approve'];
/** Who signs and corrects: the head (`lab.approve`), never the analyst of a result in it. */
const APPROVE: PermissionKey[] = ['lab.approve'];

/** Per IP, as the public result page's lookup. */
export const VERIFY_LIMIT = { limit: 10, windowMs: 60 * 1000 };

/** Test reports (`/api/test-reports`, issue 25 part 4), one route per state change, and the public verification. */
export const testReportsRoutes: FastifyPluginAsyncZod<{
  reports: TestReportsService;
  publicReports: TestReportsPublicService;
  limiter: RateLimiter;
  /** The app's public address (PUBLIC_URL) printed with the QR; else the signing request's own origin. */
  publicUrl?: string;
}> = async (app, { reports, publicReports, limiter, publicUrl }) => {
  const tags = ['test-reports'];
  const detail = { 200: testReportDetailSchema };
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  app.get(
    '/api/test-reports',
    {
      config: { permission: [...READ] },
      schema: { tags, querystring: testReportListQuery, response: { 200: z.array(testReportSchema) } },
    },
    async (req) => reports.list(req.query),
  );

  // The "Lập phiếu" dialog's rounds: a trip's rounds at the customer's sites (decision 40.31).
  app.get(
    '/api/test-reports/rounds',
    {
      config: { permission: [...DRAFT] },
      schema: { tags, querystring: testReportRoundsQuery, response: { 200: z.array(testReportRoundSchema) } },
    },
    async (req) => reports.rounds(req.query.trip_id, req.query.customer_id),
  );

  app.get(
    '/api/test-reports/:id',
    { config: { permission: [...READ] }, schema: { tags, params: idParams, response: detail } },
    async (req) => reports.detail(req.params.id),
  );

  app.get(
    '/api/test-reports/:id/history',
    {
      config: { permission: [...READ] },
      schema: { tags, params: idParams, response: { 200: z.array(testReportSchema) } },
    },
    async (req) => reports.history(req.params.id),
  );

  app.post(
    '/api/test-reports',
    {
      config: { permission: [...DRAFT] },
      schema: { tags, body: testReportCreateBody, response: { 201: testReportDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await reports.create(actorOf(req), req.body)),
  );

  app.put(
    '/api/test-reports/:id',
    { config: { permission: [...DRAFT] }, schema: { tags, params: idParams, body: testReportUpdateBody, response: detail } },
    async (req) => reports.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/test-reports/:id',
    { config: { permission: [...DRAFT] }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await reports.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/test-reports/:id/sign',
    { config: { permission: [...APPROVE] }, schema: { tags, params: idParams, body: testReportSignBody, response: detail } },
    async (req) => reports.sign(actorOf(req), req.params.id, req.body.version, origin(req)),
  );

  app.post(
    '/api/test-reports/:id/correct',
    {
      config: { permission: [...APPROVE] },
      schema: { tags, params: idParams, body: testReportCorrectBody, response: { 201: testReportDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await reports.correct(actorOf(req), req.params.id, req.body, origin(req))),
  );

  app.get(
    '/api/test-reports/:id/document',
    {
      config: { permission: [...READ] },
      schema: {
        tags,
        params: idParams,
        querystring: testReportDocumentQuery,
        description:
          'The signed version’s document as stored at signing (its SHA-256 is `file_sha256`); 404 for a draft, and for ' +
          '`format=pdf` when no converter (LibreOffice) ran.',
      },
    },
    async (req, reply) => {
      const doc = await reports.document(req.params.id, req.query.format);
      return reply
        .header('content-type', doc.mime)
        .header('content-disposition', contentDisposition(doc.fileName))
        .header('cache-control', 'private, no-store')
        .send(doc.buffer);
    },
  );

  const limit = async (req: FastifyRequest) =>
    limiter.consume(`public-test-report:${req.ip}`, VERIFY_LIMIT.limit, VERIFY_LIMIT.windowMs);
  app.get(
    '/api/public/test-reports/:code',
    {
      config: { public: true },
      onRequest: limit,
      schema: {
        tags: ['public'],
        security: [],
        description:
          'A province officer checks a test report by the code printed on it (QR): number, customer, sampling dates, ' +
          'issue date, version, whether it was replaced, the file’s SHA-256. Rate-limited per IP (10 per minute).',
        params: testReportCodeParams,
        response: { 200: testReportVerification, 404: errorBody, 429: errorBody },
      },
    },
    async (req) => publicReports.verify(req.params.code),
  );

  app.get(
    '/api/public/test-reports/:code/document',
    {
      config: { public: true },
      onRequest: limit,
      schema: {
        tags: ['public'],
        security: [],
        description:
          'The signed version’s .docx by the code printed on it, so its SHA-256 can be compared with the check page’s. ' +
          'Rate-limited per IP with the check (10 per minute).',
        params: testReportCodeParams,
      },
    },
    async (req, reply) => {
      const doc = await publicReports.document(req.params.code);
      return reply
        .header('content-type', doc.mime)
        .header('content-disposition', contentDisposition(doc.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(doc.buffer);
    },
  );
};
