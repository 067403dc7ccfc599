import { z } from 'zod';
import { genderSchema } from './auth';
import {
  csvOf,
  idOf,
  idQuery,
  listQuery,
  optionalDate,
  optionalEmail,
  optionalMobile,
  optionalText,
  requiredText,
  versionSchema,
} from './common';
import { passwordSchema } from './passwords';

export const USER_STATUSES = ['active', 'locked'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);

const userFields = {
  name: requiredText('họ tên', 100),
  username: z
    .string({ error: 'Vui lòng nhập tên đăng nhập' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._-]{3,50}$/, 'Tên đăng nhập 3–50 ký tự: chữ không dấu, số, dấu . _ -'),
  email: optionalEmail,
  mobile: optionalMobile,
  role_id: idOf({ required: 'Vui lòng chọn vai trò', invalid: 'Vai trò không hợp lệ' }),
  department_id: idOf('Phòng ban không hợp lệ').nullable().optional(),
  position: optionalText('chức danh', 100),
  gender: genderSchema.nullable().optional(),
  birthday: optionalDate,
  joined_at: optionalDate,
  address: optionalText('địa chỉ', 255),
};

export const userCreateBody = z.object({ ...userFields, password: passwordSchema });
export type UserCreateBody = z.infer<typeof userCreateBody>;

/** An administrator may set a new password while editing; left empty it stays. */
export const userUpdateBody = z.object({
  ...userFields,
  password: z.preprocess((v) => (v === '' ? undefined : v), passwordSchema.optional()),
  version: versionSchema,
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const userListQuery = listQuery.extend({
  role_id: idQuery.optional(),
  department_id: idQuery.optional(),
  status: csvOf(userStatusSchema).optional(),
});

export const userSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role_id: z.number(),
  role: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  department_id: z.number().nullable(),
  department: z.object({ id: z.number(), name: z.string() }).nullable(),
  position: z.string().nullable(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  joined_at: z.string().nullable(),
  address: z.string().nullable(),
  avatar: z.string().nullable(),
  status: userStatusSchema,
  last_login_at: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const USER_SORTS = ['name', 'code', 'username', 'created_at', 'updated_at', 'last_login_at'] as const;

export const authInfoResponse = z.object({
  /**
   * `headed_department_ids`: the departments the user heads; `substitute_for_ids`: the approvers whose leave the user
   * decides today as their substitute. Either decides leave without any leave key.
   */
  user: userSchema.extend({ headed_department_ids: z.array(z.number()), substitute_for_ids: z.array(z.number()) }),
  permissions_code: z.array(z.string()),
});
export type AuthInfo = z.infer<typeof authInfoResponse>;

/** Most users one `GET /api/users/options` returns. */
export const USER_OPTIONS_LIMIT = 50;

/** `GET /api/users/options`: active users by text, by department (sub-departments included), or by id (`ids=1,2`). */
export const userOptionsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  department_id: idQuery.optional(),
  ids: csvOf(idQuery).optional(),
});
export type UserOptionsQuery = z.infer<typeof userOptionsQuery>;

/** A user as the pickers show it: no login, contact or audit fields. */
export const userOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  department_id: z.number().nullable(),
  position: z.string().nullable(),
});
export type UserOption = z.infer<typeof userOptionSchema>;
