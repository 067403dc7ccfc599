import {
  companyLogoDeleteQuery,
  companyLogoFields,
  companySettingsSchema,
  companySettingsUpdateBody,
  holidayProposalSchema,
  holidaysUpdateBody,
  holidayYearQuery,
  holidayYearSchema,
  publicCompanySchema,
} from '@qlcv/common/schemas/company-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vnToday } from '../../lib/vn-time';
import { contentDisposition } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import { type CompanySettingsService, PUBLIC_LOGO_PATH } from './company-settings.service';

const thisYear = () => Number(vnToday().slice(0, 4));

/** `settings/company` (PRODUCT.md §3): the company's details, its logo, working week and public holidays. */
export const companySettingsRoutes: FastifyPluginAsyncZod<{ companySettings: CompanySettingsService }> = async (
  app,
  { companySettings },
) => {
  const tags = ['settings'];

  // Every module shows the company's name or counts its calendar: any signed-in user reads them.
  app.get('/api/settings/company', { config: { auth: true }, schema: { tags, response: { 200: companySettingsSchema } } }, () =>
    companySettings.get(),
  );

  app.put(
    '/api/settings/company',
    {
      config: { permission: ['settings.edit'] },
      schema: { tags, body: companySettingsUpdateBody, response: { 200: companySettingsSchema } },
    },
    (req) => companySettings.update(actorOf(req), req.body),
  );

  app.post(
    '/api/settings/company/logo',
    {
      config: { permission: ['settings.edit'], multipart: { maxFiles: 1 } },
      schema: {
        tags,
        description:
          'multipart/form-data: one image `file` (PNG, JPEG or WebP by content, at most 2 MB; SVG refused) and optionally ' +
          '`version` (409 when stale). Replaces the logo; answers the settings.',
        consumes: ['multipart/form-data'],
        body: companyLogoFields,
        response: { 200: companySettingsSchema },
      },
    },
    async (req) => companySettings.uploadLogo(actorOf(req), req.uploads ?? [], req.body.version),
  );

  app.delete(
    '/api/settings/company/logo',
    {
      config: { permission: ['settings.edit'] },
      schema: { tags, querystring: companyLogoDeleteQuery, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await companySettings.deleteLogo(actorOf(req), req.query.version);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/settings/company/holidays',
    {
      config: { auth: true },
      schema: {
        tags,
        description:
          'A year’s holidays (`year`, default this year). A year never saved answers `saved: false` with the proposal.',
        querystring: holidayYearQuery,
        response: { 200: holidayYearSchema },
      },
    },
    (req) => companySettings.holidays(req.query.year ?? thisYear()),
  );

  app.put(
    '/api/settings/company/holidays',
    {
      config: { permission: ['settings.edit'] },
      schema: { tags, body: holidaysUpdateBody, response: { 200: holidayYearSchema } },
    },
    (req) => companySettings.saveHolidays(actorOf(req), req.body),
  );

  app.get(
    '/api/settings/company/holidays/proposal',
    {
      config: { permission: ['settings.edit'] },
      schema: { tags, querystring: holidayYearQuery, response: { 200: holidayProposalSchema } },
    },
    (req) => companySettings.proposal(req.query.year ?? thisYear()),
  );

  // The sign-in page (no token) shows the company's name and logo.
  app.get(
    '/api/public/company',
    { config: { public: true }, schema: { tags: ['public'], security: [], response: { 200: publicCompanySchema } } },
    () => companySettings.publicInfo(),
  );

  app.get(
    PUBLIC_LOGO_PATH,
    {
      config: { public: true },
      schema: { tags: ['public'], security: [], querystring: z.object({ v: z.string().max(20).optional() }) },
    },
    async (_req, reply) => {
      const { document, stream } = await companySettings.openLogo();
      return reply
        .header('content-type', document.mime)
        .header('content-length', String(document.size))
        .header('content-disposition', contentDisposition(document.original_name).replace(/^attachment/, 'inline'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'public, max-age=3600')
        .send(stream);
    },
  );
};
