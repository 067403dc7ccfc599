import { z } from 'zod';
import { codeSchema, csvOf, idOf, idQuery, listQuery, moneySchema, optionalText, requiredText, versionSchema } from './common';
import { boolQuery } from './processes';

/**
 * VAT rate of a service: 'none' = not subject to VAT (không chịu thuế), else the statutory rate in %.
 * The reduced 8 % is not a rate of its own: a 10 % service with `vat_reducible` drops to it while a dated rule
 * (`vat_rules`) is in force on the document's date.
 */
export const VAT_RATES = ['none', '0', '5', '10'] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const vatRateSchema = z.enum(VAT_RATES, { error: 'Thuế suất VAT phải là: không chịu thuế, 0 %, 5 % hoặc 10 %' });
export const VAT_RATE_LABELS: Record<VatRate, string> = {
  none: 'Không chịu thuế',
  '0': '0 %',
  '5': '5 %',
  '10': '10 %',
};

/** Highest unit price accepted (VND); keeps every amount far inside a safe integer. */
export const MAX_UNIT_PRICE = 100_000_000_000;

export const unitPriceSchema = moneySchema(MAX_UNIT_PRICE, {
  required: 'Vui lòng nhập đơn giá',
  invalid: 'Đơn giá phải là số nguyên (đồng)',
  min: 'Đơn giá không được âm',
  max: 'Đơn giá tối đa 100.000.000.000 đ',
});

const serviceFields = {
  code: codeSchema('mã dịch vụ'),
  name: requiredText('tên dịch vụ', 300),
  group: requiredText('nhóm dịch vụ', 100),
  unit_id: idOf({ required: 'Vui lòng chọn đơn vị tính', invalid: 'Đơn vị tính không hợp lệ' }),
  unit_price: unitPriceSchema,
  vat_rate: vatRateSchema.default('10'),
  vat_reducible: z.boolean({ error: 'Giá trị "giảm thuế" phải là có hoặc không' }).default(true),
  description: optionalText('mô tả', 2000),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

export const serviceCreateBody = z.object(serviceFields);
export type ServiceCreateBody = z.infer<typeof serviceCreateBody>;

export const serviceUpdateBody = z.object({ ...serviceFields, version: versionSchema });
export type ServiceUpdateBody = z.infer<typeof serviceUpdateBody>;

export const SERVICE_SORTS = ['code', 'name', 'group', 'unit_price', 'created_at', 'updated_at'] as const;

export const serviceListQuery = listQuery.extend({
  group: z.string().trim().max(100).optional(),
  unit_id: idQuery.optional(),
  vat_rate: csvOf(vatRateSchema).optional(),
  active: boolQuery.optional(),
});
export type ServiceListQuery = z.infer<typeof serviceListQuery>;

export const serviceSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  group: z.string(),
  unit_id: z.number(),
  unit: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  unit_price: z.number(),
  vat_rate: vatRateSchema,
  vat_reducible: z.boolean(),
  description: z.string().nullable(),
  active: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

/** Most services one `GET /api/services/options` returns. */
export const SERVICE_OPTIONS_LIMIT = 50;

/** `GET /api/services/options?search=&active=1&group=` (or `ids=1,2` to label current values). */
export const serviceOptionsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  active: boolQuery.optional(),
  group: z.string().trim().max(100).optional(),
  ids: csvOf(idQuery).optional(),
});
export type ServiceOptionsQuery = z.infer<typeof serviceOptionsQuery>;

export const serviceOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  group: z.string(),
  unit_id: z.number(),
  unit_name: z.string(),
  unit_price: z.number(),
  vat_rate: vatRateSchema,
  vat_reducible: z.boolean(),
});
export type ServiceOption = z.infer<typeof serviceOptionSchema>;

/** Import of the catalogue from .xlsx: limits and the columns (the export's, in this order). */
export const SERVICE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const SERVICE_IMPORT_MAX_ROWS = 5000;
export const SERVICE_IMPORT_COLUMNS = [
  'Mã',
  'Tên dịch vụ',
  'Nhóm',
  'Đơn vị tính',
  'Đơn giá',
  'Thuế suất VAT',
  'Giảm thuế theo quy định',
  'Mô tả',
  'Đang dùng',
] as const;

/** `POST /api/services/import` answer: how many codes were new and how many existed (and were updated). */
export const serviceImportResultSchema = z.object({ created: z.number(), updated: z.number() });
export type ServiceImportResult = z.infer<typeof serviceImportResultSchema>;
