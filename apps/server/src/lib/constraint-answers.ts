import { eventLabel } from '@qlcv/common/schemas/notification-settings';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from './errors';

/**
 * What a unique or foreign-key violation means to the caller, said as the service's own check says it. A rule across
 * rows is checked in code and held by a constraint (docs/architecture.md, "Rules across rows"): when two requests race
 * on PostgreSQL, the loser passes the check and meets the constraint; it must get the same answer the check gives
 * (e.g. 422 "Mã đơn vị tính đã tồn tại." on `code`), not a generic one. The services throw these same answers.
 */
export interface ConstraintAnswer {
  /** The body field the error names; a function for a field inside a list. */
  field: string | ((value: string, body: unknown) => string);
  message: string | ((value: string, ctx: AnswerContext) => string | Promise<string>);
  status?: 409 | 422;
  code?: string;
}

export interface AnswerContext {
  db: Kysely<DB>;
  method: string;
}

const criterionField = (value: string, body: unknown) => {
  const criteria = (body as { criteria?: { kpi_type_id?: unknown }[] } | null)?.criteria;
  const i = Array.isArray(criteria) ? criteria.findIndex((c) => String(c?.kpi_type_id) === value) : -1;
  return i >= 0 ? `criteria.${i}.kpi_type_id` : 'criteria';
};

/** The plan line of a site's body that names a parameter: `points.i.plan.j.parameter_id`. */
const planLineField = (value: string, body: unknown) => {
  const points = (body as { points?: { plan?: { parameter_id?: unknown }[] }[] } | null)?.points;
  if (!Array.isArray(points)) return 'points';
  for (const [i, p] of points.entries()) {
    const j = Array.isArray(p?.plan) ? p.plan.findIndex((l) => String(l?.parameter_id) === value) : -1;
    if (j >= 0) return `points.${i}.plan.${j}.parameter_id`;
  }
  return 'points';
};

/** The line of a programme's body that names a value: `lines.i.<column>`. */
const programLineField = (column: 'point_id' | 'parameter_id') => (value: string, body: unknown) => {
  const lines = (body as { lines?: Record<string, unknown>[] } | null)?.lines;
  const i = Array.isArray(lines) ? lines.findIndex((l) => String(l?.[column]) === value) : -1;
  return i >= 0 ? `lines.${i}.${column}` : column === 'point_id' ? 'site_id' : 'lines';
};

/** A unique key, `table.column[,column…]` → the answer of the check it backs. */
export const UNIQUE_ANSWERS = {
  'units.code': { field: 'code', message: 'Mã đơn vị tính đã tồn tại.' },
  'services.code': { field: 'code', message: 'Mã dịch vụ đã tồn tại.' },
  'parameters.code': { field: 'code', message: 'Mã chỉ tiêu đã tồn tại.' },
  'sites.code': { field: 'code', message: 'Mã cơ sở đã tồn tại.' },
  'monitoring_programs.code': { field: 'code', message: 'Mã chương trình đã tồn tại.' },
  'equipment.code': { field: 'code', message: 'Mã thiết bị, phương tiện đã tồn tại.' },
  'kpi_types.code': { field: 'code', message: 'Mã KPI đã tồn tại.' },
  'leave_types.code': { field: 'code', message: 'Mã loại nghỉ đã tồn tại.' },
  'contract_templates.code': { field: 'code', message: 'Mã mẫu hợp đồng đã tồn tại.' },
  'departments.code': { field: 'code', message: 'Mã phòng ban đã tồn tại.' },
  'roles.code': { field: 'code', message: 'Mã vai trò đã tồn tại.' },
  'processes.code': { field: 'code', message: 'Mã quy trình đã tồn tại.' },
  'request_types.code': { field: 'code', message: 'Mã loại yêu cầu đã tồn tại.' },
  'users.username': { field: 'username', message: 'Tên đăng nhập đã được sử dụng.' },
  'users.email': { field: 'email', message: 'Email đã được sử dụng bởi người dùng khác.' },
  'users.mobile': { field: 'mobile', message: 'Số điện thoại đã được sử dụng bởi người dùng khác.' },
  'customers.tax_code': {
    field: 'tax_code',
    // The check names the customer holding it; so does this answer (one indexed read, after the loser rolled back).
    message: async (value, { db }) => {
      const other = await db.selectFrom('customers').select('code').where('tax_code', '=', value).executeTakeFirst();
      return taxCodeTakenMessage(other?.code ?? null);
    },
  },
  'contracts.number': { field: 'number', message: (value) => `Số hợp đồng ${value} đã được dùng.` },
  'notification_settings.event': {
    field: 'event',
    message: (value, { method }) => eventTakenMessage(eventLabel(value), method === 'POST'),
  },
  'user_evaluations.evaluation_id,employee_id': {
    field: 'employee_id',
    message: 'Nhân viên đã có phiếu đánh giá trong kỳ này.',
    status: 409,
    code: 'ALREADY_EVALUATED',
  },
  'samples.code': {
    field: 'code',
    message: async (value, { db }) => sampleCodeTakenMessage(value, await sampleTripOfCode(db, value)),
    status: 409,
    code: 'SAMPLE_CODE_TAKEN',
  },
  // A phone's queued entry sent twice at once: the second learns the first landed.
  'samples.client_key': {
    field: 'client_key',
    message: 'Mẫu này đã được gửi lên trước đó.',
    status: 409,
    code: 'SAMPLE_ALREADY_SENT',
  },
  'attendance_sites.code': { field: 'code', message: 'Mã địa điểm chấm công đã tồn tại.' },
  'attendance_corrections.user_id,date': {
    field: 'date',
    message: 'Ngày này đã có một giải trình đang chờ duyệt.',
    status: 409,
    code: 'CORRECTION_PENDING',
  },
  'evaluations.name_key,name_dup': { field: 'name', message: 'Đã có kỳ đánh giá mang tên này.' },
  'evaluations.period_key,period_dup': {
    field: 'period_start',
    message: 'Đã có kỳ đánh giá cùng loại kỳ với cùng ngày bắt đầu và ngày kết thúc.',
  },
} satisfies Record<string, ConstraintAnswer>;

/**
 * A foreign key, `table.column` → the answer of the check that the referenced row exists: a row deleted by a request
 * running alongside (its delete locked the row, lib/row-lock.ts) fails the foreign key of the insert or update instead.
 */
export const MISSING_ANSWERS: Record<string, ConstraintAnswer> = {
  'services.unit_id': { field: 'unit_id', message: 'Đơn vị tính không tồn tại.' },
  'parameters.service_id': { field: 'service_id', message: 'Dịch vụ không tồn tại.' },
  'sites.customer_id': { field: 'customer_id', message: 'Khách hàng không tồn tại.' },
  'site_point_plans.parameter_id': { field: planLineField, message: 'Chỉ tiêu không tồn tại.' },
  'monitoring_programs.site_id': { field: 'site_id', message: 'Cơ sở quan trắc không tồn tại.' },
  'monitoring_programs.contract_id': { field: 'contract_id', message: 'Hợp đồng không tồn tại.' },
  'equipment.department_id': { field: 'department_id', message: 'Phòng ban không tồn tại.' },
  'monitoring_program_lines.point_id': { field: programLineField('point_id'), message: 'Điểm quan trắc không tồn tại.' },
  'monitoring_program_lines.parameter_id': { field: programLineField('parameter_id'), message: 'Chỉ tiêu không tồn tại.' },
  'evaluation_criteria.kpi_type_id': { field: criterionField, message: 'Loại KPI không tồn tại.' },
  'evaluation_departments.department_id': { field: 'department_ids', message: 'Phòng ban không tồn tại.' },
  'leaves.leave_type_id': { field: 'leave_type_id', message: 'Loại nghỉ không tồn tại hoặc đã ngừng dùng.' },
  'users.role_id': { field: 'role_id', message: 'Vai trò không tồn tại.' },
  'users.department_id': { field: 'department_id', message: 'Phòng ban không tồn tại.' },
  'departments.parent_id': { field: 'parent_id', message: 'Phòng ban cấp trên không tồn tại.' },
  'request_types.process_id': { field: 'process_id', message: 'Quy trình xử lý không tồn tại.' },
  'requests.request_type_id': { field: 'request_type_id', message: 'Loại yêu cầu không tồn tại hoặc đã ngừng tiếp nhận.' },
  'requests.customer_id': { field: 'customer_id', message: 'Khách hàng không tồn tại.' },
  'contracts.customer_id': { field: 'customer_id', message: 'Khách hàng không tồn tại.' },
};

export type UniqueKey = keyof typeof UNIQUE_ANSWERS;

export const taxCodeTakenMessage = (customerCode: string | null) =>
  customerCode ? `Mã số thuế đã được dùng cho khách hàng ${customerCode}.` : 'Mã số thuế đã được dùng cho khách hàng khác.';

export const sampleCodeTakenMessage = (code: string, tripCode: string | null) =>
  tripCode ? `Mã mẫu ${code} đã được dùng cho một mẫu của chuyến ${tripCode}.` : `Mã mẫu ${code} đã được dùng.`;

const sampleTripOfCode = async (db: Kysely<DB>, code: string) =>
  (
    await db
      .selectFrom('samples as s')
      .innerJoin('sampling_trips as t', 't.id', 's.trip_id')
      .select('t.code')
      .where('s.code', '=', code)
      .executeTakeFirst()
  )?.code ?? null;

export const eventTakenMessage = (label: string, creating: boolean) =>
  creating ? `Sự kiện "${label}" đã có cấu hình. Hãy sửa cấu hình đó.` : `Sự kiện "${label}" đã có cấu hình khác.`;

/** The answer of a unique key's check, for the service that checks it (its message must not depend on the value). */
export function taken(key: UniqueKey, field?: string): AppError {
  const a: ConstraintAnswer = UNIQUE_ANSWERS[key];
  const message = typeof a.message === 'string' ? a.message : key;
  const name = field ?? (typeof a.field === 'string' ? a.field : key);
  return new AppError(a.status ?? 422, a.code ?? 'VALIDATION_FAILED', message, [{ field: name, message }]);
}

interface Violation {
  kind: 'unique' | 'missing';
  key: string;
  /** The offending value, when the engine says it (PostgreSQL's detail). */
  value: string | null;
}

/**
 * Reads a violation from either engine's error. PostgreSQL: `code` 23505/23503, `table`, and `detail` "Key (a, b)=(1,
 * 2) already exists." / "Key (unit_id)=(5) is not present in table …". SQLite: "UNIQUE constraint failed: t.a, t.b";
 * its foreign key errors name nothing (and never race: one writer at a time), so they stay generic.
 */
export function readViolation(err: unknown): Violation | null {
  const e = err as { code?: string; table?: string; detail?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return null;
  if ((e.code === '23505' || e.code === '23503') && e.table && e.detail) {
    const m = /^Key \((.+?)\)=\((.*)\) (already exists|is not present)/s.exec(e.detail);
    if (!m?.[1]) return null;
    const columns = m[1].split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
    return {
      kind: e.code === '23505' ? 'unique' : 'missing',
      key: `${e.table}.${columns.join(',')}`,
      value: columns.length === 1 ? (m[2] ?? null) : null,
    };
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string') {
    const m = /UNIQUE constraint failed: (.+)$/.exec(e.message);
    if (!m?.[1]) return null;
    const parts = m[1].split(',').map((p) => p.trim());
    const table = parts[0]?.split('.')[0];
    return { kind: 'unique', key: `${table}.${parts.map((p) => p.split('.')[1]).join(',')}`, value: null };
  }
  return null;
}

/**
 * The check's answer for a violation, or null when no check stands behind it. `field` overrides the field named (a
 * route whose body says the column otherwise, e.g. the profile's `{ column, value }`).
 */
export async function constraintAnswer(
  err: unknown,
  req: { body: unknown; method: string; field?: string },
  db: Kysely<DB>,
): Promise<AppError | null> {
  const v = readViolation(err);
  if (!v) return null;
  const a: ConstraintAnswer | undefined =
    v.kind === 'unique' ? (UNIQUE_ANSWERS as Record<string, ConstraintAnswer>)[v.key] : MISSING_ANSWERS[v.key];
  if (!a) return null;
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const named = typeof a.field === 'string' ? a.field : null;
  const raw = v.value ?? (req.field ? body[req.field] : named ? body[named] : undefined);
  const value = raw === undefined || raw === null ? '' : String(raw);
  const field = req.field ?? (typeof a.field === 'string' ? a.field : a.field(value, req.body));
  let message: string;
  try {
    message = typeof a.message === 'string' ? a.message : await a.message(value, { db, method: req.method });
  } catch {
    return null;
  }
  return new AppError(a.status ?? 422, a.code ?? 'VALIDATION_FAILED', message, [{ field, message }]);
}
