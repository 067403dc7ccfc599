import { formatDate } from '@qlcv/common/format/date';
import { ROUND_REMINDER_DAYS } from '@qlcv/common/schemas/monitoring-programs';
import { addDays, dayNumberOf } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordEvent } from '../../lib/domain-events';
import { remindInBatches, type ScheduledJob } from '../../lib/scheduler';
import { vnToday } from '../../lib/vn-time';
import { roundRemindersRepository as repo } from './monitoring-round-reminders.repository';

/**
 * `monitoring_round.due`, once per round and due date: a planned round due within ROUND_REMINDER_DAYS days (Vietnam's
 * calendar day, the due date itself included) gets its row in `monitoring_round_reminders` and its event in the same
 * transaction, the row's primary key keeping two runners from both raising it. A late round is not reminded of (the
 * programme list and the dashboard show it late); a round done or cancelled is not either. Recipients: the programme's
 * author (`creator_id`) and the head of its department (`head_ids`), as the notification settings choose.
 */
export class MonitoringRoundRemindersJob implements ScheduledJob {
  readonly name = 'monitoring-round-reminders';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly batch = 200,
  ) {}

  async runOnce(now: Date): Promise<number> {
    const today = vnToday(now);
    const until = addDays(today, ROUND_REMINDER_DAYS);
    const at = now.toISOString();
    return remindInBatches(this.db, this.batch, {
      due: (trx, limit) => repo.due(trx, today, until, limit),
      mark: (trx, r) => repo.mark(trx, r.id, r.due_date, at),
      raise: async (trx, r) => {
        await recordEvent(trx, {
          type: 'monitoring_round.due',
          entity: 'monitoring_rounds',
          entityId: r.id,
          actorId: null,
          payload: {
            code: r.program_code,
            creator_id: r.created_by,
            head_ids: r.head_id ? [r.head_id] : [],
            vars: {
              'program.code': r.program_code,
              'program.name': r.program_name,
              'round.name': r.name,
              'round.due_date': formatDate(r.due_date),
              'round.days_left': String(dayNumberOf(r.due_date) - dayNumberOf(today)),
              'site.name': r.site_name,
              'customer.name': r.customer_name,
            },
            link: `/admin/monitoring/programs/${r.program_id}`,
          },
        });
      },
    });
  }
}
