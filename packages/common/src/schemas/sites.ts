import { z } from 'zod';
import { latitudeSchema, longitudeSchema } from './attendance';
import {
  codeSchema,
  idOf,
  idQuery,
  idSchema,
  listQuery,
  optionalDate,
  optionalId,
  optionalText,
  requiredText,
  versionSchema,
} from './common';
import { provinceSchema } from './customers';
import { MEDIA } from './parameters';
import { boolQuery } from './processes';
import { chosenFactorBody, chosenFactorSchema, effectiveLimitSchema, MAX_REGULATION_FACTORS } from './regulations';

/**
 * A customer's facility that is monitored (issue 24 part 2, PRODUCT.md §8): where it is, its environmental permit,
 * and its monitoring points (NT1, KT1, KK1…), each with a medium and its plan — which parameters, how often — and the
 * regulation and column its results are compared with (the regulation catalogue comes with issue 25).
 */

/** How often a parameter is measured at a point, as a permit writes it. */
export const FREQUENCIES = ['monthly', 'quarterly', 'half_yearly', 'yearly', 'once'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  monthly: 'Hằng tháng',
  quarterly: 'Hằng quý',
  half_yearly: '6 tháng/lần',
  yearly: 'Hằng năm',
  once: 'Một lần',
};
/** Rounds a frequency asks for in a year ('once': one round in all). */
export const ROUNDS_PER_YEAR: Record<Frequency, number> = { monthly: 12, quarterly: 4, half_yearly: 2, yearly: 1, once: 1 };

export const MAX_SITE_POINTS = 100;
export const MAX_POINT_PARAMETERS = 100;

const emptyToNull = (v: unknown) => (v === '' ? null : v);
const optionalLatitude = z.preprocess(emptyToNull, latitudeSchema.nullable().optional());
const optionalLongitude = z.preprocess(emptyToNull, longitudeSchema.nullable().optional());

/** One line of a point's plan: a parameter of the point's medium, and how often. */
export const planLineSchema = z.object({
  parameter_id: idOf({ required: 'Vui lòng chọn chỉ tiêu', invalid: 'Chỉ tiêu không hợp lệ' }),
  frequency: z.enum(FREQUENCIES, { error: 'Vui lòng chọn tần suất' }),
});

export const pointBody = z.object({
  /** An existing point keeps its id (samples and rounds will refer to it); a point without one is new. */
  id: idSchema.optional(),
  code: z
    .string({ error: 'Vui lòng nhập ký hiệu điểm' })
    .trim()
    .min(1, 'Vui lòng nhập ký hiệu điểm')
    .max(20, 'Ký hiệu điểm tối đa 20 ký tự')
    .regex(/^[A-Za-z0-9._-]+$/, 'Ký hiệu điểm chỉ gồm chữ không dấu, số và dấu . _ -, ví dụ NT1'),
  name: requiredText('vị trí điểm quan trắc', 255),
  medium: z.enum(MEDIA, { error: 'Vui lòng chọn thành phần môi trường' }),
  latitude: optionalLatitude,
  longitude: optionalLongitude,
  description: optionalText('mô tả điểm', 1000),
  /**
   * The regulation the results are compared with (issue 25): one of the catalogue (`regulation_id`, its column and the
   * factor values of its tables this point's plan chose, with their reason), or — for one not in the catalogue — its
   * citation as text ("QCVN 28:2010/BTNMT", "B"), shown but compared with nothing.
   */
  regulation_id: optionalId,
  regulation: optionalText('quy chuẩn áp dụng', 100),
  regulation_column: optionalText('cột áp dụng', 20),
  regulation_factors: z
    .array(chosenFactorBody, { error: 'Danh sách hệ số không hợp lệ' })
    .max(MAX_REGULATION_FACTORS, `Tối đa ${MAX_REGULATION_FACTORS} hệ số`)
    .default([]),
  plan: z
    .array(planLineSchema, { error: 'Kế hoạch quan trắc không hợp lệ' })
    .max(MAX_POINT_PARAMETERS, `Tối đa ${MAX_POINT_PARAMETERS} chỉ tiêu mỗi điểm`)
    .default([]),
});
export type PointBody = z.infer<typeof pointBody>;

const siteFields = {
  code: codeSchema('mã cơ sở'),
  name: requiredText('tên cơ sở', 255),
  customer_id: idOf({ required: 'Vui lòng chọn khách hàng', invalid: 'Khách hàng không hợp lệ' }),
  address: optionalText('địa chỉ', 255),
  province: z.preprocess(emptyToNull, provinceSchema.nullable().optional()),
  latitude: optionalLatitude,
  longitude: optionalLongitude,
  permit_number: optionalText('số giấy phép môi trường', 100),
  permit_date: optionalDate,
  description: optionalText('ghi chú', 2000),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
  points: z
    .array(pointBody, { error: 'Danh sách điểm quan trắc không hợp lệ' })
    .max(MAX_SITE_POINTS, `Tối đa ${MAX_SITE_POINTS} điểm quan trắc`)
    .default([]),
};

type SiteShape = {
  latitude?: number | null;
  longitude?: number | null;
  points: {
    code: string;
    latitude?: number | null;
    longitude?: number | null;
    regulation_id?: number | null;
    regulation_column?: string | null;
    regulation_factors: { code: string }[];
    plan: { parameter_id: number }[];
  }[];
};

/** Coordinates come in pairs; point codes are unique in a site; a parameter once per point. */
function checkSite(v: SiteShape, ctx: z.RefinementCtx) {
  const pair = (o: { latitude?: number | null; longitude?: number | null }, path: (string | number)[]) => {
    if ((o.latitude == null) !== (o.longitude == null))
      ctx.addIssue({
        code: 'custom',
        path: [...path, o.latitude == null ? 'latitude' : 'longitude'],
        message: 'Nhập cả vĩ độ và kinh độ, hoặc bỏ trống cả hai',
      });
  };
  pair(v, []);
  const codes = new Map<string, number>();
  v.points.forEach((p, i) => {
    pair(p, ['points', i]);
    const key = p.code.toUpperCase();
    if (codes.has(key))
      ctx.addIssue({ code: 'custom', path: ['points', i, 'code'], message: `Ký hiệu điểm ${p.code} bị trùng trong cơ sở` });
    else codes.set(key, i);
    if (p.regulation_id && !p.regulation_column)
      ctx.addIssue({
        code: 'custom',
        path: ['points', i, 'regulation_column'],
        message: 'Vui lòng chọn cột áp dụng của quy chuẩn',
      });
    if (!p.regulation_id && p.regulation_factors.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['points', i, 'regulation_factors'],
        message: 'Hệ số chỉ chọn được với quy chuẩn trong danh mục',
      });
    const factorCodes = new Set<string>();
    p.regulation_factors.forEach((f, j) => {
      if (factorCodes.has(f.code))
        ctx.addIssue({
          code: 'custom',
          path: ['points', i, 'regulation_factors', j, 'code'],
          message: `Hệ số ${f.code} bị trùng`,
        });
      factorCodes.add(f.code);
    });
    const seen = new Set<number>();
    p.plan.forEach((line, j) => {
      if (seen.has(line.parameter_id))
        ctx.addIssue({ code: 'custom', path: ['points', i, 'plan', j, 'parameter_id'], message: 'Chỉ tiêu bị trùng trong điểm' });
      seen.add(line.parameter_id);
    });
  });
}

export const siteCreateBody = z.object(siteFields).superRefine(checkSite);
export type SiteCreateBody = z.infer<typeof siteCreateBody>;

export const siteUpdateBody = z.object({ ...siteFields, version: versionSchema }).superRefine(checkSite);
export type SiteUpdateBody = z.infer<typeof siteUpdateBody>;

export const SITE_SORTS = ['code', 'name', 'created_at', 'updated_at'] as const;

export const siteListQuery = listQuery.extend({
  customer_id: idQuery.optional(),
  province: provinceSchema.optional(),
  active: boolQuery.optional(),
  /** Sites with at least one point of this medium. */
  medium: z.enum(MEDIA, { error: 'Thành phần môi trường không hợp lệ' }).optional(),
});
export type SiteListQuery = z.infer<typeof siteListQuery>;

const refSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const siteSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  customer: refSchema,
  address: z.string().nullable(),
  province: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  permit_number: z.string().nullable(),
  permit_date: z.string().nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
  points_count: z.number(),
  /** The media of its points, for the list's tags. */
  media: z.array(z.enum(MEDIA)),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const pointSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  medium: z.enum(MEDIA),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  description: z.string().nullable(),
  regulation_id: z.number().nullable(),
  regulation: z.string().nullable(),
  regulation_column: z.string().nullable(),
  regulation_factors: z.array(chosenFactorSchema),
  plan: z.array(
    z.object({
      parameter: z.object({
        id: z.number(),
        code: z.string(),
        name: z.string(),
        unit: z.string(),
        method: z.string(),
        analyte: z.string().nullable(),
      }),
      frequency: z.enum(FREQUENCIES),
    }),
  ),
  /** The effective limits of the plan's analytes today, under the regulation in force (issue 25). */
  limits: z.array(effectiveLimitSchema),
});
export type SitePoint = z.infer<typeof pointSchema>;

export const siteDetailSchema = siteSchema.extend({ points: z.array(pointSchema) });
export type SiteDetail = z.infer<typeof siteDetailSchema>;

/** `GET /api/sites/options`: the pickers (a programme's site), active first. */
export const siteOptionsQuery = z.object({ customer_id: idQuery.optional(), active: boolQuery.optional() });
export type SiteOptionsQuery = z.infer<typeof siteOptionsQuery>;

export const siteOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  customer_id: z.number(),
  active: z.boolean(),
});
export type SiteOption = z.infer<typeof siteOptionSchema>;
