import type { PermissionKey } from '@qlcv/common/permissions';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Created, createDepartment, uniq } from './fixtures';
import type { TestApp } from './harness';
import { multipart } from './multipart';

/** Shared by the requests, works and flow API tests. */

export interface Person {
  id: number;
  token: string;
  departmentId: number | null;
}

export interface Doc {
  id: number;
  original_name: string;
  is_public: boolean;
  url: string;
}

export interface WorkSummary {
  id: number;
  code: string;
  title: string;
  step_index: number | null;
  status: string;
  assignee: { id: number; name: string } | null;
  department: { id: number; name: string } | null;
  deadline: string | null;
  progress: number;
  overdue: boolean;
}

export interface RequestDetail {
  id: number;
  code: string;
  tracking_code: string;
  request_type_id: number;
  request_type: { id: number; name: string } | null;
  customer_id: number | null;
  customer: { id: number; code: string; name: string } | null;
  requester_name: string;
  requester_phone: string;
  title: string;
  content: string | null;
  source: string;
  priority: string;
  status: string;
  current_step: number | null;
  due_at: string | null;
  received_at: string | null;
  completed_at: string | null;
  on_hold_since: string | null;
  status_reason: string | null;
  result_text: string | null;
  overdue: boolean;
  version: number;
  process: { id: number; code: string; name: string; version: number } | null;
  steps: { position: number; name: string; department: { id: number; name: string } | null; duration_hours: number }[];
  current_step_detail: { position: number; name: string } | null;
  works: WorkSummary[];
  attachments: Doc[];
  result_documents: Doc[];
  timeline: { action: string; changes: Record<string, [unknown, unknown]> | null; user: { id: number; name: string } | null }[];
  created_at: string;
}

export interface WorkDetail extends WorkSummary {
  description: string | null;
  result_note: string | null;
  status_reason: string | null;
  request_id: number | null;
  request: { id: number; code: string; title: string; status: string; attachments: Doc[] } | null;
  step_name: string | null;
  participants: { id: number; name: string }[];
  comments_count: number;
  attachments: Doc[];
  can: { edit: boolean };
  created_by: number | null;
  version: number;
  priority: string;
  start_date: string | null;
  completed_at: string | null;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestApp) {
  return (method: Method, url: string, payload?: unknown, token: string | null = t.adminToken) =>
    t.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** A signed-in user holding `keys`, in a department. */
export async function person(t: TestApp, keys: readonly PermissionKey[], departmentId: number | null): Promise<Person> {
  const u = await t.userWith(keys, departmentId ? { department_id: departmentId } : {});
  return { id: u.id, token: u.token, departmentId };
}

export interface World {
  tech: Created;
  lab: Created;
  sales: Created;
  /** Default assignees of the three steps, one per department, holding no key. */
  sampler: Person;
  analyst: Person;
  reporter: Person;
  processId: number;
  typeId: number;
  /** A type whose process has one step only. */
  oneStepTypeId: number;
}

/**
 * Three departments, one employee in each, a three-step process (sampling 24 h → analysis 48 h → report 8 h, the
 * last giving the result) and a request type running it; plus a one-step type.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const call = caller(t);
  const tag = uniq('w');
  const tech = await createDepartment(t, { code: `HT${tag}`, name: 'Đội hiện trường' });
  const lab = await createDepartment(t, { code: `PTN${tag}`, name: 'Phòng thí nghiệm' });
  const sales = await createDepartment(t, { code: `KD${tag}`, name: 'Phòng Kinh doanh' });
  const sampler = await person(t, [], tech.id);
  const analyst = await person(t, [], lab.id);
  const reporter = await person(t, [], sales.id);
  const process = await call('POST', '/api/processes', {
    code: `QT${tag}`,
    name: 'Quan trắc nước thải định kỳ',
    steps: [
      { name: 'Lấy mẫu hiện trường', department_id: tech.id, default_assignee_id: sampler.id, duration_hours: 24 },
      { name: 'Phân tích mẫu', department_id: lab.id, default_assignee_id: analyst.id, duration_hours: 48 },
      {
        name: 'Lập và gửi báo cáo',
        department_id: sales.id,
        default_assignee_id: reporter.id,
        duration_hours: 8,
        produces_result: true,
      },
    ],
  });
  expect(process.statusCode, process.body).toBe(201);
  const type = await call('POST', '/api/request-types', {
    code: `LYC${tag}`,
    name: 'Quan trắc môi trường định kỳ',
    process_id: process.json().id,
    is_public: true,
  });
  expect(type.statusCode, type.body).toBe(201);
  const oneStep = await call('POST', '/api/processes', {
    code: `QT1${tag}`,
    name: 'Tư vấn nhanh',
    steps: [
      { name: 'Tư vấn', department_id: sales.id, default_assignee_id: reporter.id, duration_hours: 4, produces_result: true },
    ],
  });
  expect(oneStep.statusCode, oneStep.body).toBe(201);
  const oneStepType = await call('POST', '/api/request-types', {
    code: `LYC1${tag}`,
    name: 'Tư vấn môi trường',
    process_id: oneStep.json().id,
  });
  expect(oneStepType.statusCode, oneStepType.body).toBe(201);
  return {
    tech,
    lab,
    sales,
    sampler,
    analyst,
    reporter,
    processId: process.json().id,
    typeId: type.json().id,
    oneStepTypeId: oneStepType.json().id,
  };
}

let phoneSeq = 0;
const run = String(process.pid % 1000).padStart(3, '0');
/** A mobile no other request of this test process uses: 08 + 8 digits. */
export function uniquePhone(): string {
  phoneSeq += 1;
  return `08${run}${String(phoneSeq).padStart(5, '0')}`;
}

export function requestPayload(world: World, extra: Record<string, unknown> = {}) {
  return {
    request_type_id: world.typeId,
    requester_name: 'Nguyễn Văn An',
    requester_phone: uniquePhone(),
    requester_email: 'an.nguyen@example.vn',
    requester_organization: 'Công ty TNHH Môi trường Xanh',
    requester_address: 'Số 5 Lê Lợi, Phường Bến Nghé, TP. Hồ Chí Minh',
    title: 'Quan trắc nước thải quý IV',
    content: 'Lấy mẫu nước thải tại 3 điểm xả.',
    priority: 'normal',
    ...extra,
  };
}

export async function createRequest(t: TestApp, world: World, extra: Record<string, unknown> = {}, token = t.adminToken) {
  const res = await caller(t)('POST', '/api/requests', requestPayload(world, extra), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RequestDetail;
}

export async function receive(t: TestApp, id: number, token = t.adminToken): Promise<RequestDetail> {
  const res = await caller(t)('POST', `/api/requests/${id}/receive`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Uploads a small text file as `token`'s unattached document. */
export async function uploadText(t: TestApp, token: string, name: string, text = 'Kết quả phân tích mẫu nước.'): Promise<Doc> {
  const form = multipart([{ name: 'files[]', filename: name, data: Buffer.from(text, 'utf8'), contentType: 'text/plain' }]);
  const res = await t.call({ method: 'POST', url: '/api/documents', token, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0];
}

/** The domain events of one record, oldest first. */
export async function eventsOf(t: TestApp, entity: string, id: number) {
  const rows = await t.database.db
    .selectFrom('domain_events')
    .select(['type', 'payload', 'actor_id'])
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    type: r.type,
    actor_id: r.actor_id,
    payload: r.payload ? (JSON.parse(r.payload) as Record<string, unknown>) : null,
  }));
}

export const json = <T>(res: LightMyRequestResponse) => res.json() as T;
