import { z } from 'zod';
import { boundedInt, codeSchema, listQuery, optionalId, optionalText, requiredText, versionSchema } from './common';
import { boolQuery } from './processes';

/**
 * The parameters a monitoring company measures (issue 24, PRODUCT.md §8): a code and name per medium, the unit, the
 * standard method (TCVN, SMEWW, US EPA…), measured on site or in the laboratory, the detection and quantification
 * limits, how long a sample keeps and how it is preserved, whether the method is in the VIMCERTS certificate and the
 * VILAS scope, and the catalogue service that prices it.
 */

/** Environmental media (thành phần môi trường), as Thông tư 10/2021/TT-BTNMT names them. */
export const MEDIA = ['wastewater', 'surface_water', 'groundwater', 'emission', 'ambient_air', 'soil', 'sediment'] as const;
export type Medium = (typeof MEDIA)[number];
export const MEDIUM_LABELS: Record<Medium, string> = {
  wastewater: 'Nước thải',
  surface_water: 'Nước mặt',
  groundwater: 'Nước dưới đất',
  emission: 'Khí thải',
  ambient_air: 'Không khí xung quanh',
  soil: 'Đất',
  sediment: 'Trầm tích',
};

/** Where a parameter is measured: on site (pH, temperature, DO, flue gas) or in the laboratory. */
export const PARAMETER_PLACES = ['field', 'lab'] as const;
export type ParameterPlace = (typeof PARAMETER_PLACES)[number];
export const PARAMETER_PLACE_LABELS: Record<ParameterPlace, string> = {
  field: 'Hiện trường',
  lab: 'Phòng thí nghiệm',
};

/** A holding time up to a year, in hours (coliforms 24 h, BOD₅ 48 h, metals 6 months). */
export const MAX_HOLDING_HOURS = 8760;

/** A target turnaround (received → released) up to a year, in calendar days. */
export const MAX_TURNAROUND_DAYS = 365;

/**
 * A limit of the method as the laboratory writes it: a decimal string that keeps its significant figures ("0.050"),
 * never a float; up to 9 whole digits and 6 decimals.
 */
export const LIMIT_PATTERN = /^\d{1,9}(\.\d{1,6})?$/;

/** Compares two non-negative decimal strings (LIMIT_PATTERN) exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const aw = ai.replace(/^0+(?=\d)/, '');
  const bw = bi.replace(/^0+(?=\d)/, '');
  if (aw.length !== bw.length) return aw.length < bw.length ? -1 : 1;
  if (aw !== bw) return aw < bw ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const x = af.padEnd(len, '0');
  const y = bf.padEnd(len, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

const limit = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().replace(',', '.')) : v),
    z
      .string({ error: `${label} phải là số thập phân, ví dụ 0,05` })
      .regex(LIMIT_PATTERN, `${label} phải là số thập phân không âm, tối đa 6 chữ số sau dấu phẩy, ví dụ 0,05`)
      .nullable()
      .optional(),
  );

const parameterFields = {
  code: codeSchema('mã chỉ tiêu'),
  name: requiredText('tên chỉ tiêu', 150),
  medium: z.enum(MEDIA, { error: 'Vui lòng chọn thành phần môi trường' }),
  unit: requiredText('đơn vị đo', 30),
  method: requiredText('phương pháp', 200),
  place: z.enum(PARAMETER_PLACES, { error: 'Vui lòng chọn nơi đo: hiện trường hoặc phòng thí nghiệm' }),
  lod: limit('Giới hạn phát hiện (LOD)'),
  loq: limit('Giới hạn định lượng (LOQ)'),
  holding_hours: z.preprocess(
    (v) => (v === '' ? null : v),
    boundedInt(1, MAX_HOLDING_HOURS, `Thời gian lưu mẫu là số giờ nguyên từ 1 đến ${MAX_HOLDING_HOURS}`).nullable().optional(),
  ),
  preservation: optionalText('cách bảo quản mẫu', 300),
  /** Target turnaround in calendar days from the sample's receipt to the result's release; null: no target. */
  turnaround_days: z.preprocess(
    (v) => (v === '' ? null : v),
    boundedInt(1, MAX_TURNAROUND_DAYS, `Thời hạn trả kết quả là số ngày nguyên từ 1 đến ${MAX_TURNAROUND_DAYS}`)
      .nullable()
      .optional(),
  ),
  vimcerts: z.boolean({ error: 'Giá trị VIMCERTS phải là có hoặc không' }).default(false),
  vilas: z.boolean({ error: 'Giá trị VILAS phải là có hoặc không' }).default(false),
  service_id: optionalId,
  /**
   * The analyte it measures (issue 25): the key regulations' limits are written under (BOD5, COD, TSS, PH…), so a
   * result of this parameter is compared with the point's regulation.
   */
  analyte: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
    z
      .string({ error: 'Mã chất phải là chuỗi' })
      .regex(/^[A-Z0-9][A-Z0-9._+-]{0,49}$/, 'Mã chất gồm chữ in hoa không dấu, số và dấu . _ + -, tối đa 50 ký tự, ví dụ BOD5')
      .nullable()
      .optional(),
  ),
  description: optionalText('ghi chú', 1000),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

/** The quantification limit is never below the detection limit. */
function checkLimits(v: { lod?: string | null; loq?: string | null }, ctx: z.RefinementCtx) {
  if (v.lod && v.loq && compareDecimal(v.loq, v.lod) < 0)
    ctx.addIssue({
      code: 'custom',
      path: ['loq'],
      message: 'Giới hạn định lượng (LOQ) không được nhỏ hơn giới hạn phát hiện (LOD)',
    });
}

export const parameterCreateBody = z.object(parameterFields).superRefine(checkLimits);
export type ParameterCreateBody = z.infer<typeof parameterCreateBody>;

export const parameterUpdateBody = z.object({ ...parameterFields, version: versionSchema }).superRefine(checkLimits);
export type ParameterUpdateBody = z.infer<typeof parameterUpdateBody>;

export const PARAMETER_SORTS = ['code', 'name', 'medium', 'created_at', 'updated_at'] as const;

export const parameterListQuery = listQuery.extend({
  medium: z.enum(MEDIA, { error: 'Thành phần môi trường không hợp lệ' }).optional(),
  place: z.enum(PARAMETER_PLACES, { error: 'Nơi đo không hợp lệ' }).optional(),
  active: boolQuery.optional(),
  /** Only the parameters whose method is in the VIMCERTS certificate (or out of it). */
  vimcerts: boolQuery.optional(),
});
export type ParameterListQuery = z.infer<typeof parameterListQuery>;

const refSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const parameterSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  medium: z.enum(MEDIA),
  unit: z.string(),
  method: z.string(),
  place: z.enum(PARAMETER_PLACES),
  lod: z.string().nullable(),
  loq: z.string().nullable(),
  holding_hours: z.number().nullable(),
  preservation: z.string().nullable(),
  turnaround_days: z.number().nullable(),
  analyte: z.string().nullable(),
  vimcerts: z.boolean(),
  vilas: z.boolean(),
  /** The catalogue service that prices the parameter, if any. */
  service: refSchema.nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Parameter = z.infer<typeof parameterSchema>;

/** `GET /api/parameters/options`: the pickers (a site's plan, a programme), active first. */
export const parameterOptionsQuery = z.object({
  medium: z.enum(MEDIA, { error: 'Thành phần môi trường không hợp lệ' }).optional(),
  active: boolQuery.optional(),
});
export type ParameterOptionsQuery = z.infer<typeof parameterOptionsQuery>;

export const parameterOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  medium: z.enum(MEDIA),
  unit: z.string(),
  method: z.string(),
  place: z.enum(PARAMETER_PLACES),
  active: z.boolean(),
});
export type ParameterOption = z.infer<typeof parameterOptionSchema>;
