import type { PermissionKey } from '@qlcv/common/permissions';
import { idParams } from '@qlcv/common/schemas/common';
import {
  CONTRACT_APPROVAL_VERBS,
  CONTRACT_STATUS_LABELS,
  CONTRACT_TRANSITIONS,
  type Contract,
  type ContractVerb,
  contractCreateBody,
  contractDetailSchema,
  contractListQuery,
  contractListSchema,
  contractNoteRequiredBody,
  contractPrefillQuery,
  contractPrefillSchema,
  contractSignBody,
  contractUpdateBody,
  contractVerbBody,
  vatRuleSchema,
} from '@qlcv/common/schemas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { contentDisposition, sendXlsx, wantsXlsx, type XlsxColumn } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import type { ContractDocumentsService } from './contract-documents.service';
import type { ContractStatusService } from './contract-status.service';
import type { ContractsService } from './contracts.service';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const COLUMNS: XlsxColumn<Contract>[] = [
  { header: 'Số hợp đồng', width: 18, value: (c) => c.number },
  { header: 'Tên hợp đồng', width: 40, value: (c) => c.title },
  { header: 'Mã KH', width: 10, value: (c) => c.customer.code },
  { header: 'Khách hàng', width: 32, value: (c) => c.customer.name },
  { header: 'Trạng thái', width: 14, value: (c) => CONTRACT_STATUS_LABELS[c.status] },
  { header: 'Ngày ký', type: 'date', value: (c) => c.signed_date },
  { header: 'Ngày bắt đầu', type: 'date', value: (c) => c.start_date },
  { header: 'Ngày kết thúc', type: 'date', value: (c) => c.end_date },
  { header: 'Tiền dịch vụ', width: 16, value: (c) => c.subtotal },
  { header: 'Thuế GTGT', width: 14, value: (c) => c.vat_amount },
  { header: 'Tổng cộng', width: 16, value: (c) => c.total },
  { header: 'Người tạo', width: 22, value: (c) => c.created_by?.name },
  { header: 'Ngày tạo', type: 'datetime', value: (c) => c.created_at },
];

// Seed §6: contracts.index lists, contracts.create creates, contracts.show opens and edits (the edit screen needs it);
// state changes and deletion go with editing. Issue 21: deciding a contract waiting for approval (sign, return) needs
// contracts.approve, and never by whoever submitted it (the service).
const SHOW: { config: { permission: readonly PermissionKey[] } } = { config: { permission: ['contracts.show'] } };
const APPROVE: { config: { permission: readonly PermissionKey[] } } = { config: { permission: ['contracts.approve'] } };

export const contractsRoutes: FastifyPluginAsyncZod<{
  contracts: ContractsService;
  status: ContractStatusService;
  documents: ContractDocumentsService;
}> = async (app, { contracts, status, documents }) => {
  const tags = ['contracts'];
  const detail = { 200: contractDetailSchema };

  app.get('/api/vat-rules', { config: { auth: true }, schema: { tags, response: { 200: z.array(vatRuleSchema) } } }, () =>
    contracts.vatRules(),
  );

  app.get(
    '/api/contracts',
    {
      config: { permission: ['contracts.index'] },
      schema: {
        tags,
        description:
          'Filters: `status` (csv), `customer_id`, `request_id`, `expiring=1` (signed / in progress, ending within 30 days), ' +
          '`from`/`to` (signed date), `search` (number, title, customer). `meta.sums`: count and Σ total of the filtered ' +
          'rows signed and onward (`signed`: signed, in progress, completed, liquidated), `unsigned` (draft, pending ' +
          'approval) and `cancelled`. ' +
          '`X-Export: xlsx` for the file.',
        querystring: contractListQuery,
        response: { 200: contractListSchema },
      },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return contracts.list(req.query);
      return sendXlsx(reply, {
        fileName: `hop-dong-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Hợp đồng',
        rows: await contracts.exportRows(req.query),
        columns: COLUMNS,
      });
    },
  );

  app.get(
    '/api/contracts/prefill',
    {
      config: { permission: ['contracts.create'] },
      schema: { tags, querystring: contractPrefillQuery, response: { 200: contractPrefillSchema } },
    },
    (req) => contracts.prefill(actorOf(req), req.query.request_id),
  );

  app.post(
    '/api/contracts',
    {
      config: { permission: ['contracts.create'], multipart: { maxFiles: 10 } },
      schema: {
        tags,
        description:
          'JSON, or multipart/form-data with bracketed names (`items[0][name]`) and files as `attachments[]`. ' +
          '`number` left out: generated from the company pattern. Totals are computed here from the items.',
        consumes: ['application/json', 'multipart/form-data'],
        body: contractCreateBody,
        response: { 201: contractDetailSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await contracts.create(actorOf(req), req.body, req.uploads ?? [])),
  );

  app.get('/api/contracts/:id', { ...SHOW, schema: { tags, params: idParams, response: detail } }, (req) =>
    contracts.detailFor(actorOf(req), req.params.id),
  );

  app.put(
    '/api/contracts/:id',
    {
      config: { permission: ['contracts.show'], multipart: { maxFiles: 10 } },
      schema: {
        tags,
        description: 'Only while draft or pending approval; `version` as read (409 when stale).',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        body: contractUpdateBody,
        response: detail,
      },
    },
    (req) => contracts.update(actorOf(req), req.params.id, req.body, req.uploads ?? []),
  );

  app.delete(
    '/api/contracts/:id',
    { ...SHOW, schema: { tags, description: 'Drafts only.', params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await contracts.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  const describe = (verb: ContractVerb) => {
    const t = CONTRACT_TRANSITIONS[verb];
    const approve = CONTRACT_APPROVAL_VERBS.includes(verb) ? '; `contracts.approve`, never by whoever submitted it (403)' : '';
    return `${t.from.join(' / ')} → ${t.to}${t.noteRequired ? ' (note required)' : ''}${approve}`;
  };
  for (const verb of ['submit', 'start', 'complete', 'liquidate'] as const) {
    app.post(
      `/api/contracts/:id/${verb}`,
      { ...SHOW, schema: { tags, description: describe(verb), params: idParams, body: contractVerbBody, response: detail } },
      (req) => status.change(actorOf(req), req.params.id, verb, req.body ?? {}),
    );
  }
  for (const verb of ['return', 'cancel'] as const) {
    app.post(
      `/api/contracts/:id/${verb}`,
      {
        ...(verb === 'return' ? APPROVE : SHOW),
        schema: { tags, description: describe(verb), params: idParams, body: contractNoteRequiredBody, response: detail },
      },
      (req) => status.change(actorOf(req), req.params.id, verb, req.body),
    );
  }
  app.post(
    '/api/contracts/:id/sign',
    {
      ...APPROVE,
      schema: {
        tags,
        description: `${describe('sign')}; the VAT is computed again by \`signed_date\`.`,
        params: idParams,
        body: contractSignBody,
        response: detail,
      },
    },
    (req) => status.change(actorOf(req), req.params.id, 'sign', req.body),
  );

  app.get(
    '/api/contracts/:id/document',
    {
      ...SHOW,
      schema: {
        tags,
        description: 'The contract filled into its template (.docx named after the number); 422 without a template.',
        params: idParams,
      },
    },
    async (req, reply) => {
      const { fileName, buffer } = await documents.render(req.params.id);
      return reply
        .header('content-type', DOCX_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .send(buffer);
    },
  );
};
