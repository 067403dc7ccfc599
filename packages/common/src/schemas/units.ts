import { z } from 'zod';
import { codeSchema, listQuery, optionalText, requiredText, versionSchema } from './common';
import { boolQuery } from './processes';

/** A unit of measure of the service catalogue (PRODUCT.md §3): mẫu, lần, điểm, ngày công, bộ… */
const unitFields = {
  code: codeSchema('mã đơn vị tính'),
  name: requiredText('tên đơn vị tính', 50),
  description: optionalText('mô tả', 500),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

export const unitCreateBody = z.object(unitFields);
export type UnitCreateBody = z.infer<typeof unitCreateBody>;

export const unitUpdateBody = z.object({ ...unitFields, version: versionSchema });
export type UnitUpdateBody = z.infer<typeof unitUpdateBody>;

export const unitListQuery = listQuery.extend({ active: boolQuery.optional() });
export type UnitListQuery = z.infer<typeof unitListQuery>;

export const unitSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** How many services are priced in this unit (a used unit cannot be deleted). */
  services_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Unit = z.infer<typeof unitSchema>;

export const UNIT_SORTS = ['code', 'name', 'created_at', 'updated_at'] as const;

/** `GET /api/units/options`: every unit, active first; `active=1` keeps only the active ones. */
export const unitOptionsQuery = z.object({ active: boolQuery.optional() });
export type UnitOptionsQuery = z.infer<typeof unitOptionsQuery>;

export const unitOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), active: z.boolean() });
export type UnitOption = z.infer<typeof unitOptionSchema>;
