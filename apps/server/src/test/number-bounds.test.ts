import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniq } from './fixtures';
import { createTestApp, type TestApp } from './harness';
import { multipart } from './multipart';

// Issue 21 part 2: a number past the column it is stored in is the client's error, never a 500 (PostgreSQL refuses
// 2³¹ in an `integer` column). Every numeric field of every route — JSON bodies, multipart forms, query strings and
// path ids, taken from the app's OpenAPI description so a new route is covered too — is sent 2³¹, 2⁵³ and −1 in
// turn, the rest of the body plausible; the same file runs on SQLite and on PostgreSQL (TEST_DATABASE_URL).

const t: TestApp = await createTestApp();

const INT32_MAX = 2_147_483_647;
const VALUES = [2 ** 31, 2 ** 53, -1] as const;
/** Money in `bigint` columns: bounded by its business maximum, which may pass an int32. */
const MONEY = new Set(['unit_price']);

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  default?: unknown;
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const operation = (method: string, url: string): Operation | undefined =>
  doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

/** The schema itself, or the first non-null option of an anyOf/oneOf/allOf. */
function concrete(schema: Schema | undefined): Schema {
  if (!schema) return {};
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.length) return concrete(options.find((o) => [o.type].flat()[0] !== 'null') ?? options[0]);
  return schema;
}
const typeOf = (schema: Schema) => [schema.type].flat().find((x) => x !== 'null');
const isNumeric = (s: Schema) => ['integer', 'number'].includes(typeOf(s) ?? '');
/** A query or path number: digits only since issue 21 part 3 (an `integer` before it). */
const isDigits = (s: Schema) => isNumeric(s) || (typeOf(s) === 'string' && s.pattern === '^\\d+$');

/** A path to a field: keys, and `[]` for the item of an array. */
type FieldPath = (string | '[]')[];
const dotted = (p: FieldPath) => p.map((s) => (s === '[]' ? '0' : s)).join('.');

/** Every numeric leaf of a body schema, with its schema. */
function numericLeaves(schema: Schema | undefined, path: FieldPath = [], out: [FieldPath, Schema][] = []) {
  const s = concrete(schema);
  if (path.length > 8) return out;
  if (isNumeric(s)) out.push([path, s]);
  else if (typeOf(s) === 'object') for (const [k, v] of Object.entries(s.properties ?? {})) numericLeaves(v, [...path, k], out);
  else if (typeOf(s) === 'array') numericLeaves(s.items, [...path, '[]'], out);
  return out;
}

// Plausible values: every other field of a body holds something the route could accept, so a number that passes
// validation goes on to the service and the database.

const fx = {
  roleId: 0,
  departmentId: 0,
  userId: 0,
  employee: { id: 0, token: '' },
  customerId: 0,
  processId: 0,
  stepId: 0,
  requestTypeId: 0,
  requestId: 0,
  workId: 0,
  unitId: 0,
  serviceId: 0,
  kpiTypeId: 0,
  leaveTypeId: 0,
  leaveId: 0,
  evaluationId: 0,
  contractId: 0,
  settingId: 0,
  equipmentId: 0,
};

const ID_FIELDS: Record<string, () => number> = {
  role_id: () => fx.roleId,
  roles: () => fx.roleId,
  department_id: () => fx.departmentId,
  departments: () => fx.departmentId,
  department_ids: () => fx.departmentId,
  parent_id: () => fx.departmentId,
  user_id: () => fx.employee.id,
  users: () => fx.userId,
  head_id: () => fx.userId,
  assignee_id: () => fx.userId,
  default_assignee_id: () => fx.userId,
  participant_ids: () => fx.userId,
  employee_id: () => fx.employee.id,
  substitute_id: () => fx.userId,
  approver_id: () => fx.userId,
  entity_id: () => fx.userId,
  customer_id: () => fx.customerId,
  process_id: () => fx.processId,
  step_ids: () => fx.stepId,
  request_type_id: () => fx.requestTypeId,
  request_id: () => fx.requestId,
  unit_id: () => fx.unitId,
  service_id: () => fx.serviceId,
  kpi_type_id: () => fx.kpiTypeId,
  leave_type_id: () => fx.leaveTypeId,
  leave_id: () => fx.leaveId,
};
const NUMBER_FIELDS: Record<string, number> = {
  version: 1,
  year: 2027,
  quantity: 2,
  unit_price: 150_000,
  days: 1,
  weight: 100,
  target: 10,
  duration_hours: 8,
  position: 1,
  progress: 50,
  working_days: 1,
};

function plausibleNumber(name: string, s: Schema): number {
  const id = ID_FIELDS[name];
  if (id) return id();
  if (name in NUMBER_FIELDS) return NUMBER_FIELDS[name] as number;
  const min = typeof s.minimum === 'number' ? s.minimum : 0;
  return s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number' ? min + 1 : Math.max(min, 1);
}

const DAY = '2027-03-01';
function plausibleString(name: string, s: Schema): string {
  if (s.enum?.length) return String(s.enum[0]);
  if (s.format === 'date' || /date$|_from$|_to$|deadline$|period_(start|end)$/.test(name)) return DAY;
  if (s.format === 'date-time') return `${DAY}T08:00:00.000Z`;
  if (s.format === 'email' || name.endsWith('email')) return 'lienhe@example.com';
  if (/mobile|phone/.test(name)) return '0912345678';
  if (name === 'code' || name === 'symbol') return uniq(name === 'symbol' ? 'S' : 'N');
  if (name === 'username') return uniq('nguoidung');
  if (/password/.test(name)) return 'Matkhau@2026!';
  if (name === 'month') return '2027-03';
  if (name === 'carry_over_expires') return '03-31';
  if (name === 'ticket') return 'x'.repeat(40);
  if (name === 'sort' || name === 'search' || name === 'number') return '';
  return 'Giá trị thử';
}

/**
 * A body for the schema: its required fields and the branch leading to `target` (set to `value`), everything else
 * plausible. Optional fields are left out, so the body is the smallest the route takes.
 */
function build(schema: Schema | undefined, target: FieldPath | null, value: unknown, name = ''): unknown {
  const s = concrete(schema);
  if (target?.length === 0) return value;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const onPath = target?.[0] === k;
        if (!onPath && !s.required?.includes(k)) continue;
        const child = build(v, onPath ? (target as FieldPath).slice(1) : null, value, k);
        if (child !== '' || onPath) out[k] = child;
      }
      return out;
    }
    case 'array':
      return [build(s.items, target?.[0] === '[]' ? target.slice(1) : null, value, name)];
    case 'integer':
    case 'number':
      return plausibleNumber(name, s);
    case 'boolean':
      return name !== 'saturday_half';
    default:
      return plausibleString(name, s);
  }
}

/** A body as multipart fields with bracketed names (`items[0][quantity]`), numbers as their digits. */
function formParts(body: unknown, prefix = ''): { name: string; value: string }[] {
  if (Array.isArray(body)) return body.flatMap((v, i) => formParts(v, `${prefix}[${i}]`));
  if (body !== null && typeof body === 'object') {
    return Object.entries(body).flatMap(([k, v]) => formParts(v, prefix ? `${prefix}[${k}]` : k));
  }
  return [{ name: prefix, value: typeof body === 'boolean' ? (body ? '1' : '0') : String(body) }];
}

// The routes and their numeric fields.

type Where = 'body' | 'form' | 'query' | 'path';
interface Target {
  method: string;
  url: string;
  access: string;
  where: Where;
  field: string;
  path: FieldPath;
  schema: Schema;
}

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const targets: Target[] = [];
for (const r of routes) {
  const op = operation(r.method, r.url);
  if (!op) continue;
  const at = (where: Where, path: FieldPath, schema: Schema) => targets.push({ ...r, where, field: dotted(path), path, schema });
  if (WRITES.includes(r.method)) {
    for (const [p, s] of numericLeaves(op.requestBody?.content['application/json']?.schema)) at('body', p, s);
    for (const [p, s] of numericLeaves(op.requestBody?.content['multipart/form-data']?.schema)) at('form', p, s);
  }
  for (const param of op.parameters ?? []) {
    const s = concrete(param.schema);
    const item = typeOf(s) === 'array' ? concrete(s.items) : s;
    const digits = isDigits(item) || (param.name === 'per_page' && !!param.schema.anyOf);
    if (!digits) continue;
    if (param.in === 'query') at('query', [param.name], item);
    if (param.in === 'path') at('path', [param.name], item);
  }
}

// Fixtures: one record of each kind the routes name, so every `:id` is a real one and the ids in bodies exist.

async function created(url: string, payload: Record<string, unknown>, token = t.adminToken) {
  const res = await t.call({ method: 'POST', url, token, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
}

const idFor = (url: string) => {
  const ids: Record<string, number> = {
    users: fx.userId,
    roles: fx.roleId,
    departments: fx.departmentId,
    customers: fx.customerId,
    processes: fx.processId,
    'process-steps': fx.stepId,
    'request-types': fx.requestTypeId,
    requests: fx.requestId,
    works: fx.workId,
    units: fx.unitId,
    services: fx.serviceId,
    'kpi-types': fx.kpiTypeId,
    'leave-types': fx.leaveTypeId,
    leaves: fx.leaveId,
    evaluations: fx.evaluationId,
    contracts: fx.contractId,
    'notification-settings': fx.settingId,
    equipment: fx.equipmentId,
  };
  return ids[url.split('/')[2] ?? ''] ?? 1;
};
/** The URL with its path parameters: the field under test gets `value`, `:id` the fixture's record, any other id 1. */
const withId = (url: string, field?: string, value?: number) =>
  url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === field && value !== undefined) return String(value);
    if (name === 'token') return 'x';
    return name === 'id' ? String(idFor(url)) : '1';
  });

/** The employee's own leave is edited and applied for by the employee; everything else by the administrator. */
const tokenFor = (target: Target) => {
  if (target.access === 'public') return null;
  if (target.url.startsWith('/api/leaves') && ['/api/leaves', '/api/leaves/:id'].includes(target.url) && target.method !== 'GET')
    return fx.employee.token;
  return t.adminToken;
};

let ipSeq = 0;
const freshIp = () => {
  ipSeq += 1;
  return `203.0.113.${ipSeq % 250}`;
};

/** The request for `target` with its field set to `value`, the rest plausible. */
function send(target: Target, value: number): Promise<LightMyRequestResponse> {
  const op = operation(target.method, target.url) as Operation;
  const requiredQuery = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required && p.name !== target.field);
  const query = new URLSearchParams(
    requiredQuery.map((p) => {
      const s = concrete(p.schema);
      const item = typeOf(s) === 'array' ? concrete(s.items) : s;
      return [p.name, isDigits(item) ? String(plausibleNumber(p.name, item)) : plausibleString(p.name, item)];
    }),
  );
  if (target.where === 'query') query.set(target.field, String(value));
  const url = withId(target.url, target.where === 'path' ? target.field : undefined, value) + (query.size ? `?${query}` : '');
  const common = { method: target.method as 'POST', url, token: tokenFor(target), remoteAddress: freshIp() };
  const json = op.requestBody?.content['application/json']?.schema;
  if (target.where === 'form') {
    const form = multipart(formParts(build(op.requestBody?.content['multipart/form-data']?.schema, target.path, value)));
    return t.call({ ...common, payload: form.payload, headers: form.headers });
  }
  if (!json || target.method === 'GET') return t.call(common);
  const body = build(json, target.where === 'body' ? target.path : null, value) as Record<string, unknown>;
  return t.call({ ...common, payload: body });
}

beforeAll(async () => {
  fx.roleId = (await created('/api/roles', { code: uniq('VT'), name: 'Vai trò thử', permissions: [] })).id;
  fx.departmentId = (await created('/api/departments', { code: uniq('PB'), name: 'Phòng Quan trắc' })).id;
  const head = await t.userWith([], { department_id: fx.departmentId });
  fx.userId = head.id;
  await t.database.db.updateTable('departments').set({ head_id: head.id }).where('id', '=', fx.departmentId).execute();
  fx.employee = await t.userWith(['leaves.index', 'leaves.create'], { department_id: fx.departmentId });
  fx.customerId = (await created('/api/customers', { type: 'organization', name: 'Công ty Sông Đà' })).id;
  fx.processId = (
    await created('/api/processes', {
      code: uniq('QT'),
      name: 'Quy trình quan trắc',
      steps: [{ name: 'Lấy mẫu', department_id: fx.departmentId, duration_hours: 8 }],
    })
  ).id;
  const steps = (await t.call({ method: 'GET', url: `/api/processes/${fx.processId}/steps`, token: t.adminToken })).json();
  fx.stepId = (Array.isArray(steps) ? steps : steps.data)[0].id;
  fx.requestTypeId = (
    await created('/api/request-types', { code: uniq('LY'), name: 'Quan trắc nước thải', process_id: fx.processId })
  ).id;
  fx.requestId = (
    await created('/api/requests', {
      request_type_id: fx.requestTypeId,
      requester_name: 'Nguyễn Văn An',
      requester_phone: '0912000111',
      title: 'Quan trắc nước thải',
    })
  ).id;
  fx.workId = (await created('/api/works', { title: 'Lấy mẫu nước thải' })).id;
  fx.unitId = (await created('/api/units', { code: uniq('DV'), name: 'mẫu' })).id;
  fx.serviceId = (
    await created('/api/services', {
      code: uniq('SV'),
      name: 'Phân tích COD',
      group: 'Phân tích',
      unit_id: fx.unitId,
      unit_price: 150_000,
    })
  ).id;
  fx.kpiTypeId = (await created('/api/kpi-types', { code: uniq('KPI'), name: 'Chuyên cần', direction: 'higher' })).id;
  const types = (await t.call({ method: 'GET', url: '/api/leave-types', token: t.adminToken })).json().data as {
    id: number;
    uses_balance: boolean;
  }[];
  fx.leaveTypeId = (types.find((x) => !x.uses_balance) ?? (types[0] as { id: number })).id;
  fx.leaveId = (
    await created(
      '/api/leaves',
      { leave_type_id: fx.leaveTypeId, start_date: '2027-02-01', end_date: '2027-02-01' },
      fx.employee.token,
    )
  ).id;
  fx.evaluationId = (
    await created('/api/evaluations', {
      name: 'Đánh giá quý I/2027',
      period_type: 'quarter',
      period_start: '2027-01-01',
      period_end: '2027-03-31',
      self_deadline: '2027-04-05',
      review_deadline: '2027-04-10',
      department_ids: [fx.departmentId],
      criteria: [{ kpi_type_id: fx.kpiTypeId, weight: 100, target: 10 }],
    })
  ).id;
  fx.contractId = (
    await created('/api/contracts', {
      customer_id: fx.customerId,
      title: 'Hợp đồng quan trắc',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      items: [{ name: 'Phân tích COD', unit_name: 'mẫu', quantity: 2, unit_price: 150_000, vat_rate: '10' }],
    })
  ).id;
  const settings = (await t.call({ method: 'GET', url: '/api/notification-settings', token: t.adminToken })).json();
  fx.settingId = settings.data[0].id;
  fx.equipmentId = (await created('/api/equipment', { code: uniq('TB'), name: 'Máy đo pH', kind: 'instrument' })).id;
});
afterAll(() => t.close());

describe('the numeric fields under test', () => {
  it('are found in bodies, forms, query strings and paths of the routes', () => {
    const names = new Set(targets.map((x) => `${x.method} ${x.url} ${x.where} ${x.field}`));
    for (const name of [
      'PUT /api/units/:id body version',
      'PUT /api/services/:id body unit_id',
      'POST /api/services body unit_price',
      'PUT /api/settings/company body version',
      'PUT /api/leaves/policy body version',
      'PUT /api/leaves/:id body version',
      'PUT /api/kpi-types/:id body version',
      'PUT /api/leave-types/:id body version',
      'PUT /api/notification-settings/:id body version',
      'POST /api/contracts body items.0.quantity',
      'POST /api/contracts form items.0.unit_price',
      'POST /api/public/requests form request_type_id',
      'GET /api/leaves query department_id',
      'GET /api/users query per_page',
      'DELETE /api/settings/company/logo query version',
      'DELETE /api/units/:id path id',
      'PUT /api/equipment/:id body department_id',
      'PUT /api/equipment/:id body version',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(targets.length).toBeGreaterThan(300);
  });

  it('every number a body takes declares its bounds, within its column', () => {
    const unbounded = targets
      .filter((x) => x.where === 'body' || x.where === 'form')
      .filter((x) => {
        const s = x.schema;
        const name = x.path.filter((p) => p !== '[]').at(-1) as string;
        const max = typeOf(s) === 'integer' && !MONEY.has(name) ? INT32_MAX : Number.MAX_SAFE_INTEGER;
        const min = typeof s.minimum === 'number' ? s.minimum : s.exclusiveMinimum;
        return typeof min !== 'number' || typeof s.maximum !== 'number' || s.maximum > max;
      })
      .map((x) => `${x.method} ${x.url} ${x.where} ${x.field}: ${JSON.stringify(x.schema)}`);
    expect(unbounded).toEqual([]);
  });
});

/** The errors name the field (an array's item by its index: `items.0.quantity`, `attachment_ids.0`). */
function refusedOn(res: LightMyRequestResponse, target: Target) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { errors: { field?: string }[]; error_code: string };
  expect(body.error_code).toBe('VALIDATION_FAILED');
  const fields = body.errors.map((e) => e.field ?? '');
  const field = target.where === 'query' && typeOf(concrete(target.schema)) !== 'array' ? target.field : target.field;
  expect(
    fields.some((f) => f === field || f.startsWith(`${field}.`)),
    `${target.method} ${target.url}: no error on ${field}: ${res.body}`,
  ).toBe(true);
}

describe.each(targets)('$method $url: $where $field', (target) => {
  it('answers 2³¹, 2⁵³ and −1 with a client error, never a 5xx', async () => {
    const s = target.schema;
    for (const value of VALUES) {
      const res = await send(target, value);
      expect(res.statusCode, `${target.method} ${target.url} ${target.field}=${value}: ${res.body}`).toBeLessThan(500);
      // `per_page` past its cap is clamped, as every list does.
      if (target.field === 'per_page' && value > 0) continue;
      const max = typeof s.maximum === 'number' ? s.maximum : INT32_MAX;
      const min =
        typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1e-9 : 0;
      if (target.where === 'path' || target.where === 'query' || value > max || value < min) refusedOn(res, target);
    }
  });
});
