import { z } from 'zod';
import { ALL_ROWS_CAP, MAX_PER_PAGE } from '../list-limits';
import { normalizeMobile } from '../vi-text';

export { ALL_ROWS_CAP, MAX_PER_PAGE };

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id: idSchema });

/**
 * Control characters no text of the API may carry: C0 controls but tab, line feed and carriage return, and DEL.
 * PostgreSQL refuses U+0000 in text outright, and none of the others belongs in a name, a title or a note.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARS_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export const hasControlChars = (text: string) => CONTROL_CHARS.test(text);
export const stripControlChars = (text: string) => text.replace(CONTROL_CHARS_ALL, '');

/** Form fields arrive as '' when cleared; the API stores null. */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Over-long text is refused with a message naming the field, never cut. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(max, `${label[0]?.toUpperCase()}${label.slice(1)} tối đa ${max} ký tự`)
      .nullable()
      .optional(),
  );

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Vui lòng nhập ${label}` })
    .trim()
    .min(1, `Vui lòng nhập ${label}`)
    .max(max, `${label[0]?.toUpperCase()}${label.slice(1)} tối đa ${max} ký tự`);

export const codeSchema = (label: string) =>
  z
    .string({ error: `Vui lòng nhập ${label}` })
    .trim()
    .min(1, `Vui lòng nhập ${label}`)
    .max(50, `${label} tối đa 50 ký tự`)
    .regex(/^[A-Za-z0-9._-]+$/, `${label[0]?.toUpperCase()}${label.slice(1)} chỉ gồm chữ không dấu, số và dấu . _ -`);

export const dateSchema = z.iso.date({ error: 'Ngày không hợp lệ (YYYY-MM-DD)' });
export const optionalDate = z.preprocess(emptyToNull, dateSchema.nullable().optional());

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(150, 'Email tối đa 150 ký tự')
  .pipe(z.email({ error: 'Email không hợp lệ' }));
export const optionalEmail = z.preprocess(emptyToNull, emailSchema.nullable().optional());

export const mobileSchema = z
  .string({ error: 'Vui lòng nhập số điện thoại' })
  .trim()
  .transform((v, ctx) => {
    const mobile = normalizeMobile(v);
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: 'Số điện thoại không hợp lệ (10 số, bắt đầu 03, 05, 07, 08, 09)' });
      return z.NEVER;
    }
    return mobile;
  });
export const optionalMobile = z.preprocess(emptyToNull, mobileSchema.nullable().optional());

export const versionSchema = z.number({ error: 'Thiếu phiên bản bản ghi (version)' }).int().min(1);

/** Query of every list: page, per_page (or `all`), sort, search. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z
    .union([z.literal('all'), z.coerce.number().int().min(1)])
    .default(20)
    .transform((v) => (v === 'all' ? 'all' : Math.min(v, MAX_PER_PAGE))),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'Trường sắp xếp không hợp lệ')
    .optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** `status=new,received` → ['new', 'received'] */
export const csvOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).min(1).max(50));

export const pageMeta = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });
export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string().optional(), message: z.string() })),
  error_code: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

export const refSchema = z.object({ id: z.number(), name: z.string() });
