import { z } from 'zod';
import { isCommonPassword } from '../passwords';
import { otpCode } from './auth';
import { mobileSchema } from './common';

// The schemas that set a password. They check the deny-list of common passwords, which is large: this module is kept
// apart so that only the screens that set a password (and the server) load it, never the sign-in page.

/** A new password: 8 to 128 characters, Vietnamese letters welcome, not a common one. */
export const passwordSchema = z
  .string({ error: 'Vui lòng nhập mật khẩu' })
  .min(8, 'Mật khẩu tối thiểu 8 ký tự')
  .max(128, 'Mật khẩu tối đa 128 ký tự')
  .refine((v) => !isCommonPassword(v), 'Mật khẩu quá phổ biến, hãy chọn mật khẩu khác');

const newPassword = {
  password: passwordSchema,
  password_confirmation: z.string({ error: 'Vui lòng nhập lại mật khẩu' }),
};
const confirmationMatches: [
  (v: { password: string; password_confirmation: string }) => boolean,
  { path: string[]; message: string },
] = [(v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'Mật khẩu nhập lại không khớp' }];

export const resetPasswordBody = z.object({ mobile: mobileSchema, otp: otpCode, ...newPassword }).refine(...confirmationMatches);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z
  .object({
    current_password: z.string({ error: 'Vui lòng nhập mật khẩu hiện tại' }).min(1, 'Vui lòng nhập mật khẩu hiện tại').max(128),
    ...newPassword,
  })
  .refine(...confirmationMatches);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
