import { z } from 'zod';
import { boundedInt, codeSchema, requiredText, versionSchema } from './common';

/**
 * A leave type (PRODUCT.md §3): its timekeeping symbol (P, Ô, KL, TS, KH, TG, K), whether the company pays the day
 * (`paid`: counts in payable days; sick and maternity leave are paid by social insurance, so not), and whether it
 * draws on the annual balance (`uses_balance`, annual leave only). A type that counts as worked (`counts_as_worked`, the
 * business trip CT) is no leave for timekeeping: its days are worked days.
 */
export const leaveTypeSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  paid: z.boolean(),
  uses_balance: z.boolean(),
  /** A business trip (công tác): its days are worked days in timekeeping, shown with the symbol (CT). */
  counts_as_worked: z.boolean(),
  active: z.boolean(),
  sort_order: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;

export const leaveTypeCreateBody = z.object({
  code: codeSchema('mã loại nghỉ'),
  name: requiredText('tên loại nghỉ', 100),
  symbol: requiredText('ký hiệu chấm công', 5),
  paid: z.boolean().default(false),
  uses_balance: z.boolean().default(false),
  counts_as_worked: z.boolean().default(false),
  active: z.boolean().default(true),
  sort_order: boundedInt(0, 10_000, 'Thứ tự hiển thị là số nguyên từ 0 đến 10.000').default(0),
});
export type LeaveTypeCreateBody = z.infer<typeof leaveTypeCreateBody>;

export const leaveTypeUpdateBody = leaveTypeCreateBody.extend({ version: versionSchema });
export type LeaveTypeUpdateBody = z.infer<typeof leaveTypeUpdateBody>;

/** The code of the annual leave type, the one with a balance. */
export const ANNUAL_LEAVE_CODE = 'annual';
