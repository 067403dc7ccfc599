import { z } from 'zod';
import { ALL_ROWS_CAP, MAX_PER_PAGE } from '../list-limits';
import { normalizeMobile } from '../vi-text';

export { ALL_ROWS_CAP, MAX_PER_PAGE };

// Numbers. House rule: every integer the API takes is bounded by the column it is stored in, by one helper, so a
// number past the column is a 422 on both databases (PostgreSQL would refuse it with a 500). `integer` columns (ids,
// versions, counts) hold an int32; money in a `bigint` is bounded by its business maximum, far inside a safe integer.

/** The largest value of an `integer` column (PostgreSQL int4). */
export const INT32_MAX = 2_147_483_647;

export interface IntMessages {
  /** When the value is missing (or null where null is not allowed); `invalid` otherwise. */
  required?: string;
  /** Not a whole number (a string, a boolean, an array, a fraction), or out of range when no min/max text is given. */
  invalid: string;
  min?: string;
  max?: string;
}

const intMessages = (m: string | IntMessages): IntMessages => (typeof m === 'string' ? { invalid: m } : m);

/**
 * A whole number from `min` to `max` in a JSON body: a number only — `"5"`, `true`, `[5]`, `5.5` are refused, never
 * coerced (a multipart form's digit strings are turned into numbers before validation: `lib/multipart.ts`).
 */
export function boundedInt(min: number, max: number, messages: string | IntMessages) {
  const m = intMessages(messages);
  return z
    .number({ error: (issue) => (issue.input == null && m.required ? m.required : m.invalid) })
    .int(m.invalid)
    .min(min, m.min ?? m.invalid)
    .max(max, m.max ?? m.invalid);
}

/** Digits only: no sign, space, exponent, hex, separator or fraction. */
export const DIGITS = /^\d+$/;

/** The same bounded whole number in a query string or a path, where it arrives as text: digits only, then bounded. */
export function digitsInt(min: number, max: number, messages: string | IntMessages) {
  const m = intMessages(messages);
  return z
    .string({ error: (issue) => (issue.input === undefined && m.required ? m.required : m.invalid) })
    .regex(DIGITS, m.invalid)
    .transform(Number)
    .pipe(boundedInt(min, max, m));
}

const ID_MESSAGE = 'Mã tham chiếu không hợp lệ';

/** An id in a JSON body: a whole number from 1 to INT32_MAX. */
export const idSchema = boundedInt(1, INT32_MAX, ID_MESSAGE);
/** An id in a JSON body, with a message of the field's own (`Vui lòng chọn vai trò`). */
export const idOf = (messages: string | IntMessages) => boundedInt(1, INT32_MAX, messages);
/** An id that may be left out or cleared: a form's empty choice ('') is null. */
export const optionalId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional());
/** An id in a query string or a path: digits only. */
export const idQuery = digitsInt(1, INT32_MAX, ID_MESSAGE);
export const idParams = z.object({ id: idQuery });

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

/**
 * The version of the record the caller read. At most INT32_MAX − 1: an edit writes version + 1 in the same `integer`
 * column. A version past it is a 422; one that is merely stale, a 409.
 */
export const versionSchema = boundedInt(1, INT32_MAX - 1, {
  required: 'Thiếu phiên bản bản ghi (version)',
  invalid: 'Phiên bản bản ghi (version) không hợp lệ',
});
/** The same version in a query string (a DELETE has no body). */
export const versionQuery = digitsInt(1, INT32_MAX - 1, 'Phiên bản bản ghi (version) không hợp lệ');

/** A year of the calendars (leave balances, holidays, evaluation periods): 2000 … 2100. */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
const YEAR_MESSAGES = {
  invalid: 'Năm không hợp lệ',
  min: `Năm phải từ ${MIN_YEAR} đến ${MAX_YEAR}`,
  max: `Năm phải từ ${MIN_YEAR} đến ${MAX_YEAR}`,
};
export const yearSchema = boundedInt(MIN_YEAR, MAX_YEAR, YEAR_MESSAGES);
export const yearQuery = digitsInt(MIN_YEAR, MAX_YEAR, YEAR_MESSAGES);

/**
 * Money in whole đồng, stored in a `bigint`: from 0 to `max`, the field's business maximum (at most
 * MAX_SAFE_INTEGER, so sums and products stay exact in JavaScript too).
 */
export const moneySchema = (max: number, messages: string | IntMessages) => {
  if (max > Number.MAX_SAFE_INTEGER) throw new Error('money above MAX_SAFE_INTEGER');
  return boundedInt(0, max, messages);
};

/** Query of every list: page, per_page (or `all`), sort, search. */
export const listQuery = z.object({
  page: digitsInt(1, 1_000_000, 'Số trang không hợp lệ').default(1),
  /** A number past MAX_PER_PAGE is clamped to it (any count of digits), never sent to the database. */
  per_page: z
    .union([z.literal('all'), z.string().regex(DIGITS, 'Số dòng mỗi trang không hợp lệ')], {
      error: 'Số dòng mỗi trang không hợp lệ',
    })
    .default('20')
    .transform((v) => (v === 'all' ? 'all' : Math.min(Number(v), MAX_PER_PAGE)))
    .pipe(z.union([z.literal('all'), z.number().int().min(1, 'Số dòng mỗi trang không hợp lệ')])),
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

/**
 * A search's total is exact up to this many matches; past it the list answers `total: SEARCH_TOTAL_BOUND` with
 * `total_capped: true` ("Hơn 1.000 kết quả"), and the pages past it are reached by narrowing the search.
 */
export const SEARCH_TOTAL_BOUND = 1000;

export const pageMeta = z.object({
  current_page: z.number(),
  per_page: z.number(),
  /** Exact, or the search bound when `total_capped`. */
  total: z.number(),
  last_page: z.number(),
  /** True when a search found more than the bound and stopped counting (`total` is then the bound). */
  total_capped: z.boolean().optional(),
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
