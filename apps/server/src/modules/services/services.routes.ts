import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  SERVICE_IMPORT_MAX_ROWS,
  serviceCreateBody,
  serviceImportResultSchema,
  serviceListQuery,
  serviceOptionSchema,
  serviceOptionsQuery,
  serviceSchema,
  serviceUpdateBody,
} from '@qlcv/common/schemas/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { contentDisposition, sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { ServicesImport } from './services.import';
import type { ServicesService } from './services.service';
import { SERVICE_SHEET, serviceExportColumns, serviceImportTemplate } from './services.sheet';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The service catalogue (the seed's master data): reading needs only a sign-in (contracts and quotes price from it),
 * writing, importing and deleting need `settings.edit` (see docs/decisions.md, "Units and services").
 */
export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService; importer: ServicesImport }> = async (
  app,
  { services, importer },
) => {
  const tags = ['services'];
  const edit = { config: { permission: ['settings.edit'] as const } };
  const auth = { config: { auth: true } };

  app.get(
    '/api/services',
    { ...auth, schema: { tags, querystring: serviceListQuery, response: { 200: paginated(serviceSchema) } } },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return services.list(req.query);
      return sendXlsx(reply, {
        fileName: `dich-vu-${nowIso().slice(0, 10)}.xlsx`,
        sheet: SERVICE_SHEET,
        rows: await services.exportRows(req.query),
        columns: serviceExportColumns,
      });
    },
  );

  app.get(
    '/api/services/options',
    { ...auth, schema: { tags, querystring: serviceOptionsQuery, response: { 200: z.array(serviceOptionSchema) } } },
    (req) => services.options(req.query),
  );

  app.get('/api/services/groups', { ...auth, schema: { tags, response: { 200: z.array(z.string()) } } }, () => services.groups());

  app.get(
    '/api/services/import-template',
    { ...edit, schema: { tags, description: 'An empty catalogue sheet: the headers, one example row, a help sheet.' } },
    async (_req, reply) => {
      const units = await services.activeUnitNames();
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('mau-nhap-dich-vu.xlsx'))
        .send(await serviceImportTemplate(units));
    },
  );

  app.post(
    '/api/services/import',
    {
      config: { permission: ['settings.edit'], multipart: { maxFiles: 1 } },
      schema: {
        tags,
        description:
          `multipart/form-data: one .xlsx \`file\` in the export's columns (at most ${SERVICE_IMPORT_MAX_ROWS} rows). ` +
          'New codes are added, known codes updated; one wrong row imports nothing (422, errors `rows[<row>].<field>`).',
        consumes: ['multipart/form-data'],
        response: { 200: serviceImportResultSchema },
      },
    },
    (req) => importer.run(actorOf(req), req.uploads ?? []),
  );

  app.post(
    '/api/services',
    { ...edit, schema: { tags, body: serviceCreateBody, response: { 201: serviceSchema } } },
    async (req, reply) => reply.status(201).send(await services.create(actorOf(req), req.body)),
  );

  app.get('/api/services/:id', { ...auth, schema: { tags, params: idParams, response: { 200: serviceSchema } } }, (req) =>
    services.get(req.params.id),
  );

  app.put(
    '/api/services/:id',
    { ...edit, schema: { tags, params: idParams, body: serviceUpdateBody, response: { 200: serviceSchema } } },
    (req) => services.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/services/:id',
    { ...edit, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await services.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
