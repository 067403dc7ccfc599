import { hasAnyPermission } from '@qlcv/common/permissions';
import type { Paginated } from '@qlcv/common/schemas/common';
import {
  LEAVE_LIST_KEYS,
  LEAVE_SORTS,
  type Leave,
  type LeaveBalance,
  type LeaveCreateBody,
  type LeaveDetail,
  type LeaveForEmployeeBody,
  type LeaveListQuery,
  type LeavePreview,
  type LeavePreviewQuery,
  type LeaveUpdateBody,
} from '@qlcv/common/schemas/leaves';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { recordEvent } from '../../lib/domain-events';
import { AppError, forbidden, invalid, notFound, staleVersion } from '../../lib/errors';
import { pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { formatCode, nextSequence } from '../../lib/sequences';
import { vnToday, vnYymm } from '../../lib/vn-time';
import type { CompanyCalendarService } from '../company-settings/company-calendar.service';
import type { DepartmentsService } from '../departments/departments.service';
import type { DocumentsService } from '../documents/documents.service';
import { standsInFor, substitutedBy, substitutesOf } from '../leave-substitutes/leave-substitutes.service';
import type { LeaveBalancesService } from './leave-balances.service';
import { counterFor, viDate } from './leave-days';
import { coversEmployee, deciderOf, leaveScopeOf } from './leave-scopes';
import { LEAVE_ENTITY, type LeaveContext, mayCancel, mayEdit, toLeave } from './leaves.mappers';
import { type LeaveFilter, type LeaveRow, leavesRepository as repo } from './leaves.repository';

const NOT_FOUND = 'Không tìm thấy đơn nghỉ phép.';

/** The event payload the notification dispatcher reads (notification-recipients.ts, payloadContext). */
export function leaveEventPayload(r: LeaveRow, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: r.code,
    department_id: r.department_id,
    vars: {
      'employee.name': r.user_name,
      'leave.type': r.type_name,
      'leave.from': viDate(r.start_date),
      'leave.to': viDate(r.end_date),
      'leave.days': String(r.half_days / 2).replace('.', ','),
      'leave.reason': r.reason ?? '',
    },
    link: `/admin/leaves/${r.id}`,
    ...extra,
  };
}

/** Leaves: applying (for oneself or for an employee), editing, cancelling, the lists and the page. */
export class LeavesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: {
      calendar: CompanyCalendarService;
      departments: DepartmentsService;
      documents: DocumentsService;
      balances: LeaveBalancesService;
    },
  ) {}

  async context(actor: Actor, db: Kysely<DB> = this.db): Promise<LeaveContext> {
    const today = vnToday();
    return {
      actor,
      scope: await leaveScopeOf(db, this.deps.departments, actor),
      substituteFor: await substitutedBy(db, actor.id, today),
      today,
    };
  }

  /** The approvers whose leave the user decides today as their substitute. */
  substituteFor(userId: number): Promise<number[]> {
    return substitutedBy(this.db, userId, vnToday());
  }

  /** Whether the actor sees the leave: own, in scope, its approver or an active substitute of the approver. */
  seesRow(row: LeaveRow, c: LeaveContext): boolean {
    if (c.scope.all || row.user_id === c.actor.id || row.approver_id === c.actor.id) return true;
    if (row.approver_id !== null && c.substituteFor.includes(row.approver_id)) return true;
    return coversEmployee(c.scope, { id: row.user_id, department_id: row.department_id });
  }

  /** The leave if the actor sees it, else 404. */
  async visibleRow(db: Kysely<DB>, c: LeaveContext, id: number): Promise<LeaveRow> {
    const row = await repo.find(db, id);
    if (!row || !this.seesRow(row, c)) throw notFound(NOT_FOUND);
    return row;
  }

  async canSee(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    const row = await repo.find(db, id);
    return Boolean(row && this.seesRow(row, await this.context(actor, db)));
  }

  async canEdit(db: Kysely<DB>, id: number, actor: Actor): Promise<boolean> {
    const row = await repo.find(db, id);
    if (!row) return false;
    const c = await this.context(actor, db);
    return this.seesRow(row, c) && mayEdit(row, c);
  }

  private async filterOf(c: LeaveContext, q: LeaveListQuery): Promise<LeaveFilter> {
    const m = q.month;
    return {
      scope: c.scope,
      tab: q.tab,
      substituteFor: c.substituteFor,
      search: q.search || null,
      status: q.status,
      leaveTypeIds: q.leave_type_id,
      departmentIds: q.department_id ? await this.deps.departments.withDescendants(q.department_id) : undefined,
      userId: q.user_id,
      month: m
        ? {
            from: `${m}-01`,
            to: `${m}-${String(new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).getUTCDate())}`,
          }
        : undefined,
    };
  }

  async list(actor: Actor, q: LeaveListQuery): Promise<Paginated<Leave>> {
    // Without a leave key one decides what awaits one (a head, a substitute), and sees no list of one's own or a scope.
    if (q.tab !== 'approval' && !hasAnyPermission(actor.permissions, LEAVE_LIST_KEYS)) throw forbidden();
    const c = await this.context(actor);
    const w = pageWindow(q);
    const sort = parseSort<(typeof LEAVE_SORTS)[number]>(q.sort, LEAVE_SORTS, '-start_date');
    const { rows, total } = await repo.page(this.db, await this.filterOf(c, q), sort, w.limit, w.offset);
    return toPage(
      rows.map((r) => toLeave(r, c)),
      total,
      w,
    );
  }

  async exportRows(actor: Actor, q: LeaveListQuery): Promise<Leave[]> {
    return (await this.list(actor, { ...q, page: 1, per_page: 'all' })).data;
  }

  async approvalCount(actor: Actor): Promise<number> {
    const c = await this.context(actor);
    return repo.count(this.db, { scope: c.scope, tab: 'approval', substituteFor: c.substituteFor, search: null });
  }

  async get(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<LeaveDetail> {
    const c = await this.context(actor, db);
    const row = await this.visibleRow(db, c, id);
    return this.detail(db, row, c);
  }

  async detail(db: Kysely<DB>, row: LeaveRow, c: LeaveContext): Promise<LeaveDetail> {
    return {
      ...toLeave(row, c),
      attachments: await this.deps.documents.listFor(LEAVE_ENTITY, row.id, db),
      substitutes: row.approver_id ? await substitutesOf(db, row.approver_id, c.today) : [],
    };
  }

  /** The annual balance of oneself, or of an employee of the scope (404 outside it). */
  async balance(actor: Actor, userId: number | undefined, year: number | undefined): Promise<LeaveBalance> {
    const id = userId ?? actor.id;
    if (id !== actor.id) {
      const employee = await repo.employee(this.db, id);
      const c = await this.context(actor);
      if (!employee || !coversEmployee(c.scope, employee)) throw notFound('Không tìm thấy nhân viên.');
    }
    return this.deps.balances.balance(id, year ?? Number(vnToday().slice(0, 4)));
  }

  async preview(actor: Actor, q: LeavePreviewQuery): Promise<LeavePreview> {
    const userId = q.user_id ?? actor.id;
    if (userId !== actor.id) {
      const employee = await repo.employee(this.db, userId);
      const c = await this.context(actor);
      if (!employee || !coversEmployee(c.scope, employee)) throw notFound('Không tìm thấy nhân viên.');
    }
    const counter = await counterFor(this.deps.calendar, q);
    const a = await this.deps.balances.assess(
      this.db,
      { userId, leaveTypeId: q.leave_type_id, span: q, exceptId: q.leave_id ?? null, counter },
      true,
    );
    if (!a.type) throw invalid('leave_type_id', 'Loại nghỉ không tồn tại.');
    const y = a.years?.[0];
    return {
      days: a.halfDays / 2,
      balance: y
        ? {
            year: y.year,
            remaining: y.remaining / 2,
            pending: y.pending / 2,
            after: y.after / 2,
            allow_negative: a.allowNegative,
          }
        : null,
      overlap: a.overlap ?? null,
    };
  }

  /** `POST /api/leaves`: the caller's own leave, pending for their approver. */
  create(actor: Actor, body: LeaveCreateBody): Promise<LeaveDetail> {
    return this.insert(actor, actor.id, body, false);
  }

  /**
   * `POST /api/leaves/for-employee`: a manager records leave for an employee of their scope. A manager who may
   * create it may also approve it, so it is approved at once (decided_by = the creator); the employee is notified.
   */
  async createForEmployee(actor: Actor, body: LeaveForEmployeeBody): Promise<LeaveDetail> {
    if (body.user_id === actor.id) throw invalid('user_id', 'Đơn nghỉ của chính mình hãy đăng ký ở mục Đăng ký nghỉ phép.');
    const employee = await repo.employee(this.db, body.user_id);
    const c = await this.context(actor);
    if (!employee || !coversEmployee(c.scope, employee))
      throw invalid('user_id', 'Nhân viên không thuộc phạm vi quản lý của bạn.');
    return this.insert(actor, body.user_id, body, true);
  }

  private async insert(actor: Actor, userId: number, body: LeaveCreateBody, forEmployee: boolean): Promise<LeaveDetail> {
    const counter = await counterFor(this.deps.calendar, body);
    const id = await this.db.transaction().execute(async (trx) => {
      // The employee's row owns the rules across their leaves (no overlap, the balance): concurrent applications of
      // one person are checked and written one after the other.
      await lockRow(trx, 'users', userId);
      const employee = await repo.employee(trx, userId);
      if (employee?.status !== 'active') throw invalid('user_id', 'Nhân viên không tồn tại hoặc đã nghỉ việc.');
      const a = await this.deps.balances.admit(
        trx,
        { userId, leaveTypeId: body.leave_type_id, span: body, exceptId: null, counter },
        false,
      );
      const approverId = await deciderOf(trx, employee, {
        standsInFor: (approver) => standsInFor(trx, userId, approver, vnToday()),
        person: (id) => repo.employee(trx, id),
      });
      const yymm = vnYymm();
      const code = `NP${yymm}-${formatCode('', await nextSequence(trx, `leaves:${yymm}`))}`;
      const now = nowIso();
      const leaveId = await repo.insert(trx, {
        code,
        user_id: userId,
        ...leaveValues(body, a.halfDays),
        status: forEmployee ? 'approved' : 'pending',
        approver_id: approverId,
        decided_by: forEmployee ? actor.id : null,
        decided_at: forEmployee ? now : null,
        decision_note: null,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      });
      await this.deps.documents.attachDocuments(trx, body.attachment_ids, LEAVE_ENTITY, leaveId, actor);
      const row = (await repo.find(trx, leaveId)) as LeaveRow;
      if (forEmployee && a.years) await this.deps.balances.chargeLeave(trx, row, actor.id, counter);
      await writeAudit(trx, actor, {
        entity: LEAVE_ENTITY,
        entityId: row.id,
        action: 'create',
        changes: diff(null, leaveAudit(row)),
      });
      const heads = approverId ? [approverId, ...(await substitutesOf(trx, approverId, vnToday())).map((s) => s.id)] : [];
      await recordEvent(trx, {
        type: forEmployee ? 'leave.created_for_you' : 'leave.submitted',
        entity: LEAVE_ENTITY,
        entityId: row.id,
        actorId: actor.id,
        payload: leaveEventPayload(row, { assignee_id: userId, creator_id: actor.id, head_ids: heads }),
      });
      return row.id;
    });
    return this.get(actor, id);
  }

  /** `PUT /api/leaves/{id}`: a pending leave, recounted and checked again. */
  async update(actor: Actor, id: number, body: LeaveUpdateBody): Promise<LeaveDetail> {
    const counter = await counterFor(this.deps.calendar, body);
    await this.db.transaction().execute(async (trx) => {
      const c = await this.context(actor, trx);
      const row = await this.visibleRow(trx, c, id);
      if (!mayEdit(row, c)) {
        if (row.status !== 'pending') throw new AppError(409, 'INVALID_STATE', 'Chỉ sửa được đơn nghỉ đang chờ duyệt.');
        throw forbidden();
      }
      await lockRow(trx, 'users', row.user_id);
      const a = await this.deps.balances.admit(
        trx,
        { userId: row.user_id, leaveTypeId: body.leave_type_id, span: body, exceptId: id, counter },
        true,
      );
      const saved = await repo.update(trx, id, body.version, {
        ...leaveValues(body, a.halfDays),
        updated_at: nowIso(),
      });
      if (!saved) throw staleVersion();
      await this.deps.documents.attachDocuments(trx, body.attachment_ids, LEAVE_ENTITY, id, actor);
      const after = (await repo.find(trx, id)) as LeaveRow;
      await writeAudit(trx, actor, {
        entity: LEAVE_ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(leaveAudit(row), leaveAudit(after)),
      });
    });
    return this.get(actor, id);
  }

  /**
   * Approved leaves of these employees meeting [from, to], earliest first: another module refusing to book someone
   * away (a sampling trip), inside its transaction. A leave approved meanwhile is as if approved just after: allowed.
   */
  approvedMeeting(userIds: readonly number[], from: string, to: string, db: Kysely<DB> = this.db) {
    return repo.approvedMeeting(db, userIds, from, to);
  }

  /** The employee cancels a pending leave, or an approved one before it starts; leaves.all any time. */
  async cancelCheck(row: LeaveRow, c: LeaveContext): Promise<void> {
    if (mayCancel(row, c)) return;
    if (row.status === 'pending' || row.status === 'approved') {
      if (row.user_id === c.actor.id) throw new AppError(409, 'INVALID_STATE', 'Đơn nghỉ đã bắt đầu, không thể hủy.');
      throw forbidden();
    }
    throw new AppError(409, 'INVALID_STATE', 'Đơn nghỉ đã được xử lý, không thể hủy.');
  }
}

/** The columns a leave's form writes, with its counted half days. */
function leaveValues(body: LeaveCreateBody, halfDays: number) {
  return {
    leave_type_id: body.leave_type_id,
    start_date: body.start_date,
    start_half: body.start_half,
    end_date: body.end_date,
    end_half: body.end_half,
    half_days: halfDays,
    reason: body.reason ?? null,
  };
}

/** What the history shows of a leave. */
export function leaveAudit(r: LeaveRow): Record<string, unknown> {
  return {
    type: r.type_name,
    start_date: r.start_date,
    start_half: r.start_half,
    end_date: r.end_date,
    end_half: r.end_half,
    days: r.half_days / 2,
    reason: r.reason,
  };
}
