import { z } from 'zod';
import { dateSchema, idOf, idQuery, listQuery, optionalText, requiredText, versionSchema } from './common';
import { EQUIPMENT_KINDS } from './equipment';
import { MEDIA } from './parameters';
import { boolQuery } from './processes';

/**
 * A sampling trip (issue 24 part 4): one or several rounds of nearby sites sampled on a date (or a few days) by a team —
 * a leader and members — with a vehicle and instruments, each booked so it is on one trip at a time and never taken
 * past its calibration. Its checklist is the points × parameters its rounds are due.
 */

export const TRIP_STATUSES = ['planned', 'in_progress', 'done', 'cancelled'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  planned: 'Đã lên kế hoạch',
  in_progress: 'Đang thực hiện',
  done: 'Hoàn thành',
  cancelled: 'Đã hủy',
};
/** Trips that hold their team's instruments and vehicle. */
export const TRIP_BOOKING_STATUSES: readonly TripStatus[] = ['planned', 'in_progress'];

/** A trip lasts at most two weeks (a province's sites in one go). */
export const MAX_TRIP_DAYS = 14;
export const MAX_TRIP_MEMBERS = 30;
export const MAX_TRIP_EQUIPMENT = 50;
export const MAX_TRIP_ROUNDS = 20;

const ids = (label: string, max: number, invalid: string) =>
  z
    .array(idOf(invalid), { error: `Danh sách ${label} không hợp lệ` })
    .max(max, `Tối đa ${max} ${label}`)
    .refine((a) => new Set(a).size === a.length, `Có ${label} bị chọn trùng`);

const tripFields = {
  name: requiredText('tên chuyến', 255),
  start_date: dateSchema,
  end_date: dateSchema,
  leader_id: idOf({ required: 'Vui lòng chọn trưởng đoàn', invalid: 'Trưởng đoàn không hợp lệ' }),
  member_ids: ids('thành viên', MAX_TRIP_MEMBERS, 'Thành viên không hợp lệ').default([]),
  vehicle_id: z.preprocess((v) => (v === '' ? null : v), idOf('Phương tiện không hợp lệ').nullable().optional()),
  equipment_ids: ids('thiết bị', MAX_TRIP_EQUIPMENT, 'Thiết bị không hợp lệ').default([]),
  round_ids: ids('đợt quan trắc', MAX_TRIP_ROUNDS, 'Đợt quan trắc không hợp lệ').min(1, 'Chọn ít nhất một đợt quan trắc'),
  notes: optionalText('ghi chú', 2000),
};

function checkTrip(v: { start_date: string; end_date: string; leader_id: number; member_ids: number[] }, ctx: z.RefinementCtx) {
  if (v.end_date < v.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Ngày kết thúc phải từ ngày bắt đầu trở đi' });
  else if ((Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 + 1 > MAX_TRIP_DAYS)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: `Một chuyến dài tối đa ${MAX_TRIP_DAYS} ngày` });
  if (v.member_ids.includes(v.leader_id))
    ctx.addIssue({ code: 'custom', path: ['member_ids'], message: 'Trưởng đoàn đã có trong đoàn, không chọn lại ở thành viên' });
}

export const tripCreateBody = z.object(tripFields).superRefine(checkTrip);
export type TripCreateBody = z.infer<typeof tripCreateBody>;
export const tripUpdateBody = z.object({ ...tripFields, version: versionSchema }).superRefine(checkTrip);
export type TripUpdateBody = z.infer<typeof tripUpdateBody>;

export const TRIP_SORTS = ['code', 'name', 'start_date', 'status', 'created_at'] as const;

export const tripListQuery = listQuery.extend({
  status: z.enum(TRIP_STATUSES, { error: 'Trạng thái không hợp lệ' }).optional(),
  /** Trips meeting this date range (inclusive). */
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  /** Only the trips the caller leads or is a member of, whatever the caller's scope. */
  mine: boolQuery.optional(),
  equipment_id: idQuery.optional(),
});
export type TripListQuery = z.infer<typeof tripListQuery>;

/** `POST …/{id}/start|finish|cancel`: the version read. */
export const tripActionBody = z.object({ version: versionSchema.optional() }).nullish();

/** The rounds a planner may put on a trip: planned, of active programmes; by site, programme or round name. */
export const tripRoundOptionsQuery = z.object({ search: z.string().max(100).optional() });
export const tripRoundOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  due_date: z.string(),
  late: z.boolean(),
  program: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  site: z.object({ id: z.number(), code: z.string(), name: z.string(), province: z.string().nullable() }),
});
export type TripRoundOption = z.infer<typeof tripRoundOptionSchema>;

const person = z.object({ id: z.number(), name: z.string() });

export const tripSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(TRIP_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  leader: person,
  members_count: z.number(),
  /** The sites of its rounds, by name. */
  sites: z.array(z.string()),
  vehicle: z.object({ id: z.number(), code: z.string(), name: z.string(), identifier: z.string().nullable() }).nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripDetailSchema = tripSchema.extend({
  members: z.array(person),
  equipment: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      kind: z.enum(EQUIPMENT_KINDS),
      identifier: z.string().nullable(),
      calibration_due: z.string().nullable(),
    }),
  ),
  rounds: z.array(tripRoundOptionSchema.extend({ status: z.string() })),
  /** What the team samples: each point of the rounds' sites with the parameters due, field ones first. */
  checklist: z.array(
    z.object({
      round_id: z.number(),
      site: z.object({ id: z.number(), code: z.string(), name: z.string() }),
      point: z.object({ id: z.number(), code: z.string(), name: z.string(), medium: z.enum(MEDIA) }),
      parameters: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), unit: z.string(), place: z.string() })),
    }),
  ),
  notes: z.string().nullable(),
  created_by: person.nullable(),
  /** What the caller may do now. */
  can: z.object({ edit: z.boolean(), start: z.boolean(), finish: z.boolean(), cancel: z.boolean() }),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;
