import { z } from 'zod';
import {
  csvOf,
  dateSchema,
  idOf,
  idQuery,
  idSchema,
  listQuery,
  optionalDate,
  optionalId,
  optionalText,
  refSchema,
  requiredText,
  versionSchema,
} from './common';
import { attachmentIds, documentSchema } from './documents';
import { boolQuery } from './processes';
import { prioritySchema } from './requests';

export const WORK_STATUSES = ['todo', 'in_progress', 'on_hold', 'done', 'cancelled'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
/** A work still to be done. */
export const OPEN_WORK_STATUSES = ['todo', 'in_progress', 'on_hold'] as const satisfies readonly WorkStatus[];

export const workStatusSchema = z.enum(WORK_STATUSES, { error: 'Trạng thái công việc không hợp lệ' });

/** Most followers a work may have. */
export const MAX_PARTICIPANTS = 50;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * A deadline: a full ISO time (`2026-11-30T17:00:00+07:00`), or a day (`2026-11-30`) meaning the end of that day in
 * Vietnam time. Stored as UTC ISO.
 */
export const deadlineSchema = z
  .string({ error: 'Hạn hoàn thành không hợp lệ' })
  .trim()
  .transform((v, ctx) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (day) {
      const [y, m, dd] = [Number(day[1]), Number(day[2]), Number(day[3])];
      const start = new Date(Date.UTC(y, m - 1, dd));
      // 30/02 is no day: Date.UTC would roll it over to March.
      const real = start.getUTCFullYear() === y && start.getUTCMonth() === m - 1 && start.getUTCDate() === dd;
      if (real && y >= 2000 && y <= 2100) return new Date(start.getTime() + 17 * 3600_000 - 1000).toISOString();
    } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
      const d = new Date(v);
      if (!Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100) return d.toISOString();
    }
    ctx.addIssue({ code: 'custom', message: 'Hạn hoàn thành không hợp lệ (YYYY-MM-DD hoặc thời điểm ISO 8601)' });
    return z.NEVER;
  });

const workFields = {
  title: requiredText('tiêu đề công việc', 255),
  description: optionalText('mô tả', 10_000),
  /** Left out: the assignee's department, or the creator's. */
  department_id: optionalId,
  assignee_id: optionalId,
  priority: prioritySchema.default('normal'),
  start_date: optionalDate,
  deadline: z.preprocess(emptyToNull, deadlineSchema.nullable().optional()),
  /** Followers: they see the work and its comments. */
  participant_ids: z
    .array(idOf('Người theo dõi không hợp lệ'), {
      error: 'Danh sách người theo dõi không hợp lệ',
    })
    .max(MAX_PARTICIPANTS, `Tối đa ${MAX_PARTICIPANTS} người theo dõi`)
    .optional(),
  attachment_ids: attachmentIds,
};

export const workCreateBody = z.object({
  ...workFields,
  /** A work may be linked to a request without being one of its process steps. */
  request_id: optionalId,
});
export type WorkCreateBody = z.infer<typeof workCreateBody>;

export const workUpdateBody = z.object({ ...workFields, version: versionSchema });
export type WorkUpdateBody = z.infer<typeof workUpdateBody>;

export const workProgressBody = z.object({
  progress: z
    .number({ error: 'Vui lòng nhập tiến độ (0–100)' })
    .int('Tiến độ phải là số nguyên')
    .min(0, 'Tiến độ từ 0 đến 100')
    .max(100, 'Tiến độ từ 0 đến 100'),
});
export type WorkProgressBody = z.infer<typeof workProgressBody>;

export const workCompleteBody = z.object({
  /** The result for staff: stays on the work (and the request's page), never shown to the customer. */
  result_note: requiredText('kết quả thực hiện', 10_000),
  /** Documents uploaded beforehand, attached to the work as its result. */
  document_ids: attachmentIds,
  /**
   * Only for the work that gives its request the result (`gives_result`): what the customer reads on the public
   * result page. Left out, the page shows no result text.
   */
  public_result: optionalText('nội dung trả cho khách hàng', 10_000),
  /**
   * Only for the work that gives its request the result: which of the work's documents (those attached before or in
   * this call) the customer may download. None unless chosen.
   */
  public_document_ids: z
    .array(idSchema, { error: 'Danh sách tệp gửi khách hàng không hợp lệ' })
    .max(20, 'Tối đa 20 tệp gửi khách hàng')
    .optional(),
});
export type WorkCompleteBody = z.infer<typeof workCompleteBody>;

export const commentBody = z.object({ body: requiredText('nội dung bình luận', 5000) });
export type CommentBody = z.infer<typeof commentBody>;

export const WORK_SORTS = [
  'code',
  'title',
  'created_at',
  'updated_at',
  'deadline',
  'start_date',
  'priority',
  'status',
  'progress',
] as const;
export type WorkSort = (typeof WORK_SORTS)[number];

export const workListQuery = listQuery.extend({
  status: csvOf(workStatusSchema).optional(),
  priority: csvOf(prioritySchema).optional(),
  department_id: idQuery.optional(),
  assignee_id: idQuery.optional(),
  request_id: idQuery.optional(),
  /** Deadline passed and not done or cancelled. */
  overdue: boolQuery.optional(),
  /** Deadline on or after this day (Vietnam time). */
  from: dateSchema.optional(),
  /** Deadline on or before this day (Vietnam time). */
  to: dateSchema.optional(),
});
export type WorkListQuery = z.infer<typeof workListQuery>;

export const MY_WORK_TABS = ['assigned', 'created', 'following'] as const;
export type MyWorkTab = (typeof MY_WORK_TABS)[number];
export const myWorkListQuery = workListQuery.extend({
  tab: z.enum(MY_WORK_TABS, { error: 'Thẻ không hợp lệ (assigned, created, following)' }).default('assigned'),
});
export type MyWorkListQuery = z.infer<typeof myWorkListQuery>;

export const workSchema = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  request_id: z.number().nullable(),
  request: z.object({ id: z.number(), code: z.string() }).nullable(),
  /** Position (from 1) of the request's process step this work carries out; null for other works. */
  step_index: z.number().nullable(),
  department_id: z.number().nullable(),
  department: refSchema.nullable(),
  assignee_id: z.number().nullable(),
  assignee: refSchema.nullable(),
  priority: prioritySchema,
  start_date: z.string().nullable(),
  deadline: z.string().nullable(),
  progress: z.number(),
  status: workStatusSchema,
  completed_at: z.string().nullable(),
  /** Deadline passed and not done or cancelled. */
  overdue: z.boolean(),
  created_by: z.number().nullable(),
  creator: refSchema.nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Work = z.infer<typeof workSchema>;

export const workDetailSchema = workSchema.extend({
  description: z.string().nullable(),
  result_note: z.string().nullable(),
  /** What the customer reads as the result, chosen when this work (the one giving the result) was completed. */
  public_result: z.string().nullable(),
  /**
   * Whether completing this work gives its request the result the customer sees: a process step's work of the step
   * marked as giving the result, or of the last step when none is.
   */
  gives_result: z.boolean(),
  /** Why it is on hold, cancelled or was sent back. */
  status_reason: z.string().nullable(),
  request: z
    .object({
      id: z.number(),
      code: z.string(),
      title: z.string(),
      status: z.string(),
      priority: prioritySchema,
      due_at: z.string().nullable(),
      customer: refSchema.nullable(),
      /** The request's files (what the customer sent, and its result documents once completed). */
      attachments: z.array(documentSchema),
    })
    .nullable(),
  step_name: z.string().nullable(),
  participants: z.array(refSchema),
  comments_count: z.number(),
  attachments: z.array(documentSchema),
  /**
   * What the caller may do, for the page's buttons: `edit` (change it, its status and progress) is for its assignee, a
   * holder of `works.all`, a holder of `works.department` of its department, and the creator of a work outside a
   * process. Everyone who sees it may comment.
   */
  can: z.object({ edit: z.boolean() }),
});
export type WorkDetail = z.infer<typeof workDetailSchema>;

export const workCommentSchema = z.object({
  id: z.number(),
  work_id: z.number(),
  body: z.string(),
  user: refSchema.nullable(),
  created_at: z.string(),
});
export type WorkComment = z.infer<typeof workCommentSchema>;

export const COMMENT_SORTS = ['created_at'] as const;
