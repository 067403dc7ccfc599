import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { customerCreateBody, customerUpdateBody } from '@qlcv/common/schemas/customers';
import { publicRequestBody } from '@qlcv/common/schemas/public-requests';
import { requestCreateBody } from '@qlcv/common/schemas/requests';
import { workCompleteBody, workCreateBody, workUpdateBody } from '@qlcv/common/schemas/works';
import { proposeHolidays } from '@qlcv/common/vn-holidays';
import type { WorkingWeek } from '@qlcv/common/work-calendar';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { Actor } from '../lib/audit';
import { ListCache } from '../lib/list-cache';
import { formatCode } from '../lib/sequences';
import { LocalStorage } from '../lib/storage';
import { vnToday, vnYymm } from '../lib/vn-time';
import { AnalysesService } from '../modules/analyses/analyses.service';
import { AuditLogsService } from '../modules/audit-logs/audit-logs.service';
import { addressLine, CustomersService } from '../modules/customers/customers.service';
import { DepartmentsService } from '../modules/departments/departments.service';
import { DocumentsService } from '../modules/documents/documents.service';
import { ProcessesService } from '../modules/processes/processes.service';
import { PublicRequestsService } from '../modules/public-requests/public-requests.service';
import { RequestFlowService } from '../modules/request-flow/request-flow.service';
import { RequestTypesService } from '../modules/request-types/request-types.service';
import { RequestsService } from '../modules/requests/requests.service';
import { TestReportsPublicService } from '../modules/test-reports/test-reports-public.service';
import { StepWorksService } from '../modules/works/step-works.service';
import { WorkCommentsService } from '../modules/works/work-comments.service';
import { WorkDeadlinesJob } from '../modules/works/work-deadlines.job';
import { WorkStatusService } from '../modules/works/work-status.service';
import { WorksService } from '../modules/works/works.service';
import {
  DELEGATIONS,
  DEMO_CUSTOMERS,
  DEMO_REQUESTS,
  DEMO_WORKS,
  type DemoRequest,
  type DemoWork,
  STEP_NOTES,
} from './demo-activity-data';
import { loadDemoNotifications } from './demo-notifications';

// The demo company's last four months, played through the real services (customers, requests and their flow, works,
// comments, the public page), so that codes, tracking codes, step works, history, domain events and list versions
// are what the app itself makes. The services stamp the present: each action runs at its turn, in the order of the
// simulated times, and afterwards every time it wrote is moved to its simulated moment (`backdate`) and the request
// and work codes are given the month they were created in (`renumber`). The domain events are marked processed, so
// the notification dispatcher does not send four months of notifications on the first start.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const VN_OFFSET = 7 * HOUR;

type Run = () => Promise<void>;
interface Action {
  at: number;
  run: Run;
}

/** Small, seeded: the same demo every time, dated from the moment it is loaded. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}
type Random = ReturnType<typeof seeded>;

/** Office hours of the demo company: 8:00–17:30, Monday to Friday, public holidays off, in Vietnam time. */
class OfficeHours {
  private readonly holidays: Set<string>;

  constructor(
    years: number[],
    private readonly random: Random,
  ) {
    const week: WorkingWeek = { working_days: [1, 2, 3, 4, 5, 6], saturday_half: true };
    this.holidays = new Set(years.flatMap((y) => proposeHolidays(y, week).map((d) => d.date)));
  }

  private midnight(t: number) {
    return t - ((t + VN_OFFSET) % DAY);
  }

  private workday(midnight: number) {
    const day = new Date(midnight + VN_OFFSET);
    const dow = day.getUTCDay();
    return dow >= 1 && dow <= 5 && !this.holidays.has(day.toISOString().slice(0, 10));
  }

  private open(t: number) {
    const hour = ((t + VN_OFFSET) % DAY) / HOUR;
    return this.workday(this.midnight(t)) && hour >= 8 && hour < 17.5;
  }

  /** `t` when the office is open then, else the next opening (a few minutes after 8:00). */
  next(t: number): number {
    if (this.open(t)) return t;
    const today = this.midnight(t);
    let day = this.workday(today) && t < today + 8 * HOUR ? today : today + DAY;
    while (!this.workday(day)) day += DAY;
    return day + 8 * HOUR + this.random.between(5, 45) * MINUTE;
  }

  /** `t` when the office is open then, else the end of the office day before it; the next opening if that is not after `floor`. */
  prev(t: number, floor: number): number {
    if (this.open(t)) return t;
    const today = this.midnight(t);
    let day = this.workday(today) && t >= today + 17.5 * HOUR ? today : today - DAY;
    while (!this.workday(day)) day -= DAY;
    const end = day + 16.5 * HOUR + this.random.between(0, 55) * MINUTE;
    return end > floor ? end : this.next(t);
  }

  /** A visitor writes in the day or the evening: a time in the night moves to the evening before. */
  waking(t: number): number {
    const hour = ((t + VN_OFFSET) % DAY) / HOUR;
    if (hour >= 6.5 && hour < 23) return t;
    const evening = this.midnight(t) + (hour < 6.5 ? -DAY : 0) + 20 * HOUR;
    return evening + this.random.between(0, 150) * MINUTE;
  }
}

/**
 * Runs each action at the real present and remembers when it ran, so that every time it wrote can be mapped to the
 * simulated moment of the action afterwards. Two actions never share a millisecond.
 */
class Replay {
  private readonly spans: { start: number; end: number; at: number }[] = [];

  async run(at: number, action: Run): Promise<void> {
    const last = this.spans.at(-1);
    while (last && Date.now() <= last.end) await new Promise((resolve) => setImmediate(resolve));
    const start = Date.now();
    await action();
    this.spans.push({ start, end: Date.now(), at });
  }

  /** Whether `iso` was written by one of the actions (a time they stamped, not one they were given). */
  covers(iso: string): boolean {
    const t = Date.parse(iso);
    return this.spans.some((s) => s.start <= t && t <= s.end);
  }

  /** The simulated moment of a time written by one of the actions. */
  moment(iso: string): string {
    const t = Date.parse(iso);
    let lo = 0;
    let hi = this.spans.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if ((this.spans[mid] as { start: number }).start <= t) lo = mid;
      else hi = mid - 1;
    }
    const span = this.spans[lo];
    if (!span || t < span.start || t > span.end) throw new Error(`demo: ${iso} was not written by a demo action`);
    return new Date(span.at + (t - span.start)).toISOString();
  }
}

/** The services the demo drives, wired as app.ts wires them, over the same database (the demo uploads no file). */
function demoServices(database: Pick<Database, 'db' | 'kind'>, dataDir: string) {
  const { db } = database;
  const storage = new LocalStorage(path.join(dataDir, 'uploads'));
  const documents = new DocumentsService(db, storage);
  // No page is read twice while the demo loads: nothing to keep.
  const lists = new ListCache(db, 0);
  const customers = new CustomersService(db, documents, lists);
  const processes = new ProcessesService(db, database.kind);
  const requestTypes = new RequestTypesService(db);
  const works = new WorksService(db, documents, new DepartmentsService(db), lists);
  const requests = new RequestsService(db, { customers, requestTypes, documents, auditLogs: new AuditLogsService(db), lists });
  const flow = new RequestFlowService(db, {
    requests,
    stepWorks: new StepWorksService(documents),
    processes,
    requestTypes,
    documents,
  });
  return {
    customers,
    requests,
    flow,
    works,
    workStatus: new WorkStatusService(db, works, flow, documents),
    comments: new WorkCommentsService(db, works),
    // Its secret keys only what the demo never stores (idempotency keys, download links); the visitors get no SMS.
    publicRequests: new PublicRequestsService({
      requests,
      documents,
      // The activity's visitors look their requests up before any test report exists.
      testReports: new TestReportsPublicService(db, { analyses: new AnalysesService(db), storage }),
      sms: { send: async () => {} },
      appSecret: randomBytes(32).toString('hex'),
    }),
  };
}
type Services = ReturnType<typeof demoServices>;

/** Every demo user as the actor of their actions, with the permissions of their role. */
async function demoActors(db: Kysely<DB>): Promise<Map<string, Actor>> {
  const users = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.name', 'u.username', 'u.role_id', 'r.code as role_code', 'u.department_id'])
    .execute();
  const grants = await db.selectFrom('role_permissions').select(['role_id', 'permission']).execute();
  return new Map(
    users.map((u) => [
      u.username,
      {
        id: u.id,
        name: u.name,
        roleId: u.role_id,
        roleCode: u.role_code,
        departmentId: u.department_id,
        permissions: grants.filter((g) => g.role_id === u.role_id).map((g) => g.permission),
        tokenId: 0,
        ip: null,
        userAgent: null,
      } satisfies Actor,
    ]),
  );
}

interface ProcessPlan {
  code: string;
  steps: { position: number; hours: number; result: boolean }[];
}

/** What the actions of the plan share while they run. */
class Company {
  readonly customerIds = new Map<string, number>();
  private readonly turns = new Map<string, number>();

  constructor(
    readonly db: Kysely<DB>,
    readonly s: Services,
    private readonly actors: Map<string, Actor>,
    readonly types: Map<string, { id: number; process: ProcessPlan }>,
  ) {}

  actor(username: string): Actor {
    const actor = this.actors.get(username);
    if (!actor) throw new Error(`demo: no user ${username}`);
    return actor;
  }

  byId(id: number | null): Actor {
    const actor = [...this.actors.values()].find((a) => a.id === id);
    if (!actor) throw new Error(`demo: no user with id ${id}`);
    return actor;
  }

  /** The next in a rotation (the field technician whose turn it is). */
  turn<T>(key: string, xs: readonly T[]): T {
    const n = this.turns.get(key) ?? 0;
    this.turns.set(key, n + 1);
    return xs[n % xs.length] as T;
  }

  /** The open work of the request's current step. */
  async stepWork(requestId: number): Promise<{ id: number; assignee: Actor }> {
    const w = await this.db
      .selectFrom('works')
      .select(['id', 'assignee_id'])
      .where('request_id', '=', requestId)
      .where('step_index', 'is not', null)
      .where('status', 'in', ['todo', 'in_progress', 'on_hold'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { id: w.id, assignee: this.byId(w.assignee_id) };
  }
}

const QUARTERS = ['I', 'II', 'III', 'IV'];

/** A text of the demo data with its {tháng}, {quý}, {quý trước}, {năm}, {năm sau} those of the (Vietnamese) day `at`. */
function dated(text: string, at: number): string {
  const day = new Date(at + VN_OFFSET);
  const year = day.getUTCFullYear();
  const q = Math.floor(day.getUTCMonth() / 3);
  const previous = q === 0 ? `quý IV/${year - 1}` : `quý ${QUARTERS[q - 1]}/${year}`;
  return text
    .replaceAll('{tháng}', `tháng ${day.getUTCMonth() + 1}/${year}`)
    .replaceAll('{quý trước}', previous)
    .replaceAll('{quý}', `quý ${QUARTERS[q]}/${year}`)
    .replaceAll('{năm sau}', `năm ${year + 1}`)
    .replaceAll('{năm}', String(year));
}

/** Who puts a request of a process on hold: the head of the department doing most of it. */
const HOLDERS: Record<string, string> = { 'QT-DK': 'duc.tv', 'LD-QTTD': 'quang.hv', DTM: 'duc.tv' };
/** The sales head takes the requests in, rejects and cancels them; an accountant completes a customer's record. */
const RECEIVER = 'bao.dq';
const RECORD_KEEPER = 'nam.hv';

/** The work a running request stands at: when it arrived, its step's SLA, and whether it is to be late now. */
interface Current {
  at: number;
  hours: number;
  late: boolean;
}

/**
 * A request's actions from its creation at `c`: where its story ends is where it stands now. For a request still
 * running, what happened on its current step's work is spread between the work's arrival and `before`.
 */
function requestActions(
  story: DemoRequest,
  c: number,
  co: Company,
  office: OfficeHours,
  random: Random,
  before: number,
): { actions: Action[]; current?: Current } {
  const r = datedRequest(story, c);
  const { s } = co;
  const type = co.types.get(r.type);
  if (!type) throw new Error(`demo: no request type ${r.type}`);
  const proc = type.process;
  const notes = STEP_NOTES[proc.code] ?? [];
  const request = { id: 0 };
  const out: Action[] = [];
  let current: Current | undefined;
  let t = c;
  const add = (at: number, run: Run) => {
    t = Math.max(at, t + MINUTE);
    out.push({ at: t, run });
  };
  const later = (minHours: number, maxHours: number) => office.next(t + random.between(minHours, maxHours) * HOUR);
  const onStepWork = (fn: (w: { id: number; assignee: Actor }) => Promise<unknown>) => async () => {
    await fn(await co.stepWork(request.id));
  };

  add(c, async () => {
    if (r.visitor) {
      const v = r.visitor;
      const body = publicRequestBody.parse({
        request_type_id: type.id,
        name: v.name,
        mobile: v.mobile,
        email: v.email,
        organization: v.organization,
        address: v.address,
        title: r.title,
        content: r.content,
        consent: true,
      });
      const { code } = await s.publicRequests.submit(body, [], null);
      const row = await co.db.selectFrom('requests').select('id').where('tracking_code', '=', code).executeTakeFirstOrThrow();
      request.id = row.id;
      return;
    }
    const customer = DEMO_CUSTOMERS.find((x) => x.key === r.customer);
    const contact = customer?.contacts[0];
    if (!customer || !contact) throw new Error(`demo: no customer ${r.customer}`);
    const body = requestCreateBody.parse({
      request_type_id: type.id,
      customer_id: co.customerIds.get(customer.key),
      requester_name: contact.name,
      requester_phone: contact.phone,
      requester_email: contact.email ?? customer.email ?? null,
      requester_organization: customer.type === 'organization' ? customer.name : null,
      requester_address: addressLine({
        street: customer.street ?? null,
        ward: customer.ward ?? null,
        province: customer.province,
      }),
      title: r.title,
      content: r.content,
      priority: r.priority ?? 'normal',
    });
    request.id = (await s.requests.create(co.actor(r.by ?? RECEIVER), body)).id;
  });

  const end = r.end;
  const close = async (verb: 'reject' | 'cancel', reason: string) => {
    if (verb === 'reject') await s.flow.reject(co.actor(RECEIVER), request.id, reason);
    else await s.flow.cancel(co.actor(RECEIVER), request.id, reason);
  };
  if (end.status === 'new') return { actions: out, current };
  if (end.status === 'cancelled' && !end.step) {
    add(later(2, 30), () => close('cancel', end.reason));
    return { actions: out, current };
  }
  if (end.status === 'rejected' && !end.received) {
    add(later(1, 20), () => close('reject', end.reason));
    return { actions: out, current };
  }
  add(later(0.5, 4), async () => {
    await s.flow.receive(co.actor(RECEIVER), request.id);
  });
  const profile = r.visitor?.profile;
  if (profile) {
    add(later(1, 24), async () => {
      const row = await co.db.selectFrom('requests').select('customer_id').where('id', '=', request.id).executeTakeFirstOrThrow();
      const id = row.customer_id as number;
      const customer = await s.customers.get(id);
      await s.customers.update(co.actor(RECORD_KEEPER), id, customerUpdateBody.parse({ ...customer, ...profile }));
    });
  }
  if (end.status === 'rejected') {
    add(later(2, 20), () => close('reject', end.reason));
    return { actions: out, current };
  }

  // The process: each step's work is handed on, started, commented and done, until the step the request stands at.
  const standsAt = end.status === 'completed' ? Number.POSITIVE_INFINITY : end.status === 'received' ? 1 : end.step;
  let position = 1;
  let redo = false;
  let sentBack = false;
  for (;;) {
    const step = proc.steps[position - 1];
    if (!step) return { actions: out, current };
    const said = notes[position - 1] ?? { done: ['Đã hoàn thành.'], comments: [] };
    const arrived = t;
    const standing = position === standsAt && !redo;
    const running = standing && ['received', 'in_progress', 'on_hold'].includes(end.status);
    if (running) current = { at: arrived, hours: step.hours, late: r.late?.includes(position) ?? false };
    // On the step it stands at, a part of the time from the work's arrival until now; elsewhere, some hours later.
    const next = (from: number, to: number, minHours: number, maxHours: number) => {
      if (!running) return later(minHours, maxHours);
      const x = arrived + (before - arrived) * random.between(from, to);
      const y = office.prev(x, t + MINUTE);
      return y < before ? y : x;
    };
    const key = `${proc.code}:${position}`;
    const delegation = redo ? undefined : DELEGATIONS[key];
    if (delegation) {
      add(next(0.02, 0.1, 0.3, 2), async () => {
        const w = await co.stepWork(request.id);
        const to = co.turn(key, delegation.to);
        const followers = delegation.followers.filter((u) => u !== to);
        if (co.actor(to).id === w.assignee.id && followers.length === 0) return;
        const head = co.actor(delegation.by);
        const d = await s.works.detail(head, w.id);
        await s.works.update(
          head,
          w.id,
          workUpdateBody.parse({
            title: d.title,
            description: d.description,
            department_id: d.department_id,
            assignee_id: co.actor(to).id,
            priority: d.priority,
            start_date: d.start_date,
            deadline: d.deadline,
            participant_ids: followers.map((u) => co.actor(u).id),
            version: d.version,
          }),
        );
      });
    }
    if (end.status === 'received') return { actions: out, current };
    const start = next(0.1, 0.3, 0.5, 4);
    add(
      start,
      onStepWork((w) => s.workStatus.start(w.assignee, w.id)),
    );
    const comment = (at: number) => {
      if (said.comments.length === 0) return;
      const body = random.pick(said.comments);
      add(
        at,
        onStepWork((w) => s.comments.add(w.assignee, w.id, { body })),
      );
    };

    if (standing) {
      const progress = 'progress' in end ? end.progress : 0;
      if (progress > 0)
        add(
          next(0.4, 0.6, 2, 20),
          onStepWork((w) => s.workStatus.setProgress(w.assignee, w.id, progress)),
        );
      if (random.between(0, 1) < 0.6) comment(next(0.6, 0.8, 1, 12));
      if (end.status === 'on_hold') {
        const holder = HOLDERS[proc.code] ?? RECEIVER;
        add(next(0.8, 0.95, 2, 24), async () => {
          await s.flow.hold(co.actor(holder), request.id, end.reason);
        });
      }
      if (end.status === 'cancelled') add(later(2, 24), () => close('cancel', end.reason));
      return { actions: out, current };
    }
    if (r.sentBack && !sentBack && position === r.sentBack.step) {
      const reason = r.sentBack.reason;
      add(
        later(3, 20),
        onStepWork((w) => s.workStatus.sendBack(w.assignee, w.id, reason)),
      );
      sentBack = true;
      redo = true;
      position -= 1;
      continue;
    }
    const slow = r.late?.includes(position) ?? false;
    const span = step.hours * HOUR * (slow ? random.between(1.15, 1.6) : random.between(0.35, 0.85));
    const done = slow ? office.next(start + span) : office.prev(start + span, start + 20 * MINUTE);
    const between = office.prev(start + span * random.between(0.3, 0.6), t + 10 * MINUTE);
    if (random.between(0, 1) < 0.45 && between < done - 10 * MINUTE) comment(between);
    const last = position === proc.steps.length;
    const givesResult = step.result || (last && !proc.steps.some((x) => x.result));
    const body = workCompleteBody.parse({
      result_note: random.pick(said.done),
      public_result: end.status === 'completed' && givesResult ? end.result : undefined,
    });
    add(
      done,
      onStepWork((w) => s.workStatus.complete(w.assignee, w.id, body)),
    );
    redo = false;
    position += 1;
  }
}

/** The request's texts as of its creation day. */
function datedRequest(r: DemoRequest, c: number): DemoRequest {
  const end = r.end;
  return {
    ...r,
    title: dated(r.title, c),
    content: dated(r.content, c),
    end:
      'result' in end
        ? { ...end, result: dated(end.result, c) }
        : 'reason' in end
          ? { ...end, reason: dated(end.reason, c) }
          : end,
  };
}

/** A work outside any process, from its creation at `c`. */
function workActions(story: DemoWork, c: number, co: Company, office: OfficeHours, random: Random): Action[] {
  const w: DemoWork = {
    ...story,
    title: dated(story.title, c),
    description: dated(story.description, c),
    end: 'result' in story.end ? { ...story.end, result: dated(story.end.result, c) } : story.end,
  };
  const { s } = co;
  const work = { id: 0 };
  const out: Action[] = [];
  let t = c;
  const add = (at: number, run: Run) => {
    t = Math.max(at, t + MINUTE);
    out.push({ at: t, run });
  };
  const later = (minHours: number, maxHours: number) => office.next(t + random.between(minHours, maxHours) * HOUR);
  const assignee = () => co.actor(w.assignee);

  add(c, async () => {
    const body = workCreateBody.parse({
      title: w.title,
      description: w.description,
      assignee_id: co.actor(w.assignee).id,
      participant_ids: (w.participants ?? []).map((u) => co.actor(u).id),
      priority: w.priority ?? 'normal',
      start_date: vnToday(new Date(c)),
      deadline: vnToday(new Date(c + w.days * DAY)),
    });
    work.id = (await s.works.create(co.actor(w.by), body)).id;
  });
  const end = w.end;
  if (end.status === 'cancelled') {
    add(later(2, 48), async () => {
      await s.workStatus.cancel(co.actor(w.by), work.id, end.reason);
    });
    return out;
  }
  if (end.status === 'todo') return out;
  add(later(1, 20), async () => {
    await s.workStatus.start(assignee(), work.id);
  });
  for (const [username, body] of w.comments ?? []) {
    add(later(4, 40), async () => {
      await s.comments.add(co.actor(username), work.id, { body });
    });
  }
  if (end.status === 'in_progress') {
    add(later(2, 30), async () => {
      await s.workStatus.setProgress(assignee(), work.id, end.progress);
    });
  } else if (end.status === 'on_hold') {
    add(later(2, 30), async () => {
      await s.workStatus.hold(assignee(), work.id, end.reason);
    });
  } else {
    add(office.prev(c + w.days * DAY * random.between(0.5, 0.9), t + 30 * MINUTE), async () => {
      await s.workStatus.complete(assignee(), work.id, workCompleteBody.parse({ result_note: end.result }));
    });
  }
  return out;
}

/** A story started `daysAgo`, moved a day earlier at a time until all of it lies in the past. */
function fitted(make: (c: number) => Action[], first: number, before: number): Action[] {
  for (let c = first, tries = 0; tries < 60; c -= DAY, tries += 1) {
    const actions = make(c);
    if (actions.every((a) => a.at < before)) return actions;
  }
  throw new Error('demo: a story does not fit before the present');
}

/** The id after which the rows of each table were written by the demo's activity. */
async function lastIds(db: Kysely<DB>) {
  const max = async (table: 'customers' | 'requests' | 'works' | 'work_comments' | 'audit_logs' | 'domain_events') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max<number>('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  return {
    customers: await max('customers'),
    requests: await max('requests'),
    works: await max('works'),
    work_comments: await max('work_comments'),
    audit_logs: await max('audit_logs'),
    domain_events: await max('domain_events'),
  };
}
type LastIds = Awaited<ReturnType<typeof lastIds>>;

/** Every time the activity wrote, moved to the simulated moment of the action that wrote it. */
async function backdate(trx: Kysely<DB>, replay: Replay, after: LastIds): Promise<void> {
  const at = (v: string | null) => (v === null ? null : replay.moment(v));
  // A time computed from another (a due time from the receipt, a deadline from the work's creation) moves with it.
  const along = (v: string | null, anchor: string | null) =>
    v && anchor ? new Date(Date.parse(v) + Date.parse(replay.moment(anchor)) - Date.parse(anchor)).toISOString() : v;

  for (const c of await trx
    .selectFrom('customers')
    .select(['id', 'created_at', 'updated_at'])
    .where('id', '>', after.customers)
    .execute()) {
    await trx
      .updateTable('customers')
      .set({ created_at: replay.moment(c.created_at), updated_at: replay.moment(c.updated_at) })
      .where('id', '=', c.id)
      .execute();
  }
  const requests = await trx
    .selectFrom('requests')
    .select(['id', 'created_at', 'updated_at', 'received_at', 'completed_at', 'on_hold_since', 'due_at'])
    .where('id', '>', after.requests)
    .execute();
  for (const r of requests) {
    await trx
      .updateTable('requests')
      .set({
        created_at: replay.moment(r.created_at),
        updated_at: replay.moment(r.updated_at),
        received_at: at(r.received_at),
        completed_at: at(r.completed_at),
        on_hold_since: at(r.on_hold_since),
        due_at: along(r.due_at, r.received_at),
      })
      .where('id', '=', r.id)
      .execute();
  }
  const works = await trx
    .selectFrom('works')
    .select(['id', 'step_index', 'created_at', 'updated_at', 'started_at', 'completed_at', 'deadline', 'start_date'])
    .where('id', '>', after.works)
    .execute();
  for (const w of works) {
    const created = replay.moment(w.created_at);
    // A step work's start day and deadline were set by the flow from its creation; a standalone one's were given.
    const step = w.step_index !== null;
    await trx
      .updateTable('works')
      .set({
        created_at: created,
        updated_at: replay.moment(w.updated_at),
        started_at: at(w.started_at),
        completed_at: at(w.completed_at),
        deadline: step ? along(w.deadline, w.created_at) : w.deadline,
        start_date: step ? vnToday(new Date(created)) : w.start_date,
      })
      .where('id', '=', w.id)
      .execute();
  }
  const comments = await trx
    .selectFrom('work_comments')
    .select(['id', 'created_at'])
    .where('id', '>', after.work_comments)
    .execute();
  for (const c of comments) {
    await trx
      .updateTable('work_comments')
      .set({ created_at: replay.moment(c.created_at) })
      .where('id', '=', c.id)
      .execute();
  }
  for (const a of await trx
    .selectFrom('audit_logs')
    .select(['id', 'created_at', 'changes'])
    .where('id', '>', after.audit_logs)
    .execute()) {
    await trx
      .updateTable('audit_logs')
      .set({ created_at: replay.moment(a.created_at), changes: historyAt(replay, a.changes) })
      .where('id', '=', a.id)
      .execute();
  }
  // Processed as they happened: the dispatcher has nothing of the past left to send.
  for (const e of await trx
    .selectFrom('domain_events')
    .select(['id', 'created_at'])
    .where('id', '>', after.domain_events)
    .execute()) {
    const moment = replay.moment(e.created_at);
    await trx.updateTable('domain_events').set({ created_at: moment, processed_at: moment }).where('id', '=', e.id).execute();
  }
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A history entry's changes with the times its action stamped moved to the action's moment, and a due time with the
 * receipt it was computed from; times it was given (a standalone work's deadline) stay.
 */
function historyAt(replay: Replay, changes: string | null): string | null {
  if (!changes) return changes;
  const entry = JSON.parse(changes) as Record<string, unknown>;
  const stamped = (v: unknown) => (typeof v === 'string' && ISO_TIME.test(v) && replay.covers(v) ? replay.moment(v) : v);
  const received = (entry.received_at as unknown[] | undefined)?.[1];
  for (const [key, value] of Object.entries(entry)) {
    if (!Array.isArray(value)) continue;
    entry[key] =
      key === 'due_at' && typeof received === 'string' && replay.covers(received)
        ? value.map((v) =>
            typeof v === 'string'
              ? new Date(Date.parse(v) + Date.parse(replay.moment(received)) - Date.parse(received)).toISOString()
              : v,
          )
        : value.map(stamped);
  }
  return JSON.stringify(entry);
}

const CODE = /\b(?:YC|CV)\d{4}-\d{4,}\b/gi;

/**
 * The request and work codes, issued this month while the demo loaded, become those of the month each record was
 * created in (YC2608-0001…), in creation order, wherever they were written: codes, tracking codes, titles, search
 * text, history and events. The monthly counters go on from there.
 */
async function renumber(trx: Kysely<DB>, after: LastIds): Promise<void> {
  const counters = new Map(
    (await trx.selectFrom('sequences').select(['name', 'value']).execute()).map((s) => [s.name, Number(s.value)] as const),
  );
  const issuedNow = { requests: 0, works: 0 };
  const codes = new Map<string, string>();
  const rows = {
    requests: await trx
      .selectFrom('requests')
      .select(['id', 'code', 'tracking_code', 'search_text', 'status_reason', 'created_at'])
      .where('id', '>', after.requests)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    works: await trx
      .selectFrom('works')
      .select(['id', 'code', 'title', 'description', 'status_reason', 'search_text', 'created_at'])
      .where('id', '>', after.works)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  };
  const month = vnYymm();
  const next = new Map<string, number>();
  for (const [table, prefix] of [
    ['requests', 'YC'],
    ['works', 'CV'],
  ] as const) {
    issuedNow[table] = rows[table].length;
    for (const r of rows[table]) {
      const yymm = vnYymm(new Date(r.created_at));
      const name = `${table}:${yymm}`;
      // This month's counter already counts what the demo issued: it starts again from where it stood before.
      const before = (counters.get(name) ?? 0) - (yymm === month ? issuedNow[table] : 0);
      const n = (next.get(name) ?? before) + 1;
      next.set(name, n);
      codes.set(r.code.toUpperCase(), `${prefix}${yymm}-${formatCode('', n)}`);
    }
    const current = `${table}:${month}`;
    if (!next.has(current) && counters.has(current)) next.set(current, (counters.get(current) ?? 0) - issuedNow[table]);
  }
  const recode = <T extends string | null>(text: T): T =>
    (text === null
      ? text
      : text.replace(CODE, (m) => {
          const code = codes.get(m.toUpperCase());
          return code ? (m === m.toUpperCase() ? code : code.toLowerCase()) : m;
        })) as T;

  // Unique columns: cleared first, so that no new code meets an old one still in place.
  for (const r of rows.requests) {
    await trx
      .updateTable('requests')
      .set({ code: `~${r.id}`, tracking_code: `~${r.id}` })
      .where('id', '=', r.id)
      .execute();
  }
  for (const w of rows.works)
    await trx
      .updateTable('works')
      .set({ code: `~${w.id}` })
      .where('id', '=', w.id)
      .execute();
  for (const r of rows.requests) {
    await trx
      .updateTable('requests')
      .set({
        code: recode(r.code),
        tracking_code: recode(r.tracking_code),
        search_text: recode(r.search_text),
        status_reason: recode(r.status_reason),
      })
      .where('id', '=', r.id)
      .execute();
  }
  for (const w of rows.works) {
    await trx
      .updateTable('works')
      .set({
        code: recode(w.code),
        title: recode(w.title),
        description: recode(w.description),
        status_reason: recode(w.status_reason),
        search_text: recode(w.search_text),
      })
      .where('id', '=', w.id)
      .execute();
  }
  for (const a of await trx.selectFrom('audit_logs').select(['id', 'changes']).where('id', '>', after.audit_logs).execute()) {
    const changes = recode(a.changes);
    if (changes !== a.changes) await trx.updateTable('audit_logs').set({ changes }).where('id', '=', a.id).execute();
  }
  for (const e of await trx
    .selectFrom('domain_events')
    .select(['id', 'payload'])
    .where('id', '>', after.domain_events)
    .execute()) {
    const payload = recode(e.payload);
    if (payload !== e.payload) await trx.updateTable('domain_events').set({ payload }).where('id', '=', e.id).execute();
  }
  for (const [name, value] of next) {
    await trx
      .insertInto('sequences')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  }
}

/**
 * Loads the demo company's activity once, after `loadDemo`: its customers, 60 requests in every status with their
 * works, the works outside any process and the demo users' notifications. Returns false when the demo company is
 * not there, or already has customers or requests.
 */
export function loadDemoActivity(database: Pick<Database, 'db' | 'kind'>, dataDir: string): Promise<boolean> {
  // One connection for the whole load, its hundreds of small transactions committed on PostgreSQL without waiting
  // for each to reach the disk (demo data: a crash loses the last few, never the database's consistency).
  return database.db.connection().execute(async (db) => {
    if (database.kind !== 'postgres') return loadActivity({ db, kind: database.kind }, dataDir);
    await sql`set synchronous_commit = off`.execute(db);
    try {
      return await loadActivity({ db, kind: database.kind }, dataDir);
    } finally {
      await sql`reset synchronous_commit`.execute(db);
    }
  });
}

async function loadActivity(database: Pick<Database, 'db' | 'kind'>, dataDir: string): Promise<boolean> {
  const { db } = database;
  const actors = await demoActors(db);
  if (!actors.has('hung.nv')) return false;
  const [customer, request] = await Promise.all([
    db.selectFrom('customers').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('requests').select('id').limit(1).executeTakeFirst(),
  ]);
  if (customer || request) return false;

  const now = Date.now();
  const random = seeded(2026);
  const thisYear = new Date(now + VN_OFFSET).getUTCFullYear();
  const office = new OfficeHours([thisYear - 1, thisYear], random);
  const co = new Company(db, demoServices(database, dataDir), actors, await requestTypes(db));

  // The plan: every story laid out in time, then all of it in the order it happened.
  const before = now - 2 * MINUTE;
  const plan: Action[] = [];
  const firstRequest = new Map<string, number>();
  for (const r of DEMO_REQUESTS) {
    const story = (c: number) => requestActions(r, r.visitor ? office.waking(c) : office.next(c), co, office, random, before);
    // A running request begins where its current work arrives a part of its SLA ago (more than all of it, when late).
    let begin = now - r.daysAgo * DAY;
    for (let i = 0; i < 6; i += 1) {
      const { current } = story(begin);
      if (!current) break;
      const age = current.hours * HOUR * (current.late ? random.between(1.3, 2.2) : random.between(0.1, 0.45));
      const shift = now - age - current.at;
      if (Math.abs(shift) < HOUR) break;
      begin += shift;
    }
    const actions = fitted((c) => story(c).actions, begin, before);
    plan.push(...actions);
    const at = actions[0]?.at ?? now;
    if (r.customer && at < (firstRequest.get(r.customer) ?? Number.POSITIVE_INFINITY)) firstRequest.set(r.customer, at);
  }
  for (const w of DEMO_WORKS) {
    plan.push(...fitted((c) => workActions(w, office.next(c), co, office, random), now - w.daysAgo * DAY, before));
  }
  // A customer is entered a few days before its first request.
  for (const c of DEMO_CUSTOMERS) {
    const first = firstRequest.get(c.key) ?? now - 30 * DAY;
    plan.push({
      at: office.prev(first - random.between(2, 15) * DAY, 0),
      run: async () => {
        const { key, by, ...fields } = c;
        co.customerIds.set(key, (await co.s.customers.create(co.actor(by), customerCreateBody.parse(fields))).id);
      },
    });
  }
  plan.sort((a, b) => a.at - b.at);

  const after = await lastIds(db);
  const replay = new Replay();
  for (const action of plan) await replay.run(action.at, action.run);
  await db.transaction().execute(async (trx) => {
    await backdate(trx, replay, after);
    await renumber(trx, after);
  });
  // The deadline reminders the scheduler would raise on the first start, raised now and processed with the rest.
  await new WorkDeadlinesJob(db).runOnce(new Date());
  await loadDemoNotifications(
    db,
    [...actors.values()].map((a) => a.id).sort((a, b) => a - b),
  );
  await db
    .updateTable('domain_events')
    .set({ processed_at: new Date().toISOString() })
    .where('id', '>', after.domain_events)
    .where('processed_at', 'is', null)
    .execute();
  return true;
}

/** The request types by code, with the steps of their process. */
async function requestTypes(db: Kysely<DB>): Promise<Map<string, { id: number; process: ProcessPlan }>> {
  const types = await db
    .selectFrom('request_types as t')
    .innerJoin('processes as p', 'p.id', 't.process_id')
    .select(['t.id', 't.code', 't.process_id', 'p.code as process_code'])
    .execute();
  const steps = await db
    .selectFrom('process_steps')
    .select(['process_id', 'position', 'duration_hours', 'produces_result'])
    .orderBy('position')
    .execute();
  return new Map(
    types.map((t) => [
      t.code,
      {
        id: t.id,
        process: {
          code: t.process_code,
          steps: steps
            .filter((s) => s.process_id === t.process_id)
            .map((s) => ({ position: s.position, hours: Number(s.duration_hours), result: Boolean(s.produces_result) })),
        },
      },
    ]),
  );
}
