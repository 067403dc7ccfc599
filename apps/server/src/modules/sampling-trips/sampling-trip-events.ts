import { formatDate } from '@qlcv/common/format/date';
import type { TripCreateBody, TripDetail } from '@qlcv/common/schemas/sampling-trips';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { recordEvent } from '../../lib/domain-events';
import type { RoundRef } from '../monitoring-programs/monitoring-rounds.service';

/**
 * `sampling_trip.assigned` in the transaction that plans a trip (its whole team) or edits it (only the people not on
 * it before: a leader or member kept is not told again). One event names them all (`assignee_ids`); the actor is
 * never told of their own planning (notification-recipients).
 */
export async function recordTripAssigned(
  trx: Kysely<DB>,
  actor: Actor,
  trip: { id: number; code: string },
  body: TripCreateBody,
  rounds: readonly RoundRef[],
  before?: TripDetail,
): Promise<void> {
  const had = new Set(before ? [before.leader.id, ...before.members.map((m) => m.id)] : []);
  const added = [...new Set([body.leader_id, ...body.member_ids])].filter((id) => !had.has(id));
  if (added.length === 0) return;
  const dates =
    body.start_date === body.end_date
      ? formatDate(body.start_date)
      : `${formatDate(body.start_date)} – ${formatDate(body.end_date)}`;
  await recordEvent(trx, {
    type: 'sampling_trip.assigned',
    entity: 'sampling_trips',
    entityId: trip.id,
    actorId: actor.id,
    payload: {
      code: trip.code,
      assignee_ids: added,
      // The trip's planner: the actor on creation, whoever created it on an edit.
      creator_id: before ? (before.created_by?.id ?? null) : actor.id,
      vars: {
        'trip.code': trip.code,
        'trip.name': body.name,
        'trip.dates': dates,
        'trip.sites': [...new Set(rounds.map((r) => r.site.name))].join(', '),
      },
      link: `/admin/monitoring/trips/${trip.id}`,
    },
  });
}
