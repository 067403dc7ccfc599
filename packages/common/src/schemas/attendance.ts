import { z } from 'zod';
import {
  boundedInt,
  codeSchema,
  dateSchema,
  idOf,
  idQuery,
  idSchema,
  listQuery,
  optionalText,
  pageMeta,
  requiredText,
  versionSchema,
} from './common';

// Issue 23 part 4, attendance (chấm công): check-in / check-out by GPS, QR or office IP, sites, rules, corrections
// (giải trình) and the time clock import. Contract: /work/briefs/attendance-api.md. The server's clock decides every
// time; a device's time is only recorded.

/** Any of these reads the records list (own, departments headed, everyone). */
export const ATTENDANCE_LIST_KEYS = ['attendance.index', 'attendance.department', 'attendance.all'] as const;

export const CHECK_KINDS = ['in', 'out'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
export const CHECK_KIND_LABELS: Record<CheckKind, string> = { in: 'Chấm vào', out: 'Chấm ra' };

/** How a punch reached the server: the three of the phone, a time clock file, an approved correction. */
export const CHECK_METHODS = ['gps', 'qr', 'ip', 'import', 'correction'] as const;
export type CheckMethod = (typeof CHECK_METHODS)[number];
export const CHECK_METHOD_LABELS: Record<CheckMethod, string> = {
  gps: 'GPS',
  qr: 'Mã QR',
  ip: 'Mạng văn phòng',
  import: 'Máy chấm công',
  correction: 'Giải trình',
};
/** The methods a phone may use. */
export const PHONE_METHODS = ['gps', 'qr', 'ip'] as const;

/** How long a kiosk's QR code is valid, in seconds. */
export const KIOSK_CODE_SECONDS = 30;
/** The largest photo a check-in carries (bytes of the image, before base64). */
export const CHECK_PHOTO_MAX_BYTES = 300 * 1024;
/** The bounds of a site's radius and of the accuracy limit, in metres. */
export const MAX_RADIUS_M = 50_000;
export const MAX_ACCURACY_M = 10_000;
export const MAX_GRACE_MINUTES = 240;

/** 'HH:MM', 24 h. */
export const clockSchema = z
  .string({ error: 'Giờ không hợp lệ (HH:MM)' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Giờ không hợp lệ (HH:MM)');
const optionalClock = z.preprocess((v) => (v === '' ? null : v), clockSchema.nullable().optional());

/** 'YYYY-MM'. */
export const monthSchema = z
  .string({ error: 'Tháng không hợp lệ (YYYY-MM)' })
  .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'Tháng không hợp lệ (YYYY-MM)');

/** Decimal degrees with at most 6 decimals (stored as integer micro-degrees). */
const degrees = (label: string, limit: number) =>
  z
    .number({ error: `${label} không hợp lệ` })
    .min(-limit, `${label} phải từ −${limit} đến ${limit}`)
    .max(limit, `${label} phải từ −${limit} đến ${limit}`)
    .refine((v) => Math.abs(Math.round(v * 1e6) - v * 1e6) < 1e-3, `${label} tối đa 6 chữ số thập phân`);
export const latitudeSchema = degrees('Vĩ độ', 90);
export const longitudeSchema = degrees('Kinh độ', 180);

export const shiftSchema = z
  .object({
    morning_start: clockSchema,
    morning_end: clockSchema,
    afternoon_start: clockSchema,
    afternoon_end: clockSchema,
  })
  .superRefine((s, ctx) => {
    if (s.morning_end <= s.morning_start)
      ctx.addIssue({ code: 'custom', path: ['morning_end'], message: 'Giờ kết thúc ca sáng phải sau giờ bắt đầu' });
    if (s.afternoon_start < s.morning_end)
      ctx.addIssue({ code: 'custom', path: ['afternoon_start'], message: 'Ca chiều phải bắt đầu sau khi ca sáng kết thúc' });
    if (s.afternoon_end <= s.afternoon_start)
      ctx.addIssue({ code: 'custom', path: ['afternoon_end'], message: 'Giờ kết thúc ca chiều phải sau giờ bắt đầu' });
  });
export type ShiftHoursBody = z.infer<typeof shiftSchema>;

// Check-in --------------------------------------------------------------------------------------------------------

/** A data URL of a JPEG or PNG image; its size is checked by the server on the decoded bytes. */
const photoSchema = z
  .string()
  .max(Math.ceil((CHECK_PHOTO_MAX_BYTES * 4) / 3) + 40, 'Ảnh chấm công tối đa 300 kB')
  .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/=]+$/, 'Ảnh chấm công phải là ảnh JPEG hoặc PNG');

export const checkBody = z
  .object({
    kind: z.enum(CHECK_KINDS, { error: 'Vui lòng chọn chấm vào hoặc chấm ra' }),
    method: z.enum(PHONE_METHODS, { error: 'Cách chấm công không hợp lệ' }),
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    accuracy_m: z
      .number({ error: 'Độ chính xác không hợp lệ' })
      .min(0, 'Độ chính xác không hợp lệ')
      .max(1_000_000, 'Độ chính xác không hợp lệ')
      .optional(),
    code: z.string().trim().max(200, 'Mã QR không hợp lệ').optional(),
    device_time: z.iso.datetime({ offset: true, error: 'Giờ của thiết bị không hợp lệ' }).optional(),
    photo: photoSchema.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.method === 'gps') {
      if (b.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Chưa lấy được vị trí GPS' });
      if (b.longitude === undefined) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'Chưa lấy được vị trí GPS' });
    }
    if (b.method === 'qr' && !b.code) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Vui lòng quét mã QR' });
  });
export type CheckBody = z.infer<typeof checkBody>;

const refWithCode = z.object({ id: z.number(), name: z.string(), code: z.string().nullable() });

export const attendanceRecordSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: refWithCode.extend({ department: z.object({ id: z.number(), name: z.string() }).nullable() }),
  kind: z.enum(CHECK_KINDS),
  method: z.enum(CHECK_METHODS),
  /** The server's time of the punch, ISO. */
  at: z.string(),
  /** The Vietnamese calendar day of `at`. */
  date: z.string(),
  site: z.object({ id: z.number(), name: z.string() }).nullable(),
  distance_m: z.number().nullable(),
  accuracy_m: z.number().nullable(),
  ip: z.string().nullable(),
  device_time: z.string().nullable(),
  has_photo: z.boolean(),
  created_at: z.string(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

export const attendanceSiteRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radius_m: z.number(),
});

const shiftOut = z.object({
  morning_start: z.string(),
  morning_end: z.string(),
  afternoon_start: z.string(),
  afternoon_end: z.string(),
});

export const attendanceTodaySchema = z.object({
  date: z.string(),
  checks: z.array(attendanceRecordSchema),
  shift: shiftOut,
  /** Whether my last punch today is a check-in. */
  checked_in: z.boolean(),
  sites: z.array(attendanceSiteRefSchema),
  office_ip: z.boolean(),
  accuracy_limit_m: z.number(),
  /** Whether attendance decides timekeeping. */
  required: z.boolean(),
});
export type AttendanceToday = z.infer<typeof attendanceTodaySchema>;

// Records list and days -------------------------------------------------------------------------------------------

export const attendanceListQuery = listQuery.pick({ page: true, per_page: true }).extend({
  month: monthSchema,
  user_id: idQuery.optional(),
  department_id: idQuery.optional(),
});
export type AttendanceListQuery = z.infer<typeof attendanceListQuery>;
export const attendanceListSchema = z.object({ data: z.array(attendanceRecordSchema), meta: pageMeta });

export const attendanceDaysQuery = z.object({ month: monthSchema, user_id: idQuery.optional() });
export type AttendanceDaysQuery = z.infer<typeof attendanceDaysQuery>;

export const CORRECTION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];
export const CORRECTION_STATUS_LABELS: Record<CorrectionStatus, string> = {
  pending: 'Chờ duyệt',
  approved: 'Đã duyệt',
  rejected: 'Từ chối',
  cancelled: 'Đã hủy',
};

/** A leave or business trip the day's timekeeping symbol shows (a sampling trip's day is the company's trip type). */
export const attendanceDayLeaveSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** A business trip (công tác): worked, not leave. */
  counts_as_worked: z.boolean(),
});
export type AttendanceDayLeave = z.infer<typeof attendanceDayLeaveSchema>;

export const attendanceDaySchema = z.object({
  date: z.string(),
  first_in: z.string().nullable(),
  last_out: z.string().nullable(),
  /**
   * The timekeeping grid's cell for the day, as `GET /api/timekeeping` shows it: X, a leave's symbol (P, CT…), L, '–',
   * halves `X/P`, `P/` (a morning-only Saturday); '' a rest day, a day outside the person's time in the company, or
   * today before any check-in.
   */
  symbol: z.string(),
  /** The leaves and trips in `symbol`, morning first, once each. */
  leaves: z.array(attendanceDayLeaveSchema),
  late_minutes: z.number(),
  early_minutes: z.number(),
  /** Checked in, never out (a past day, or today after the afternoon shift). */
  forgot_out: z.boolean(),
  /** Checked out without a check-in. */
  forgot_in: z.boolean(),
  /**
   * A half due at work has no check-in: absent ('–'), or, when attendance does not decide timekeeping, a past working
   * half without any punch. A half on leave or on a trip is never missing.
   */
  missing: z.boolean(),
  /** Something a giải trình can mend (missing, forgotten, late, early) and none is pending or approved for the day. */
  needs_correction: z.boolean(),
  /** An approved correction supplied or replaced a time. */
  corrected: z.boolean(),
  /** The status of the day's latest correction, if any. */
  correction_status: z.enum(CORRECTION_STATUSES).nullable(),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;

export const kioskCodeSchema = z.object({ code: z.string(), url: z.string(), expires_at: z.string() });
export type KioskCode = z.infer<typeof kioskCodeSchema>;

// Sites -----------------------------------------------------------------------------------------------------------

const siteFields = {
  code: codeSchema('mã địa điểm'),
  name: requiredText('tên địa điểm', 150),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  radius_m: boundedInt(10, MAX_RADIUS_M, `Bán kính phải từ 10 đến ${MAX_RADIUS_M} m`),
  all_staff: z.boolean({ error: 'Vui lòng chọn ai được chấm công tại đây' }).default(true),
  user_ids: z.array(idSchema).max(2000, 'Tối đa 2000 nhân viên').default([]),
  description: optionalText('mô tả', 500),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

export const siteCreateBody = z.object(siteFields);
export type SiteCreateBody = z.infer<typeof siteCreateBody>;
export const siteUpdateBody = z.object({ ...siteFields, version: versionSchema });
export type SiteUpdateBody = z.infer<typeof siteUpdateBody>;

export const attendanceSiteSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  radius_m: z.number(),
  all_staff: z.boolean(),
  user_ids: z.array(z.number()),
  users: z.array(refWithCode),
  active: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AttendanceSite = z.infer<typeof attendanceSiteSchema>;
export const SITE_SORTS = ['code', 'name', 'created_at', 'updated_at'] as const;
export const siteListQuery = listQuery;
export type SiteListQuery = z.infer<typeof siteListQuery>;

// Settings --------------------------------------------------------------------------------------------------------

/** An IPv4 or IPv6 address, or a CIDR range of one; checked by the server's parser. */
export const ipRangeSchema = z.string().trim().min(2, 'Dải IP không hợp lệ').max(50, 'Dải IP không hợp lệ');

export const departmentShiftSchema = z.intersection(z.object({ department_id: idOf('Vui lòng chọn phòng ban') }), shiftSchema);

export const attendanceSettingsUpdateBody = z.object({
  required: z.boolean({ error: 'Vui lòng chọn có bắt buộc chấm công hay không' }),
  accuracy_limit_m: boundedInt(5, MAX_ACCURACY_M, `Giới hạn độ chính xác phải từ 5 đến ${MAX_ACCURACY_M} m`),
  grace_minutes: boundedInt(0, MAX_GRACE_MINUTES, `Số phút cho phép đi muộn phải từ 0 đến ${MAX_GRACE_MINUTES}`),
  office_ip_ranges: z.array(ipRangeSchema).max(50, 'Tối đa 50 dải IP').default([]),
  shift: shiftSchema,
  department_shifts: z.array(departmentShiftSchema).max(200, 'Tối đa 200 phòng ban').default([]),
  version: versionSchema,
});
export type AttendanceSettingsUpdateBody = z.infer<typeof attendanceSettingsUpdateBody>;

export const attendanceSettingsSchema = z.object({
  required: z.boolean(),
  accuracy_limit_m: z.number(),
  grace_minutes: z.number(),
  office_ip_ranges: z.array(z.string()),
  shift: shiftOut,
  department_shifts: z.array(shiftOut.extend({ department_id: z.number() })),
  version: z.number(),
  updated_at: z.string(),
});
export type AttendanceSettings = z.infer<typeof attendanceSettingsSchema>;

// Corrections (giải trình) ----------------------------------------------------------------------------------------

export const CORRECTION_TABS = ['mine', 'to_approve', 'all'] as const;
export type CorrectionTab = (typeof CORRECTION_TABS)[number];

export const correctionListQuery = listQuery.pick({ page: true, per_page: true }).extend({
  tab: z.enum(CORRECTION_TABS, { error: 'Thẻ danh sách không hợp lệ' }).default('mine'),
  status: z.enum(CORRECTION_STATUSES, { error: 'Trạng thái không hợp lệ' }).optional(),
});
export type CorrectionListQuery = z.infer<typeof correctionListQuery>;

export const correctionCreateBody = z
  .object({
    date: dateSchema,
    check_in: optionalClock,
    check_out: optionalClock,
    reason: requiredText('lý do giải trình', 1000),
  })
  .superRefine((b, ctx) => {
    if (!b.check_in && !b.check_out)
      ctx.addIssue({ code: 'custom', path: ['check_in'], message: 'Vui lòng nhập giờ vào hoặc giờ ra' });
    if (b.check_in && b.check_out && b.check_out <= b.check_in)
      ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'Giờ ra phải sau giờ vào' });
  });
export type CorrectionCreateBody = z.infer<typeof correctionCreateBody>;

export const correctionApproveBody = z.object({ note: optionalText('ghi chú', 1000), version: versionSchema.optional() });
export type CorrectionApproveBody = z.infer<typeof correctionApproveBody>;
export const correctionRejectBody = z.object({
  note: requiredText('lý do từ chối', 1000),
  version: versionSchema.optional(),
});
export type CorrectionRejectBody = z.infer<typeof correctionRejectBody>;
/** A cancel may come with no body at all. */
export const correctionCancelBody = z.preprocess((v) => v ?? {}, z.object({ version: versionSchema.optional() }));

export const CORRECTION_ACTIONS = ['created', 'approved', 'rejected', 'cancelled'] as const;
export const CORRECTION_ACTION_LABELS: Record<(typeof CORRECTION_ACTIONS)[number], string> = {
  created: 'Gửi giải trình',
  approved: 'Duyệt',
  rejected: 'Từ chối',
  cancelled: 'Hủy',
};

export const attendanceCorrectionSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: refWithCode,
  date: z.string(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  approver: z.object({ id: z.number(), name: z.string() }).nullable(),
  decided_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AttendanceCorrection = z.infer<typeof attendanceCorrectionSchema>;

export const attendanceCorrectionDetailSchema = attendanceCorrectionSchema.extend({
  history: z.array(
    z.object({
      action: z.enum(CORRECTION_ACTIONS),
      user: z.object({ id: z.number(), name: z.string() }).nullable(),
      at: z.string(),
      note: z.string().nullable(),
    }),
  ),
  can: z.object({ approve: z.boolean(), reject: z.boolean(), cancel: z.boolean() }),
});
export type AttendanceCorrectionDetail = z.infer<typeof attendanceCorrectionDetailSchema>;
export const correctionListSchema = z.object({ data: z.array(attendanceCorrectionSchema), meta: pageMeta });

// Time clock import -----------------------------------------------------------------------------------------------

export const ATTENDANCE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTENDANCE_IMPORT_MAX_ROWS = 50_000;

export const attendanceImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'dry_run phải là true hoặc false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export const attendanceImportFields = z.object({}).passthrough();

export const attendanceImportReportSchema = z.object({
  rows: z.number(),
  accepted: z.number(),
  duplicates: z.number(),
  unknown_codes: z.array(z.string()),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  dry_run: z.boolean(),
  /** The layout the file was read as. */
  layout: z.enum(['zkteco', 'generic']).nullable(),
});
export type AttendanceImportReport = z.infer<typeof attendanceImportReportSchema>;
