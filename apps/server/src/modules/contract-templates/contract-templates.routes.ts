import { idParams, paginated } from '@qlcv/common/schemas/common';
import {
  contractTemplateCreateBody,
  contractTemplateListQuery,
  contractTemplateOptionSchema,
  contractTemplateSchema,
  contractTemplateUpdateBody,
  placeholderCatalogue,
  TEMPLATE_KIND_LABELS,
  templatePlaceholderCatalogueSchema,
  templatePlaceholdersQuery,
} from '@qlcv/common/schemas/contract-templates';
import { reportPlaceholderCatalogue } from '@qlcv/common/schemas/report-templates';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { contentDisposition, sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { ContractTemplatesService, DocxFile } from './contract-templates.service';
import { SAMPLE_TEMPLATE_FILE_NAME, sampleTemplate } from './sample-template';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const sendDocx = (reply: FastifyReply, file: DocxFile) =>
  reply
    .header('content-type', DOCX_MIME)
    .header('content-length', String(file.buffer.length))
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.buffer);

const FORM_DESCRIPTION =
  'multipart/form-data: fields `code`, `name`, `description`, `active` (1/0), `kind` (`contract` default |' +
  " `test_report`, read on create only) and one .docx `file`. The file is checked against its kind's placeholder" +
  ' catalogue; any problem answers 422 with one `errors` entry per problem (field `file`).';

/**
 * Contract templates (issue 11). Any signed-in user reads them (seed: these screens need only authentication);
 * writing needs `settings.edit` (docs/decisions.md, "Contract templates").
 */
export const contractTemplatesRoutes: FastifyPluginAsyncZod<{ contractTemplates: ContractTemplatesService }> = async (
  app,
  { contractTemplates },
) => {
  const tags = ['contract-templates'];

  app.get(
    '/api/contract-templates',
    {
      config: { auth: true },
      schema: { tags, querystring: contractTemplateListQuery, response: { 200: paginated(contractTemplateSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return contractTemplates.list(req.query);
      return sendXlsx(reply, {
        fileName: `mau-hop-dong-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Mẫu hợp đồng',
        rows: await contractTemplates.exportRows(req.query),
        columns: [
          { header: 'Mã', width: 16, value: (t) => t.code },
          { header: 'Tên mẫu', width: 40, value: (t) => t.name },
          { header: 'Loại mẫu', width: 24, value: (t) => TEMPLATE_KIND_LABELS[t.kind] },
          { header: 'Tệp', width: 36, value: (t) => t.file?.original_name },
          { header: 'Số trường trộn', width: 14, value: (t) => t.placeholders.length },
          { header: 'Số hợp đồng', width: 12, value: (t) => t.contracts_count },
          { header: 'Trạng thái', width: 16, value: (t) => (t.active ? 'Đang dùng' : 'Ngừng sử dụng') },
          { header: 'Mô tả', width: 40, value: (t) => t.description },
          { header: 'Ngày tạo', type: 'date', value: (t) => t.created_at },
        ],
      });
    },
  );

  // The contract form's template picker.
  app.get(
    '/api/contract-templates/options',
    { config: { auth: true }, schema: { tags, response: { 200: z.array(contractTemplateOptionSchema) } } },
    () => contractTemplates.options(),
  );

  // The help panel of the template form: the contracts' catalogue, or the test report's (`kind=test_report`).
  app.get(
    '/api/contract-templates/placeholders',
    {
      config: { auth: true },
      schema: { tags, querystring: templatePlaceholdersQuery, response: { 200: templatePlaceholderCatalogueSchema } },
    },
    (req) => (req.query.kind === 'test_report' ? reportPlaceholderCatalogue() : placeholderCatalogue()),
  );

  app.get(
    '/api/contract-templates/sample',
    { config: { auth: true }, schema: { tags, description: 'The suggested Vietnamese template (.docx) to start from.' } },
    (_req, reply) => sendDocx(reply, { fileName: SAMPLE_TEMPLATE_FILE_NAME, buffer: sampleTemplate() }),
  );

  app.post(
    '/api/contract-templates',
    {
      config: { permission: ['settings.edit'], multipart: { maxFiles: 1 } },
      schema: {
        tags,
        description: FORM_DESCRIPTION,
        consumes: ['multipart/form-data'],
        body: contractTemplateCreateBody,
        response: { 201: contractTemplateSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await contractTemplates.create(actorOf(req), req.body, req.uploads ?? [])),
  );

  app.get(
    '/api/contract-templates/:id',
    { config: { auth: true }, schema: { tags, params: idParams, response: { 200: contractTemplateSchema } } },
    (req) => contractTemplates.get(req.params.id),
  );

  app.put(
    '/api/contract-templates/:id',
    {
      config: { permission: ['settings.edit'], multipart: { maxFiles: 1 } },
      schema: {
        tags,
        description: `${FORM_DESCRIPTION} Also \`version\` (409 when stale); without a file the stored one is kept.`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        body: contractTemplateUpdateBody,
        response: { 200: contractTemplateSchema },
      },
    },
    (req) => contractTemplates.update(actorOf(req), req.params.id, req.body, req.uploads ?? []),
  );

  app.delete(
    '/api/contract-templates/:id',
    { config: { permission: ['settings.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await contractTemplates.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/contract-templates/:id/file',
    { config: { auth: true }, schema: { tags, params: idParams, description: 'The template .docx as uploaded.' } },
    async (req, reply) => sendDocx(reply, await contractTemplates.download(req.params.id)),
  );

  app.get(
    '/api/contract-templates/:id/preview',
    {
      config: { auth: true },
      schema: { tags, params: idParams, description: 'The template filled with the catalogue’s sample data (.docx).' },
    },
    async (req, reply) => sendDocx(reply, await contractTemplates.preview(req.params.id)),
  );
};
