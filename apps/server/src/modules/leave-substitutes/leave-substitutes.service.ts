import { hasAnyPermission } from '@qlcv/common/permissions';
import type {
  LeaveSubstitute,
  LeaveSubstituteCreateBody,
  LeaveSubstituteListQuery,
} from '@qlcv/common/schemas/leave-substitutes';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { vnToday } from '../../lib/vn-time';
import { type LeaveSubstituteRow, leaveSubstitutesRepository as repo } from './leave-substitutes.repository';

const ENTITY = 'leave_substitutes';

/**
 * Substitute approvers: an approver who is away names someone who, while the period runs, sees and decides the
 * pending leaves awaiting them (those submitted before the period began too). A department head names one for
 * themself; a holder of `leaves.all` for any approver.
 */
export class LeaveSubstitutesService {
  constructor(
    private readonly db: Kysely<DB>,
    /** The leaves module moves the substitute's own pending leaves off the approver (leaves/leave-reroute.ts). */
    private readonly onNamed: (trx: Kysely<DB>, actor: Actor, substituteId: number, approverId: number) => Promise<void>,
  ) {}

  private map(r: LeaveSubstituteRow, today: string): LeaveSubstitute {
    return {
      id: r.id,
      approver: { id: r.approver_id, name: r.approver_name },
      substitute: { id: r.substitute_id, name: r.substitute_name },
      start_date: r.start_date,
      end_date: r.end_date,
      note: r.note,
      active: r.start_date <= today && today <= r.end_date,
      created_by: r.created_by,
      created_at: r.created_at,
    };
  }

  async list(actor: Actor, q: LeaveSubstituteListQuery): Promise<LeaveSubstitute[]> {
    const today = vnToday();
    if (q.scope === 'all' && !hasAnyPermission(actor.permissions, ['leaves.all'])) throw forbidden();
    const rows = await repo.list(this.db, {
      userId: q.scope === 'all' ? undefined : actor.id,
      endingFrom: q.current ? today : undefined,
    });
    return rows.map((r) => this.map(r, today));
  }

  async create(actor: Actor, body: LeaveSubstituteCreateBody): Promise<LeaveSubstitute> {
    const all = hasAnyPermission(actor.permissions, ['leaves.all']);
    const approverId = body.approver_id ?? actor.id;
    if (approverId !== actor.id && !all) throw forbidden('Chỉ bộ phận nhân sự mới đặt người duyệt thay cho người khác.');
    return this.db.transaction().execute(async (trx) => {
      if (approverId === actor.id && !all) {
        if (!(await repo.headsADepartment(trx, actor.id)))
          throw forbidden('Chỉ trưởng phòng (người duyệt đơn nghỉ) mới đặt người duyệt thay.');
      }
      if (body.substitute_id === approverId) throw invalid('substitute_id', 'Người duyệt thay phải là người khác.');
      const people = await repo.people(trx, [approverId, body.substitute_id]);
      const sub = people.find((p) => p.id === body.substitute_id);
      if (sub?.status !== 'active') throw invalid('substitute_id', 'Người duyệt thay không tồn tại hoặc đã nghỉ việc.');
      if (!people.some((p) => p.id === approverId)) throw invalid('approver_id', 'Người duyệt không tồn tại.');
      const id = await repo.insert(trx, {
        approver_id: approverId,
        substitute_id: body.substitute_id,
        start_date: body.start_date,
        end_date: body.end_date,
        note: body.note ?? null,
        created_by: actor.id,
        created_at: nowIso(),
      });
      await this.onNamed(trx, actor, body.substitute_id, approverId);
      await writeAudit(trx, actor, {
        entity: ENTITY,
        entityId: id,
        action: 'create',
        changes: {
          substitute_id: [null, body.substitute_id],
          start_date: [null, body.start_date],
          end_date: [null, body.end_date],
        },
      });
      return this.map((await repo.find(trx, id)) as LeaveSubstituteRow, vnToday());
    });
  }

  /** By its creator, the approver, or leaves.all; 404 for anyone else. */
  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await repo.row(trx, id);
      const mine = r && (r.created_by === actor.id || r.approver_id === actor.id);
      if (!r || !(mine || hasAnyPermission(actor.permissions, ['leaves.all'])))
        throw notFound('Không tìm thấy người duyệt thay.');
      await repo.delete(trx, id);
      await writeAudit(trx, actor, {
        entity: ENTITY,
        entityId: id,
        action: 'delete',
        changes: { substitute_id: [r.substitute_id, null] },
      });
    });
  }
}

// What the leaves module reads of the substitutes, in its own transaction (`day`: usually today).

/** Approvers the user stands in for on `day`. */
export function substitutedBy(db: Kysely<DB>, substituteId: number, day: string): Promise<number[]> {
  return repo.substitutedBy(db, substituteId, day);
}

/** Whether `substituteId` stands in for `approverId` on `day` or later (a period not yet over). */
export function standsInFor(db: Kysely<DB>, substituteId: number, approverId: number, day: string): Promise<boolean> {
  return repo.standsInFor(db, substituteId, approverId, day);
}

/** The substitutes of an approver on `day`. */
export function substitutesOf(db: Kysely<DB>, approverId: number, day: string): Promise<{ id: number; name: string }[]> {
  return repo.substitutesOf(db, approverId, day);
}
