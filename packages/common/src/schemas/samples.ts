import { z } from 'zod';
import { latitudeSchema, longitudeSchema } from './attendance';
import { boundedInt, idOf, idQuery, listQuery, optionalText, versionSchema } from './common';
import { MEDIA } from './parameters';
import { boolQuery } from './processes';

/**
 * A sample (issue 24 part 5): taken at a point of a trip's round, labelled with a unique code printed as a QR, with the
 * field measurements made on the spot, photos and the place it was taken; then its chain of custody — handed over,
 * received at the laboratory, analysed, stored, disposed — each step an event with its person.
 */

export const SAMPLE_QC_KINDS = ['normal', 'field_blank', 'trip_blank', 'duplicate'] as const;
export type SampleQcKind = (typeof SAMPLE_QC_KINDS)[number];
export const SAMPLE_QC_LABELS: Record<SampleQcKind, string> = {
  normal: 'Mẫu thường',
  field_blank: 'Mẫu trắng hiện trường',
  trip_blank: 'Mẫu trắng vận chuyển',
  duplicate: 'Mẫu lặp',
};
/** The suffix the form suggests after the point's code (Thông tư 10/2021's QC samples). */
export const SAMPLE_QC_SUFFIX: Record<SampleQcKind, string> = {
  normal: '',
  field_blank: '-TT',
  trip_blank: '-TV',
  duplicate: '-L',
};

export const SAMPLE_STATUSES = ['taken', 'handed_over', 'received', 'in_analysis', 'stored', 'disposed'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];
export const SAMPLE_STATUS_LABELS: Record<SampleStatus, string> = {
  taken: 'Đã lấy mẫu',
  handed_over: 'Đã bàn giao',
  received: 'Đã nhận tại PTN',
  in_analysis: 'Đang phân tích',
  stored: 'Đang lưu mẫu',
  disposed: 'Đã hủy mẫu',
};

/** The chain of custody's steps after "taken", in order; each has its own route `POST /api/samples/{id}/<step>`. */
export const SAMPLE_STEPS = ['hand-over', 'receive', 'analyse', 'store', 'dispose'] as const;
export type SampleStep = (typeof SAMPLE_STEPS)[number];
export const SAMPLE_STEP_MOVES: Record<SampleStep, { from: SampleStatus; to: SampleStatus; label: string }> = {
  'hand-over': { from: 'taken', to: 'handed_over', label: 'Bàn giao mẫu' },
  receive: { from: 'handed_over', to: 'received', label: 'Nhận mẫu tại phòng thí nghiệm' },
  analyse: { from: 'received', to: 'in_analysis', label: 'Bắt đầu phân tích' },
  store: { from: 'in_analysis', to: 'stored', label: 'Chuyển lưu mẫu' },
  dispose: { from: 'stored', to: 'disposed', label: 'Hủy mẫu' },
};
/** Samples the laboratory still waits for or holds unanalysed: a holding time still runs for them. */
export const SAMPLE_HOLDING_STATUSES: readonly SampleStatus[] = ['taken', 'handed_over', 'received'];

/** A GPS fix this far from the point's coordinates is warned about (never refused: the point may be mis-surveyed). */
export const FAR_FROM_POINT_M = 200;
export const MAX_SAMPLE_MEASUREMENTS = 30;
export const MAX_SAMPLE_PHOTOS = 4;
/** The largest photo a sample carries (bytes of the image, before base64); the phone shrinks it first. */
export const SAMPLE_PHOTO_MAX_BYTES = 400_000;

/** A sample code as printed on its label: letters, digits and - . _ /, saved in capitals. */
export const SAMPLE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9._/-]{1,49}$/;
export const sampleCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: 'Vui lòng nhập mã mẫu' })
    .min(1, 'Vui lòng nhập mã mẫu')
    .regex(SAMPLE_CODE_PATTERN, 'Mã mẫu gồm 2–50 chữ, số và các dấu - . _ /, không dấu cách'),
);

/** A value as the instrument reads it: a decimal string (its significant figures kept), never a float. */
export const MEASURED_PATTERN = /^-?\d{1,9}(\.\d{1,6})?$/;
const decimalText = (label: string, pattern: RegExp, example: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(',', '.') : typeof v === 'number' ? String(v) : v),
    z.string({ error: `Vui lòng nhập ${label}` }).regex(pattern, `${label} phải là số, ví dụ ${example}`),
  );
export const measuredValueSchema = decimalText('giá trị đo', MEASURED_PATTERN, '7,25');
/** The cool box's temperature in °C: −30 to 60, one decimal. */
export const coolBoxSchema = decimalText('nhiệt độ thùng bảo quản', /^-?\d{1,2}(\.\d)?$/, '4,0').refine(
  (v) => Number(v) >= -30 && Number(v) <= 60,
  'Nhiệt độ thùng bảo quản phải từ −30 đến 60 °C',
);

/** A data URL of a JPEG or PNG image; its size and kind are checked again by the server on the decoded bytes. */
export const samplePhotoSchema = z
  .string({ error: 'Ảnh không hợp lệ' })
  .max(Math.ceil((SAMPLE_PHOTO_MAX_BYTES * 4) / 3) + 40, 'Mỗi ảnh tối đa 400 kB')
  .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/=]+$/, 'Ảnh phải là ảnh JPEG hoặc PNG');

const measurementSchema = z.object({
  parameter_id: idOf('Thông số đo không hợp lệ'),
  value: measuredValueSchema,
  equipment_id: z.preprocess((v) => (v === '' ? null : v), idOf('Thiết bị đo không hợp lệ').nullable().optional()),
});

/** An instant in ISO 8601 with its offset, as the phone records it. */
const instantSchema = (label: string) => z.iso.datetime({ offset: true, error: `${label} không hợp lệ` });

const sampleFields = {
  round_id: idOf({ required: 'Vui lòng chọn đợt quan trắc', invalid: 'Đợt quan trắc không hợp lệ' }),
  point_id: idOf({ required: 'Vui lòng chọn điểm lấy mẫu', invalid: 'Điểm lấy mẫu không hợp lệ' }),
  code: sampleCodeSchema,
  qc_kind: z.enum(SAMPLE_QC_KINDS, { error: 'Loại mẫu không hợp lệ' }).default('normal'),
  taken_at: instantSchema('Thời điểm lấy mẫu'),
  container: optionalText('dụng cụ chứa mẫu', 255),
  preservation: optionalText('cách bảo quản', 300),
  latitude: latitudeSchema.nullable().optional(),
  longitude: longitudeSchema.nullable().optional(),
  accuracy_m: boundedInt(0, 100_000, 'Độ chính xác GPS không hợp lệ').nullable().optional(),
  measurements: z
    .array(measurementSchema, { error: 'Danh sách kết quả đo không hợp lệ' })
    .max(MAX_SAMPLE_MEASUREMENTS, `Tối đa ${MAX_SAMPLE_MEASUREMENTS} kết quả đo`)
    .refine((a) => new Set(a.map((m) => m.parameter_id)).size === a.length, 'Có thông số đo bị nhập trùng')
    .default([]),
  notes: optionalText('ghi chú', 1000),
};

function checkPlace(v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  if ((v.latitude == null) !== (v.longitude == null))
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Vị trí cần cả vĩ độ và kinh độ' });
}

const photos = (label: string) =>
  z.array(samplePhotoSchema).max(MAX_SAMPLE_PHOTOS, `Tối đa ${MAX_SAMPLE_PHOTOS} ${label}`).default([]);

export const sampleCreateBody = z
  .object({
    trip_id: idOf({ required: 'Vui lòng chọn chuyến lấy mẫu', invalid: 'Chuyến lấy mẫu không hợp lệ' }),
    ...sampleFields,
    photos: photos('ảnh'),
    /** The phone's own id of an entry queued offline: the same key sent twice makes one sample. */
    client_key: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'Mã hàng đợi không hợp lệ')
      .nullable()
      .optional(),
  })
  .superRefine(checkPlace);
export type SampleCreateBody = z.infer<typeof sampleCreateBody>;

export const sampleUpdateBody = z
  .object({
    ...sampleFields,
    add_photos: photos('ảnh mới'),
    remove_photo_ids: z.array(idOf('Ảnh không hợp lệ')).max(MAX_SAMPLE_PHOTOS).default([]),
    version: versionSchema,
  })
  .superRefine(checkPlace);
export type SampleUpdateBody = z.infer<typeof sampleUpdateBody>;

/** `POST /api/samples/{id}/hand-over`: to whom, when (the phone's time if queued offline), the cool box. */
export const sampleHandOverBody = z.object({
  to_user_id: idOf({ required: 'Vui lòng chọn người nhận mẫu', invalid: 'Người nhận mẫu không hợp lệ' }),
  temperature: coolBoxSchema,
  at: instantSchema('Thời điểm bàn giao').optional(),
  notes: optionalText('ghi chú', 1000),
  version: versionSchema.optional(),
});
export type SampleHandOverBody = z.infer<typeof sampleHandOverBody>;

/** `POST /api/samples/{id}/receive`: the laboratory's check of the sample as it arrives. */
export const sampleReceiveBody = z
  .object({
    intact: z.boolean({ error: 'Vui lòng cho biết mẫu còn nguyên vẹn hay không' }),
    temperature: coolBoxSchema,
    notes: optionalText('ghi chú', 1000),
    version: versionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.intact && !v.notes)
      ctx.addIssue({ code: 'custom', path: ['notes'], message: 'Vui lòng ghi rõ tình trạng mẫu không nguyên vẹn' });
  });
export type SampleReceiveBody = z.infer<typeof sampleReceiveBody>;

/** `POST /api/samples/{id}/analyse|store|dispose`. */
export const sampleStepBody = z
  .object({ notes: optionalText('ghi chú', 1000), version: versionSchema.optional() })
  .nullish()
  .transform((v) => v ?? {});
export type SampleStepBody = z.infer<typeof sampleStepBody>;

export const SAMPLE_SORTS = ['code', 'taken_at', 'status', 'hold_until'] as const;
export const sampleListQuery = listQuery.extend({
  trip_id: idQuery.optional(),
  status: z.enum(SAMPLE_STATUSES, { error: 'Trạng thái không hợp lệ' }).optional(),
  qc_kind: z.enum(SAMPLE_QC_KINDS, { error: 'Loại mẫu không hợp lệ' }).optional(),
  /** Samples still held (taken, handed over, received) past their holding time. */
  overdue: boolQuery.optional(),
});
export type SampleListQuery = z.infer<typeof sampleListQuery>;

const person = z.object({ id: z.number(), name: z.string() });
const ref = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const sampleSchema = z.object({
  id: z.number(),
  code: z.string(),
  trip: z.object({ id: z.number(), code: z.string() }),
  round: z.object({ id: z.number(), name: z.string(), program_code: z.string() }),
  site: ref,
  point: ref,
  medium: z.enum(MEDIA),
  qc_kind: z.enum(SAMPLE_QC_KINDS),
  status: z.enum(SAMPLE_STATUSES),
  taken_at: z.string(),
  taken_by: person,
  /** Taken time + the shortest holding time of the parameters the laboratory analyses; null when none has one. */
  hold_until: z.string().nullable(),
  /** Still held (not yet in analysis) past `hold_until`. */
  overdue: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sample = z.infer<typeof sampleSchema>;

export const sampleEventSchema = z.object({
  id: z.number(),
  status: z.enum(SAMPLE_STATUSES),
  at: z.string(),
  by: person,
  to: person.nullable(),
  temperature: z.string().nullable(),
  intact: z.boolean().nullable(),
  within_holding: z.boolean().nullable(),
  notes: z.string().nullable(),
});
export type SampleEvent = z.infer<typeof sampleEventSchema>;

export const sampleDetailSchema = sampleSchema.extend({
  container: z.string().nullable(),
  preservation: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy_m: z.number().nullable(),
  /** Metres from the point's coordinates; null when either is unknown. */
  distance_m: z.number().nullable(),
  far_from_point: z.boolean(),
  measurements: z.array(
    z.object({
      parameter: z.object({ id: z.number(), code: z.string(), name: z.string(), unit: z.string() }),
      value: z.string(),
      equipment: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
    }),
  ),
  photos: z.array(z.object({ id: z.number(), url: z.string() })),
  /** What the laboratory analyses in it: the point's laboratory parameters due in the round. */
  lab_parameters: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), holding_hours: z.number().nullable() })),
  events: z.array(sampleEventSchema),
  notes: z.string().nullable(),
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    'hand-over': z.boolean(),
    receive: z.boolean(),
    analyse: z.boolean(),
    store: z.boolean(),
    dispose: z.boolean(),
  }),
});
export type SampleDetail = z.infer<typeof sampleDetailSchema>;

/** What a label shows (the A4 sheet and the single label); the QR carries `/admin/monitoring/samples/code/<code>`. */
export const sampleLabelSchema = z.object({
  id: z.number(),
  code: z.string(),
  site: z.string(),
  point: z.string(),
  medium: z.enum(MEDIA),
  qc_kind: z.enum(SAMPLE_QC_KINDS),
  taken_at: z.string(),
  preservation: z.string().nullable(),
  lab_parameters: z.array(z.string()),
});
export type SampleLabel = z.infer<typeof sampleLabelSchema>;

/** The path a label's QR opens (the phone's camera opens the app there, which finds the sample by its code). */
export const sampleScanPath = (code: string) => `/admin/monitoring/samples/code/${encodeURIComponent(code)}`;

/** A scanned text — a label's URL or the code typed by a handheld scanner — back to the sample code. */
export function codeFromScan(text: string): string {
  const t = text.trim();
  const m = /\/samples\/code\/([^/?#\s]+)/.exec(t);
  return (m?.[1] ? decodeURIComponent(m[1]) : t).toUpperCase();
}
