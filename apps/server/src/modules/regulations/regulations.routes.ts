import { idParams, paginated } from '@qlcv/common/schemas/common';
import { boolQuery } from '@qlcv/common/schemas/processes';
import {
  REGULATION_IMPORT_MAX_ROWS,
  regulationCreateBody,
  regulationImportReportSchema,
  regulationListItemSchema,
  regulationListQuery,
  regulationOptionSchema,
  regulationOptionsQuery,
  regulationSchema,
  regulationUpdateBody,
} from '@qlcv/common/schemas/regulations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { RegulationsImport } from './regulations.import';
import type { RegulationsService } from './regulations.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * National technical regulations (issue 25): every signed-in person reads them (they are law, and the lab, the field
 * team and the account managers all compare with them); writing and importing need `regulations.edit`.
 */
export const regulationsRoutes: FastifyPluginAsyncZod<{ regulations: RegulationsService; importer: RegulationsImport }> = async (
  app,
  { regulations, importer },
) => {
  const tags = ['regulations'];
  const read = { config: { auth: true } } as const;
  const edit = { config: { permission: ['regulations.edit'] as const } };

  app.get(
    '/api/regulations',
    { ...read, schema: { tags, querystring: regulationListQuery, response: { 200: paginated(regulationListItemSchema) } } },
    (req) => regulations.list(req.query),
  );

  app.get(
    '/api/regulations/options',
    { ...read, schema: { tags, querystring: regulationOptionsQuery, response: { 200: z.array(regulationOptionSchema) } } },
    (req) => regulations.options(req.query.medium),
  );

  app.get('/api/regulations/:id', { ...read, schema: { tags, params: idParams, response: { 200: regulationSchema } } }, (req) =>
    regulations.get(req.params.id),
  );

  app.post(
    '/api/regulations',
    { ...edit, schema: { tags, body: regulationCreateBody, response: { 201: regulationSchema } } },
    async (req, reply) => reply.status(201).send(await regulations.create(actorOf(req), req.body)),
  );

  app.put(
    '/api/regulations/:id',
    { ...edit, schema: { tags, params: idParams, body: regulationUpdateBody, response: { 200: regulationSchema } } },
    (req) => regulations.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/regulations/:id',
    { ...edit, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await regulations.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/regulations/:id/import-template',
    {
      ...edit,
      schema: { tags, params: idParams, description: "The regulation's limits table in the import's layout, and a help sheet." },
    },
    async (req, reply) => {
      const { fileName, buffer } = await importer.template(req.params.id);
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(fileName)).send(buffer);
    },
  );

  app.post(
    '/api/regulations/:id/import',
    {
      config: { permission: ['regulations.edit'], multipart: { maxFiles: 1 } },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ dry_run: boolQuery.optional() }),
        description:
          `multipart/form-data: one .xlsx \`file\` in the template's columns (at most ${REGULATION_IMPORT_MAX_ROWS} rows). ` +
          "Its limits replace the regulation's; one wrong row imports nothing (422, errors `rows[<row>].<field>`); " +
          '`dry_run=true` checks and reports without writing.',
        consumes: ['multipart/form-data'],
        response: { 200: regulationImportReportSchema },
      },
    },
    (req) => importer.run(actorOf(req), req.params.id, req.uploads ?? [], req.query.dry_run ?? false),
  );
};
