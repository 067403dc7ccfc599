import { z } from 'zod';
import { mobileSchema, versionSchema } from './common';

// Zalo settings (PRODUCT.md §3, §7): the Official Account and its app, the tokens (encrypted at rest, only ever shown
// masked), the approved ZNS template of each kind of message, and the API addresses (editable so tests can point them
// at a local stand-in). The stored secrets never go to a new address: changing one asks for them again in the same
// save, and the server takes https to a public host only (this machine only where OUTBOUND_ALLOW_LOOPBACK says).

export const ZALO_API_BASE = 'https://business.openapi.zalo.me';
export const ZALO_OAUTH_BASE = 'https://oauth.zaloapp.com';

/**
 * The kinds of message a ZNS template is registered for. A delivery names its kind in `data.kind`: `otp`, or the
 * notification event with `_` for `.` (`request.received` → `request_received`).
 */
export const ZALO_MESSAGE_KINDS = [
  'otp',
  'request_created',
  'request_received',
  'request_step_changed',
  'request_completed',
  'request_rejected',
  'work_assigned',
  'work_due_soon',
  'work_overdue',
  'work_escalated',
  'leave_submitted',
  'leave_approved',
  'leave_rejected',
  'leave_created_for_you',
  'contract_expiring',
  'evaluation_opened',
  'evaluation_reviewed',
] as const;
export type ZaloMessageKind = (typeof ZALO_MESSAGE_KINDS)[number];
export const ZALO_MESSAGE_KIND_LABELS: Record<ZaloMessageKind, string> = {
  otp: 'Mã xác thực (OTP) đặt lại mật khẩu',
  request_created: 'Yêu cầu mới',
  request_received: 'Yêu cầu được tiếp nhận',
  request_step_changed: 'Yêu cầu chuyển bước',
  request_completed: 'Yêu cầu hoàn thành',
  request_rejected: 'Yêu cầu bị từ chối',
  work_assigned: 'Được giao công việc',
  work_due_soon: 'Công việc sắp đến hạn',
  work_overdue: 'Công việc quá hạn',
  work_escalated: 'Công việc quá hạn — báo trưởng phòng',
  leave_submitted: 'Đơn nghỉ phép mới',
  leave_approved: 'Đơn nghỉ phép được duyệt',
  leave_rejected: 'Đơn nghỉ phép bị từ chối',
  leave_created_for_you: 'Đơn nghỉ phép được tạo thay',
  contract_expiring: 'Hợp đồng sắp hết hạn',
  evaluation_opened: 'Mở kỳ đánh giá',
  evaluation_reviewed: 'Kết quả đánh giá',
};
export const isZaloMessageKind = (v: unknown): v is ZaloMessageKind =>
  typeof v === 'string' && (ZALO_MESSAGE_KINDS as readonly string[]).includes(v);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const digitsId = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\d{1,30}$/, `${label} chỉ gồm chữ số`)
      .nullable()
      .optional(),
  );

/** A secret: left out or empty keeps the stored one, null removes it, a value replaces it. */
const secretInput = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, `${label} tối đa ${max} ký tự`)
      .regex(/^[\x21-\x7e]+$/, `${label} không được chứa khoảng trắng hoặc ký tự có dấu`)
      .nullable()
      .optional(),
  );

/** The secrets, as the settings screen names them. */
export const ZALO_SECRET_LABELS = {
  secret_key: 'Secret key',
  access_token: 'Access token',
  refresh_token: 'Refresh token',
} as const;
export type ZaloSecretField = keyof typeof ZALO_SECRET_LABELS;
export const ZALO_BASE_CHANGED_MESSAGE =
  'Đã đổi địa chỉ API Zalo: cần nhập lại các khóa bí mật đã lưu (hoặc xóa chúng) trong cùng lần lưu.';
/** A stored secret left as it was while an address changes: it must be entered again or removed. */
export const zaloSecretAgainMessage = (field: ZaloSecretField) =>
  `Đã đổi địa chỉ API: nhập lại ${ZALO_SECRET_LABELS[field]} hoặc xóa giá trị đã lưu (khóa cũ không được gửi tới địa chỉ mới).`;

// http stays readable here for the stand-ins on this machine; the server says which addresses it takes.
const baseUrl = z.preprocess(
  blankToNull,
  z
    .url({ protocol: /^https?$/, error: 'Địa chỉ không hợp lệ: cần dạng https://…' })
    .max(255, 'Địa chỉ tối đa 255 ký tự')
    .nullable()
    .optional(),
);

export const zaloSettingsUpdateBody = z.object({
  oa_id: digitsId('OA ID'),
  app_id: digitsId('App ID'),
  secret_key: secretInput('Secret key', 200),
  access_token: secretInput('Access token', 4000),
  refresh_token: secretInput('Refresh token', 4000),
  /** When the access token given runs out; unknown (null) makes the next use refresh it first. */
  token_expires_at: z.preprocess(blankToNull, z.iso.datetime({ error: 'Thời điểm hết hạn không hợp lệ' }).nullable().optional()),
  templates: z
    .partialRecord(
      z.enum(ZALO_MESSAGE_KINDS, { error: 'Loại tin không hợp lệ' }),
      z.preprocess(
        blankToNull,
        z
          .string()
          .trim()
          .regex(/^\d{1,20}$/, 'Mã mẫu ZNS chỉ gồm chữ số')
          .nullable(),
      ),
    )
    .optional(),
  /** Null goes back to Zalo's real address. */
  api_base: baseUrl,
  oauth_base: baseUrl,
  sms_fallback: z.boolean({ error: 'Giá trị không hợp lệ' }).optional(),
  version: versionSchema,
});
export type ZaloSettingsUpdateBody = z.infer<typeof zaloSettingsUpdateBody>;

export const zaloSettingsSchema = z.object({
  oa_id: z.string().nullable(),
  app_id: z.string().nullable(),
  /** Masked (`••••••••abcd`), never the value. */
  secret_key: z.string().nullable(),
  access_token: z.string().nullable(),
  refresh_token: z.string().nullable(),
  has_secret_key: z.boolean(),
  has_access_token: z.boolean(),
  has_refresh_token: z.boolean(),
  token_expires_at: z.string().nullable(),
  templates: z.record(z.string(), z.string()),
  api_base: z.string(),
  oauth_base: z.string(),
  sms_fallback: z.boolean(),
  /** Enough is filled in to send: an access token, or a refresh token with the app id and secret key. */
  configured: z.boolean(),
  version: z.number(),
  updated_at: z.string(),
});
export type ZaloSettings = z.infer<typeof zaloSettingsSchema>;

export const zaloTestMessageBody = z.object({
  phone: mobileSchema,
  kind: z.enum(ZALO_MESSAGE_KINDS, { error: 'Loại tin không hợp lệ' }),
  /** The template's parameters for the test (an OTP template gets `otp: 123456` unless given). */
  data: z
    .record(
      z.string().regex(/^[A-Za-z0-9_]{1,50}$/, 'Tên tham số chỉ gồm chữ không dấu, số và dấu _'),
      z.string().max(200, 'Giá trị tham số tối đa 200 ký tự'),
    )
    .refine((d) => Object.keys(d).length <= 30, 'Tối đa 30 tham số')
    .optional(),
});
export type ZaloTestMessageBody = z.infer<typeof zaloTestMessageBody>;

/** The answer of a connection test or a test send: what Zalo said, in a sentence and raw. */
export const zaloTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  provider_response: z.string().nullable(),
});
export type ZaloTestResult = z.infer<typeof zaloTestResultSchema>;
