import { z } from 'zod';
import { codeSchema, optionalId, optionalText, requiredText, versionSchema } from './common';

export const departmentCreateBody = z.object({
  code: codeSchema('mã phòng ban'),
  name: requiredText('tên phòng ban', 150),
  parent_id: optionalId,
  head_id: optionalId,
  description: optionalText('mô tả', 1000),
});
export type DepartmentCreateBody = z.infer<typeof departmentCreateBody>;

export const departmentUpdateBody = departmentCreateBody.extend({ version: versionSchema });
export type DepartmentUpdateBody = z.infer<typeof departmentUpdateBody>;

export const departmentSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  parent_id: z.number().nullable(),
  parent: z.object({ id: z.number(), name: z.string() }).nullable(),
  head_id: z.number().nullable(),
  head: z.object({ id: z.number(), name: z.string() }).nullable(),
  description: z.string().nullable(),
  users_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

export interface DepartmentNode extends Department {
  children: DepartmentNode[];
}
export const departmentNode: z.ZodType<DepartmentNode> = departmentSchema.extend({
  get children() {
    return z.array(departmentNode);
  },
});

export const DEPARTMENT_SORTS = ['name', 'code', 'created_at', 'updated_at'] as const;

/** A department as the pickers show it (`GET /api/departments/options`): a flat list, the client nests it by parent_id. */
export const departmentOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  parent_id: z.number().nullable(),
});
export type DepartmentOption = z.infer<typeof departmentOptionSchema>;
