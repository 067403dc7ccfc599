import type { LeaveCancelBody, LeaveDecisionBody, LeaveDetail, LeaveRejectBody } from '@qlcv/common/schemas/leaves';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import type { DomainEventType } from '../../lib/domain-events';
import { AppError, forbidden, staleVersion } from '../../lib/errors';
import { changeStatus } from '../../lib/status-change';
import { vnToday } from '../../lib/vn-time';
import { substitutesOf } from '../leave-substitutes/leave-substitutes.service';
import type { LeaveBalancesService } from './leave-balances.service';
import { type DayCounter, yearsOf } from './leave-days';
import { LEAVE_ENTITY, type LeaveContext, mayDecide } from './leaves.mappers';
import { type LeaveRow, leavesRepository } from './leaves.repository';
import { type LeavesService, leaveEventPayload } from './leaves.service';

const STATUS_LABEL: Record<string, string> = {
  pending: 'đang chờ duyệt',
  approved: 'đã được duyệt',
  rejected: 'đã bị từ chối',
  cancelled: 'đã hủy',
};
const wrongState = (status: string) =>
  new AppError(409, 'INVALID_STATE', `Đơn nghỉ ${STATUS_LABEL[status] ?? status}, không thể thực hiện thao tác này.`);

/**
 * The decisions on a leave, one route each (lib/status-change.ts): approve and reject by the approver, an active
 * substitute of theirs, a manager of the employee's department or `leaves.all`; cancel by the employee (or HR).
 * Approving an annual leave charges the ledger; cancelling an approved one gives the days back.
 */
export class LeaveApprovalsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly leaves: LeavesService,
    private readonly balances: LeaveBalancesService,
  ) {}

  private async transition(
    actor: Actor,
    id: number,
    version: number | undefined,
    opts: {
      from: readonly string[];
      to: string;
      action: string;
      event: DomainEventType;
      note: string | null;
      allowed: (row: LeaveRow, c: LeaveContext) => Promise<void>;
      after?: (trx: Kysely<DB>, row: LeaveRow, counter: DayCounter) => Promise<void>;
      /** Added to the event's payload (read inside the transaction). */
      eventExtra?: (trx: Kysely<DB>, row: LeaveRow) => Promise<Record<string, unknown>>;
      decision: boolean;
    },
  ): Promise<LeaveDetail> {
    // Day kinds are loaded before the transaction (see DayCounter).
    const found = await leavesRepository.find(this.db, id);
    const counter = await this.balances.counter(found ? yearsOf(found) : []);
    await this.db.transaction().execute(async (trx) => {
      let extra: Record<string, unknown> = {};
      const c = await this.leaves.context(actor, trx);
      const row = await this.leaves.visibleRow(trx, c, id);
      if (version !== undefined && version !== row.version && opts.from.includes(row.status)) throw staleVersion();
      await opts.allowed(row, c);
      await changeStatus(trx, actor, {
        entity: LEAVE_ENTITY,
        id,
        row,
        from: opts.from,
        wrongState,
        values: async (now) => ({
          status: opts.to,
          ...(opts.decision ? { decided_by: actor.id, decided_at: now } : {}),
          // A cancellation without a reason keeps the decision's note.
          ...(opts.decision || opts.note ? { decision_note: opts.note } : {}),
        }),
        write: (values) => leavesRepository.changeStatus(trx, id, opts.from, values, row.version + 1),
        statusNow: () => leavesRepository.statusOf(trx, id),
        after: async () => {
          await opts.after?.(trx, row, counter);
          extra = (await opts.eventExtra?.(trx, row)) ?? {};
          return undefined;
        },
        action: opts.action,
        event: opts.event,
        payload: () => leaveEventPayload(row, { assignee_id: row.user_id, creator_id: row.user_id, ...extra }),
        unaudited: ['decided_at', 'decided_by'],
      });
    });
    return this.leaves.get(actor, id);
  }

  approve(actor: Actor, id: number, body: LeaveDecisionBody): Promise<LeaveDetail> {
    return this.transition(actor, id, body.version, {
      from: ['pending'],
      to: 'approved',
      action: 'approve',
      event: 'leave.approved',
      note: body.note ?? null,
      decision: true,
      allowed: async (row, c) => this.mustDecide(row, c),
      after: async (trx, row, counter) => {
        if (Number(row.type_uses_balance)) await this.balances.chargeLeave(trx, row, actor.id, counter);
      },
    });
  }

  reject(actor: Actor, id: number, body: LeaveRejectBody): Promise<LeaveDetail> {
    return this.transition(actor, id, body.version, {
      from: ['pending'],
      to: 'rejected',
      action: 'reject',
      event: 'leave.rejected',
      note: body.note,
      decision: true,
      allowed: async (row, c) => this.mustDecide(row, c),
    });
  }

  cancel(actor: Actor, id: number, body: LeaveCancelBody): Promise<LeaveDetail> {
    return this.transition(actor, id, body.version, {
      from: ['pending', 'approved'],
      to: 'cancelled',
      action: 'cancel',
      event: 'leave.cancelled',
      note: body.note ?? null,
      decision: false,
      allowed: (row, c) => this.leaves.cancelCheck(row, c),
      after: async (trx, row) => {
        if (row.status === 'approved' && Number(row.type_uses_balance)) await this.balances.refundLeave(trx, row, actor.id);
      },
      // leave.cancelled goes to whoever would decide it (approver and active substitutes) or decided it.
      eventExtra: async (trx, row) => {
        const heads = new Set<number>();
        if (row.approver_id) heads.add(row.approver_id);
        if (row.status === 'approved' && row.decided_by && row.decided_by !== row.user_id) heads.add(row.decided_by);
        if (row.status === 'pending' && row.approver_id)
          for (const s of await substitutesOf(trx, row.approver_id, vnToday())) heads.add(s.id);
        return { head_ids: [...heads] };
      },
    });
  }

  private async mustDecide(row: LeaveRow, c: LeaveContext): Promise<void> {
    if (row.status !== 'pending') throw wrongState(row.status);
    if (row.user_id === c.actor.id) throw forbidden('Không thể tự duyệt đơn nghỉ của mình.');
    if (!mayDecide(row, c)) throw forbidden('Bạn không phải người duyệt đơn nghỉ này.');
  }
}
