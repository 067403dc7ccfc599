import { z } from 'zod';
import { codeSchema, idOf, idQuery, listQuery, optionalText, refSchema, requiredText, versionSchema } from './common';
import { boolQuery } from './processes';

const requestTypeFields = {
  code: codeSchema('mã loại yêu cầu'),
  name: requiredText('tên loại yêu cầu', 200),
  description: optionalText('mô tả', 2000),
  process_id: idOf({ required: 'Vui lòng chọn quy trình xử lý', invalid: 'Quy trình không hợp lệ' }),
  /** Offered on the public page /yeu-cau. */
  is_public: z.boolean({ error: 'Giá trị "công khai" phải là có hoặc không' }).default(false),
  /** Free text: "Quan trắc môi trường", "Phân tích thí nghiệm", … */
  service_group: optionalText('nhóm dịch vụ', 100),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

export const requestTypeCreateBody = z.object(requestTypeFields);
export type RequestTypeCreateBody = z.infer<typeof requestTypeCreateBody>;

export const requestTypeUpdateBody = z.object({ ...requestTypeFields, version: versionSchema });
export type RequestTypeUpdateBody = z.infer<typeof requestTypeUpdateBody>;

export const requestTypeListQuery = listQuery.extend({
  is_public: boolQuery.optional(),
  active: boolQuery.optional(),
  process_id: idQuery.optional(),
});
export type RequestTypeListQuery = z.infer<typeof requestTypeListQuery>;

export const requestTypeSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  process_id: z.number().nullable(),
  process: refSchema.extend({ active: z.boolean() }).nullable(),
  is_public: z.boolean(),
  service_group: z.string().nullable(),
  active: z.boolean(),
  requests_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RequestType = z.infer<typeof requestTypeSchema>;

/** What the public form's picker needs, and nothing more. */
export const publicRequestTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  service_group: z.string().nullable(),
});
export type PublicRequestType = z.infer<typeof publicRequestTypeSchema>;

export const REQUEST_TYPE_SORTS = ['name', 'code', 'service_group', 'created_at', 'updated_at'] as const;

/** An active request type as the pickers show it (`GET /api/request-types/options`). */
export const requestTypeOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  process_id: z.number().nullable(),
  is_public: z.boolean(),
  service_group: z.string().nullable(),
});
export type RequestTypeOption = z.infer<typeof requestTypeOptionSchema>;
