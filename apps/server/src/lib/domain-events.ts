import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from './clock';

/**
 * The events of the request and work flow, recorded in the transaction of the change that caused them; the
 * notification system reads the unprocessed ones (`processed_at` null) in id order.
 */
export type DomainEventType =
  | 'request.created'
  | 'request.received'
  | 'request.in_progress'
  | 'request.on_hold'
  | 'request.resumed'
  | 'request.rejected'
  | 'request.cancelled'
  | 'request.completed'
  | 'request.step_changed'
  | 'work.created'
  | 'work.assigned'
  | 'work.started'
  | 'work.on_hold'
  | 'work.resumed'
  | 'work.completed'
  | 'work.cancelled'
  | 'work.sent_back'
  | 'work.commented'
  // Raised by the deadline scheduler (modules/works/work-deadlines.job.ts), once per work and deadline.
  | 'work.due_soon'
  | 'work.overdue'
  | 'work.escalated'
  // Issue 11, contracts: raised by the expiry job (modules/contracts/contract-expiry.job.ts), once per end date.
  | 'contract.expiring'
  // Issue 10, leaves (modules/leaves): recorded in the transaction of the change.
  | 'leave.submitted'
  | 'leave.approved'
  | 'leave.rejected'
  | 'leave.cancelled'
  | 'leave.created_for_you'
  // Issue 12, evaluations (modules/evaluations, modules/user-evaluations), on a user evaluation (`user_evaluations`);
  // `evaluation.self_due` by the scheduler (evaluation-self-due.job.ts), once per user evaluation and deadline.
  | 'evaluation.opened'
  | 'evaluation.reviewed'
  | 'evaluation.approved'
  | 'evaluation.self_due'
  // Issue 23, attendance corrections (modules/attendance), on `attendance_corrections`.
  | 'attendance.correction_submitted'
  | 'attendance.correction_approved'
  | 'attendance.correction_rejected'
  // Issue 24 part 7, monitoring: `monitoring_round.due` and `equipment.calibration_due` by the scheduler, once per
  // record and due date; `sampling_trip.assigned` in the transaction that plans a trip or adds people to it.
  | 'monitoring_round.due'
  | 'sampling_trip.assigned'
  | 'equipment.calibration_due'
  // Issue 24 part 5: a sample still held past its holding time, by the scheduler (sample-holding.job.ts), once.
  | 'sample.holding_expired'
  // Issue 25 part 2, the laboratory's analyses (modules/analyses): a batch assigned to an analyst (one event), a result
  // returned to its analyst with the reason; part 3, a released batch's exceedances, one event per sample.
  | 'analysis.assigned'
  | 'analysis.returned'
  | 'analysis.exceeded';

export async function recordEvent(
  db: Kysely<DB>,
  event: { type: DomainEventType; entity: string; entityId: number; actorId: number | null; payload?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('domain_events')
    .values({
      type: event.type,
      entity: event.entity,
      entity_id: event.entityId,
      payload: event.payload ? JSON.stringify(event.payload) : null,
      actor_id: event.actorId,
      created_at: nowIso(),
      processed_at: null,
    })
    .execute();
}
