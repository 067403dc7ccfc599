import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { recordEvent } from '../../lib/domain-events';
import { lockRow } from '../../lib/row-lock';
import { vnToday } from '../../lib/vn-time';
import { standsInFor, substitutesOf } from '../leave-substitutes/leave-substitutes.service';
import { deciderOf } from './leave-scopes';
import { LEAVE_ENTITY } from './leaves.mappers';
import { type LeaveRow, leavesRepository as repo } from './leaves.repository';
import { leaveEventPayload } from './leaves.service';

/**
 * `substituteId` now stands in for `approverId` (leave-substitutes): the substitute's own pending leaves waiting for
 * that approver go to the approver's approver (`deciderOf`), in the caller's transaction, each with its history
 * entry and the new approver told — else they would wait for the absent approver and for their own applicant.
 */
export async function rerouteOwnLeaves(trx: Kysely<DB>, actor: Actor, substituteId: number, approverId: number): Promise<void> {
  const ids = await repo.pendingAwaiting(trx, substituteId, approverId);
  if (ids.length === 0) return;
  await lockRow(trx, 'users', substituteId);
  const employee = await repo.employee(trx, substituteId);
  if (!employee) return;
  const today = vnToday();
  const next = await deciderOf(trx, employee, {
    standsInFor: (approver) => standsInFor(trx, substituteId, approver, today),
    person: (id) => repo.employee(trx, id),
  });
  for (const id of ids) {
    const before = (await repo.find(trx, id)) as LeaveRow;
    if (!(await repo.reroute(trx, id, approverId, next, nowIso()))) continue;
    const after = (await repo.find(trx, id)) as LeaveRow;
    await writeAudit(trx, actor, {
      entity: LEAVE_ENTITY,
      entityId: id,
      action: 'reroute',
      changes: { approver: [before.approver_name, after.approver_name ?? 'Nhân sự (toàn công ty)'] },
    });
    const heads = next ? [next, ...(await substitutesOf(trx, next, today)).map((s) => s.id)] : [];
    await recordEvent(trx, {
      type: 'leave.submitted',
      entity: LEAVE_ENTITY,
      entityId: id,
      actorId: actor.id,
      payload: leaveEventPayload(after, { assignee_id: substituteId, creator_id: after.created_by, head_ids: heads }),
    });
  }
}
