import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { PRIORITY_LABELS, REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import {
  type DynamicRecipient,
  EVENT_CATALOGUE,
  type EventDef,
  isNotificationEvent,
  type NotificationRecipients,
} from '@qlcv/common/schemas/notification-settings';
import type { Kysely } from 'kysely';
import type { DB, DomainEventsTable } from '../../db/schema';
import { parseJsonObject } from '../../lib/json';
import { parseSnapshot } from '../../lib/process-snapshot';

export type DomainEventRow = Omit<DomainEventsTable, 'id'> & { id: number };

/** Someone a notification goes to: a user of the app, or an outside person (a requester, a customer). */
export interface Person {
  userId: number | null;
  name: string;
  email: string | null;
  mobile: string | null;
}

/** What an event's record gives its notifications: the placeholders' values, the link, the dynamic recipients. */
export interface EventContext {
  vars: Record<string, string>;
  link: string | null;
  /** User ids for the users' kinds. */
  users: Partial<Record<DynamicRecipient, number[]>>;
  /** Outside people for `requester` and `customer`. */
  outside: Partial<Record<DynamicRecipient, Person[]>>;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const when = (v: string | null) => (!v ? '' : /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : formatDateTime(v));
const ids = (...values: unknown[]) => values.filter((v): v is number => typeof v === 'number' && v > 0);

async function headOf(db: Kysely<DB>, departmentId: number | null | undefined): Promise<number | null> {
  if (!departmentId) return null;
  const d = await db.selectFrom('departments').select('head_id').where('id', '=', departmentId).executeTakeFirst();
  return d?.head_id ?? null;
}

/**
 * A request's event: its creator, the department head of its step (for a new request, the first step of its type's
 * process), the assignee of that step's work, the requester and the customer by phone and e-mail.
 */
async function requestContext(db: Kysely<DB>, id: number, payload: Record<string, unknown>): Promise<EventContext | null> {
  const r = await db
    .selectFrom('requests as r')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .select([
      'r.id',
      'r.code',
      'r.tracking_code',
      'r.title',
      'r.status',
      'r.requester_name',
      'r.requester_phone',
      'r.requester_email',
      'r.due_at',
      'r.status_reason',
      'r.result_text',
      'r.current_step',
      'r.process_snapshot',
      'r.request_type_id',
      'r.created_by',
      'r.customer_id',
      'c.name as customer_name',
      'c.phone as customer_phone',
      'c.email as customer_email',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;

  const position = typeof payload.to_step === 'number' ? payload.to_step : r.current_step;
  const snapshot = parseSnapshot(r.process_snapshot);
  let step: { name: string; department_id: number | null } | undefined = snapshot?.steps.find((s) => s.position === position);
  if (!snapshot) {
    step = await db
      .selectFrom('request_types as t')
      .innerJoin('process_steps as s', 's.process_id', 't.process_id')
      .select(['s.name', 's.department_id'])
      .where('t.id', '=', r.request_type_id)
      .orderBy('s.position')
      .limit(1)
      .executeTakeFirst();
  }
  const workId = typeof payload.work_id === 'number' ? payload.work_id : null;
  let work = workId ? await db.selectFrom('works').select('assignee_id').where('id', '=', workId).executeTakeFirst() : undefined;
  if (!work && position !== null && position !== undefined) {
    work = await db
      .selectFrom('works')
      .select('assignee_id')
      .where('request_id', '=', r.id)
      .where('step_index', '=', position)
      .where('status', '!=', 'cancelled')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }
  const outside: EventContext['outside'] = {
    requester: [{ userId: null, name: r.requester_name, email: r.requester_email, mobile: r.requester_phone }],
  };
  if (r.customer_id && r.customer_name) {
    outside.customer = [{ userId: null, name: r.customer_name, email: r.customer_email, mobile: r.customer_phone }];
  }
  return {
    vars: {
      'request.code': r.code,
      'request.tracking_code': r.tracking_code,
      'request.title': r.title,
      'request.status': REQUEST_STATUS_LABELS[r.status] ?? r.status,
      'request.requester_name': r.requester_name,
      'request.due_at': when(r.due_at),
      'request.reason': text(payload.reason ?? r.status_reason),
      'request.result': text(r.result_text),
      'step.name': step?.name ?? '',
      'customer.name': text(r.customer_name),
    },
    link: `/admin/requests/${r.id}`,
    users: {
      creator: ids(r.created_by),
      department_head: ids(await headOf(db, step?.department_id)),
      assignee: ids(work?.assignee_id),
    },
    outside,
  };
}

/** A work's event: its assignee (the one the event names, for an assignment), creator and department head. */
async function workContext(db: Kysely<DB>, id: number, payload: Record<string, unknown>): Promise<EventContext | null> {
  const w = await db
    .selectFrom('works as w')
    .leftJoin('departments as d', 'd.id', 'w.department_id')
    .leftJoin('users as a', 'a.id', 'w.assignee_id')
    .leftJoin('requests as r', 'r.id', 'w.request_id')
    .select([
      'w.id',
      'w.code',
      'w.title',
      'w.deadline',
      'w.priority',
      'w.assignee_id',
      'w.created_by',
      'd.name as department_name',
      'd.head_id',
      'a.name as assignee_name',
      'r.code as request_code',
      'r.title as request_title',
    ])
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (!w) return null;
  const assignee = typeof payload.assignee_id === 'number' ? payload.assignee_id : w.assignee_id;
  // An escalation names the request's owner as its `creator` (modules/works/work-deadlines.job.ts).
  const creator = typeof payload.creator_id === 'number' ? payload.creator_id : w.created_by;
  return {
    vars: {
      'work.code': w.code,
      'work.title': w.title,
      'work.deadline': when(w.deadline),
      'work.priority': PRIORITY_LABELS[w.priority] ?? w.priority,
      'work.assignee_name': text(w.assignee_name),
      'department.name': text(w.department_name),
      'request.code': text(w.request_code),
      'request.title': text(w.request_title),
    },
    link: `/admin/works/${w.id}`,
    users: { assignee: ids(assignee), creator: ids(creator), department_head: ids(w.head_id) },
    outside: {},
  };
}

/**
 * An event of a module that has no reader here (leaves, contracts, evaluations, monitoring): its payload says it all —
 * `assignee_id` or `assignee_ids`, `creator_id`, `department_id` (whose head is meant) or `head_ids`, `vars`
 * (placeholder → text), `link`, and `code`, the record's code, which is the event's code placeholder (`<group>.code`,
 * `leave.code`, unless the catalogue names another) unless `vars` says it.
 */
async function payloadContext(db: Kysely<DB>, type: string, payload: Record<string, unknown>): Promise<EventContext> {
  const vars: Record<string, string> = {};
  if (payload.vars && typeof payload.vars === 'object') {
    for (const [k, v] of Object.entries(payload.vars as Record<string, unknown>)) vars[k] = text(v);
  }
  const def: EventDef | null = isNotificationEvent(type) ? EVENT_CATALOGUE[type] : null;
  const codeName = def ? (def.code ?? `${def.group}.code`) : null;
  if (codeName && typeof payload.code === 'string' && !Object.hasOwn(vars, codeName)) vars[codeName] = payload.code;
  const departmentId = typeof payload.department_id === 'number' ? payload.department_id : null;
  return {
    vars,
    link: typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : null,
    users: {
      // `assignee_ids`: several people told at once (a trip's team).
      assignee: Array.isArray(payload.assignee_ids) ? ids(...payload.assignee_ids) : ids(payload.assignee_id),
      creator: ids(payload.creator_id),
      // `head_ids` names the heads meant outright (a leave's approver and their substitutes).
      department_head: Array.isArray(payload.head_ids) ? ids(...payload.head_ids) : ids(await headOf(db, departmentId)),
    },
    outside: {},
  };
}

/** The record behind an event, read inside the dispatch transaction; null when it is gone. */
export async function loadContext(db: Kysely<DB>, event: DomainEventRow): Promise<EventContext | null> {
  const payload = parseJsonObject(event.payload) ?? {};
  if (event.entity === 'requests') return requestContext(db, event.entity_id, payload);
  if (event.entity === 'works') return workContext(db, event.entity_id, payload);
  return payloadContext(db, event.type, payload);
}

/**
 * Everyone a setting names for this event: the users of its roles and departments, the users it names and the
 * dynamic ones (active accounts only, each once), then the outside people (each phone or e-mail once). The actor is
 * never told of their own action.
 */
export async function resolveRecipients(
  db: Kysely<DB>,
  recipients: NotificationRecipients,
  ctx: EventContext,
  actorId: number | null,
): Promise<Person[]> {
  const userIds = new Set<number>(recipients.users);
  for (const kind of recipients.dynamic) for (const id of ctx.users[kind] ?? []) userIds.add(id);
  let q = db.selectFrom('users').select(['id', 'name', 'email', 'mobile']).where('status', '=', 'active');
  const ors = [
    userIds.size > 0 ? ['id', [...userIds]] : null,
    recipients.roles.length > 0 ? ['role_id', recipients.roles] : null,
    recipients.departments.length > 0 ? ['department_id', recipients.departments] : null,
  ].filter((x): x is [string, number[]] => x !== null);
  const people: Person[] = [];
  if (ors.length > 0) {
    q = q.where((eb) => eb.or(ors.map(([col, list]) => eb(col as 'id', 'in', list))));
    for (const u of await q.orderBy('id').execute()) {
      if (u.id === actorId) continue;
      people.push({ userId: u.id, name: u.name, email: u.email, mobile: u.mobile });
    }
  }
  const seen = new Set<string>();
  for (const kind of recipients.dynamic) {
    for (const p of ctx.outside[kind] ?? []) {
      const key = `${p.mobile ?? ''}|${p.email ?? ''}`;
      if (seen.has(key) || (!p.mobile && !p.email)) continue;
      seen.add(key);
      people.push(p);
    }
  }
  return people;
}
