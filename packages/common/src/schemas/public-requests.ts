import { z } from 'zod';
import { idOf, mobileSchema, optionalEmail, optionalText, requiredText } from './common';
import { requestStatusSchema } from './requests';
import { customerTestReportSchema } from './test-reports';

/** The public page's limits, shown on the form and checked by the server. */
export const PUBLIC_MAX_FILES = 5;
export const CONSENT_MESSAGE = 'Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân theo Nghị định 13/2023/NĐ-CP để gửi yêu cầu.';
/** The one answer of every lookup miss: unknown code, wrong mobile, malformed code. */
export const LOOKUP_MISS_MESSAGE = 'Không tìm thấy yêu cầu với mã tra cứu và số điện thoại này.';
/** A client-generated key (e.g. a UUID): the same key twice gives the first answer and makes one request. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
export const idempotencyKeySchema = z
  .string({ error: 'Mã chống gửi trùng không hợp lệ' })
  .regex(IDEMPOTENCY_KEY_PATTERN, 'Mã chống gửi trùng không hợp lệ (8–100 ký tự chữ, số, dấu - _ . :)');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `POST /api/public/requests`: JSON, or multipart with the files as `files[]` (at most 5). */
export const publicRequestBody = z.object({
  /** From the form, its digits are made a number by the multipart reader. */
  request_type_id: z.preprocess(
    emptyToUndefined,
    idOf({ required: 'Vui lòng chọn loại yêu cầu', invalid: 'Loại yêu cầu không hợp lệ' }),
  ),
  name: requiredText('họ và tên', 150),
  mobile: mobileSchema,
  email: optionalEmail,
  organization: optionalText('tên tổ chức', 255),
  address: optionalText('địa chỉ', 255),
  title: requiredText('tiêu đề', 255),
  content: requiredText('nội dung yêu cầu', 10_000),
  /** A checkbox: `true` in JSON, `true` / `1` / `on` in a form. Anything else is no consent. */
  consent: z.preprocess(
    (v) => v === true || v === 'true' || v === '1' || v === 'on',
    z.literal(true, { error: CONSENT_MESSAGE }),
  ),
  /** The honeypot: a field people never see. Filled, the request is answered as a success and dropped. */
  website: z.string().max(2000).optional(),
  /** Or the `Idempotency-Key` header. */
  idempotency_key: z.preprocess(emptyToUndefined, idempotencyKeySchema.optional()),
});
export type PublicRequestBody = z.infer<typeof publicRequestBody>;

export const publicRequestCreated = z.object({
  /** The tracking code the visitor looks the request up with (never the internal id). */
  code: z.string(),
  message: z.string(),
});
export type PublicRequestCreated = z.infer<typeof publicRequestCreated>;

/**
 * `POST /api/public/requests/lookup`. Only presence and length are checked here: a malformed code or mobile gets the
 * same 404 as a wrong one.
 */
export const publicLookupBody = z.object({
  tracking_code: z
    .string({ error: 'Vui lòng nhập mã tra cứu' })
    .trim()
    .min(1, 'Vui lòng nhập mã tra cứu')
    .max(200, 'Mã tra cứu tối đa 200 ký tự'),
  mobile: z
    .string({ error: 'Vui lòng nhập số điện thoại' })
    .trim()
    .min(1, 'Vui lòng nhập số điện thoại')
    .max(50, 'Số điện thoại tối đa 50 ký tự'),
});
export type PublicLookupBody = z.infer<typeof publicLookupBody>;

export const PUBLIC_MILESTONES = ['submitted', 'received', 'in_progress', 'completed', 'rejected', 'cancelled'] as const;
export type PublicMilestone = (typeof PUBLIC_MILESTONES)[number];
export const PUBLIC_MILESTONE_LABELS: Record<PublicMilestone, string> = {
  submitted: 'Đã gửi yêu cầu',
  received: 'Đã tiếp nhận',
  in_progress: 'Đang xử lý',
  completed: 'Hoàn thành',
  rejected: 'Từ chối',
  cancelled: 'Đã hủy',
};

export const publicTimelineEntry = z.object({
  key: z.enum(PUBLIC_MILESTONES),
  label: z.string(),
  /** When it happened; null for a milestone not reached yet. */
  at: z.string().nullable(),
  done: z.boolean(),
  /** The reason of a rejection, for the customer. */
  note: z.string().nullable(),
});
export type PublicTimelineEntry = z.infer<typeof publicTimelineEntry>;

export const publicResultDocument = z.object({
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** A signed link, valid until `expires_at`. */
  url: z.string(),
  expires_at: z.string(),
});
export type PublicResultDocument = z.infer<typeof publicResultDocument>;

export const publicLookupResult = z.object({
  code: z.string(),
  status: requestStatusSchema,
  status_label: z.string(),
  request_type: z.string().nullable(),
  title: z.string(),
  created_at: z.string(),
  received_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** "Nguyễn V** A*" */
  requester_name: z.string(),
  /** "09******78" */
  mobile: z.string(),
  timeline: z.array(publicTimelineEntry),
  /** Only once completed. */
  result_text: z.string().nullable(),
  result_documents: z.array(publicResultDocument),
  /** The customer's signed test reports in force, newest first (at most 20), each checked and downloaded by its code. */
  test_reports: z.array(customerTestReportSchema),
});
export type PublicLookupResult = z.infer<typeof publicLookupResult>;

export const publicDocumentParams = z.object({ token: z.string().max(300) });

/** "Nguyễn Văn An" → "Nguyễn V** A*": the family name whole, the other words' first letter. */
export function maskName(name: string): string {
  const words = name.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const maskWord = (w: string) => {
    const chars = Array.from(w);
    return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
  };
  if (words.length === 1) return maskWord(words[0] as string);
  return [words[0], ...words.slice(1).map(maskWord)].join(' ');
}

/** "0912345678" → "09******78" */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${digits.slice(0, 2)}${'*'.repeat(digits.length - 4)}${digits.slice(-2)}`;
}
