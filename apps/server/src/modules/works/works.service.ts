import { hasAnyPermission } from '@qlcv/common/permissions';
import type { AuditEntity } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { OPEN_REQUEST_STATUSES, type Priority } from '@qlcv/common/schemas/requests';
import {
  type MyWorkListQuery,
  WORK_SORTS,
  type Work,
  type WorkCreateBody,
  type WorkDetail,
  type WorkListQuery,
  type WorkSort,
  type WorkUpdateBody,
} from '@qlcv/common/schemas/works';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { forbidden, invalid, notFound, staleVersion } from '../../lib/errors';
import { mapRows } from '../../lib/export-rows';
import { type ListCache, listKey } from '../../lib/list-cache';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { parseSnapshot, resultStepOf } from '../../lib/process-snapshot';
import { likePattern } from '../../lib/vi-search';
import { vnDayEnd, vnDayStart } from '../../lib/vn-time';
import type { DepartmentsService } from '../departments/departments.service';
import type { DocumentsService } from '../documents/documents.service';
import {
  auditable,
  CLOSED_WORK,
  nextWorkCode,
  ref,
  toWork,
  WORK_ENTITY,
  workEvent,
  workSearchText,
  wrongWorkState,
} from './works.mappers';
import { worksRepository as repo, type WorkFilter, type WorkRow, type WorkScope } from './works.repository';

/** The entity name of requests: a work's page lists the files of its request. */
const REQUEST_ENTITY: AuditEntity = 'requests';
const NOT_FOUND = 'Không tìm thấy công việc.';

/** Whether the step at `position` of a request's frozen process gives the request its result. */
const resultOf = (snapshot: string | null, position: number) => {
  const parsed = parseSnapshot(snapshot);
  return Boolean(parsed && resultStepOf(parsed)?.position === position);
};

/**
 * A work's records: who sees and changes it (its scope), its lists and page, its creation and edits. Its status
 * changes are the work-status service's; the comments, the work-comments service's.
 */
export class WorksService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly documents: DocumentsService,
    private readonly departments: DepartmentsService,
    private readonly lists: ListCache,
  ) {}

  // ---- access -------------------------------------------------------------------------------------------------

  /**
   * PRODUCT.md §2: own works for everyone; `works.department` adds those of the actor's department and of all its
   * sub-departments; `works.all` adds every one.
   */
  async scopeOf(actor: Actor, db: Kysely<DB> = this.db): Promise<WorkScope> {
    if (hasAnyPermission(actor.permissions, ['works.all'])) return { all: true };
    const departmentIds = hasAnyPermission(actor.permissions, ['works.department'])
      ? await this.departments.withDescendants(actor.departmentId, db)
      : [];
    return { all: false, userId: actor.id, departmentIds };
  }

  /** Whether the actor sees at least one work of the request (so they may read its files). */
  async worksOnRequest(db: Kysely<DB>, requestId: number, actor: Actor): Promise<boolean> {
    return repo.anyVisibleOfRequest(db, requestId, await this.scopeOf(actor, db));
  }

  /** Whether the work is in the actor's scope (its files and history). */
  async canSee(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    return repo.visible(db, id, await this.scopeOf(actor, db));
  }

  /** Whether the actor sees the work and may change it (its files). */
  async canEdit(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    const scope = await this.scopeOf(actor, db);
    const row = await repo.find(db, id);
    return Boolean(row && (await repo.visible(db, id, scope)) && this.mayEdit(actor, row, scope));
  }

  /**
   * Who may change a work, its status and progress: its assignee, a holder of `works.all`, a holder of
   * `works.department` of the work's department (or one under it), and the creator of a work outside a process (a
   * process step's work is created by whoever moved the request on, who does not own it).
   */
  private mayEdit(
    actor: Actor,
    row: Pick<WorkRow, 'assignee_id' | 'created_by' | 'department_id' | 'step_index'>,
    scope: WorkScope,
  ): boolean {
    if (scope.all) return true;
    if (row.department_id !== null && scope.departmentIds.includes(row.department_id)) return true;
    if (row.assignee_id === actor.id) return true;
    return row.step_index === null && row.created_by === actor.id;
  }

  /** The work if the actor sees it, else 404 (a work outside the scope does not exist for them). */
  async visibleRow(db: Kysely<DB>, actor: Actor, id: number, scope?: WorkScope): Promise<WorkRow> {
    const row = await repo.find(db, id);
    if (!row || !(await repo.visible(db, id, scope ?? (await this.scopeOf(actor, db))))) throw notFound(NOT_FOUND);
    return row;
  }

  /** The work if the actor may change it: 404 outside the scope, 403 when they only see it. */
  async editableRow(db: Kysely<DB>, actor: Actor, id: number, scope: WorkScope): Promise<WorkRow> {
    const row = await this.visibleRow(db, actor, id, scope);
    if (!this.mayEdit(actor, row, scope)) {
      throw forbidden('Chỉ người thực hiện, người tạo hoặc người quản lý công việc mới được thực hiện thao tác này.');
    }
    return row;
  }

  // ---- reading ------------------------------------------------------------------------------------------------

  private async filterOf(actor: Actor, q: WorkListQuery): Promise<WorkFilter> {
    return {
      scope: await this.scopeOf(actor),
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

  /** "My works": assigned to, created by or followed by me, whatever my scope. */
  private async myFilter(actor: Actor, q: MyWorkListQuery): Promise<WorkFilter> {
    return { ...(await this.filterOf(actor, q)), scope: { all: true }, tab: { kind: q.tab, userId: actor.id } };
  }

  /** Every row of a list for its export, in the list's order. */
  private async exportOf(filter: WorkFilter, q: WorkListQuery): Promise<AsyncIterable<Work>> {
    const sort = parseSort<WorkSort>(q.sort, WORK_SORTS, '-created_at');
    const now = nowIso();
    return mapRows(await repo.exportRows(this.db, filter, sort), (r) => toWork(r, now));
  }

  private async page(filter: WorkFilter, q: WorkListQuery): Promise<Paginated<Work>> {
    const sort = parseSort<WorkSort>(q.sort, WORK_SORTS, '-created_at');
    const w = pageWindow(q);
    // An overdue filter's answer moves with the clock: never reused.
    const key = filter.overdue ? null : listKey('works', filter, sort, w.limit, w.offset);
    const { rows, total, capped } = await this.lists.page(
      key,
      w.limit,
      () => repo.page(this.db, filter, sort, w.limit, w.offset),
      (ids) => repo.byIds(this.db, ids),
    );
    const now = nowIso();
    return toPage(
      rows.map((r) => toWork(r, now)),
      total,
      w,
      capped,
    );
  }

  /** `GET /api/works`: the works in the actor's scope. */
  async list(actor: Actor, q: WorkListQuery): Promise<Paginated<Work>> {
    return this.page(await this.filterOf(actor, q), q);
  }

  async exportRows(actor: Actor, q: WorkListQuery): Promise<AsyncIterable<Work>> {
    return this.exportOf(await this.filterOf(actor, q), q);
  }

  /** `GET /api/works/my`: assigned to me, created by me or followed by me. */
  async my(actor: Actor, q: MyWorkListQuery): Promise<Paginated<Work>> {
    return this.page(await this.myFilter(actor, q), q);
  }

  async myExportRows(actor: Actor, q: MyWorkListQuery): Promise<AsyncIterable<Work>> {
    return this.exportOf(await this.myFilter(actor, q), q);
  }

  async detail(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<WorkDetail> {
    const scope = await this.scopeOf(actor, db);
    return this.detailOf(db, actor, await this.visibleRow(db, actor, id, scope), scope);
  }

  /** The page of a work already read and checked. */
  async detailOf(db: Kysely<DB>, actor: Actor, row: WorkRow, scope: WorkScope): Promise<WorkDetail> {
    const [participants, commentsCount, attachments, context] = await Promise.all([
      repo.participants(db, row.id),
      repo.commentsCount(db, row.id),
      this.documents.listFor(WORK_ENTITY, row.id, db),
      this.requestContext(db, row),
    ]);
    return {
      ...toWork(row, nowIso()),
      description: row.description,
      result_note: row.result_note,
      public_result: row.public_result,
      gives_result: context.givesResult,
      status_reason: row.status_reason,
      request: context.request,
      step_name: context.stepName,
      participants,
      comments_count: commentsCount,
      attachments,
      can: { edit: this.mayEdit(actor, row, scope) },
    };
  }

  /**
   * Whether completing the work gives its request the result the customer sees: a process step's work of the step
   * marked so (or of the last step when none is).
   */
  async givesResult(db: Kysely<DB>, row: WorkRow): Promise<boolean> {
    if (!row.request_id || row.step_index === null) return false;
    const r = await repo.requestOf(db, row.request_id);
    return Boolean(r && resultOf(r.process_snapshot, row.step_index));
  }

  /**
   * What a work's page shows of its request: the request itself, its files, the name of the work's step and whether
   * the work gives the request its result.
   */
  private async requestContext(
    db: Kysely<DB>,
    row: WorkRow,
  ): Promise<{ request: WorkDetail['request']; stepName: string | null; givesResult: boolean }> {
    if (!row.request_id) return { request: null, stepName: null, givesResult: false };
    const r = await repo.requestOf(db, row.request_id);
    if (!r) return { request: null, stepName: null, givesResult: false };
    const attachments = await this.documents.listFor(REQUEST_ENTITY, r.id, db);
    return {
      request: {
        id: r.id,
        code: r.code,
        title: r.title,
        status: r.status,
        priority: r.priority as Priority,
        due_at: r.due_at,
        customer: ref(r.customer_id, r.customer_name),
        attachments,
      },
      stepName: parseSnapshot(r.process_snapshot)?.steps.find((s) => s.position === row.step_index)?.name ?? null,
      givesResult: row.step_index !== null && resultOf(r.process_snapshot, row.step_index),
    };
  }

  // ---- creating and editing -----------------------------------------------------------------------------------

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

  /** A standalone work may be linked to an open request the actor can see (422 otherwise). */
  private async linkableRequest(db: Kysely<DB>, requestId: number, actor: Actor): Promise<{ code: string }> {
    const r = await repo.requestOf(db, requestId);
    const open = r && (OPEN_REQUEST_STATUSES as readonly string[]).includes(r.status);
    if (!r || !open || !hasAnyPermission(actor.permissions, ['requests.show', 'requests.edit'])) {
      throw invalid('request_id', 'Yêu cầu không tồn tại hoặc đã kết thúc.');
    }
    return { code: r.code };
  }

  async create(actor: Actor, body: WorkCreateBody): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const departmentId = await this.checkRefs(trx, actor, body);
      const request = body.request_id ? await this.linkableRequest(trx, body.request_id, actor) : null;
      const code = await nextWorkCode(trx);
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
      await workEvent(trx, 'work.created', id, actor, { code, request_id: body.request_id ?? null });
      if (body.assignee_id) await workEvent(trx, 'work.assigned', id, actor, { code, assignee_id: body.assignee_id });
      return this.detail(actor, id, trx);
    });
  }

  async update(actor: Actor, id: number, body: WorkUpdateBody): Promise<WorkDetail> {
    return this.db.transaction().execute(async (trx) => {
      const scope = await this.scopeOf(actor, trx);
      const row = await this.editableRow(trx, actor, id, scope);
      if (CLOSED_WORK.includes(row.status)) throw wrongWorkState('sửa', row.status);
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
        if (now && CLOSED_WORK.includes(now.status)) throw wrongWorkState('sửa', now.status);
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
        await workEvent(trx, 'work.assigned', id, actor, {
          code: row.code,
          assignee_id: body.assignee_id,
          previous_assignee_id: row.assignee_id,
        });
      }
      // Attaching files and the event leave the work's row as read above.
      return this.detailOf(trx, actor, updated, scope);
    });
  }

  /** A work's history fields as stored now (its followers read again), without the rest of its page. */
  private async auditOf(db: Kysely<DB>, row: WorkRow) {
    return auditable(row, await repo.participants(db, row.id));
  }
}
