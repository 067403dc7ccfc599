import { randomBytes } from 'node:crypto';
import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Paginated } from '@qlcv/common/schemas/common';
import type { ProcessSnapshot } from '@qlcv/common/schemas/processes';
import {
  OPEN_REQUEST_STATUSES,
  REQUEST_SORTS,
  type RequestCreateBody,
  type RequestDetail,
  type RequestListQuery,
  type RequestRecord,
  type RequestSort,
  type RequestStep,
  type RequestUpdateBody,
  TRACKING_ALPHABET,
  TRACKING_RANDOM_LENGTH,
} from '@qlcv/common/schemas/requests';
import type { Kysely, Updateable } from 'kysely';
import type { DB, RequestsTable } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { type DomainEventType, recordEvent } from '../../lib/domain-events';
import { AppError, invalid, notFound, staleVersion } from '../../lib/errors';
import { mapRows } from '../../lib/export-rows';
import { type ListCache, listKey } from '../../lib/list-cache';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { parseSnapshot } from '../../lib/process-snapshot';
import { formatCode, nextSequence } from '../../lib/sequences';
import { likePattern } from '../../lib/vi-search';
import { vnDayEnd, vnDayStart, vnYymm } from '../../lib/vn-time';
import type { AuditLogsService } from '../audit-logs/audit-logs.service';
import type { CustomersService } from '../customers/customers.service';
import type { DocumentsService } from '../documents/documents.service';
import type { RequestTypesService } from '../request-types/request-types.service';
import { REQUEST_ENTITY, wrongRequestState } from './request-states';
import { auditable, type RequestInput, requestFields, requestSearchText, toRequest, toRequestWork } from './requests.mappers';
import { type RequestRow, requestsRepository as repo } from './requests.repository';

export type { RequestInput } from './requests.mappers';
/** A request's row as read for its page (also what the public result page picks its few fields from). */
export type RequestDetailRow = RequestRow;

const NOT_FOUND = 'Không tìm thấy yêu cầu.';
/** Who may open a request's page (`GET /api/requests/:id`); requests have no row scope. */
export const REQUEST_READERS = ['requests.show', 'requests.edit'] as const;

/** 40 random bits from the CSPRNG as 8 characters of Crockford's base32: no modulo bias, nothing to guess. */
export function trackingSuffix(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = TRACKING_RANDOM_LENGTH - 1; i >= 0; i--) out += TRACKING_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

export interface RequestsDeps {
  customers: CustomersService;
  requestTypes: RequestTypesService;
  documents: DocumentsService;
  auditLogs: AuditLogsService;
  lists: ListCache;
}

/**
 * A request's records: its lists and page, the public page's lookups, its creation and edits, and the row writes the
 * request flow (request-flow.service.ts) makes its status changes through.
 */
export class RequestsService {
  private readonly customers: CustomersService;
  private readonly requestTypes: RequestTypesService;
  private readonly documents: DocumentsService;
  private readonly auditLogs: AuditLogsService;
  private readonly lists: ListCache;

  constructor(
    private readonly db: Kysely<DB>,
    deps: RequestsDeps,
  ) {
    this.customers = deps.customers;
    this.requestTypes = deps.requestTypes;
    this.documents = deps.documents;
    this.auditLogs = deps.auditLogs;
    this.lists = deps.lists;
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
    const { rows, total, capped } = await this.lists.page(
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
      capped,
    );
  }

  /** Rows for the export: the list's filters and order, every page. */
  async exportRows(q: RequestListQuery): Promise<AsyncIterable<RequestRecord>> {
    const filter = this.filterOf(q);
    const sort = parseSort<RequestSort>(q.sort, REQUEST_SORTS, '-created_at');
    const now = nowIso();
    return mapRows(await repo.exportRows(this.db, filter, sort), (r) => toRequest(r, now));
  }

  /** The request's row, or 404. */
  async row(db: Kysely<DB>, id: number): Promise<RequestRow> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /**
   * A request for another module acting on it (a contract prefilled from it), within the caller's request access: the
   * request page's rule. Out of reach answers as a missing request does (404).
   */
  async readable(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<RequestRow> {
    if (!hasAnyPermission(actor.permissions, REQUEST_READERS)) throw notFound(NOT_FOUND);
    return this.row(db, id);
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
      repo.works(this.db, id),
      this.documents.listFor(REQUEST_ENTITY, id),
      // The history is for those who may open requests (a creator holding only `requests.create` gets none).
      hasAnyPermission(actor.permissions, ['requests.show', 'requests.edit'])
        ? this.auditLogs.timeline('requests', id)
        : Promise.resolve([]),
    ]);
    const now = nowIso();
    return {
      ...toRequest(row, now),
      content: row.content,
      status_reason: row.status_reason,
      result_text: row.result_text,
      public_result: row.public_result,
      process: snapshot?.process ?? null,
      steps,
      current_step_detail: steps.find((s) => s.position === row.current_step) ?? null,
      works: works.map((w) => toRequestWork(w, now)),
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
   * first reached (from its history: `start`/`step` = in progress, `reject`, `cancel`), or null. No staff, no notes:
   * its `result_text` is what staff chose to publish (`public_result`), never the internal result.
   */
  async findByTrackingCode(trackingCode: string): Promise<{ request: RequestDetailRow; firstAt: Record<string, string> } | null> {
    const id = await repo.idByTrackingCode(this.db, trackingCode);
    if (id === null) return null;
    const [row, firsts] = await Promise.all([
      repo.find(this.db, id),
      repo.firstActions(this.db, id, ['start', 'step', 'reject', 'cancel']),
    ]);
    if (!row) return null;
    return {
      request: { ...row, result_text: row.public_result },
      firstAt: Object.fromEntries(firsts.map((f) => [f.action, String(f.at)])),
    };
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
    const open = OPEN_REQUEST_STATUSES as readonly string[];
    await this.db.transaction().execute(async (trx) => {
      const before = await this.row(trx, id);
      if (!open.includes(before.status)) throw wrongRequestState('sửa', before.status);
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
        if (!open.includes(now.status)) throw wrongRequestState('sửa', now.status);
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

  // ---- the row writes of the request flow (inside its transaction) ----------------------------------------------

  event(trx: Kysely<DB>, type: DomainEventType, id: number, actor: Actor | null, payload: Record<string, unknown>) {
    return recordEvent(trx, { type, entity: REQUEST_ENTITY, entityId: id, actorId: actor?.id ?? null, payload });
  }

  /** Takes the request's row lock first, so a step work's change and its request's change never deadlock. */
  lock(db: Kysely<DB>, id: number): Promise<void> {
    return repo.lock(db, id);
  }

  /**
   * A change made only while the request is in one of `from` (and, when given, still at step `currentStep`): of two
   * concurrent changes exactly one is made. Returns whether it was.
   */
  transition(
    db: Kysely<DB>,
    id: number,
    from: readonly string[],
    values: Updateable<RequestsTable>,
    opts: { currentStep?: number } = {},
  ): Promise<boolean> {
    return repo.transition(db, id, from, values, opts);
  }
}
