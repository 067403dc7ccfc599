import { hasAnyPermission } from '@qlcv/common/permissions';
import type {
  AttendanceCorrection,
  AttendanceCorrectionDetail,
  CORRECTION_ACTIONS,
  CorrectionCreateBody,
  CorrectionListQuery,
  CorrectionStatus,
} from '@qlcv/common/schemas/attendance';
import type { Paginated } from '@qlcv/common/schemas/common';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { recordEvent } from '../../lib/domain-events';
import { AppError, conflict, forbidden, invalid, notFound, staleVersion } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { vnToday } from '../../lib/vn-time';
import { standsInFor, substitutedBy, substitutesOf } from '../leave-substitutes/leave-substitutes.service';
import { deciderOf } from '../leaves/leave-scopes';
import { attendanceRepository } from './attendance.repository';
import type { AttendanceService } from './attendance.service';
import { type CorrectionRow, correctionsRepository as repo } from './attendance-corrections.repository';

export const CORRECTION_ENTITY = 'attendance_corrections';
const NOT_FOUND = 'Không tìm thấy giải trình chấm công.';
const STATUS_TEXT: Record<string, string> = {
  approved: 'đã được duyệt',
  rejected: 'đã bị từ chối',
  cancelled: 'đã hủy',
};
const wrongState = (status: string) =>
  new AppError(409, 'INVALID_STATE', `Giải trình ${STATUS_TEXT[status] ?? status}, không thể thực hiện thao tác này.`);

const viDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

function toCorrection(r: CorrectionRow): AttendanceCorrection {
  return {
    id: r.id,
    user_id: r.user_id,
    user: { id: r.user_id, name: r.user_name, code: r.user_code },
    date: r.date,
    check_in: r.check_in,
    check_out: r.check_out,
    reason: r.reason,
    status: r.status as CorrectionStatus,
    approver: r.approver_id && r.approver_name ? { id: r.approver_id, name: r.approver_name } : null,
    decided_by: r.decided_by && r.decided_by_name ? { id: r.decided_by, name: r.decided_by_name } : null,
    decided_at: r.decided_at,
    decision_note: r.decision_note,
    version: r.version,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const auditView = (r: CorrectionRow) => ({
  date: r.date,
  check_in: r.check_in,
  check_out: r.check_out,
  reason: r.reason,
  status: r.status,
  decision_note: r.decision_note,
});

function payload(r: CorrectionRow, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    code: `GT-${r.id}`,
    department_id: r.department_id,
    vars: {
      'employee.name': r.user_name,
      'correction.date': viDate(r.date),
      'correction.check_in': r.check_in ?? '',
      'correction.check_out': r.check_out ?? '',
      'correction.reason': r.reason,
      'correction.decision_note': r.decision_note ?? '',
    },
    link: `/admin/attendance/corrections/${r.id}`,
    ...extra,
  };
}

interface Who {
  actor: Actor;
  substituteFor: number[];
  all: boolean;
}

/**
 * Corrections (giải trình) of a forgotten or wrong punch: asked by the employee, decided by the leave's approver
 * chain (the head above, passed over while the employee stands in for them; an active substitute of the approver) or
 * by `attendance.all`. One pending per employee-day (a unique index); every step in the history and the audit log.
 */
export class AttendanceCorrectionsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly attendance: AttendanceService,
  ) {}

  private async who(actor: Actor, db: Kysely<DB> = this.db): Promise<Who> {
    return {
      actor,
      substituteFor: await substitutedBy(db, actor.id, vnToday()),
      all: hasAnyPermission(actor.permissions, ['attendance.all']),
    };
  }

  private mayDecide(r: CorrectionRow, w: Who): boolean {
    if (r.status !== 'pending' || r.user_id === w.actor.id) return false;
    if (w.all) return true;
    return r.approver_id !== null && (r.approver_id === w.actor.id || w.substituteFor.includes(r.approver_id));
  }

  private async visible(db: Kysely<DB>, w: Who, id: number): Promise<CorrectionRow> {
    const r = await repo.find(db, id);
    if (!r) throw notFound(NOT_FOUND);
    if (r.user_id === w.actor.id || this.mayDecide(r, w) || w.all) return r;
    if (r.approver_id !== null && (r.approver_id === w.actor.id || w.substituteFor.includes(r.approver_id))) return r;
    const scope = await this.attendance.scopeOf(w.actor, db);
    if (!scope.all && r.department_id !== null && scope.departmentIds.includes(r.department_id)) return r;
    throw notFound(NOT_FOUND);
  }

  async list(actor: Actor, q: CorrectionListQuery): Promise<Paginated<AttendanceCorrection>> {
    const w = await this.who(actor);
    const f = {
      tab: q.tab,
      userId: actor.id,
      substituteFor: w.substituteFor,
      decidesUnassigned: w.all,
      scope: await this.attendance.scopeOf(actor),
      status: q.status,
    };
    const win = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, f, win), repo.count(this.db, f)]);
    return toPage(rows.map(toCorrection), total, win);
  }

  async get(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<AttendanceCorrectionDetail> {
    const w = await this.who(actor, db);
    const r = await this.visible(db, w, id);
    const history = await repo.history(db, id);
    return {
      ...toCorrection(r),
      history: history.map((h) => ({
        action: h.action as (typeof CORRECTION_ACTIONS)[number],
        user: h.actor_id && h.actor_name ? { id: h.actor_id, name: h.actor_name } : null,
        at: h.at,
        note: h.note,
      })),
      can: {
        approve: this.mayDecide(r, w),
        reject: this.mayDecide(r, w),
        cancel: r.status === 'pending' && r.user_id === actor.id,
      },
    };
  }

  async create(actor: Actor, body: CorrectionCreateBody): Promise<AttendanceCorrectionDetail> {
    const today = vnToday();
    if (body.date > today) throw invalid('date', 'Không thể giải trình cho ngày trong tương lai.');
    const id = await this.db.transaction().execute(async (trx) => {
      // The employee's row: "one pending per day" is checked here for the message, held by the unique index.
      await lockRow(trx, 'users', actor.id);
      const person = await attendanceRepository.person(trx, actor.id);
      if (person?.status !== 'active') throw invalid('date', 'Tài khoản không còn hoạt động.');
      if (await repo.pendingOf(trx, actor.id, body.date))
        throw conflict('Ngày này đã có một giải trình đang chờ duyệt.', 'CORRECTION_PENDING');
      const approverId = await deciderOf(trx, person, {
        standsInFor: (approver) => standsInFor(trx, actor.id, approver, today),
        person: (pid) => attendanceRepository.person(trx, pid),
      });
      const now = nowIso();
      const newId = await repo.insert(trx, {
        user_id: actor.id,
        date: body.date,
        check_in: body.check_in ?? null,
        check_out: body.check_out ?? null,
        reason: body.reason,
        status: 'pending',
        approver_id: approverId,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      });
      await repo.addHistory(trx, { correction_id: newId, action: 'created', actor_id: actor.id, note: null, at: now });
      const row = (await repo.find(trx, newId)) as CorrectionRow;
      await writeAudit(trx, actor, {
        entity: CORRECTION_ENTITY,
        entityId: newId,
        action: 'create',
        changes: diff(null, auditView(row)),
      });
      const heads = approverId ? [approverId, ...(await substitutesOf(trx, approverId, today)).map((s) => s.id)] : [];
      await recordEvent(trx, {
        type: 'attendance.correction_submitted',
        entity: CORRECTION_ENTITY,
        entityId: newId,
        actorId: actor.id,
        payload: payload(row, { creator_id: actor.id, head_ids: heads }),
      });
      return newId;
    });
    return this.get(actor, id);
  }

  approve(actor: Actor, id: number, note: string | null, version?: number) {
    return this.decide(actor, id, 'approved', note, version);
  }

  reject(actor: Actor, id: number, note: string, version?: number) {
    return this.decide(actor, id, 'rejected', note, version);
  }

  cancel(actor: Actor, id: number, version?: number) {
    return this.decide(actor, id, 'cancelled', null, version);
  }

  private async decide(
    actor: Actor,
    id: number,
    to: 'approved' | 'rejected' | 'cancelled',
    note: string | null,
    version?: number,
  ): Promise<AttendanceCorrectionDetail> {
    await this.db.transaction().execute(async (trx) => {
      const w = await this.who(actor, trx);
      const row = await this.visible(trx, w, id);
      if (row.status !== 'pending') throw wrongState(row.status);
      if (version !== undefined && version !== row.version) throw staleVersion();
      if (to === 'cancelled' ? row.user_id !== actor.id : !this.mayDecide(row, w)) throw forbidden();
      const now = nowIso();
      const decision = to !== 'cancelled';
      const saved = await repo.changeStatus(trx, id, row.version, {
        status: to,
        ...(decision ? { decided_by: actor.id, decided_at: now, decision_note: note } : {}),
        updated_at: now,
      });
      if (!saved) {
        const fresh = await repo.find(trx, id);
        throw fresh && fresh.status !== 'pending' ? wrongState(fresh.status) : staleVersion();
      }
      await repo.addHistory(trx, { correction_id: id, action: to, actor_id: actor.id, note, at: now });
      const after = (await repo.find(trx, id)) as CorrectionRow;
      await writeAudit(trx, actor, {
        entity: CORRECTION_ENTITY,
        entityId: id,
        action: to === 'approved' ? 'approve' : to === 'rejected' ? 'reject' : 'cancel',
        changes: diff(auditView(row), auditView(after)),
      });
      if (decision)
        await recordEvent(trx, {
          type: to === 'approved' ? 'attendance.correction_approved' : 'attendance.correction_rejected',
          entity: CORRECTION_ENTITY,
          entityId: id,
          actorId: actor.id,
          payload: payload(after, { assignee_id: row.user_id, creator_id: row.user_id }),
        });
    });
    return this.get(actor, id);
  }
}
