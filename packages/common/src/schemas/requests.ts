import { z } from 'zod';
import { auditLogSchema } from './audit-logs';
import {
  csvOf,
  dateSchema,
  idOf,
  idQuery,
  listQuery,
  mobileSchema,
  optionalEmail,
  optionalId,
  optionalText,
  refSchema,
  requiredText,
  versionSchema,
} from './common';
import { attachmentIds, documentSchema } from './documents';
import { boolQuery } from './processes';

export const REQUEST_STATUSES = ['new', 'received', 'in_progress', 'on_hold', 'completed', 'rejected', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Statuses a request can still move out of. */
export const OPEN_REQUEST_STATUSES = ['new', 'received', 'in_progress', 'on_hold'] as const satisfies readonly RequestStatus[];
/** Statuses in which the request's fields may still be edited. */
export const EDITABLE_REQUEST_STATUSES = OPEN_REQUEST_STATUSES;
/** Statuses that end a request. */
export const CLOSED_REQUEST_STATUSES = ['completed', 'rejected', 'cancelled'] as const satisfies readonly RequestStatus[];

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const REQUEST_SOURCES = ['public', 'staff'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

export const requestStatusSchema = z.enum(REQUEST_STATUSES, { error: 'Trạng thái yêu cầu không hợp lệ' });
export const prioritySchema = z.enum(PRIORITIES, { error: 'Mức ưu tiên không hợp lệ (thấp, bình thường, cao, khẩn)' });
export const requestSourceSchema = z.enum(REQUEST_SOURCES, { error: 'Nguồn yêu cầu không hợp lệ' });

/**
 * The tracking code's random part: Crockford's base32 alphabet (no I, L, O, U), so it reads back without confusion.
 * 8 characters × 5 bits = 40 random bits.
 */
export const TRACKING_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TRACKING_RANDOM_LENGTH = 8;

/** A tracking code as typed by a visitor: upper-cased, spaces dropped, O read as 0 and I/L as 1. */
export function normalizeTrackingCode(input: string): string {
  const upper = input.trim().toUpperCase().replace(/\s+/g, '');
  const parts = upper.split('-');
  if (parts.length < 3) return upper;
  const random = (parts.pop() as string).replace(/O/g, '0').replace(/[IL]/g, '1');
  return [...parts, random].join('-');
}

/** `YC2611-0007` */
export const REQUEST_CODE_PATTERN = /^YC\d{4}-\d{4,}$/;
/** `YC2611-0007-K3M9QX7T` */
export const TRACKING_CODE_PATTERN = /^YC\d{4}-\d{4,}-[0-9A-HJKMNP-TV-Z]{8}$/;

const requestFields = {
  request_type_id: idOf({ required: 'Vui lòng chọn loại yêu cầu', invalid: 'Loại yêu cầu không hợp lệ' }),
  /** An existing customer; left out, the customer is found by the requester's phone or created from their details. */
  customer_id: optionalId,
  requester_name: requiredText('tên người yêu cầu', 150),
  /** The requester is a person: a Vietnamese mobile, like the public form's (a customer's own phone may be a landline). */
  requester_phone: mobileSchema,
  requester_email: optionalEmail,
  requester_organization: optionalText('tên tổ chức', 255),
  requester_address: optionalText('địa chỉ', 255),
  title: requiredText('tiêu đề', 255),
  content: optionalText('nội dung', 10_000),
  priority: prioritySchema.default('normal'),
  /** Documents uploaded beforehand (`POST /api/documents`) to attach to the request. */
  attachment_ids: attachmentIds,
};

export const requestCreateBody = z.object(requestFields);
export type RequestCreateBody = z.infer<typeof requestCreateBody>;

export const requestUpdateBody = z.object({ ...requestFields, version: versionSchema });
export type RequestUpdateBody = z.infer<typeof requestUpdateBody>;

/** A reason the customer or a colleague will read: hold, reject, send back. */
export const reasonBody = z.object({ reason: requiredText('lý do', 1000) });
export type ReasonBody = z.infer<typeof reasonBody>;

/** Cancelling may say why. */
export const cancelBody = z.preprocess((v) => v ?? {}, z.object({ reason: optionalText('lý do', 1000) }));
export type CancelBody = z.infer<typeof cancelBody>;

/** Manual completion: the result the customer will see, and documents given as the result. */
export const requestCompleteBody = z.object({
  result_text: requiredText('kết quả xử lý', 10_000),
  document_ids: attachmentIds,
});
export type RequestCompleteBody = z.infer<typeof requestCompleteBody>;

export const REQUEST_SORTS = [
  'code',
  'created_at',
  'updated_at',
  'due_at',
  'received_at',
  'completed_at',
  'priority',
  'status',
  'title',
] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

export const requestListQuery = listQuery.extend({
  status: csvOf(requestStatusSchema).optional(),
  request_type_id: idQuery.optional(),
  priority: csvOf(prioritySchema).optional(),
  source: csvOf(requestSourceSchema).optional(),
  customer_id: idQuery.optional(),
  /** Created on or after this day (Vietnam time). */
  from: dateSchema.optional(),
  /** Created on or before this day (Vietnam time). */
  to: dateSchema.optional(),
  /** Past its due time and still open (the time on hold does not count). */
  overdue: boolQuery.optional(),
});
export type RequestListQuery = z.infer<typeof requestListQuery>;

export const requestSchema = z.object({
  id: z.number(),
  code: z.string(),
  tracking_code: z.string(),
  request_type_id: z.number(),
  request_type: refSchema.nullable(),
  customer_id: z.number().nullable(),
  customer: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  requester_name: z.string(),
  requester_phone: z.string(),
  requester_email: z.string().nullable(),
  requester_organization: z.string().nullable(),
  requester_address: z.string().nullable(),
  title: z.string(),
  source: requestSourceSchema,
  priority: prioritySchema,
  status: requestStatusSchema,
  /** Position (from 1) of the step the request is at; null before it is received. */
  current_step: z.number().nullable(),
  due_at: z.string().nullable(),
  received_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  on_hold_since: z.string().nullable(),
  overdue: z.boolean(),
  created_by: z.number().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RequestRecord = z.infer<typeof requestSchema>;

export const requestStepSchema = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  department_id: z.number().nullable(),
  department: refSchema.nullable(),
  default_assignee_id: z.number().nullable(),
  duration_hours: z.number(),
  produces_result: z.boolean(),
});
export type RequestStep = z.infer<typeof requestStepSchema>;

/** A work of the request, as its page lists it. */
export const requestWorkSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  step_index: z.number().nullable(),
  status: z.string(),
  assignee: refSchema.nullable(),
  department: refSchema.nullable(),
  deadline: z.string().nullable(),
  progress: z.number(),
  completed_at: z.string().nullable(),
  overdue: z.boolean(),
  created_at: z.string(),
});
export type RequestWork = z.infer<typeof requestWorkSchema>;

export const requestDetailSchema = requestSchema.extend({
  content: z.string().nullable(),
  /** Why it is on hold, rejected or cancelled. */
  status_reason: z.string().nullable(),
  /** The result for staff (the result note of the work that gave it). */
  result_text: z.string().nullable(),
  /** What the customer reads on the public result page: chosen by staff, null unless they wrote one. */
  public_result: z.string().nullable(),
  /** The process as it was when the request was received (later edits of the process leave it be). */
  process: z.object({ id: z.number(), code: z.string(), name: z.string(), version: z.number() }).nullable(),
  steps: z.array(requestStepSchema),
  current_step_detail: requestStepSchema.nullable(),
  works: z.array(requestWorkSchema),
  /** Files sent with the request or attached by staff (not public). */
  attachments: z.array(documentSchema),
  /** The result documents the customer sees on the public result page. */
  result_documents: z.array(documentSchema),
  /** The request's history, oldest first. */
  timeline: z.array(auditLogSchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;
