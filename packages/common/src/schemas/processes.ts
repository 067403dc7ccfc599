import { z } from 'zod';
import {
  boundedInt,
  codeSchema,
  idOf,
  listQuery,
  optionalId,
  optionalText,
  refSchema,
  requiredText,
  versionSchema,
} from './common';

/** Most steps a process may have: a business process is a handful of stages, not a project plan. */
export const MAX_PROCESS_STEPS = 50;
/** A step's SLA: from one hour to a year. */
export const MAX_STEP_HOURS = 8760;

/** `active=true|false|1|0` in a query string. */
export const boolQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'Giá trị phải là true hoặc false' })
  .transform((v) => v === 'true' || v === '1');

export const processStepBody = z.object({
  name: requiredText('tên bước', 200),
  description: optionalText('mô tả', 2000),
  department_id: idOf({ required: 'Vui lòng chọn phòng ban phụ trách', invalid: 'Phòng ban không hợp lệ' }),
  default_assignee_id: optionalId,
  duration_hours: boundedInt(1, MAX_STEP_HOURS, {
    required: 'Vui lòng nhập thời hạn xử lý (giờ)',
    invalid: 'Thời hạn xử lý phải là số giờ nguyên',
    min: 'Thời hạn xử lý tối thiểu 1 giờ',
    max: `Thời hạn xử lý tối đa ${MAX_STEP_HOURS} giờ (1 năm)`,
  }),
  /** The step whose work gives the customer the result; at most one per process. */
  produces_result: z.boolean({ error: 'Giá trị "trả kết quả" phải là có hoặc không' }).default(false),
});
export type ProcessStepBody = z.infer<typeof processStepBody>;

/** A new step goes last unless `position` (1 … n+1) places it. */
export const processStepCreateBody = processStepBody.extend({
  position: boundedInt(1, MAX_PROCESS_STEPS, { invalid: 'Vị trí không hợp lệ', min: 'Vị trí bắt đầu từ 1' }).optional(),
});
export type ProcessStepCreateBody = z.infer<typeof processStepCreateBody>;

export const processStepUpdateBody = processStepBody.extend({ version: versionSchema });
export type ProcessStepUpdateBody = z.infer<typeof processStepUpdateBody>;

/** The whole new order: every step id of the process, once each, first step first. */
export const processStepOrderBody = z.object({
  step_ids: z
    .array(idOf('Mã bước không hợp lệ'), { error: 'Vui lòng gửi danh sách bước' })
    .min(1, 'Vui lòng gửi danh sách bước')
    .max(MAX_PROCESS_STEPS, `Quy trình tối đa ${MAX_PROCESS_STEPS} bước`),
  /** The process version the caller read; when given, a stale one answers 409. */
  version: versionSchema.optional(),
});
export type ProcessStepOrderBody = z.infer<typeof processStepOrderBody>;

const processFields = {
  code: codeSchema('mã quy trình'),
  name: requiredText('tên quy trình', 200),
  description: optionalText('mô tả', 2000),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

export const processCreateBody = z.object({
  ...processFields,
  steps: z
    .array(processStepBody, { error: 'Danh sách bước không hợp lệ' })
    .max(MAX_PROCESS_STEPS, `Quy trình tối đa ${MAX_PROCESS_STEPS} bước`)
    .optional(),
});
export type ProcessCreateBody = z.infer<typeof processCreateBody>;

export const processUpdateBody = z.object({ ...processFields, version: versionSchema });
export type ProcessUpdateBody = z.infer<typeof processUpdateBody>;

export const processListQuery = listQuery.extend({ active: boolQuery.optional() });
export type ProcessListQuery = z.infer<typeof processListQuery>;

export const processStepSchema = z.object({
  id: z.number(),
  process_id: z.number(),
  position: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  department_id: z.number().nullable(),
  department: refSchema.nullable(),
  default_assignee_id: z.number().nullable(),
  default_assignee: refSchema.nullable(),
  duration_hours: z.number(),
  produces_result: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProcessStep = z.infer<typeof processStepSchema>;

export const processSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  steps_count: z.number(),
  /** The sum of the steps' SLAs: how long a request on this process is given. */
  total_duration_hours: z.number(),
  request_types_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Process = z.infer<typeof processSchema>;

export const processDetailSchema = processSchema.extend({ steps: z.array(processStepSchema) });
export type ProcessDetail = z.infer<typeof processDetailSchema>;

export const PROCESS_SORTS = ['name', 'code', 'created_at', 'updated_at'] as const;

/**
 * The process as a request runs it, frozen when the request is received: later edits of the process leave it be.
 * Steps are in order; `position` counts from 1.
 */
export const processSnapshotSchema = z.object({
  process: z.object({ id: z.number(), code: z.string(), name: z.string(), version: z.number() }),
  steps: z.array(
    z.object({
      id: z.number(),
      position: z.number(),
      name: z.string(),
      department_id: z.number().nullable(),
      default_assignee_id: z.number().nullable(),
      duration_hours: z.number(),
      produces_result: z.boolean(),
    }),
  ),
});
export type ProcessSnapshot = z.infer<typeof processSnapshotSchema>;

/** An active process as the pickers show it (`GET /api/processes/options`). */
export const processOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), active: z.boolean() });
export type ProcessOption = z.infer<typeof processOptionSchema>;
