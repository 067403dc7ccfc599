import { z } from 'zod';
import { compareDec, isDecimalText } from '../lab-decimal';
import { dateSchema, listQuery, optionalDate, optionalId, optionalText, requiredText, versionSchema } from './common';
import { MEDIA } from './parameters';

/**
 * National technical regulations (QCVN) as dated data (issue 25 part 1, PRODUCT.md §8): a regulation is in force from
 * one day to another and may be replaced by another; it has columns (A, B, B1…) with their meaning, limits per analyte
 * and column (min and/or max, unit, averaging period) and, where the regulation computes its limits (QCVN 40:2011
 * Cmax = C × Kq × Kf, QCVN 19:2009 C × Kp × Kv, QCVN 14:2008 C × K), the factors a limit is multiplied by, each with
 * the table of values the regulation allows. Values are decimal strings, never floats.
 */

export const MAX_REGULATION_COLUMNS = 10;
export const MAX_REGULATION_FACTORS = 5;
export const MAX_FACTOR_VALUES = 20;
export const MAX_REGULATION_LIMITS = 500;

/**
 * An analyte's key, shared by the regulation's limits and the parameter catalogue (a parameter "NT-BOD5" of the
 * company measures the analyte BOD5): capitals, digits and . _ + -.
 */
export const ANALYTE_PATTERN = /^[A-Z0-9][A-Z0-9._+-]{0,49}$/;
export const analyteSchema = z
  .string({ error: 'Vui lòng nhập mã chất (analyte)' })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Vui lòng nhập mã chất (analyte)')
      .regex(ANALYTE_PATTERN, 'Mã chất gồm chữ in hoa không dấu, số và dấu . _ + -, tối đa 50 ký tự, ví dụ BOD5'),
  );
export const optionalAnalyte = z.preprocess((v) => (v === '' ? null : v), analyteSchema.nullable().optional());

/** A limit or a factor as the regulation writes it: up to 9 whole digits and 6 decimals, comma or point. */
const REG_DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;
const decimalField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().replace(',', '.')) : v),
    z
      .string({ error: `${label} phải là số thập phân, ví dụ 0,05` })
      .regex(REG_DECIMAL, `${label} phải là số thập phân không âm, tối đa 6 chữ số sau dấu phẩy, ví dụ 0,05`)
      .nullable()
      .optional(),
  );

const requiredDecimal = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v),
    z
      .string({ error: `Vui lòng nhập ${label.toLowerCase()}` })
      .min(1, `Vui lòng nhập ${label.toLowerCase()}`)
      .regex(REG_DECIMAL, `${label} phải là số thập phân không âm, tối đa 6 chữ số sau dấu phẩy, ví dụ 0,9`),
  );

const columnCode = z
  .string({ error: 'Vui lòng nhập ký hiệu cột' })
  .trim()
  .min(1, 'Vui lòng nhập ký hiệu cột')
  .max(10, 'Ký hiệu cột tối đa 10 ký tự')
  .regex(/^[A-Za-z0-9._-]+$/, 'Ký hiệu cột chỉ gồm chữ không dấu, số và dấu . _ -, ví dụ B1');

export const regulationColumnBody = z.object({
  code: columnCode,
  meaning: requiredText('ý nghĩa của cột', 500),
});

const factorCode = z
  .string({ error: 'Vui lòng nhập ký hiệu hệ số' })
  .trim()
  .regex(/^K[A-Za-z0-9]{0,9}$/, 'Ký hiệu hệ số bắt đầu bằng K, tối đa 10 ký tự không dấu, ví dụ Kq');

export const factorValueBody = z.object({
  /** The band of the table, e.g. "50 < Q ≤ 200 m³/s". */
  label: requiredText('điều kiện áp dụng của hệ số', 200),
  value: requiredDecimal('Giá trị hệ số'),
});

export const regulationFactorBody = z.object({
  code: factorCode,
  name: requiredText('tên hệ số', 150),
  /** What the value depends on, e.g. "Lưu lượng dòng chảy của nguồn tiếp nhận (m³/s)". */
  basis: optionalText('căn cứ chọn hệ số', 300),
  values: z
    .array(factorValueBody, { error: 'Bảng giá trị hệ số không hợp lệ' })
    .min(1, 'Hệ số cần ít nhất một giá trị')
    .max(MAX_FACTOR_VALUES, `Tối đa ${MAX_FACTOR_VALUES} giá trị mỗi hệ số`),
});

export const regulationLimitBody = z.object({
  analyte: analyteSchema,
  /** The parameter's name as the regulation writes it. */
  name: requiredText('tên thông số', 200),
  unit: requiredText('đơn vị', 30),
  column: columnCode,
  min: decimalField('Giá trị tối thiểu'),
  max: decimalField('Giá trị tối đa'),
  /** "1 giờ", "24 giờ", "năm"… ('' when the regulation gives none). */
  averaging: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(30, 'Thời gian trung bình tối đa 30 ký tự')),
  /** The factor codes the max is multiplied by ([] = fixed). */
  factors: z.array(factorCode, { error: 'Danh sách hệ số không hợp lệ' }).max(MAX_REGULATION_FACTORS).default([]),
  note: optionalText('ghi chú', 300),
});
export type RegulationLimitBody = z.infer<typeof regulationLimitBody>;

const regulationFields = {
  /** As it is cited: "QCVN 40:2011/BTNMT". */
  code: requiredText('số hiệu quy chuẩn', 100),
  title: requiredText('tên quy chuẩn', 300),
  medium: z.enum(MEDIA, { error: 'Vui lòng chọn thành phần môi trường' }),
  issuer: optionalText('cơ quan ban hành', 200),
  /** The act that issued it: "Thông tư 47/2011/TT-BTNMT". */
  issuing_document: optionalText('văn bản ban hành', 200),
  valid_from: dateSchema,
  valid_to: optionalDate,
  replaced_by_id: optionalId,
  /** Where the values come from (the act, a page of its text). */
  source: optionalText('nguồn trích dẫn', 1000),
  note: optionalText('ghi chú', 2000),
  columns: z
    .array(regulationColumnBody, { error: 'Danh sách cột không hợp lệ' })
    .min(1, 'Quy chuẩn cần ít nhất một cột giá trị')
    .max(MAX_REGULATION_COLUMNS, `Tối đa ${MAX_REGULATION_COLUMNS} cột`),
  factors: z
    .array(regulationFactorBody, { error: 'Danh sách hệ số không hợp lệ' })
    .max(MAX_REGULATION_FACTORS, `Tối đa ${MAX_REGULATION_FACTORS} hệ số`)
    .default([]),
  limits: z
    .array(regulationLimitBody, { error: 'Danh sách giá trị giới hạn không hợp lệ' })
    .max(MAX_REGULATION_LIMITS, `Tối đa ${MAX_REGULATION_LIMITS} giá trị giới hạn`)
    .default([]),
};

type RegulationShape = {
  valid_from: string;
  valid_to?: string | null;
  columns: { code: string }[];
  factors: { code: string; values: { label: string }[] }[];
  limits: {
    analyte: string;
    column: string;
    averaging: string;
    min?: string | null;
    max?: string | null;
    factors: string[];
  }[];
};

/** Columns and factors unique; a limit names a column and factors of the regulation, once per analyte × column × period. */
export function checkRegulation(v: RegulationShape, ctx: z.RefinementCtx) {
  if (v.valid_to && v.valid_to < v.valid_from)
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'Ngày hết hiệu lực không được trước ngày có hiệu lực' });
  const columns = new Set<string>();
  v.columns.forEach((c, i) => {
    if (columns.has(c.code)) ctx.addIssue({ code: 'custom', path: ['columns', i, 'code'], message: `Cột ${c.code} bị trùng` });
    columns.add(c.code);
  });
  const factors = new Set<string>();
  v.factors.forEach((f, i) => {
    if (factors.has(f.code)) ctx.addIssue({ code: 'custom', path: ['factors', i, 'code'], message: `Hệ số ${f.code} bị trùng` });
    factors.add(f.code);
  });
  const keys = new Set<string>();
  v.limits.forEach((l, i) => {
    const path = ['limits', i];
    if (!columns.has(l.column))
      ctx.addIssue({ code: 'custom', path: [...path, 'column'], message: `Cột ${l.column} không có trong quy chuẩn` });
    for (const f of l.factors)
      if (!factors.has(f))
        ctx.addIssue({ code: 'custom', path: [...path, 'factors'], message: `Hệ số ${f} không có trong quy chuẩn` });
    if (l.min == null && l.max == null)
      ctx.addIssue({ code: 'custom', path: [...path, 'max'], message: 'Nhập giá trị tối thiểu, tối đa hoặc cả hai' });
    if (l.min != null && l.max != null && compareDec(l.min, l.max) > 0)
      ctx.addIssue({ code: 'custom', path: [...path, 'min'], message: 'Giá trị tối thiểu lớn hơn giá trị tối đa' });
    if (l.factors.length > 0 && l.max == null)
      ctx.addIssue({ code: 'custom', path: [...path, 'factors'], message: 'Hệ số chỉ nhân với giá trị tối đa' });
    const key = `${l.analyte}|${l.column}|${l.averaging}`;
    if (keys.has(key))
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'analyte'],
        message: `Thông số ${l.analyte} đã có giá trị ở cột ${l.column}${l.averaging ? ` (${l.averaging})` : ''}`,
      });
    keys.add(key);
  });
}

export const regulationCreateBody = z.object(regulationFields).superRefine(checkRegulation);
export type RegulationCreateBody = z.infer<typeof regulationCreateBody>;
export const regulationUpdateBody = z.object({ ...regulationFields, version: versionSchema }).superRefine(checkRegulation);
export type RegulationUpdateBody = z.infer<typeof regulationUpdateBody>;

export const REGULATION_SORTS = ['code', 'valid_from', 'medium', 'updated_at'] as const;
export const regulationListQuery = listQuery.extend({
  medium: z.enum(MEDIA, { error: 'Thành phần môi trường không hợp lệ' }).optional(),
  /** Only those in force on that day. */
  in_force_on: dateSchema.optional(),
});
export type RegulationListQuery = z.infer<typeof regulationListQuery>;

const ref = z.object({ id: z.number(), code: z.string() });

export const regulationColumnSchema = z.object({ code: z.string(), meaning: z.string() });
export const factorValueSchema = z.object({ label: z.string(), value: z.string() });
export const regulationFactorSchema = z.object({
  code: z.string(),
  name: z.string(),
  basis: z.string().nullable(),
  values: z.array(factorValueSchema),
});
export const regulationLimitSchema = z.object({
  analyte: z.string(),
  name: z.string(),
  unit: z.string(),
  column: z.string(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  averaging: z.string(),
  factors: z.array(z.string()),
  note: z.string().nullable(),
});
export type RegulationLimit = z.infer<typeof regulationLimitSchema>;

const regulationHead = {
  id: z.number(),
  code: z.string(),
  title: z.string(),
  medium: z.enum(MEDIA),
  issuer: z.string().nullable(),
  issuing_document: z.string().nullable(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  replaced_by: ref.nullable(),
  /** In force on Vietnam's today. */
  in_force: z.boolean(),
};

export const regulationListItemSchema = z.object({
  ...regulationHead,
  columns: z.array(z.string()),
  limit_count: z.number(),
  version: z.number(),
  updated_at: z.string(),
});
export type RegulationListItem = z.infer<typeof regulationListItemSchema>;

export const regulationSchema = z.object({
  ...regulationHead,
  source: z.string().nullable(),
  note: z.string().nullable(),
  /** The regulations this one replaced. */
  replaces: z.array(ref),
  columns: z.array(regulationColumnSchema),
  factors: z.array(regulationFactorSchema),
  limits: z.array(regulationLimitSchema),
  /** Monitoring points whose plan names it (a regulation in use is never deleted). */
  point_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Regulation = z.infer<typeof regulationSchema>;

/** `GET /api/regulations/options`: the point form's picker, with what the plan chooses from. */
export const regulationOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  medium: z.enum(MEDIA),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  in_force: z.boolean(),
  columns: z.array(regulationColumnSchema),
  factors: z.array(regulationFactorSchema),
});
export type RegulationOption = z.infer<typeof regulationOptionSchema>;
export const regulationOptionsQuery = z.object({
  medium: z.enum(MEDIA, { error: 'Thành phần môi trường không hợp lệ' }).optional(),
});

/** A point's chosen factor: one of the regulation's values, and why ("Q sông = 120 m³/s → Kq = 1,0"). */
export const chosenFactorBody = z.object({
  code: factorCode,
  value: requiredDecimal('Giá trị hệ số'),
  reason: optionalText('căn cứ chọn hệ số', 300),
});
export type ChosenFactorBody = z.infer<typeof chosenFactorBody>;
export const chosenFactorSchema = z.object({ code: z.string(), value: z.string(), reason: z.string().nullable() });

/** The effective limit of one analyte at a point on a date, with the regulation in force then and its formula. */
export const effectiveLimitSchema = z.object({
  regulation: ref,
  column: z.string(),
  analyte: z.string(),
  name: z.string(),
  unit: z.string(),
  averaging: z.string(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  base_max: z.string().nullable(),
  formula: z.string().nullable(),
  missing: z.array(z.string()),
});
export type EffectiveLimitRecord = z.infer<typeof effectiveLimitSchema>;

export const REGULATION_IMPORT_MAX_ROWS = MAX_REGULATION_LIMITS;
export const REGULATION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The import of one regulation's limits table (.xlsx, the services import's habit): every row is checked first and one
 * wrong row writes nothing (422, errors `rows[<row>].<field>`); otherwise the file's limits replace the regulation's.
 */
export const REGULATION_IMPORT_HEADERS = [
  'Mã chất',
  'Thông số',
  'Đơn vị',
  'Cột',
  'Tối thiểu',
  'Tối đa',
  'Thời gian trung bình',
  'Hệ số',
  'Ghi chú',
] as const;
export const regulationImportReportSchema = z.object({
  dry_run: z.boolean(),
  /** Limits the file gives (all of them replace the regulation's limits when there is no error). */
  rows: z.number(),
  /** Per column, how many limits. */
  by_column: z.array(z.object({ column: z.string(), count: z.number() })),
  written: z.boolean(),
});
export type RegulationImportReport = z.infer<typeof regulationImportReportSchema>;

export const isRegulationDecimal = (s: string) => REG_DECIMAL.test(s) && isDecimalText(s);
