import { formatDateTime } from '@qlcv/common/format/date';
import { SAMPLE_STATUS_LABELS, type SampleStatus } from '@qlcv/common/schemas/samples';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordEvent } from '../../lib/domain-events';
import { remindInBatches, type ScheduledJob } from '../../lib/scheduler';
import { samplesRepository as repo } from './samples.repository';
import { SAMPLE_ENTITY } from './samples.service';

/**
 * `sample.holding_expired`, once per sample: a sample still taken, handed over or received when its holding time
 * passes is marked (`holding_alerted_at`, a compare-and-set so two runners raise it once) and its event recorded in
 * the same transaction, to the trip's leader (`assignee_ids`) and who took it (`creator_id`).
 */
export class SampleHoldingJob implements ScheduledJob {
  readonly name = 'sample-holding';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly batch = 200,
  ) {}

  async runOnce(now: Date): Promise<number> {
    const at = now.toISOString();
    return remindInBatches(this.db, this.batch, {
      due: (trx, limit) => repo.pastHolding(trx, at, limit),
      mark: (trx, s) => repo.markAlerted(trx, s.id, at),
      raise: async (trx, s) => {
        await recordEvent(trx, {
          type: 'sample.holding_expired',
          entity: SAMPLE_ENTITY,
          entityId: s.id,
          actorId: null,
          payload: {
            code: s.code,
            creator_id: s.taken_by,
            assignee_ids: [s.trip_leader_id],
            vars: {
              'sample.code': s.code,
              'sample.point': `${s.point_code} — ${s.point_name} (${s.site_name})`,
              'sample.taken_at': formatDateTime(s.taken_at),
              'sample.hold_until': s.hold_until ? formatDateTime(s.hold_until) : '',
              'sample.status': SAMPLE_STATUS_LABELS[s.status as SampleStatus] ?? s.status,
              'trip.code': s.trip_code,
            },
            link: `/admin/monitoring/samples/${s.id}`,
          },
        });
      },
    });
  }
}
