import { z } from 'zod';
import {
  boundedInt,
  csvOf,
  dateSchema,
  idOf,
  idQuery,
  listQuery,
  optionalText,
  requiredText,
  versionSchema,
  yearQuery,
  yearSchema,
} from './common';
import { attachmentIds, documentSchema } from './documents';

// Issue 10, leaves (PRODUCT.md §3). Days are counted from the company calendar in half-day steps.

/**
 * Any of these lists leaves (one's own at least) and reads balances; without one, a department head or a substitute
 * sees only the leaves awaiting their decision.
 */
export const LEAVE_LIST_KEYS = ['leaves.index', 'leaves.show', 'leaves.department', 'leaves.departments', 'leaves.all'] as const;

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const leaveStatusSchema = z.enum(LEAVE_STATUSES, { error: 'Trạng thái đơn nghỉ không hợp lệ' });
export const LEAVE_STATUS_LABELS: Record<LeaveStatus, string> = {
  pending: 'Chờ duyệt',
  approved: 'Đã duyệt',
  rejected: 'Từ chối',
  cancelled: 'Đã hủy',
};

/** Which part of a day a leave starts or ends with. */
export const LEAVE_HALVES = ['full', 'morning', 'afternoon'] as const;
export type LeaveHalf = (typeof LEAVE_HALVES)[number];
export const leaveHalfSchema = z.enum(LEAVE_HALVES, { error: 'Buổi nghỉ không hợp lệ' });
export const LEAVE_HALF_LABELS: Record<LeaveHalf, string> = { full: 'Cả ngày', morning: 'Buổi sáng', afternoon: 'Buổi chiều' };

/** Tabs of the list: mine, awaiting my approval, everything in my scope. */
export const LEAVE_TABS = ['mine', 'approval', 'all'] as const;
export type LeaveTab = (typeof LEAVE_TABS)[number];

export const LEAVE_LEDGER_KINDS = [
  'entitlement',
  'leave',
  'cancellation',
  'adjustment',
  'recount',
  'carry_over',
  'expiry',
] as const;
export type LeaveLedgerKind = (typeof LEAVE_LEDGER_KINDS)[number];
export const LEAVE_LEDGER_KIND_LABELS: Record<LeaveLedgerKind, string> = {
  entitlement: 'Phép năm được hưởng',
  leave: 'Nghỉ phép',
  cancellation: 'Hủy đơn nghỉ',
  adjustment: 'Điều chỉnh',
  recount: 'Tính lại theo lịch',
  carry_over: 'Phép năm trước chuyển sang',
  expiry: 'Phép chuyển sang hết hạn',
};

/**
 * The halves of a span: a one-day leave is full, morning or afternoon (start_half decides, end_half must match);
 * a multi-day leave may start in the afternoon (`start_half: 'afternoon'`) and end in the morning (`end_half: 'morning'`).
 */
const spanFields = {
  start_date: dateSchema,
  start_half: leaveHalfSchema.default('full'),
  end_date: dateSchema,
  end_half: leaveHalfSchema.default('full'),
};

type Span = { start_date: string; start_half: LeaveHalf; end_date: string; end_half: LeaveHalf };

function checkSpan(b: Span, ctx: z.RefinementCtx) {
  if (b.end_date < b.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Ngày kết thúc phải từ ngày bắt đầu trở đi' });
    return;
  }
  if (b.end_date === b.start_date) {
    if (b.start_half !== b.end_half)
      ctx.addIssue({ code: 'custom', path: ['end_half'], message: 'Nghỉ trong một ngày: buổi kết thúc phải trùng buổi bắt đầu' });
    return;
  }
  if (b.start_half === 'morning')
    ctx.addIssue({ code: 'custom', path: ['start_half'], message: 'Nghỉ nhiều ngày chỉ bắt đầu cả ngày hoặc từ buổi chiều' });
  if (b.end_half === 'afternoon')
    ctx.addIssue({ code: 'custom', path: ['end_half'], message: 'Nghỉ nhiều ngày chỉ kết thúc cả ngày hoặc hết buổi sáng' });
}

const leaveFields = {
  leave_type_id: idOf({ required: 'Vui lòng chọn loại nghỉ', invalid: 'Loại nghỉ không hợp lệ' }),
  ...spanFields,
  reason: optionalText('lý do', 2000),
  /** Documents uploaded beforehand (`POST /api/documents`): a medical certificate, an invitation… */
  attachment_ids: attachmentIds,
};

export const leaveCreateBody = z.object(leaveFields).superRefine(checkSpan);
export type LeaveCreateBody = z.infer<typeof leaveCreateBody>;

/** `POST /api/leaves/for-employee`: a manager creates leave for an employee in their scope. */
export const leaveForEmployeeBody = z
  .object({ ...leaveFields, user_id: idOf({ required: 'Vui lòng chọn nhân viên', invalid: 'Nhân viên không hợp lệ' }) })
  .superRefine(checkSpan);
export type LeaveForEmployeeBody = z.infer<typeof leaveForEmployeeBody>;

export const leaveUpdateBody = z.object({ ...leaveFields, version: versionSchema }).superRefine(checkSpan);
export type LeaveUpdateBody = z.infer<typeof leaveUpdateBody>;

/** `GET /api/leaves/preview`: what the form shows before submitting. */
export const leavePreviewQuery = z
  .object({
    user_id: idQuery.optional(),
    leave_type_id: idQuery,
    /** The leave being edited: left out of the overlap and the pending sum. */
    leave_id: idQuery.optional(),
    ...spanFields,
  })
  .superRefine(checkSpan);
export type LeavePreviewQuery = z.infer<typeof leavePreviewQuery>;

export const leaveDecisionBody = z.object({ note: optionalText('ghi chú', 2000), version: versionSchema.optional() });
export type LeaveDecisionBody = z.infer<typeof leaveDecisionBody>;

export const leaveRejectBody = z.object({ note: requiredText('lý do từ chối', 2000), version: versionSchema.optional() });
export type LeaveRejectBody = z.infer<typeof leaveRejectBody>;

export const leaveCancelBody = z.object({ note: optionalText('lý do hủy', 2000), version: versionSchema.optional() });
export type LeaveCancelBody = z.infer<typeof leaveCancelBody>;

export const LEAVE_SORTS = ['start_date', 'end_date', 'created_at', 'code', 'days', 'status'] as const;

export const leaveListQuery = listQuery.extend({
  tab: z.enum(LEAVE_TABS).default('mine'),
  status: csvOf(leaveStatusSchema).optional(),
  leave_type_id: csvOf(idQuery).optional(),
  department_id: idQuery.optional(),
  user_id: idQuery.optional(),
  /** `YYYY-MM`: leaves overlapping the month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Tháng không hợp lệ (YYYY-MM)')
    .optional(),
});
export type LeaveListQuery = z.infer<typeof leaveListQuery>;

const userRef = z.object({ id: z.number(), name: z.string() });

export const leaveSchema = z.object({
  id: z.number(),
  code: z.string(),
  user_id: z.number(),
  user: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    department: z.object({ id: z.number(), name: z.string() }).nullable(),
  }),
  leave_type_id: z.number(),
  type: z.object({ id: z.number(), code: z.string(), name: z.string(), symbol: z.string() }),
  start_date: z.string(),
  start_half: leaveHalfSchema,
  end_date: z.string(),
  end_half: leaveHalfSchema,
  /** Working days, in half-day steps. */
  days: z.number(),
  reason: z.string().nullable(),
  status: leaveStatusSchema,
  approver_id: z.number().nullable(),
  approver: userRef.nullable(),
  decided_by: userRef.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  /** Who created it: the employee, or a manager for leave created for an employee. */
  created_by: z.number().nullable(),
  created_by_user: userRef.nullable(),
  can: z.object({ edit: z.boolean(), cancel: z.boolean(), approve: z.boolean() }),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Leave = z.infer<typeof leaveSchema>;

export const leaveDetailSchema = leaveSchema.extend({
  attachments: z.array(documentSchema),
  /** Active substitutes of the approver who may also decide it now. */
  substitutes: z.array(userRef),
});
export type LeaveDetail = z.infer<typeof leaveDetailSchema>;

export const leaveLedgerRowSchema = z.object({
  id: z.number(),
  kind: z.enum(LEAVE_LEDGER_KINDS),
  /** Signed days. */
  days: z.number(),
  leave_id: z.number().nullable(),
  leave_code: z.string().nullable(),
  note: z.string().nullable(),
  expires_on: z.string().nullable(),
  created_by: z.number().nullable(),
  /** Who wrote the row (HR for an adjustment or a carry-over, the decider for a leave); null for automatic rows. */
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type LeaveLedgerRow = z.infer<typeof leaveLedgerRowSchema>;

/** The annual balance of one employee for one year: always the sum of the ledger. */
export const leaveBalanceSchema = z.object({
  user_id: z.number(),
  year: z.number(),
  entitlement: z.number(),
  carried_over: z.number(),
  /** Approved annual leave net of cancellations and recounts. */
  used: z.number(),
  /** Pending annual leave (not in the ledger yet). */
  pending: z.number(),
  /** HR adjustments and expiries. */
  adjustments: z.number(),
  /** Sum of the ledger: entitlement + carried over + adjustments − used. */
  remaining: z.number(),
  /** Remaining minus pending: what a new application may take. */
  available: z.number(),
  ledger: z.array(leaveLedgerRowSchema),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;

export const leaveBalanceQuery = z.object({
  user_id: idQuery.optional(),
  year: yearQuery.optional(),
});
export type LeaveBalanceQuery = z.infer<typeof leaveBalanceQuery>;

export const leavePreviewSchema = z.object({
  days: z.number(),
  /** The annual balance of the year of the start date, for a type that uses it; null otherwise. */
  balance: z
    .object({
      year: z.number(),
      remaining: z.number(),
      pending: z.number(),
      after: z.number(),
      allow_negative: z.boolean(),
    })
    .nullable(),
  /** The other leave this one would overlap, if any. */
  overlap: z.object({ id: z.number(), code: z.string(), start_date: z.string(), end_date: z.string() }).nullable(),
});
export type LeavePreview = z.infer<typeof leavePreviewSchema>;

/** Half-day steps: 1.5, −0.5. */
const halfDays = z
  .number({ error: 'Số ngày không hợp lệ' })
  .min(-366, 'Số ngày quá lớn')
  .max(366, 'Số ngày quá lớn')
  .refine((v) => Number.isInteger(v * 2) && v !== 0, 'Số ngày phải khác 0 và theo bước nửa ngày');

export const leaveAdjustmentBody = z.object({
  user_id: idOf({ required: 'Vui lòng chọn nhân viên', invalid: 'Nhân viên không hợp lệ' }),
  year: yearSchema,
  days: halfDays,
  note: requiredText('lý do điều chỉnh', 1000),
});
export type LeaveAdjustmentBody = z.infer<typeof leaveAdjustmentBody>;

export const leaveYearEndBody = z.object({ year: yearSchema });
export const leaveYearEndResponse = z.object({ year: z.number(), carried: z.number(), skipped: z.number() });

export const leavePolicySchema = z.object({
  allow_negative_balance: z.boolean(),
  carry_over_cap_days: z.number(),
  /** MM-DD of the next year on which carried-over days expire. */
  carry_over_expires: z.string(),
  version: z.number(),
  updated_at: z.string(),
});
export type LeavePolicy = z.infer<typeof leavePolicySchema>;

export const leavePolicyBody = z.object({
  allow_negative_balance: z.boolean(),
  carry_over_cap_days: boundedInt(0, 30, 'Số ngày chuyển sang năm sau là số nguyên từ 0 đến 30'),
  carry_over_expires: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Ngày hết hạn không hợp lệ (MM-DD)'),
  version: versionSchema,
});
export type LeavePolicyBody = z.infer<typeof leavePolicyBody>;

export const leaveApprovalCount = z.object({ count: z.number() });
