import { z } from 'zod';
import { emailSchema, mobileSchema, optionalDate, optionalText } from './common';

// The bodies that set a password live in ./passwords: they carry the deny-list, which the sign-in page must not load.

export const loginBody = z.object({
  username: z.string({ error: 'Vui lòng nhập tên đăng nhập' }).trim().min(1, 'Vui lòng nhập tên đăng nhập').max(150),
  password: z.string({ error: 'Vui lòng nhập mật khẩu' }).min(1, 'Vui lòng nhập mật khẩu').max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ token: z.string(), expires_at: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const otpRequestBody = z.object({ mobile: mobileSchema });

/** A code given as a number, object, array, null or with spaces is refused. */
export const otpCode = z.string({ error: 'Mã xác thực gồm 6 chữ số' }).regex(/^\d{6}$/, 'Mã xác thực gồm 6 chữ số');

export const GENDERS = ['male', 'female', 'other'] as const;
export const genderSchema = z.enum(GENDERS, { error: 'Giới tính không hợp lệ' });

/** The columns a user may change on their own profile, each with its rule. */
export const profileColumns = {
  name: z.string().trim().min(1, 'Vui lòng nhập họ tên').max(100, 'Họ tên tối đa 100 ký tự'),
  email: emailSchema.nullable(),
  mobile: mobileSchema.nullable(),
  birthday: optionalDate,
  gender: genderSchema.nullable(),
  address: optionalText('địa chỉ', 255),
  avatar: optionalText('ảnh đại diện', 500),
} as const;
export type ProfileColumn = keyof typeof profileColumns;
export const PROFILE_COLUMNS = Object.keys(profileColumns) as ProfileColumn[];

export const profilePartialBody = z.object({
  column: z.enum(PROFILE_COLUMNS as [ProfileColumn, ...ProfileColumn[]], { error: 'Trường không được phép sửa' }),
  value: z.unknown(),
});
