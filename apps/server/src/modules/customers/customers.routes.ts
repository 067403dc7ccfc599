import { idParams, listQuery, paginated } from '@qlcv/common/schemas/common';
import {
  CUSTOMER_SOURCE_LABELS,
  CUSTOMER_TYPE_LABELS,
  customerCreateBody,
  customerDetailSchema,
  customerListQuery,
  customerOptionSchema,
  customerOptionsQuery,
  customerRequestSchema,
  customerSchema,
  customerUpdateBody,
} from '@qlcv/common/schemas/customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../lib/clock';
import { sendXlsx, wantsXlsx } from '../../lib/xlsx-export';
import { actorOf } from '../../plugins/access';
import { addressLine, type CustomersService } from './customers.service';

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (app, { customers }) => {
  const tags = ['customers'];

  app.get(
    '/api/customers',
    {
      config: { permission: ['customer.index'] },
      schema: { tags, querystring: customerListQuery, response: { 200: paginated(customerSchema) } },
    },
    async (req, reply) => {
      if (!wantsXlsx(req.headers)) return customers.list(req.query);
      return sendXlsx(reply, {
        fileName: `khach-hang-${nowIso().slice(0, 10)}.xlsx`,
        sheet: 'Khách hàng',
        rows: customers.exportRows(req.query),
        columns: [
          { header: 'Mã KH', width: 10, value: (c) => c.code },
          { header: 'Loại', width: 10, value: (c) => CUSTOMER_TYPE_LABELS[c.type] },
          { header: 'Tên khách hàng', width: 36, value: (c) => c.name },
          { header: 'Mã số thuế', width: 16, value: (c) => c.tax_code },
          { header: 'Người đại diện', width: 24, value: (c) => c.representative },
          { header: 'Chức vụ', width: 16, value: (c) => c.representative_title },
          { header: 'Điện thoại', width: 14, value: (c) => c.phone },
          { header: 'Email', width: 26, value: (c) => c.email },
          { header: 'Địa chỉ', width: 40, value: (c) => addressLine({ ...c, province: null }) },
          { header: 'Tỉnh/Thành phố', width: 16, value: (c) => c.province },
          {
            header: 'Người liên hệ',
            width: 36,
            value: (c) =>
              c.contacts.map((p) => [p.name, p.title && `(${p.title})`, p.phone, p.email].filter(Boolean).join(' ')).join('; '),
          },
          { header: 'Nguồn', width: 16, value: (c) => CUSTOMER_SOURCE_LABELS[c.source] },
          { header: 'Ghi chú', width: 30, value: (c) => c.notes },
          { header: 'Ngày tạo', type: 'date', value: (c) => c.created_at },
        ],
      });
    },
  );

  // The customer picker of the request and contract forms: whoever may create or edit one may pick its customer
  // (a contract is edited with contracts.show).
  app.get(
    '/api/customers/options',
    {
      // Also whoever records a monitored site's customer (issue 24) and whoever drafts a test report for one (issue 25).
      config: {
        permission: [
          'customer.index',
          'requests.create',
          'requests.edit',
          'contracts.create',
          'contracts.show',
          'monitoring.create',
          'monitoring.edit',
          'lab.receive',
          'lab.approve',
        ],
      },
      schema: { tags, querystring: customerOptionsQuery, response: { 200: z.array(customerOptionSchema) } },
    },
    (req) => customers.options(req.query),
  );

  app.post(
    '/api/customers',
    {
      config: { permission: ['customer.create'] },
      schema: { tags, body: customerCreateBody, response: { 201: customerDetailSchema } },
    },
    async (req, reply) => reply.status(201).send(await customers.create(actorOf(req), req.body)),
  );

  app.get(
    '/api/customers/:id',
    {
      config: { permission: ['customer.show', 'customer.edit'] },
      schema: { tags, params: idParams, response: { 200: customerDetailSchema } },
    },
    (req) => customers.detail(req.params.id),
  );

  app.get(
    '/api/customers/:id/requests',
    {
      config: { permission: ['customer.show', 'customer.edit'] },
      schema: { tags, params: idParams, querystring: listQuery, response: { 200: paginated(customerRequestSchema) } },
    },
    (req) => customers.requests(req.params.id, req.query),
  );

  app.put(
    '/api/customers/:id',
    {
      config: { permission: ['customer.edit'] },
      schema: { tags, params: idParams, body: customerUpdateBody, response: { 200: customerDetailSchema } },
    },
    (req) => customers.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/customers/:id',
    { config: { permission: ['customer.edit'] }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await customers.delete(actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
