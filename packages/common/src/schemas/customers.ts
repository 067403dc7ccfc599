import { z } from 'zod';
import { canonicalProvince } from '../provinces';
import { csvOf, idQuery, listQuery, optionalEmail, optionalMobile, optionalText, requiredText, versionSchema } from './common';
import { attachmentIds, documentSchema } from './documents';

export const CUSTOMER_TYPES = ['organization', 'individual'] as const;
export const CUSTOMER_SOURCES = ['public', 'staff'] as const;
export const CUSTOMER_TYPE_LABELS: Record<(typeof CUSTOMER_TYPES)[number], string> = {
  organization: 'Tổ chức',
  individual: 'Cá nhân',
};
export const CUSTOMER_SOURCE_LABELS: Record<(typeof CUSTOMER_SOURCES)[number], string> = {
  public: 'Trang công khai',
  staff: 'Nhân viên tạo',
};

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * A Vietnamese phone: a mobile (10 digits, 03/05/07/08/09) or a landline (11 digits, 02 + area code + number);
 * `+84` / `84` stand for the leading 0. Returns the digits as stored (0xxxxxxxxx) or null.
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (!input) return null;
  let digits = input.replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
  else if (digits.startsWith('84') && (digits.length === 11 || digits.length === 12)) digits = `0${digits.slice(2)}`;
  if (/^0[35789]\d{8}$/.test(digits) || /^02\d{9}$/.test(digits)) return digits;
  return null;
}

export const PHONE_MESSAGE = 'Số điện thoại không hợp lệ (di động 10 số hoặc cố định 11 số bắt đầu bằng 02)';

export const phoneSchema = z
  .string({ error: 'Vui lòng nhập số điện thoại' })
  .trim()
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });
export const optionalPhone = z.preprocess(emptyToNull, phoneSchema.nullable().optional());

/**
 * Tax code (mã số thuế): 10 digits, or 10 + 3 for a branch written `0101234567-001` (13 digits without the dash are
 * accepted and written with it). Since 1/7/2025 an individual's tax code is their 12-digit personal identification
 * number (Thông tư 86/2024/TT-BTC), so 12 digits are accepted for individuals.
 */
export function normalizeTaxCode(input: string): string | null {
  const digits = input.replace(/[\s.]/g, '');
  const m = /^(\d{10})(?:-?(\d{3}))?$/.exec(digits);
  if (m) return m[2] ? `${m[1]}-${m[2]}` : (m[1] ?? null);
  return /^\d{12}$/.test(digits) ? digits : null;
}

export const TAX_CODE_MESSAGE = 'Mã số thuế không hợp lệ (10 số, hoặc 10 số kèm 3 số chi nhánh như 0101234567-001)';

const taxCodeSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: TAX_CODE_MESSAGE })
    .trim()
    .transform((v, ctx) => {
      const code = normalizeTaxCode(v);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: TAX_CODE_MESSAGE });
        return z.NEVER;
      }
      return code;
    })
    .nullable()
    .optional(),
);

export const provinceSchema = z.string({ error: 'Tỉnh/thành phố không hợp lệ' }).transform((v, ctx) => {
  const province = canonicalProvince(v);
  if (!province) {
    ctx.addIssue({ code: 'custom', message: 'Tỉnh/thành phố không có trong danh sách 34 tỉnh, thành phố' });
    return z.NEVER;
  }
  return province;
});

/** A contact person of the customer: their phone is a person's, a Vietnamese mobile (the customer's own may be a landline). */
export const contactSchema = z.object({
  name: requiredText('tên người liên hệ', 150),
  title: optionalText('chức vụ', 100),
  phone: optionalMobile,
  email: optionalEmail,
});
export type CustomerContact = z.infer<typeof contactSchema>;

export const customerTypeSchema = z.enum(CUSTOMER_TYPES, { error: 'Vui lòng chọn loại khách hàng (tổ chức hoặc cá nhân)' });
export const customerSourceSchema = z.enum(CUSTOMER_SOURCES, { error: 'Nguồn khách hàng không hợp lệ' });

const customerFields = {
  type: customerTypeSchema,
  name: requiredText('tên khách hàng', 255),
  tax_code: taxCodeSchema,
  representative: optionalText('người đại diện', 150),
  representative_title: optionalText('chức vụ người đại diện', 100),
  phone: optionalPhone,
  email: optionalEmail,
  street: optionalText('địa chỉ', 255),
  ward: optionalText('phường/xã', 150),
  province: z.preprocess(emptyToNull, provinceSchema.nullable().optional()),
  contacts: z
    .array(contactSchema, { error: 'Danh sách người liên hệ không hợp lệ' })
    .max(20, 'Tối đa 20 người liên hệ')
    .nullable()
    .optional(),
  notes: optionalText('ghi chú', 5000),
  /** Documents uploaded beforehand (`POST /api/documents`) to attach to the customer. */
  attachment_ids: attachmentIds,
};

/** A 12-digit tax code is a personal identification number: only an individual has one. */
const taxCodeFitsType = (body: { type: string; tax_code?: string | null }) =>
  !(body.tax_code && body.tax_code.length === 12 && body.type !== 'individual');
const taxCodeRule = { message: TAX_CODE_MESSAGE, path: ['tax_code'] };

export const customerCreateBody = z.object(customerFields).refine(taxCodeFitsType, taxCodeRule);
export type CustomerCreateBody = z.infer<typeof customerCreateBody>;

export const customerUpdateBody = z.object({ ...customerFields, version: versionSchema }).refine(taxCodeFitsType, taxCodeRule);
export type CustomerUpdateBody = z.infer<typeof customerUpdateBody>;

export const CUSTOMER_SORTS = ['code', 'name', 'type', 'created_at', 'updated_at'] as const;

export const customerListQuery = listQuery.extend({
  type: csvOf(customerTypeSchema).optional(),
  source: csvOf(customerSourceSchema).optional(),
  province: csvOf(provinceSchema).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerSchema = z.object({
  id: z.number(),
  code: z.string(),
  type: customerTypeSchema,
  name: z.string(),
  tax_code: z.string().nullable(),
  representative: z.string().nullable(),
  representative_title: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  street: z.string().nullable(),
  ward: z.string().nullable(),
  province: z.string().nullable(),
  contacts: z.array(
    z.object({ name: z.string(), title: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  ),
  source: customerSourceSchema,
  notes: z.string().nullable(),
  created_by: z.number().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** One customer's page: the record, how many requests it sent, and its attachments. */
export const customerDetailSchema = customerSchema.extend({
  requests_count: z.number(),
  attachments: z.array(documentSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerRequestSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

export const CUSTOMER_REQUEST_SORTS = ['created_at', 'code'] as const;

/** What the requests module knows of a requester, to find or create their customer. */
export interface RequesterDetails {
  name: string;
  phone: string;
  email?: string | null;
  organization?: string | null;
  address?: string | null;
}

/** Most customers one `GET /api/customers/options` returns. */
export const CUSTOMER_OPTIONS_LIMIT = 50;

/** `GET /api/customers/options`: customers by text, or by id (`ids=1,2`) to label the current value. */
export const customerOptionsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  ids: csvOf(idQuery).optional(),
});
export type CustomerOptionsQuery = z.infer<typeof customerOptionsQuery>;

/** A customer as the request form's picker shows it. */
export const customerOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
});
export type CustomerOption = z.infer<typeof customerOptionSchema>;
