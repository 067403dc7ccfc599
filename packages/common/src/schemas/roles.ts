import { z } from 'zod';
import { isPermissionKey } from '../permissions';
import { codeSchema, optionalText, requiredText, versionSchema } from './common';

const permissionList = z
  .array(z.string().refine(isPermissionKey, 'Quyền không tồn tại'))
  .max(200)
  .transform((keys) => [...new Set(keys)]);

export const roleCreateBody = z.object({
  code: codeSchema('mã vai trò'),
  name: requiredText('tên vai trò', 100),
  description: optionalText('mô tả', 500),
  permissions: permissionList.default([]),
});
export type RoleCreateBody = z.infer<typeof roleCreateBody>;

export const roleUpdateBody = roleCreateBody.extend({ version: versionSchema });
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;

export const roleSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_system: z.boolean(),
  permissions: z.array(z.string()),
  users_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const ROLE_SORTS = ['name', 'code', 'created_at', 'updated_at'] as const;

/** A role as the role pickers show it (`GET /api/roles/options`). */
export const roleOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;
