import { z } from 'zod';
import { HOLIDAY_KINDS, SATURDAY } from '../work-calendar';
import {
  boundedInt,
  dateSchema,
  INT32_MAX,
  MAX_YEAR,
  MIN_YEAR,
  optionalEmail,
  optionalText,
  requiredText,
  versionQuery,
  versionSchema,
  yearQuery,
  yearSchema,
} from './common';
import { contractNumberPatternSchema, isContractNumberPattern } from './contracts';
import { normalizeTaxCode, optionalPhone } from './customers';

const REPORT_PATTERN_MESSAGE = 'Mẫu số phiếu kết quả phải chứa {seq} hoặc {seq:N} (N từ 1 đến 9); có thể dùng {yyyy}, {yy}, {mm}';
/** A test report number's pattern: the contracts' tokens, its own words. */
export const testReportNumberPatternSchema = z
  .string({ error: REPORT_PATTERN_MESSAGE })
  .trim()
  .min(1, REPORT_PATTERN_MESSAGE)
  .max(100, 'Mẫu số phiếu kết quả tối đa 100 ký tự')
  .refine(isContractNumberPattern, REPORT_PATTERN_MESSAGE);

// Company settings (`/api/settings/company`) and the public holidays of each year
// (`/api/settings/company/holidays`): one schema for the route and the form.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_MESSAGE = 'Không được chứa ký tự điều khiển';
const clean = (v: unknown) => typeof v !== 'string' || !CONTROL.test(v);
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Text with no control characters (a pasted NUL, an escape sequence). */
const plain = <T extends z.ZodType>(schema: T) => schema.refine(clean, CONTROL_MESSAGE);

export const COMPANY_TAX_CODE_MESSAGE = 'Mã số thuế không hợp lệ (10 số, hoặc 13 số cho chi nhánh như 0101234567-001)';

/** A company's tax code: 10 digits, or 10 + 3 for a branch (`0101234567-001`); an individual's 12 digits are not one. */
export const companyTaxCodeSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: COMPANY_TAX_CODE_MESSAGE })
    .trim()
    .transform((v, ctx) => {
      const code = normalizeTaxCode(v);
      if (!code || code.length === 12) {
        ctx.addIssue({ code: 'custom', message: COMPANY_TAX_CODE_MESSAGE });
        return z.NEVER;
      }
      return code;
    })
    .nullable()
    .optional(),
);

export const WEBSITE_MESSAGE = 'Địa chỉ website không hợp lệ (ví dụ: https://quantrac.vn)';

/** A website: http(s) only; a bare host gets `https://`. */
export const websiteSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: WEBSITE_MESSAGE })
    .trim()
    .max(255, 'Website tối đa 255 ký tự')
    .transform((v, ctx) => {
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
      let url: URL | null = null;
      try {
        url = new URL(withScheme);
      } catch {
        url = null;
      }
      if (!url || !/^https?:$/.test(url.protocol) || !url.hostname.includes('.') || /\s/.test(v)) {
        ctx.addIssue({ code: 'custom', message: WEBSITE_MESSAGE });
        return z.NEVER;
      }
      return withScheme;
    })
    .nullable()
    .optional(),
);

export const BANK_ACCOUNT_MESSAGE = 'Số tài khoản không hợp lệ (6–30 chữ số, có thể có dấu cách hoặc gạch nối)';
export const bankAccountSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: BANK_ACCOUNT_MESSAGE })
    .trim()
    .refine((v) => /^\d[\d -]*\d$/.test(v) && /^\d{6,30}$/.test(v.replace(/[ -]/g, '')), BANK_ACCOUNT_MESSAGE)
    .nullable()
    .optional(),
);

export const WORKING_WEEK_MESSAGE = 'Vui lòng chọn ít nhất một ngày làm việc trong tuần';

/** The weekdays worked, ISO numbers 1 (Thứ Hai) … 7 (Chủ nhật), each once, sorted. */
export const workingDaysSchema = z
  .array(boundedInt(1, 7, 'Ngày trong tuần không hợp lệ'), { error: WORKING_WEEK_MESSAGE })
  .min(1, WORKING_WEEK_MESSAGE)
  .max(7, 'Một tuần chỉ có 7 ngày')
  .refine((days) => new Set(days).size === days.length, 'Mỗi ngày trong tuần chỉ được chọn một lần')
  .transform((days) => [...days].sort((a, b) => a - b));

export const SATURDAY_HALF_MESSAGE = 'Chỉ chọn “Thứ Bảy làm buổi sáng” khi Thứ Bảy là ngày làm việc';

const companyFields = {
  name: plain(requiredText('tên công ty', 255)),
  short_name: plain(optionalText('tên viết tắt', 100)),
  tax_code: plain(companyTaxCodeSchema),
  address: plain(optionalText('địa chỉ', 500)),
  phone: plain(optionalPhone),
  email: plain(optionalEmail),
  website: plain(websiteSchema),
  legal_representative: plain(optionalText('người đại diện pháp luật', 150)),
  legal_representative_title: plain(optionalText('chức vụ người đại diện', 100)),
  bank_account_number: plain(bankAccountSchema),
  bank_name: plain(optionalText('tên ngân hàng', 255)),
  working_days: workingDaysSchema,
  saturday_half: z.boolean({ error: 'Giá trị “Thứ Bảy làm buổi sáng” không hợp lệ' }),
  /** How new contract numbers are made (`{seq:3}/{yyyy}/HĐ-QT`); left out keeps the current one. */
  contract_number_pattern: plain(contractNumberPatternSchema).optional(),
  /** How new test report numbers are made (`{seq:3}/{yyyy}/PKQ`, the contracts' tokens); left out keeps the current one. */
  test_report_number_pattern: plain(testReportNumberPatternSchema).optional(),
};

export const companySettingsUpdateBody = z
  .object({ ...companyFields, version: versionSchema })
  .refine((b) => !b.saturday_half || !Array.isArray(b.working_days) || b.working_days.includes(SATURDAY), {
    message: SATURDAY_HALF_MESSAGE,
    path: ['saturday_half'],
  });
export type CompanySettingsUpdateBody = z.infer<typeof companySettingsUpdateBody>;
export type CompanySettingsUpdateInput = z.input<typeof companySettingsUpdateBody>;

/** The logo types accepted (decided by content); SVG is refused, as it can carry script. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,.webp';
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPE_MESSAGE = 'Logo phải là ảnh PNG, JPEG hoặc WebP';

export const companyLogoSchema = z.object({
  document_id: z.number(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** Public address of the image (no sign-in: the sign-in page and printed documents show it). */
  url: z.string(),
});
export type CompanyLogo = z.infer<typeof companyLogoSchema>;

export const companySettingsSchema = z.object({
  name: z.string(),
  short_name: z.string().nullable(),
  tax_code: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  legal_representative: z.string().nullable(),
  legal_representative_title: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  working_days: z.array(z.number()),
  saturday_half: z.boolean(),
  logo: companyLogoSchema.nullable(),
  contract_number_pattern: z.string(),
  test_report_number_pattern: z.string(),
  version: z.number(),
  updated_at: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** What the sign-in page may show without a token. */
export const publicCompanySchema = z.object({
  name: z.string(),
  short_name: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** Fields sent beside the logo file (`POST /api/settings/company/logo`, multipart). */
export const companyLogoFields = z
  .object({
    /** A multipart field: its digits are made a number by the multipart reader, like any form's. */
    version: versionSchema.optional(),
  })
  .default({});

export const companyLogoDeleteQuery = z.object({ version: versionQuery.optional() });

// Public holidays.

export const HOLIDAY_MIN_YEAR = MIN_YEAR;
export const HOLIDAY_MAX_YEAR = MAX_YEAR;
export const HOLIDAYS_PER_YEAR_MAX = 60;

export const holidayYearQuery = z.object({ year: yearQuery.optional() });

export const holidayKindSchema = z.enum(HOLIDAY_KINDS, { error: 'Loại ngày không hợp lệ (nghỉ lễ, nghỉ bù hoặc làm bù)' });

export const holidayDaySchema = z.object({
  date: dateSchema,
  name: plain(requiredText('tên ngày nghỉ', 150)),
  kind: holidayKindSchema,
});

export const holidaysUpdateBody = z
  .object({
    year: yearSchema,
    /** The version read; 0 or left out when the year has never been saved. */
    version: boundedInt(0, INT32_MAX - 1, 'Phiên bản không hợp lệ').optional(),
    days: z
      .array(holidayDaySchema, { error: 'Danh sách ngày nghỉ không hợp lệ' })
      .max(HOLIDAYS_PER_YEAR_MAX, `Tối đa ${HOLIDAYS_PER_YEAR_MAX} ngày mỗi năm`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    if (!Array.isArray(body.days)) return;
    body.days.forEach((day, i) => {
      if (typeof day?.date !== 'string') return;
      if (!day.date.startsWith(`${body.year}-`)) {
        ctx.addIssue({ code: 'custom', path: ['days', i, 'date'], message: `Ngày phải thuộc năm ${body.year}` });
      } else if (seen.has(day.date)) {
        const [y, m, d] = day.date.split('-');
        ctx.addIssue({ code: 'custom', path: ['days', i, 'date'], message: `Ngày ${d}/${m}/${y} bị trùng` });
      }
      seen.add(day.date);
    });
  })
  .transform((body) => ({ ...body, days: [...body.days].sort((a, b) => a.date.localeCompare(b.date)) }));
export type HolidaysUpdateBody = z.infer<typeof holidaysUpdateBody>;
export type HolidaysUpdateInput = z.input<typeof holidaysUpdateBody>;

export const holidayYearSchema = z.object({
  year: z.number(),
  /** 0 while the year has never been saved. */
  version: z.number(),
  /** False: nothing saved for the year yet; `days` is then the proposal the calendar follows until it is. */
  saved: z.boolean(),
  days: z.array(z.object({ date: z.string(), name: z.string(), kind: holidayKindSchema })),
  updated_at: z.string().nullable(),
});
export type HolidayYear = z.infer<typeof holidayYearSchema>;

export const holidayProposalSchema = z.object({
  year: z.number(),
  days: z.array(z.object({ date: z.string(), name: z.string(), kind: holidayKindSchema })),
});
export type HolidayProposal = z.infer<typeof holidayProposalSchema>;
