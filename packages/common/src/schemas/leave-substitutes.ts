import { z } from 'zod';
import { dateSchema, idOf, optionalText } from './common';

const userRef = z.object({ id: z.number(), name: z.string() });

/** An approver away names a substitute who decides their pending leaves from start_date to end_date (both included). */
export const leaveSubstituteSchema = z.object({
  id: z.number(),
  approver: userRef,
  substitute: userRef,
  start_date: z.string(),
  end_date: z.string(),
  note: z.string().nullable(),
  /** Today falls within the period. */
  active: z.boolean(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type LeaveSubstitute = z.infer<typeof leaveSubstituteSchema>;

export const leaveSubstituteCreateBody = z
  .object({
    /** Only a holder of leaves.all names a substitute for someone else; others for themselves. */
    approver_id: idOf('Người duyệt không hợp lệ').optional(),
    substitute_id: idOf({ required: 'Vui lòng chọn người duyệt thay', invalid: 'Người duyệt thay không hợp lệ' }),
    start_date: dateSchema,
    end_date: dateSchema,
    note: optionalText('ghi chú', 1000),
  })
  .refine((b) => b.end_date >= b.start_date, { message: 'Ngày kết thúc phải từ ngày bắt đầu trở đi', path: ['end_date'] });
export type LeaveSubstituteCreateBody = z.infer<typeof leaveSubstituteCreateBody>;

export const leaveSubstituteListQuery = z.object({
  /** `mine` (as approver or substitute, the default) or `all` (leaves.all). */
  scope: z.enum(['mine', 'all']).default('mine'),
  /** Only periods not yet over. */
  current: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});
export type LeaveSubstituteListQuery = z.infer<typeof leaveSubstituteListQuery>;
