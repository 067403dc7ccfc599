import { randomBytes } from 'node:crypto';
import { REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Paginated } from '@qlcv/common/schemas/common';
import { type ProcessSnapshot, processSnapshotSchema } from '@qlcv/common/schemas/processes';
import {
  OPEN_REQUEST_STATUSES,
  type Priority,
  REQUEST_SORTS,
  type RequestCompleteBody,
  type RequestCreateBody,
  type RequestDetail,
  type RequestListQuery,
  type RequestRecord,
  type RequestSort,
  type RequestSource,
  type RequestStatus,
  type RequestStep,
  type RequestUpdateBody,
  TRACKING_ALPHABET,
  TRACKING_RANDOM_LENGTH,
} from '@qlcv/common/schemas/requests';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { type DomainEventType, recordEvent } from '../../lib/domain-events';
import { AppError, conflict, invalid, notFound, staleVersion } from '../../lib/errors';
import { type ListCache, listKey } from '../../lib/list-cache';
import { pageWindow, parseSort, rowsByIds, toPage } from '../../lib/pagination';
import { formatCode, nextSequence } from '../../lib/sequences';
import { likePattern } from '../../lib/vi-search';
import { addHours, addMs, vnDayEnd, vnDayStart, vnYymm } from '../../lib/vn-time';
import type { AuditLogsService } from '../audit-logs/audit-logs.service';
import type { CustomersService } from '../customers/customers.service';
import type { DocumentsService } from '../documents/documents.service';
import type { ProcessesService } from '../processes/processes.service';
import type { RequestTypesService } from '../request-types/request-types.service';
import { type FlowWork, type RequestFlow, WORK_ENTITY, type WorkRequestContext, type WorksService } from '../works/works.service';
import { type RequestListRow, type RequestRow, requestsRepository as repo } from './requests.repository';

/** A request's row as read for its page (also what the public result page picks its few fields from). */
export type RequestDetailRow = RequestRow;

/** The entity name of requests in the audit log, the domain events and on their documents. */
export const REQUEST_ENTITY = 'requests';
const NOT_FOUND = 'Không tìm thấy yêu cầu.';
/** A request whose process runs: its step works may move. */
const RUNNING: readonly RequestStatus[] = ['received', 'in_progress'];

export interface RequestsDeps {
  customers: CustomersService;
  processes: ProcessesService;
  requestTypes: RequestTypesService;
  documents: DocumentsService;
  works: WorksService;
  auditLogs: AuditLogsService;
  lists: ListCache;
}

/** What creates a request: the staff form's fields, or the public page's. */
export type RequestInput = Omit<RequestCreateBody, 'attachment_ids'> & { attachment_ids?: number[] };

/** 40 random bits from the CSPRNG as 8 characters of Crockford's base32: no modulo bias, nothing to guess. */
export function trackingSuffix(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = TRACKING_RANDOM_LENGTH - 1; i >= 0; i--) out += TRACKING_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

const statusLabel = (status: string) => REQUEST_STATUS_LABELS[status] ?? status;
const wrongState = (verb: string, status: string) =>
  conflict(`Không thể ${verb} yêu cầu đang ở trạng thái "${statusLabel(status)}".`);
/** A step move that lost the race with another change of the request. */
const changedMeanwhile = (code: string) => conflict(`Yêu cầu ${code} vừa được người khác thay đổi. Vui lòng tải lại trang.`);

/**
 * Past due and still open; the SLA clock stops on hold, so a request on hold is overdue only if it already was when
 * put on hold. The same rule as the list's `overdue` filter.
 */
function isOverdue(r: Pick<RequestListRow, 'status' | 'due_at' | 'on_hold_since'>, now: string): boolean {
  if (!r.due_at) return false;
  if (r.status === 'received' || r.status === 'in_progress') return r.due_at < now;
  if (r.status === 'on_hold') return Boolean(r.on_hold_since && r.due_at < r.on_hold_since);
  return false;
}

function toRequest(row: RequestListRow, now: string): RequestRecord {
  return {
    id: row.id,
    code: row.code,
    tracking_code: row.tracking_code,
    request_type_id: row.request_type_id,
    request_type: row.request_type_name ? { id: row.request_type_id, name: row.request_type_name } : null,
    customer_id: row.customer_id,
    customer:
      row.customer_id && row.customer_name && row.customer_code
        ? { id: row.customer_id, code: row.customer_code, name: row.customer_name }
        : null,
    requester_name: row.requester_name,
    requester_phone: row.requester_phone,
    requester_email: row.requester_email,
    requester_organization: row.requester_organization,
    requester_address: row.requester_address,
    title: row.title,
    source: row.source as RequestSource,
    priority: row.priority as Priority,
    status: row.status as RequestStatus,
    current_step: row.current_step,
    due_at: row.due_at,
    received_at: row.received_at,
    completed_at: row.completed_at,
    on_hold_since: row.on_hold_since,
    overdue: isOverdue(row, now),
    created_by: row.created_by,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function parseSnapshot(json: string | null): ProcessSnapshot | null {
  if (!json) return null;
  try {
    const parsed = processSnapshotSchema.safeParse(typeof json === 'string' ? JSON.parse(json) : json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Searched: code, tracking code, title, requester's name, phone and organisation, the customer's name. */
const requestSearchText = (r: {
  code: string;
  tracking_code: string;
  title: string;
  requester_name: string;
  requester_phone: string;
  requester_organization?: string | null;
  customer_name?: string | null;
}) =>
  searchText(r.code, r.tracking_code, r.title, r.requester_name, r.requester_phone, r.requester_organization, r.customer_name);

/** The fields a create or an edit writes from the form (the type and customer as resolved by the caller). */
const requestFields = (input: RequestInput, requestTypeId: number, customerId: number) => ({
  request_type_id: requestTypeId,
  customer_id: customerId,
  requester_name: input.requester_name,
  requester_phone: input.requester_phone,
  requester_email: input.requester_email ?? null,
  requester_organization: input.requester_organization ?? null,
  requester_address: input.requester_address ?? null,
  title: input.title,
  content: input.content ?? null,
  priority: input.priority,
});

/** What a request's history entry shows of its fields. */
function auditable(r: RequestRow | RequestDetail) {
  return {
    request_type_id: r.request_type_id,
    customer_id: r.customer_id,
    requester_name: r.requester_name,
    requester_phone: r.requester_phone,
    requester_email: r.requester_email,
    requester_organization: r.requester_organization,
    requester_address: r.requester_address,
    title: r.title,
    content: r.content,
    priority: r.priority,
  };
}

export class RequestsService {
  private readonly customers: CustomersService;
  private readonly processes: ProcessesService;
  private readonly requestTypes: RequestTypesService;
  private readonly documents: DocumentsService;
  private readonly works: WorksService;
  private readonly auditLogs: AuditLogsService;
  private readonly lists: ListCache;

  constructor(
    private readonly db: Kysely<DB>,
    deps: RequestsDeps,
  ) {
    this.customers = deps.customers;
    this.processes = deps.processes;
    this.requestTypes = deps.requestTypes;
    this.documents = deps.documents;
    this.works = deps.works;
    this.auditLogs = deps.auditLogs;
    this.lists = deps.lists;

    // A request's files: read by whoever may open requests, and by whoever works on the request (a step's assignee
    // needs what the customer sent); changed by request editors.
    this.documents.registerAccess(REQUEST_ENTITY, {
      canRead: async (db, id, actor) =>
        (await repo.exists(db, id)) &&
        (hasAnyPermission(actor.permissions, ['requests.show', 'requests.edit']) ||
          (await this.works.worksOnRequest(db, id, actor))),
      canEdit: async (db, id, actor) => hasAnyPermission(actor.permissions, ['requests.edit']) && (await repo.exists(db, id)),
    });
    // A work's history is read only inside the works scope.
    this.auditLogs.registerAccess(WORK_ENTITY, (db, id, actor) => this.works.canSee(db, id, actor));
    this.works.bindFlow(this.flow);
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  private filterOf(q: RequestListQuery) {
    return {
      search: likePattern(q.search),
      status: q.status,
      requestTypeId: q.request_type_id,
      priority: q.priority,
      source: q.source,
      customerId: q.customer_id,
      createdFrom: q.from ? vnDayStart(q.from) : undefined,
      createdBefore: q.to ? vnDayEnd(q.to) : undefined,
      overdue: q.overdue === undefined ? undefined : { now: nowIso(), value: q.overdue },
    };
  }

  async list(q: RequestListQuery): Promise<Paginated<RequestRecord>> {
    const filter = this.filterOf(q);
    const sort = parseSort<RequestSort>(q.sort, REQUEST_SORTS, '-created_at');
    const w = pageWindow(q);
    // An overdue filter's answer moves with the clock: never reused.
    const key = filter.overdue ? null : listKey('requests', filter, sort, w.limit, w.offset);
    const { rows, total } = await this.lists.page(
      key,
      w.limit,
      () => repo.page(this.db, filter, sort, w.limit, w.offset),
      (ids) => repo.byIds(this.db, ids),
    );
    const now = nowIso();
    return toPage(
      rows.map((r) => toRequest(r, now)),
      total,
      w,
    );
  }

  /** Rows for the export: the list's filters and order, every page. */
  async exportRows(q: RequestListQuery): Promise<AsyncIterable<RequestRecord>> {
    const filter = this.filterOf(q);
    const sort = parseSort<RequestSort>(q.sort, REQUEST_SORTS, '-created_at');
    const now = nowIso();
    const ids = await repo.orderedIds(this.db, filter, sort);
    return rowsByIds(
      ids,
      (batch) => repo.byIds(this.db, batch),
      (r) => toRequest(r, now),
    );
  }

  private async row(db: Kysely<DB>, id: number): Promise<RequestRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private async stepsOf(db: Kysely<DB>, snapshot: ProcessSnapshot | null): Promise<RequestStep[]> {
    if (!snapshot) return [];
    const ids = [...new Set(snapshot.steps.map((s) => s.department_id).filter((x): x is number => x !== null))];
    const names = new Map((await repo.departmentNames(db, ids)).map((d) => [d.id, d.name]));
    return snapshot.steps.map((s) => ({
      ...s,
      department:
        s.department_id && names.has(s.department_id)
          ? { id: s.department_id, name: names.get(s.department_id) as string }
          : null,
    }));
  }

  /**
   * One request's page: the record, its type and customer, its process as received and the current step, its works,
   * attachments, result documents and history. Read outside any transaction.
   */
  async detail(actor: Actor, id: number): Promise<RequestDetail> {
    const row = await this.row(this.db, id);
    const snapshot = parseSnapshot(row.process_snapshot);
    const [steps, works, documents, timeline] = await Promise.all([
      this.stepsOf(this.db, snapshot),
      this.works.listForRequest(this.db, id),
      this.documents.listFor(REQUEST_ENTITY, id),
      // The history is for those who may open requests (a creator holding only `requests.create` gets none).
      hasAnyPermission(actor.permissions, ['requests.show', 'requests.edit'])
        ? this.auditLogs.timeline('requests', id)
        : Promise.resolve([]),
    ]);
    return {
      ...toRequest(row, nowIso()),
      content: row.content,
      status_reason: row.status_reason,
      result_text: row.result_text,
      process: snapshot?.process ?? null,
      steps,
      current_step_detail: steps.find((s) => s.position === row.current_step) ?? null,
      works,
      attachments: documents.filter((d) => !d.is_public),
      result_documents: documents.filter((d) => d.is_public),
      timeline,
    };
  }

  /** The result documents of a request (its public documents), for the public result page. */
  resultDocuments(requestId: number, db: Kysely<DB> = this.db) {
    return this.documents.listFor(REQUEST_ENTITY, requestId, db).then((docs) => docs.filter((d) => d.is_public));
  }

  /**
   * For the public result page: the request with this exact tracking code and the times its public milestones were
   * first reached (from its history: `start`/`step` = in progress, `reject`, `cancel`), or null. No staff, no notes.
   */
  async findByTrackingCode(trackingCode: string): Promise<{ request: RequestDetailRow; firstAt: Record<string, string> } | null> {
    const id = await repo.idByTrackingCode(this.db, trackingCode);
    if (id === null) return null;
    const [row, firsts] = await Promise.all([
      repo.find(this.db, id),
      repo.firstActions(this.db, id, ['start', 'step', 'reject', 'cancel']),
    ]);
    if (!row) return null;
    return { request: row, firstAt: Object.fromEntries(firsts.map((f) => [f.action, String(f.at)])) };
  }

  /** For the public page: the tracking code of the request created with this idempotency key, or null. */
  trackingCodeByIdempotencyKey(key: string, db: Kysely<DB> = this.db): Promise<string | null> {
    return repo.trackingCodeByIdempotencyKey(db, key);
  }

  // ---- creating and editing -----------------------------------------------------------------------------------

  private async nextCode(trx: Kysely<DB>): Promise<string> {
    const yymm = vnYymm();
    return `YC${yymm}-${formatCode('', await nextSequence(trx, `requests:${yymm}`))}`;
  }

  private async event(trx: Kysely<DB>, type: DomainEventType, id: number, actor: Actor | null, payload: Record<string, unknown>) {
    await recordEvent(trx, { type, entity: REQUEST_ENTITY, entityId: id, actorId: actor?.id ?? null, payload });
  }

  /** The customer a request names (422 when it does not exist), or the one its requester is (found or created). */
  private async customerFor(trx: Kysely<DB>, input: RequestInput, actor: Actor | null) {
    if (input.customer_id) {
      try {
        return await this.customers.get(input.customer_id, trx);
      } catch (err) {
        if (err instanceof AppError && err.status === 404) throw invalid('customer_id', 'Khách hàng không tồn tại.');
        throw err;
      }
    }
    const { customer } = await this.customers.findOrCreateFromRequester(
      trx,
      {
        name: input.requester_name,
        phone: input.requester_phone,
        email: input.requester_email,
        organization: input.requester_organization,
        address: input.requester_address,
      },
      actor,
    );
    return customer;
  }

  /**
   * Creates a request inside the caller's transaction: staff (`actor`, source `staff`) or the public page (`null`,
   * source `public`, only public request types, an optional idempotency key). Attachments are attached by the caller
   * (`attachment_ids` for staff; the public page inserts its uploads for the returned id). Returns the new id and codes.
   */
  async createWithin(
    trx: Kysely<DB>,
    input: RequestInput,
    actor: Actor | null,
    opts: { idempotencyKey?: string | null } = {},
  ): Promise<{ id: number; code: string; tracking_code: string }> {
    const type = await this.requestTypes.forRequest(input.request_type_id, { publicOnly: actor === null }, trx);
    const customer = await this.customerFor(trx, input, actor);
    const code = await this.nextCode(trx);
    const tracking_code = `${code}-${trackingSuffix()}`;
    const now = nowIso();
    const fields = requestFields(input, type.id, customer.id);
    const id = await repo.insert(trx, {
      ...fields,
      code,
      tracking_code,
      source: actor ? 'staff' : 'public',
      status: 'new',
      idempotency_key: opts.idempotencyKey ?? null,
      search_text: requestSearchText({ ...fields, code, tracking_code, customer_name: customer.name }),
      created_at: now,
      updated_at: now,
      created_by: actor?.id ?? null,
    });
    await writeAudit(trx, actor, {
      entity: REQUEST_ENTITY,
      entityId: id,
      action: 'create',
      changes: { code: [null, code], ...diff(null, fields) },
    });
    await this.event(trx, 'request.created', id, actor, {
      code,
      source: actor ? 'staff' : 'public',
      request_type_id: type.id,
      customer_id: customer.id,
    });
    return { id, code, tracking_code };
  }

  async create(actor: Actor, body: RequestCreateBody): Promise<RequestDetail> {
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await this.createWithin(trx, body, actor);
      await this.documents.attachDocuments(trx, body.attachment_ids, REQUEST_ENTITY, created.id, actor);
      return created.id;
    });
    return this.detail(actor, id);
  }

  /** Edits the fields while the request is open; the version must be the one read. The type changes only while new. */
  async update(actor: Actor, id: number, body: RequestUpdateBody): Promise<RequestDetail> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.row(trx, id);
      if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(before.status)) throw wrongState('sửa', before.status);
      if (body.request_type_id !== before.request_type_id) {
        if (before.status !== 'new') {
          throw invalid('request_type_id', 'Không thể đổi loại yêu cầu sau khi yêu cầu đã được tiếp nhận.');
        }
        await this.requestTypes.forRequest(body.request_type_id, { publicOnly: false }, trx);
      }
      const customer = body.customer_id
        ? await this.customerFor(trx, body, actor)
        : before.customer_id
          ? { id: before.customer_id, name: before.customer_name }
          : await this.customerFor(trx, body, actor);
      const fields = requestFields(body, body.request_type_id, customer.id);
      const changed = await repo.updateFields(trx, id, body.version, OPEN_REQUEST_STATUSES, {
        ...fields,
        search_text: requestSearchText({
          ...fields,
          code: before.code,
          tracking_code: before.tracking_code,
          customer_name: customer.name,
        }),
        updated_at: nowIso(),
      });
      if (changed === 0) {
        const now = await this.row(trx, id);
        if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(now.status)) throw wrongState('sửa', now.status);
        throw staleVersion();
      }
      const after = await this.row(trx, id);
      await writeAudit(trx, actor, {
        entity: REQUEST_ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(auditable(before), auditable(after)),
      });
      await this.documents.attachDocuments(trx, body.attachment_ids, REQUEST_ENTITY, id, actor);
    });
    return this.detail(actor, id);
  }

  // ---- transitions --------------------------------------------------------------------------------------------

  /**
   * One transition: allowed from `from`, made as a conditional update so that of concurrent calls exactly one changes
   * the request (the others get 409), with its history entry and domain event in the same transaction.
   */
  private async transit(
    actor: Actor,
    id: number,
    spec: {
      verb: string;
      from: readonly RequestStatus[];
      action: string;
      event: DomainEventType;
      prepare?: (trx: Kysely<DB>, row: RequestRow, now: string) => Promise<Record<string, unknown>>;
      after?: (trx: Kysely<DB>, row: RequestRow, now: string) => Promise<Record<string, unknown> | undefined>;
      payload?: (row: RequestRow) => Record<string, unknown>;
    },
  ): Promise<RequestDetail> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.row(trx, id);
      if (!spec.from.includes(row.status as RequestStatus)) throw wrongState(spec.verb, row.status);
      const now = nowIso();
      const values: Record<string, unknown> = { ...(await spec.prepare?.(trx, row, now)), updated_at: now };
      if (!(await repo.transition(trx, id, spec.from, values))) {
        throw wrongState(spec.verb, (await this.row(trx, id)).status);
      }
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(values)) {
        if (key === 'updated_at' || key === 'hold_status' || key === 'process_snapshot') continue;
        const old = (row as Record<string, unknown>)[key] ?? null;
        if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[key] = [old, value ?? null];
      }
      Object.assign(changes, (await spec.after?.(trx, row, now)) ?? {});
      await writeAudit(trx, actor, { entity: REQUEST_ENTITY, entityId: id, action: spec.action, changes });
      await this.event(trx, spec.event, id, actor, {
        code: row.code,
        from: row.status,
        to: values.status ?? row.status,
        ...(spec.payload?.(row) ?? {}),
      });
    });
    return this.detail(actor, id);
  }

  /**
   * `new` → `received`: freezes the type's process as the request's snapshot, sets the due time to the sum of the
   * steps' SLAs from now, and creates the first step's work for the step's default assignee.
   */
  receive(actor: Actor, id: number): Promise<RequestDetail> {
    let snapshot: ProcessSnapshot;
    return this.transit(actor, id, {
      verb: 'tiếp nhận',
      from: ['new'],
      action: 'receive',
      event: 'request.received',
      prepare: async (trx, row, now) => {
        const type = await this.requestTypes.get(row.request_type_id, trx);
        if (!type.process_id) throw conflict(`Loại yêu cầu "${type.name}" chưa gắn quy trình xử lý nên chưa thể tiếp nhận.`);
        snapshot = await this.processes.snapshot(type.process_id, trx);
        const hours = snapshot.steps.reduce((sum, s) => sum + s.duration_hours, 0);
        return {
          status: 'received',
          process_snapshot: JSON.stringify(snapshot),
          received_at: now,
          due_at: addHours(now, hours),
          current_step: 1,
        };
      },
      after: async (trx, row) => {
        const first = snapshot.steps[0] as ProcessSnapshot['steps'][number];
        const work = await this.works.createStepWork(
          trx,
          {
            requestId: row.id,
            requestCode: row.code,
            requestTitle: row.title,
            priority: row.priority,
            step: first,
            assigneeId: first.default_assignee_id,
          },
          actor,
        );
        return { process: [null, snapshot.process.name], work: [null, work.code] };
      },
    });
  }

  /** `received` / `in_progress` → `on_hold` with a reason; the SLA clock stops until it resumes. */
  hold(actor: Actor, id: number, reason: string): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'tạm dừng',
      from: ['received', 'in_progress'],
      action: 'hold',
      event: 'request.on_hold',
      prepare: async (_trx, row, now) => ({
        status: 'on_hold',
        hold_status: row.status,
        on_hold_since: now,
        status_reason: reason,
      }),
      payload: () => ({ reason }),
    });
  }

  /**
   * `on_hold` → the status it had: the due time, and the deadlines of its open works, move later by the time spent on
   * hold.
   */
  resume(actor: Actor, id: number): Promise<RequestDetail> {
    let heldMs = 0;
    return this.transit(actor, id, {
      verb: 'tiếp tục',
      from: ['on_hold'],
      action: 'resume',
      event: 'request.resumed',
      prepare: async (_trx, row, now) => {
        heldMs = row.on_hold_since ? Math.max(0, new Date(now).getTime() - new Date(row.on_hold_since).getTime()) : 0;
        return {
          status: row.hold_status === 'in_progress' ? 'in_progress' : 'received',
          hold_status: null,
          on_hold_since: null,
          status_reason: null,
          due_at: row.due_at ? addMs(row.due_at, heldMs) : null,
        };
      },
      after: async (trx, row) => {
        await this.works.shiftOpenDeadlines(trx, row.id, heldMs);
        return undefined;
      },
      payload: () => ({ held_ms: heldMs }),
    });
  }

  /** `new` / `received` → `rejected` with a reason; its open works are cancelled. */
  reject(actor: Actor, id: number, reason: string): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'từ chối',
      from: ['new', 'received'],
      action: 'reject',
      event: 'request.rejected',
      prepare: async () => ({ status: 'rejected', status_reason: reason }),
      after: async (trx, row) => {
        await this.works.cancelOpenOfRequest(trx, row.id, `Yêu cầu ${row.code} bị từ chối: ${reason}`, actor);
        return undefined;
      },
      payload: () => ({ reason }),
    });
  }

  /** Any open status → `cancelled`; its open works are cancelled. */
  cancel(actor: Actor, id: number, reason: string | null | undefined): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'hủy',
      from: OPEN_REQUEST_STATUSES,
      action: 'cancel',
      event: 'request.cancelled',
      prepare: async () => ({ status: 'cancelled', status_reason: reason ?? null, hold_status: null, on_hold_since: null }),
      after: async (trx, row) => {
        await this.works.cancelOpenOfRequest(
          trx,
          row.id,
          reason ? `Yêu cầu ${row.code} đã hủy: ${reason}` : `Yêu cầu ${row.code} đã hủy.`,
          actor,
        );
        return undefined;
      },
      payload: () => ({ reason: reason ?? null }),
    });
  }

  /**
   * Manual completion by a request editor, for a request whose process cannot finish by itself (its step work was
   * cancelled): allowed from `received` / `in_progress` only when none of its process-step works is open. The
   * documents given become its public result documents.
   */
  complete(actor: Actor, id: number, body: RequestCompleteBody): Promise<RequestDetail> {
    return this.transit(actor, id, {
      verb: 'hoàn thành',
      from: RUNNING,
      action: 'complete',
      event: 'request.completed',
      prepare: async (trx, row, now) => {
        const open = await this.works.openStepWorksCount(trx, row.id);
        if (open > 0) {
          throw conflict(
            `Yêu cầu còn ${open} công việc của quy trình chưa xong. Yêu cầu sẽ tự hoàn thành khi bước cuối hoàn thành; ` +
              'chỉ hoàn thành thủ công khi không còn công việc nào đang mở.',
          );
        }
        return { status: 'completed', completed_at: now, result_text: body.result_text };
      },
      after: async (trx, row) => {
        const attached = await this.documents.attachDocuments(trx, body.document_ids, REQUEST_ENTITY, row.id, actor);
        const published = await this.documents.publish(
          trx,
          attached.map((d) => d.id),
          REQUEST_ENTITY,
          row.id,
        );
        return published.length > 0 ? { result_documents: [null, published.map((d) => d.original_name)] } : undefined;
      },
      payload: () => ({ manual: true }),
    });
  }

  // ---- the flow, as the works module drives it ----------------------------------------------------------------

  private async flowRequest(db: Kysely<DB>, work: FlowWork): Promise<{ row: RequestRow; snapshot: ProcessSnapshot }> {
    const row = await this.row(db, work.request_id);
    if (!RUNNING.includes(row.status as RequestStatus)) throw this.notRunning(row);
    const snapshot = parseSnapshot(row.process_snapshot);
    if (!snapshot) throw conflict(`Yêu cầu ${row.code} chưa có quy trình xử lý.`);
    if (work.step_index !== row.current_step) {
      throw conflict(`Công việc ${work.code} không thuộc bước hiện tại của yêu cầu ${row.code}.`);
    }
    return { row, snapshot };
  }

  private notRunning(row: Pick<RequestRow, 'code' | 'status'>): AppError {
    if (row.status === 'on_hold') return conflict(`Yêu cầu ${row.code} đang tạm dừng. Hãy tiếp tục yêu cầu trước.`);
    if (row.status === 'new') return conflict(`Yêu cầu ${row.code} chưa được tiếp nhận.`);
    return conflict(`Yêu cầu ${row.code} đã kết thúc (${statusLabel(row.status)}).`);
  }

  private async stepChanged(
    trx: Kysely<DB>,
    actor: Actor,
    row: RequestRow,
    change: { from: number; to: number; status: string; action: string; workCode: string; workId: number; reason?: string },
  ) {
    const changes: Record<string, unknown> = { current_step: [change.from, change.to], work: [null, change.workCode] };
    if (change.status !== row.status) changes.status = [row.status, change.status];
    if (change.reason) changes.reason = [null, change.reason];
    await writeAudit(trx, actor, { entity: REQUEST_ENTITY, entityId: row.id, action: change.action, changes });
    await this.event(trx, 'request.step_changed', row.id, actor, {
      code: row.code,
      from_step: change.from,
      to_step: change.to,
      work_id: change.workId,
      ...(change.reason ? { reason: change.reason, sent_back: true } : {}),
    });
    if (change.status !== row.status) {
      await this.event(trx, 'request.in_progress', row.id, actor, { code: row.code, from: row.status, to: change.status });
    }
  }

  private readonly flow: RequestFlow = {
    context: async (db, requestId, stepIndex): Promise<WorkRequestContext | null> => {
      const row = await repo.find(db, requestId);
      if (!row) return null;
      const snapshot = parseSnapshot(row.process_snapshot);
      const attachments = await this.documents.listFor(REQUEST_ENTITY, requestId, db);
      return {
        request: {
          id: row.id,
          code: row.code,
          title: row.title,
          status: row.status,
          priority: row.priority as Priority,
          due_at: row.due_at,
          customer: row.customer_id && row.customer_name ? { id: row.customer_id, name: row.customer_name } : null,
          attachments,
        },
        stepName: snapshot?.steps.find((s) => s.position === stepIndex)?.name ?? null,
      };
    },

    lock: (db, requestId) => repo.lock(db, requestId),

    assertRunning: async (db, requestId) => {
      const row = await this.row(db, requestId);
      if (!RUNNING.includes(row.status as RequestStatus)) throw this.notRunning(row);
    },

    assertLinkable: async (db, requestId, actor) => {
      const row = await repo.find(db, requestId);
      const open = row && (OPEN_REQUEST_STATUSES as readonly string[]).includes(row.status);
      if (!row || !open || !hasAnyPermission(actor.permissions, ['requests.show', 'requests.edit'])) {
        throw invalid('request_id', 'Yêu cầu không tồn tại hoặc đã kết thúc.');
      }
      return { code: row.code };
    },

    /** The first work that starts puts a received request in progress. */
    workStarted: async (db, work, actor) => {
      const row = await this.row(db, work.request_id);
      if (row.status !== 'received') return;
      if (!(await repo.transition(db, row.id, ['received'], { status: 'in_progress', updated_at: nowIso() }))) return;
      await writeAudit(db, actor, {
        entity: REQUEST_ENTITY,
        entityId: row.id,
        action: 'start',
        changes: { status: ['received', 'in_progress'], work: [null, work.code] },
      });
      await this.event(db, 'request.in_progress', row.id, actor, {
        code: row.code,
        from: 'received',
        to: 'in_progress',
        work_id: work.id,
      });
    },

    /**
     * A step's work is done: the next step's work is created, or, after the last step, the request is completed with
     * the result of the step marked as giving the result (the last step when none is marked): its result note becomes
     * the request's result text and its documents the request's public result documents.
     */
    workCompleted: async (db, work, actor) => {
      const { row, snapshot } = await this.flowRequest(db, work);
      const n = work.step_index;
      const now = nowIso();
      const next = snapshot.steps.find((s) => s.position === n + 1);
      if (next) {
        if (
          !(await repo.transition(
            db,
            row.id,
            RUNNING,
            { current_step: n + 1, status: 'in_progress', updated_at: now },
            { currentStep: n },
          ))
        ) {
          throw changedMeanwhile(row.code);
        }
        const created = await this.works.createStepWork(
          db,
          {
            requestId: row.id,
            requestCode: row.code,
            requestTitle: row.title,
            priority: row.priority,
            step: next,
            assigneeId: next.default_assignee_id,
          },
          actor,
        );
        await this.stepChanged(db, actor, row, {
          from: n,
          to: n + 1,
          status: 'in_progress',
          action: 'step',
          workCode: created.code,
          workId: created.id,
        });
        return;
      }
      const resultStep = snapshot.steps.find((s) => s.produces_result);
      const resultWork =
        resultStep && resultStep.position !== n
          ? ((await this.works.lastOfStep(db, row.id, resultStep.position, 'done')) ?? {
              id: work.id,
              result_note: work.result_note,
            })
          : { id: work.id, result_note: work.result_note };
      const resultText = resultWork.result_note ?? work.result_note;
      if (
        !(await repo.transition(
          db,
          row.id,
          RUNNING,
          { status: 'completed', completed_at: now, result_text: resultText, updated_at: now },
          { currentStep: n },
        ))
      ) {
        throw changedMeanwhile(row.code);
      }
      const docs = await this.works.documentsOf(db, resultWork.id);
      const published = await this.documents.publish(
        db,
        docs.map((d) => d.id),
        REQUEST_ENTITY,
        row.id,
      );
      const changes: Record<string, unknown> = {
        status: [row.status, 'completed'],
        completed_at: [null, now],
        result_text: [row.result_text, resultText],
        work: [null, work.code],
      };
      if (published.length > 0) changes.result_documents = [null, published.map((d) => d.original_name)];
      await writeAudit(db, actor, { entity: REQUEST_ENTITY, entityId: row.id, action: 'complete', changes });
      await this.event(db, 'request.completed', row.id, actor, {
        code: row.code,
        from: row.status,
        to: 'completed',
        work_id: work.id,
        result_work_id: resultWork.id,
        result_document_ids: published.map((d) => d.id),
      });
    },

    /**
     * A step's work sent back: the request returns to the previous step, whose work is created again for whoever did
     * it last (or the step's default assignee), with the reason in its description.
     */
    workSentBack: async (db, work, reason, actor) => {
      const { row, snapshot } = await this.flowRequest(db, work);
      const n = work.step_index;
      const current = snapshot.steps.find((s) => s.position === n);
      const previous = snapshot.steps.find((s) => s.position === n - 1);
      if (!previous) throw conflict('Đây là bước đầu tiên của quy trình, không có bước trước để trả lại.');
      const lastDone = await this.works.lastOfStep(db, row.id, previous.position, 'done');
      if (!(await repo.transition(db, row.id, RUNNING, { current_step: n - 1, updated_at: nowIso() }, { currentStep: n }))) {
        throw changedMeanwhile(row.code);
      }
      const created = await this.works.createStepWork(
        db,
        {
          requestId: row.id,
          requestCode: row.code,
          requestTitle: row.title,
          priority: row.priority,
          step: previous,
          assigneeId: lastDone?.assignee_id ?? previous.default_assignee_id,
          note: `Bước "${current?.name ?? n}" trả lại (${work.code}): ${reason}`,
        },
        actor,
      );
      await this.stepChanged(db, actor, row, {
        from: n,
        to: n - 1,
        status: row.status,
        action: 'send_back',
        workCode: created.code,
        workId: created.id,
        reason,
      });
    },
  };
}
