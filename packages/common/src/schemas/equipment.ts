import { z } from 'zod';
import { addDays, dayNumberOf } from '../work-calendar';
import { codeSchema, dateSchema, listQuery, optionalDate, optionalId, optionalText, requiredText, versionSchema } from './common';
import { boolQuery } from './processes';

/**
 * The field team's instruments and vehicles (issue 24 part 4): what a sampling trip books. An instrument must be
 * calibrated or verified (hiệu chuẩn / kiểm định) before its due date, a vehicle inspected (đăng kiểm) before its; one
 * `calibration_due` holds either, its words chosen by the kind. A trip may not take an instrument whose date has passed.
 */

export const EQUIPMENT_KINDS = ['instrument', 'vehicle'] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];
export const EQUIPMENT_KIND_LABELS: Record<EquipmentKind, string> = {
  instrument: 'Thiết bị đo',
  vehicle: 'Phương tiện',
};

/** The words of the due date by kind: an instrument is calibrated, a vehicle inspected. */
export const CHECK_WORD: Record<EquipmentKind, string> = { instrument: 'hiệu chuẩn', vehicle: 'đăng kiểm' };
/** The label of the one identifier column by kind: an instrument's serial number, a vehicle's licence plate. */
export const IDENTIFIER_LABELS: Record<EquipmentKind, string> = { instrument: 'Số sê-ri', vehicle: 'Biển số' };

/** A due date within this many days of Vietnam's today is "due soon" (the list's orange tag, the reminders). */
export const EQUIPMENT_DUE_SOON_DAYS = 30;

export const CALIBRATION_STATES = ['lapsed', 'due_soon', 'valid', 'none'] as const;
export type CalibrationState = (typeof CALIBRATION_STATES)[number];

/** The state labels of a filter (by kind, the words of the tag are in the web feature). */
export const CALIBRATION_FILTER_LABELS: Record<CalibrationState, string> = {
  lapsed: 'Quá hạn',
  due_soon: `Sắp đến hạn (${EQUIPMENT_DUE_SOON_DAYS} ngày)`,
  valid: 'Còn hạn',
  none: 'Chưa khai báo hạn',
};

/** Whole days from `today` to `due`: 0 on the due date itself, negative once it has passed. */
export const daysBetween = (today: string, due: string): number => dayNumberOf(due) - dayNumberOf(today);

/**
 * The state of a due date on `today` (Vietnam's date, `YYYY-MM-DD`): the due date is the last day the certificate
 * holds, so it lapses the day after; due soon from EQUIPMENT_DUE_SOON_DAYS days before it. Used by the server's
 * answers and filters and by the web's tags, so both read a date the same way.
 */
export function calibrationState(due: string | null, today: string): CalibrationState {
  if (!due) return 'none';
  if (due < today) return 'lapsed';
  return due <= addDays(today, EQUIPMENT_DUE_SOON_DAYS) ? 'due_soon' : 'valid';
}

/**
 * A Vietnamese licence plate as the registration certificate writes it: the province's two digits, the series (one or
 * two letters, or a letter and a digit), a dash, four or five digits ("29A-1234", "51C-123.45", "51LD-123.45").
 */
export const PLATE_PATTERN = /^\d{2}[A-Z][A-Z0-9]?-(\d{4}|\d{3}\.\d{2})$/;

const equipmentFields = {
  // Neutral words: the same messages serve an instrument and a vehicle.
  code: codeSchema('mã'),
  name: requiredText('tên', 150),
  kind: z.enum(EQUIPMENT_KINDS, { error: 'Vui lòng chọn loại: thiết bị đo hoặc phương tiện' }),
  model: optionalText('hãng, model', 150),
  /** An instrument's serial number, a vehicle's plate (checked by kind below). */
  identifier: optionalText('số sê-ri / biển số', 50),
  department_id: optionalId,
  /** What an instrument measures, as free text ("pH, DO, độ dẫn, nhiệt độ"). */
  measures: optionalText('các chỉ tiêu đo được', 300),
  calibration_due: optionalDate,
  calibration_certificate: optionalText('số giấy chứng nhận', 100),
  last_calibrated_on: optionalDate,
  description: optionalText('ghi chú', 1000),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

/** A vehicle has its plate, written as on its registration; the last check is never after the due date. */
function checkEquipment(
  v: { kind: EquipmentKind; identifier?: string | null; calibration_due?: string | null; last_calibrated_on?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.kind === 'vehicle') {
    if (!v.identifier)
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'Vui lòng nhập biển số xe, ví dụ 51C-123.45' });
    else if (!PLATE_PATTERN.test(v.identifier.toUpperCase()))
      ctx.addIssue({
        code: 'custom',
        path: ['identifier'],
        message: 'Biển số xe không đúng dạng, ví dụ 51C-123.45 hoặc 29A-1234',
      });
  }
  if (v.calibration_due && v.last_calibrated_on && v.last_calibrated_on > v.calibration_due) {
    const word = CHECK_WORD[v.kind];
    ctx.addIssue({
      code: 'custom',
      path: ['last_calibrated_on'],
      message: `Ngày ${word} gần nhất không được sau hạn ${word}`,
    });
  }
}

export const equipmentCreateBody = z.object(equipmentFields).superRefine(checkEquipment);
export type EquipmentCreateBody = z.infer<typeof equipmentCreateBody>;

export const equipmentUpdateBody = z.object({ ...equipmentFields, version: versionSchema }).superRefine(checkEquipment);
export type EquipmentUpdateBody = z.infer<typeof equipmentUpdateBody>;

export const EQUIPMENT_SORTS = ['code', 'name', 'kind', 'calibration_due', 'created_at', 'updated_at'] as const;

export const equipmentListQuery = listQuery.extend({
  kind: z.enum(EQUIPMENT_KINDS, { error: 'Loại thiết bị không hợp lệ' }).optional(),
  active: boolQuery.optional(),
  /** By the due date's state on Vietnam's today (calibrationState). */
  calibration: z.enum(CALIBRATION_STATES, { error: 'Tình trạng hiệu chuẩn không hợp lệ' }).optional(),
  department_id: optionalId,
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuery>;

const refSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const equipmentSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(EQUIPMENT_KINDS),
  model: z.string().nullable(),
  identifier: z.string().nullable(),
  /** The department that keeps it. */
  department: refSchema.nullable(),
  measures: z.string().nullable(),
  calibration_due: z.string().nullable(),
  calibration_certificate: z.string().nullable(),
  last_calibrated_on: z.string().nullable(),
  /** The due date's state on Vietnam's today. */
  calibration_state: z.enum(CALIBRATION_STATES),
  /** Days from today to the due date (negative once lapsed), null without one. */
  days_left: z.number().nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

/** `GET /api/equipment/options?kind=&on=`: a trip's pickers, each marked lapsed or not on the trip's date. */
export const equipmentOptionsQuery = z.object({
  kind: z.enum(EQUIPMENT_KINDS, { error: 'Loại thiết bị không hợp lệ' }).optional(),
  /** The date the equipment is wanted on (default Vietnam's today). */
  on: dateSchema.optional(),
  active: boolQuery.optional(),
});
export type EquipmentOptionsQuery = z.infer<typeof equipmentOptionsQuery>;

export const equipmentOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(EQUIPMENT_KINDS),
  identifier: z.string().nullable(),
  calibration_due: z.string().nullable(),
  /** The state of its due date on `on`. */
  calibration_state: z.enum(CALIBRATION_STATES),
  /** Its due date is before `on`: a trip on that date may not take it. */
  lapsed: z.boolean(),
  active: z.boolean(),
});
export type EquipmentOption = z.infer<typeof equipmentOptionSchema>;
