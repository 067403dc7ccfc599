import { WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { hasAnyPermission } from '@qlcv/common/permissions';
import type { ListQuery, Paginated } from '@qlcv/common/schemas/common';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import type { Priority, RequestWork } from '@qlcv/common/schemas/requests';
import {
  COMMENT_SORTS,
  type CommentBody,
  type MyWorkListQuery,
  OPEN_WORK_STATUSES,
  WORK_SORTS,
  type Work,
  type WorkComment,
  type WorkCompleteBody,
  type WorkCreateBody,
  type WorkDetail,
  type WorkListQuery,
  type WorkSort,
  type WorkStatus,
  type WorkUpdateBody,
} from '@qlcv/common/schemas/works';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { type DomainEventType, recordEvent } from '../../lib/domain-events';
import { conflict, forbidden, invalid, notFound, staleVersion } from '../../lib/errors';
import { type ListCache, listKey } from '../../lib/list-cache';
import { pageWindow, parseSort, rowsByIds, toPage } from '../../lib/pagination';
import { formatCode, nextSequence } from '../../lib/sequences';
import { likePattern } from '../../lib/vi-search';
import { addHours, addMs, vnDayEnd, vnDayStart, vnToday, vnYymm } from '../../lib/vn-time';
import type { DocumentsService } from '../documents/documents.service';
import { worksRepository as repo, type WorkFilter, type WorkRow, type WorkScope } from './works.repository';

/** The entity name of works in the audit log, the domain events and on their documents. */
export const WORK_ENTITY = 'works';
const NOT_FOUND = 'Không tìm thấy công việc.';
const CLOSED: readonly string[] = ['done', 'cancelled'];

/** A work as the request flow needs it. */
export interface FlowWork {
  id: number;
  code: string;
  request_id: number;
  step_index: number;
  status: string;
  assignee_id: number | null;
  result_note: string | null;
}

/** What a work's page shows of the request it belongs to. */
export interface WorkRequestContext {
  request: NonNullable<WorkDetail['request']>;
  stepName: string | null;
}

/**
 * The request side of the flow, implemented by the requests module and bound at start-up (the two modules call each
 * other: receiving a request creates a work, finishing a work moves the request on). Every method runs inside the
 * caller's transaction.
 */
export interface RequestFlow {
  context(db: Kysely<DB>, requestId: number, stepIndex: number | null): Promise<WorkRequestContext | null>;
  /** Locks the request's row first, so a step work's change and its request's change never deadlock. */
  lock(db: Kysely<DB>, requestId: number): Promise<void>;
  /** Refuses (409) to move a step work while its request is on hold or closed. */
  assertRunning(db: Kysely<DB>, requestId: number): Promise<void>;
  /** A standalone work may be linked to an open request the actor can see (422 otherwise). */
  assertLinkable(db: Kysely<DB>, requestId: number, actor: Actor): Promise<{ code: string }>;
  workStarted(db: Kysely<DB>, work: FlowWork, actor: Actor): Promise<void>;
  workCompleted(db: Kysely<DB>, work: FlowWork, actor: Actor): Promise<void>;
  workSentBack(db: Kysely<DB>, work: FlowWork, reason: string, actor: Actor): Promise<void>;
}

/** A step's work, made by the request flow. */
export interface StepWorkInput {
  requestId: number;
  requestCode: string;
  requestTitle: string;
  priority: string;
  step: { position: number; name: string; department_id: number | null; duration_hours: number };
  assigneeId: number | null;
  /** A note for the assignee (the reason a step was sent back). */
  note?: string | null;
}

const overdueOf = (deadline: string | null, status: string, now: string) =>
  Boolean(deadline && deadline < now && !CLOSED.includes(status));

const ref = (id: number | null, name: string | null | undefined) => (id && name ? { id, name } : null);

function toWork(row: WorkRow, now: string): Work {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    request_id: row.request_id,
    request: row.request_id && row.request_code ? { id: row.request_id, code: row.request_code } : null,
    step_index: row.step_index,
    department_id: row.department_id,
    department: ref(row.department_id, row.department_name),
    assignee_id: row.assignee_id,
    assignee: ref(row.assignee_id, row.assignee_name),
    priority: row.priority as Priority,
    start_date: row.start_date,
    deadline: row.deadline,
    progress: Number(row.progress),
    status: row.status as WorkStatus,
    completed_at: row.completed_at,
    overdue: overdueOf(row.deadline, row.status, now),
    created_by: row.created_by,
    creator: ref(row.created_by, row.creator_name),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const statusLabel = (status: string) => WORK_STATUS_LABELS[status] ?? status;
const wrongState = (verb: string, status: string) =>
  conflict(`Không thể ${verb} công việc đang ở trạng thái "${statusLabel(status)}".`);

const workSearchText = (w: { code: string; title: string; requestCode?: string | null }) =>
  searchText(w.code, w.title, w.requestCode);

export class WorksService {
  private flow: RequestFlow | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly documents: DocumentsService,
    private readonly lists: ListCache,
  ) {
    // A work's files follow the work's scope: whoever sees the work reads them; whoever may change it edits them.
    documents.registerAccess(WORK_ENTITY, {
      canRead: (db, id, actor) => repo.visible(db, id, this.scopeOf(actor)),
      canEdit: async (db, id, actor) => {
        const row = await repo.find(db, id);
        return Boolean(row && (await repo.visible(db, id, this.scopeOf(actor))) && this.mayEdit(actor, row));
      },
    });
  }

  /** Called once by the requests module. */
  bindFlow(flow: RequestFlow): void {
    this.flow = flow;
  }

  private requireFlow(): RequestFlow {
    if (!this.flow) throw new Error('the request flow is not bound');
    return this.flow;
  }

  // ---- access -------------------------------------------------------------------------------------------------

  /** PRODUCT.md §2: own works for everyone; `works.department` adds the department's; `works.all` adds every one. */
  scopeOf(actor: Actor): WorkScope {
    if (hasAnyPermission(actor.permissions, ['works.all'])) return { all: true };
    const department = hasAnyPermission(actor.permissions, ['works.department']) ? actor.departmentId : null;
    return { all: false, userId: actor.id, departmentId: department };
  }

  /** Whether the actor sees at least one work of the request (so they may read its files). */
  worksOnRequest(db: Kysely<DB>, requestId: number, actor: Actor): Promise<boolean> {
    return repo.anyVisibleOfRequest(db, requestId, this.scopeOf(actor));
  }

  /** Whether the work is in the actor's scope (for its history). */
  canSee(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    return repo.visible(db, id, this.scopeOf(actor));
  }

  /**
   * Who may change a work, its status and progress: its assignee, a holder of `works.all`, a holder of
   * `works.department` of the work's department, and the creator of a work outside a process (a process step's work
   * is created by whoever moved the request on, who does not own it).
   */
  private mayEdit(actor: Actor, row: Pick<WorkRow, 'assignee_id' | 'created_by' | 'department_id' | 'step_index'>): boolean {
    if (hasAnyPermission(actor.permissions, ['works.all'])) return true;
    if (
      hasAnyPermission(actor.permissions, ['works.department']) &&
      actor.departmentId !== null &&
      row.department_id === actor.departmentId
    ) {
      return true;
    }
    if (row.assignee_id === actor.id) return true;
    return row.step_index === null && row.created_by === actor.id;
  }

  /** The work if the actor sees it, else 404 (a work outside the scope does not exist for them). */
  private async visibleRow(db: Kysely<DB>, actor: Actor, id: number): Promise<WorkRow> {
    const row = await repo.find(db, id);
    if (!row || !(await repo.visible(db, id, this.scopeOf(actor)))) throw notFound(NOT_FOUND);
    return row;
  }

  /** The work if the actor may change it: 404 outside the scope, 403 when they only see it. */
  private async editableRow(db: Kysely<DB>, actor: Actor, id: number): Promise<WorkRow> {
    const row = await this.visibleRow(db, actor, id);
    if (!this.mayEdit(actor, row)) {
      throw forbidden('Chỉ người thực hiện, người tạo hoặc người quản lý công việc mới được thực hiện thao tác này.');
    }
    return row;
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  private filterOf(actor: Actor, q: WorkListQuery): WorkFilter {
    return {
      scope: this.scopeOf(actor),
      search: likePattern(q.search),
      status: q.status,
      priority: q.priority,
      departmentId: q.department_id,
      assigneeId: q.assignee_id,
      requestId: q.request_id,
      overdue: q.overdue === undefined ? undefined : { now: nowIso(), value: q.overdue },
      deadlineFrom: q.from ? vnDayStart(q.from) : undefined,
      deadlineBefore: q.to ? vnDayEnd(q.to) : undefined,
    };
  }

  /** Every row of a list for its export, in the list's order. */
  private async exportOf(filter: WorkFilter, q: WorkListQuery): Promise<AsyncIterable<Work>> {
    const sort = parseSort<WorkSort>(q.sort, WORK_SORTS, '-created_at');
    const now = nowIso();
    const ids = await repo.orderedIds(this.db, filter, sort);
    return rowsByIds(
      ids,
      (batch) => repo.byIds(this.db, batch),
      (r) => toWork(r, now),
    );
  }

  private async page(filter: WorkFilter, q: WorkListQuery): Promise<Paginated<Work>> {
    const sort = parseSort<WorkSort>(q.sort, WORK_SORTS, '-created_at');
    const w = pageWindow(q);
    // An overdue filter's answer moves with the clock: never reused.
    const key = filter.overdue ? null : listKey('works', filter, sort, w.limit, w.offset);
    const { rows, total } = await this.lists.page(
      key,
      w.limit,
      async () => {
        const [rows, total] = await Promise.all([
          repo.list(this.db, filter, sort, w.limit, w.offset),
          repo.count(this.db, filter),
        ]);
        return { rows, total };
      },
      (ids) => repo.byIds(this.db, ids),
    );
    const now = nowIso();
    return toPage(
      rows.map((r) => toWork(r, now)),
      total,
      w,
    );
  }

  /** `GET /api/works`: the works in the actor's scope. */
  list(actor: Actor, q: WorkListQuery): Promise<Paginated<Work>> {
    return this.page(this.filterOf(actor, q), q);
  }

  exportRows(actor: Actor, q: WorkListQuery): Promise<AsyncIterable<Work>> {
    return this.exportOf(this.filterOf(actor, q), q);
  }

  /** `GET /api/works/my`: assigned to me, created by me or followed by me. */
  my(actor: Actor, q: MyWorkListQuery): Promise<Paginated<Work>> {
    return this.page(this.myFilter(actor, q), q);
  }

  private myFilter(actor: Actor, q: MyWorkListQuery): WorkFilter {
    return { ...this.filterOf(actor, q), scope: { all: true }, tab: { kind: q.tab, userId: actor.id } };
  }

  myExportRows(actor: Actor, q: MyWorkListQuery): Promise<AsyncIterable<Work>> {
    return this.exportOf(this.myFilter(actor, q), q);
  }

  async detail(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<WorkDetail> {
    const row = await this.visibleRow(db, actor, id);
    return this.detailOf(db, actor, row);
  }

  private async detailOf(db: Kysely<DB>, actor: Actor, row: WorkRow): Promise<WorkDetail> {
    const [participants, commentsCount, attachments, context] = await Promise.all([
      repo.participants(db, row.id),
      repo.commentsCount(db, row.id),
      this.documents.listFor(WORK_ENTITY, row.id, db),
      row.request_id ? this.requireFlow().context(db, row.request_id, row.step_index) : Promise.resolve(null),
    ]);
    return {
      ...toWork(row, nowIso()),
      description: row.description,
      result_note: row.result_note,
      status_reason: row.status_reason,
      request: context?.request ?? null,
      step_name: context?.stepName ?? null,
      participants,
      comments_count: commentsCount,
      attachments,
      can: { edit: this.mayEdit(actor, row) },
    };
  }

  /** The works of a request, for its page (every one: reading the request is the right to see its works' summary). */
  async listForRequest(db: Kysely<DB>, requestId: number): Promise<RequestWork[]> {
    const now = nowIso();
    return (await repo.ofRequest(db, requestId)).map((r) => ({
      id: r.id,
      code: r.code,
      title: r.title,
      step_index: r.step_index,
      status: r.status,
      assignee: ref(r.assignee_id, r.assignee_name),
      department: ref(r.department_id, r.department_name),
      deadline: r.deadline,
      progress: Number(r.progress),
      completed_at: r.completed_at,
      overdue: overdueOf(r.deadline, r.status, now),
      created_at: r.created_at,
    }));
  }

  // ---- writing ------------------------------------------------------------------------------------------------

  private async nextCode(trx: Kysely<DB>): Promise<string> {
    const yymm = vnYymm();
    return `CV${yymm}-${formatCode('', await nextSequence(trx, `works:${yymm}`))}`;
  }

  private async event(
    trx: Kysely<DB>,
    type: DomainEventType,
    workId: number,
    actor: Actor | null,
    payload: Record<string, unknown>,
  ) {
    await recordEvent(trx, { type, entity: WORK_ENTITY, entityId: workId, actorId: actor?.id ?? null, payload });
  }

  /** Assignee, department and followers must exist (and the people be active); returns the department to use. */
  private async checkRefs(
    trx: Kysely<DB>,
    actor: Actor,
    body: WorkCreateBody | WorkUpdateBody,
    keep: { assigneeId?: number | null; participantIds?: number[] } = {},
  ): Promise<number | null> {
    let assigneeDepartment: number | null = null;
    if (body.assignee_id) {
      const [user] = await repo.activeUsers(trx, [body.assignee_id]);
      // The person already assigned stays valid even if locked since; a new one must be active.
      if (!user && body.assignee_id !== keep.assigneeId) {
        throw invalid('assignee_id', 'Người thực hiện không tồn tại hoặc đã bị khóa tài khoản.');
      }
      assigneeDepartment = user?.department_id ?? null;
    }
    if (body.department_id && !(await repo.departmentExists(trx, body.department_id))) {
      throw invalid('department_id', 'Phòng ban không tồn tại.');
    }
    const wanted = [...new Set(body.participant_ids ?? [])].filter((id) => !keep.participantIds?.includes(id));
    if (wanted.length > 0) {
      const found = await repo.activeUsers(trx, wanted);
      if (found.length !== wanted.length) {
        throw invalid('participant_ids', 'Người theo dõi không tồn tại hoặc đã bị khóa tài khoản.');
      }
    }
    if (body.start_date && body.deadline && body.deadline < vnDayStart(body.start_date)) {
      throw invalid('deadline', 'Hạn hoàn thành phải sau ngày bắt đầu.');
    }
    return body.department_id ?? assigneeDepartment ?? actor.departmentId;
  }

  async create(actor: Actor, body: WorkCreateBody): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const departmentId = await this.checkRefs(trx, actor, body);
      const request = body.request_id ? await this.requireFlow().assertLinkable(trx, body.request_id, actor) : null;
      const code = await this.nextCode(trx);
      const now = nowIso();
      const id = await repo.insert(trx, {
        code,
        title: body.title,
        description: body.description ?? null,
        request_id: body.request_id ?? null,
        step_index: null,
        department_id: departmentId,
        assignee_id: body.assignee_id ?? null,
        priority: body.priority,
        start_date: body.start_date ?? null,
        deadline: body.deadline ?? null,
        status: 'todo',
        search_text: workSearchText({ code, title: body.title, requestCode: request?.code }),
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      await repo.setParticipants(trx, id, [...new Set(body.participant_ids ?? [])]);
      await writeAudit(trx, actor, {
        entity: WORK_ENTITY,
        entityId: id,
        action: 'create',
        changes: diff(null, await this.auditOf(trx, (await repo.find(trx, id)) as WorkRow)),
      });
      await this.documents.attachDocuments(trx, body.attachment_ids, WORK_ENTITY, id, actor);
      await this.event(trx, 'work.created', id, actor, { code, request_id: body.request_id ?? null });
      if (body.assignee_id) await this.event(trx, 'work.assigned', id, actor, { code, assignee_id: body.assignee_id });
      return this.detail(actor, id, trx);
    });
  }

  async update(actor: Actor, id: number, body: WorkUpdateBody): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.editableRow(trx, actor, id);
      if (CLOSED.includes(row.status)) throw wrongState('sửa', row.status);
      const participants = await repo.participants(trx, id);
      const before = auditable(row, participants);
      const departmentId = await this.checkRefs(trx, actor, body, {
        assigneeId: row.assignee_id,
        participantIds: participants.map((p) => p.id),
      });
      const changed = await repo.updateFields(trx, id, body.version, {
        title: body.title,
        description: body.description ?? null,
        department_id: body.department_id ?? (body.assignee_id === row.assignee_id ? row.department_id : departmentId),
        assignee_id: body.assignee_id ?? null,
        priority: body.priority,
        start_date: body.start_date ?? null,
        deadline: body.deadline ?? null,
        search_text: workSearchText({ code: row.code, title: body.title, requestCode: row.request_code }),
        updated_at: nowIso(),
      });
      if (changed === 0) {
        const now = await repo.find(trx, id);
        if (now && CLOSED.includes(now.status)) throw wrongState('sửa', now.status);
        throw staleVersion();
      }
      if (body.participant_ids) await repo.setParticipants(trx, id, [...new Set(body.participant_ids)]);
      // Read back without the scope check: moving a work out of one's department may take it out of one's scope.
      const updated = (await repo.find(trx, id)) as WorkRow;
      await writeAudit(trx, actor, {
        entity: WORK_ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(before, await this.auditOf(trx, updated)),
      });
      await this.documents.attachDocuments(trx, body.attachment_ids, WORK_ENTITY, id, actor);
      if ((body.assignee_id ?? null) !== row.assignee_id && body.assignee_id) {
        await this.event(trx, 'work.assigned', id, actor, {
          code: row.code,
          assignee_id: body.assignee_id,
          previous_assignee_id: row.assignee_id,
        });
      }
      // Attaching files and the event leave the work's row as read above.
      return this.detailOf(trx, actor, updated);
    });
  }

  /**
   * One status change: allowed only from `from`, made as a conditional update so two concurrent calls change it once
   * (the second gets 409), audited and recorded as a domain event in the same transaction.
   */
  private async change(
    actor: Actor,
    id: number,
    spec: {
      verb: string;
      from: readonly string[];
      to: WorkStatus;
      action: string;
      event: DomainEventType;
      values?: (row: WorkRow, now: string) => Record<string, unknown>;
      check?: (trx: Kysely<DB>, row: WorkRow) => Promise<void>;
      after?: (trx: Kysely<DB>, row: WorkRow, now: string) => Promise<Record<string, unknown> | undefined>;
      payload?: Record<string, unknown>;
    },
  ): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const found = await this.editableRow(trx, actor, id);
      // A process step's work moves its request: the request is locked first, as the request's own changes do.
      if (found.request_id && found.step_index !== null) await this.requireFlow().lock(trx, found.request_id);
      const row = (await repo.find(trx, id)) as WorkRow;
      if (!spec.from.includes(row.status)) throw wrongState(spec.verb, row.status);
      await spec.check?.(trx, row);
      const now = nowIso();
      const values = { status: spec.to, updated_at: now, ...(spec.values?.(row, now) ?? {}) };
      const to = values.status as WorkStatus;
      if (!(await repo.transition(trx, id, spec.from, values))) {
        const current = await repo.find(trx, id);
        throw wrongState(spec.verb, current?.status ?? row.status);
      }
      const extra = (await spec.after?.(trx, row, now)) ?? {};
      const changes: Record<string, unknown> = { status: [row.status, to] };
      for (const [key, value] of Object.entries(values)) {
        if (key === 'status' || key === 'updated_at' || key === 'hold_status') continue;
        const old = (row as Record<string, unknown>)[key] ?? null;
        if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[key] = [old, value ?? null];
      }
      Object.assign(changes, extra);
      await writeAudit(trx, actor, { entity: WORK_ENTITY, entityId: id, action: spec.action, changes });
      await this.event(trx, spec.event, id, actor, {
        code: row.code,
        from: row.status,
        to,
        request_id: row.request_id,
        ...(spec.payload ?? {}),
      });
      await this.flowAfter(trx, spec.event, row, actor);
      return this.detailOf(trx, actor, (await repo.find(trx, id)) as WorkRow);
    });
  }

  /** A work's history fields as stored now (its followers read again), without the rest of its page. */
  private async auditOf(db: Kysely<DB>, row: WorkRow) {
    return auditable(row, await repo.participants(db, row.id));
  }

  private flowWork(row: WorkRow, result_note: string | null = row.result_note): FlowWork | null {
    if (!row.request_id || row.step_index === null) return null;
    return {
      id: row.id,
      code: row.code,
      request_id: row.request_id,
      step_index: row.step_index,
      status: row.status,
      assignee_id: row.assignee_id,
      result_note,
    };
  }

  /** A step's work moving moves its request: started → in progress; done → next step or completed. */
  private async flowAfter(trx: Kysely<DB>, event: DomainEventType, row: WorkRow, actor: Actor) {
    const fresh = (await repo.find(trx, row.id)) as WorkRow;
    const work = this.flowWork(fresh);
    if (!work) return;
    if (event === 'work.started') await this.requireFlow().workStarted(trx, work, actor);
    if (event === 'work.completed') await this.requireFlow().workCompleted(trx, work, actor);
  }

  /** A step's work may only move while its request runs. */
  private async assertRequestRunning(trx: Kysely<DB>, row: WorkRow) {
    if (row.request_id && row.step_index !== null) await this.requireFlow().assertRunning(trx, row.request_id);
  }

  start(actor: Actor, id: number): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'bắt đầu',
      from: ['todo'],
      to: 'in_progress',
      action: 'start',
      event: 'work.started',
      check: (trx, row) => this.assertRequestRunning(trx, row),
      values: (row, now) => ({ started_at: row.started_at ?? now, start_date: row.start_date ?? vnToday() }),
    });
  }

  hold(actor: Actor, id: number, reason: string): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'tạm dừng',
      from: ['todo', 'in_progress'],
      to: 'on_hold',
      action: 'hold',
      event: 'work.on_hold',
      values: (row) => ({ hold_status: row.status, status_reason: reason }),
      payload: { reason },
    });
  }

  resume(actor: Actor, id: number): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'tiếp tục',
      from: ['on_hold'],
      to: 'in_progress',
      action: 'resume',
      event: 'work.resumed',
      // The status it had when put on hold; `to` above is overwritten by `values`.
      values: (row) => ({ status: row.hold_status === 'todo' ? 'todo' : 'in_progress', hold_status: null, status_reason: null }),
    });
  }

  complete(actor: Actor, id: number, body: WorkCompleteBody): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'hoàn thành',
      from: ['todo', 'in_progress'],
      to: 'done',
      action: 'complete',
      event: 'work.completed',
      check: (trx, row) => this.assertRequestRunning(trx, row),
      values: (row, now) => ({
        progress: 100,
        result_note: body.result_note,
        completed_at: now,
        started_at: row.started_at ?? now,
        status_reason: null,
      }),
      after: async (trx) => {
        const docs = await this.documents.attachDocuments(trx, body.document_ids, WORK_ENTITY, id, actor);
        return docs.length > 0 ? { result_documents: [null, docs.map((d) => d.original_name)] } : undefined;
      },
    });
  }

  cancel(actor: Actor, id: number, reason: string | null | undefined): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'hủy',
      from: OPEN_WORK_STATUSES,
      to: 'cancelled',
      action: 'cancel',
      event: 'work.cancelled',
      values: () => ({ status_reason: reason ?? null, hold_status: null }),
      payload: { reason: reason ?? null },
    });
  }

  /**
   * Sends a process step's work back to the previous step: this work is cancelled with the reason, the previous
   * step's work is created again and the request goes back one step. Not for the first step, nor a work outside a
   * process.
   */
  sendBack(actor: Actor, id: number, reason: string): Promise<WorkDetail> {
    return this.change(actor, id, {
      verb: 'trả lại',
      from: OPEN_WORK_STATUSES,
      to: 'cancelled',
      action: 'send_back',
      event: 'work.sent_back',
      check: async (trx, row) => {
        if (!row.request_id || row.step_index === null) {
          throw conflict('Chỉ công việc thuộc một bước của quy trình mới trả lại được bước trước.');
        }
        if (row.step_index <= 1) throw conflict('Đây là bước đầu tiên của quy trình, không có bước trước để trả lại.');
        await this.assertRequestRunning(trx, row);
      },
      values: () => ({ status_reason: reason, hold_status: null }),
      after: async (trx, row) => {
        const work = this.flowWork(row);
        if (work) await this.requireFlow().workSentBack(trx, work, reason, actor);
        return undefined;
      },
      payload: { reason },
    });
  }

  async setProgress(actor: Actor, id: number, progress: number): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.editableRow(trx, actor, id);
      if (row.status !== 'in_progress') {
        throw conflict(
          row.status === 'todo'
            ? 'Hãy bắt đầu công việc trước khi cập nhật tiến độ.'
            : `Không thể cập nhật tiến độ của công việc đang ở trạng thái "${statusLabel(row.status)}".`,
        );
      }
      if (!(await repo.transition(trx, id, ['in_progress'], { progress, updated_at: nowIso() }))) {
        throw conflict('Công việc vừa được người khác thay đổi trạng thái. Vui lòng tải lại trang.');
      }
      await writeAudit(trx, actor, {
        entity: WORK_ENTITY,
        entityId: id,
        action: 'progress',
        changes: { progress: [Number(row.progress), progress] },
      });
      return this.detailOf(trx, actor, (await repo.find(trx, id)) as WorkRow);
    });
  }

  // ---- comments -----------------------------------------------------------------------------------------------

  async comments(actor: Actor, id: number, q: ListQuery): Promise<Paginated<WorkComment>> {
    await this.visibleRow(this.db, actor, id);
    const sort = parseSort(q.sort, COMMENT_SORTS, 'created_at');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      repo.comments(this.db, id, sort.direction, w.limit, w.offset),
      repo.commentsCount(this.db, id),
    ]);
    return toPage(rows.map(toComment), total, w);
  }

  /** Whoever sees a work may comment on it, whatever its status. */
  async addComment(actor: Actor, id: number, body: CommentBody): Promise<WorkComment> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.visibleRow(trx, actor, id);
      const commentId = await repo.insertComment(trx, { work_id: id, user_id: actor.id, body: body.body, created_at: nowIso() });
      await this.event(trx, 'work.commented', id, actor, { code: row.code, comment_id: commentId });
      return toComment(await repo.findComment(trx, commentId));
    });
  }

  // ---- for the request flow (inside its transaction) ------------------------------------------------------------

  /** Creates a process step's work: the step's department, the given assignee, a deadline of the step's SLA from now. */
  async createStepWork(trx: Kysely<DB>, input: StepWorkInput, actor: Actor): Promise<{ id: number; code: string }> {
    // A default assignee locked since the process was written is not given the work: the department assigns it.
    const [assignee] = input.assigneeId ? await repo.activeUsers(trx, [input.assigneeId]) : [];
    const assigneeId = assignee ? assignee.id : null;
    const code = await this.nextCode(trx);
    const now = nowIso();
    const title = `${input.step.name} – ${input.requestCode}`.slice(0, 255);
    const description = [input.note, input.requestTitle].filter(Boolean).join('\n\n');
    const id = await repo.insert(trx, {
      code,
      title,
      description: description || null,
      request_id: input.requestId,
      step_index: input.step.position,
      department_id: input.step.department_id,
      assignee_id: assigneeId,
      priority: input.priority,
      start_date: vnToday(),
      deadline: addHours(now, input.step.duration_hours),
      status: 'todo',
      search_text: workSearchText({ code, title, requestCode: input.requestCode }),
      created_at: now,
      updated_at: now,
      created_by: actor.id,
    });
    await writeAudit(trx, actor, {
      entity: WORK_ENTITY,
      entityId: id,
      action: 'create',
      changes: {
        title: [null, title],
        request: [null, input.requestCode],
        step_index: [null, input.step.position],
        assignee_id: [null, assigneeId],
        department_id: [null, input.step.department_id],
      },
    });
    await this.event(trx, 'work.created', id, actor, { code, request_id: input.requestId, step_index: input.step.position });
    if (assigneeId) {
      await this.event(trx, 'work.assigned', id, actor, {
        code,
        assignee_id: assigneeId,
        request_id: input.requestId,
        step_index: input.step.position,
      });
    }
    return { id, code };
  }

  /** Cancels every open work of a request (the request was cancelled or rejected). */
  async cancelOpenOfRequest(trx: Kysely<DB>, requestId: number, reason: string, actor: Actor): Promise<number> {
    const open = await repo.openOfRequest(trx, requestId);
    const now = nowIso();
    let cancelled = 0;
    for (const w of open) {
      if (
        !(await repo.transition(trx, w.id, OPEN_WORK_STATUSES, {
          status: 'cancelled',
          status_reason: reason,
          hold_status: null,
          updated_at: now,
        }))
      ) {
        continue;
      }
      cancelled += 1;
      await writeAudit(trx, actor, {
        entity: WORK_ENTITY,
        entityId: w.id,
        action: 'cancel',
        changes: { status: [w.status, 'cancelled'], status_reason: [null, reason] },
      });
      await this.event(trx, 'work.cancelled', w.id, actor, {
        code: w.code,
        from: w.status,
        to: 'cancelled',
        request_id: requestId,
        reason,
      });
    }
    return cancelled;
  }

  /** How many of the request's process-step works are still open. */
  async openStepWorksCount(trx: Kysely<DB>, requestId: number): Promise<number> {
    return (await repo.openOfRequest(trx, requestId, { stepsOnly: true })).length;
  }

  /** Pushes the deadlines of a request's open works later by `ms` (the time the request spent on hold). */
  async shiftOpenDeadlines(trx: Kysely<DB>, requestId: number, ms: number): Promise<void> {
    const open = await repo.openOfRequest(trx, requestId);
    const moved = open.filter((w) => w.deadline).map((w) => ({ id: w.id, deadline: addMs(w.deadline as string, ms) }));
    await repo.shiftOpenDeadlines(trx, requestId, moved, nowIso());
  }

  /** The latest done work of a step, or any not cancelled one; for a result or a step sent back. */
  lastOfStep(trx: Kysely<DB>, requestId: number, stepIndex: number, status?: 'done') {
    return repo.lastOfStep(trx, requestId, stepIndex, status);
  }

  /** The documents attached to a work. */
  documentsOf(trx: Kysely<DB>, workId: number): Promise<DocumentRecord[]> {
    return this.documents.listFor(WORK_ENTITY, workId, trx);
  }
}

function toComment(r: {
  id: number;
  work_id: number;
  body: string;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}): WorkComment {
  return { id: r.id, work_id: r.work_id, body: r.body, user: ref(r.user_id, r.user_name), created_at: r.created_at };
}

/** What a work's history entry shows: its own fields, not what is derived or shown from elsewhere. */
function auditable(w: WorkRow, participants: readonly { name: string }[]) {
  return {
    code: w.code,
    title: w.title,
    description: w.description,
    request_id: w.request_id,
    step_index: w.step_index,
    department_id: w.department_id,
    assignee_id: w.assignee_id,
    priority: w.priority,
    start_date: w.start_date,
    deadline: w.deadline,
    participants: participants.map((p) => p.name),
  };
}
