import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordEvent } from '../../lib/domain-events';
import { remindInBatches, type ScheduledJob } from '../../lib/scheduler';
import { vnToday } from '../../lib/vn-time';
import { userEvaluationEventPayload } from '../user-evaluations/user-evaluation-transitions.service';
import { USER_EVALUATION_ENTITY, userEvaluationRecords } from '../user-evaluations/user-evaluations.service';

/** The reminder goes out this many days before the self-assessment deadline. */
export const SELF_DUE_DAYS = 2;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * `evaluation.self_due`: for each user evaluation still in draft in an open period whose self deadline is today or
 * within the next SELF_DUE_DAYS days (Vietnam time), once per deadline: `self_due_deadline` is written first with a
 * conditional update and the event only if that took effect, in one transaction (another runner finds nothing).
 */
export class EvaluationSelfDueJob implements ScheduledJob {
  readonly name = 'evaluation-self-due';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly batch = 200,
  ) {}

  async runOnce(now: Date): Promise<number> {
    const today = vnToday(now);
    const until = addDays(today, SELF_DUE_DAYS);
    return remindInBatches(this.db, this.batch, {
      due: (trx, limit) => userEvaluationRecords.selfDue(trx, today, until, limit),
      mark: (trx, ue) => userEvaluationRecords.markSelfDue(trx, ue.id, ue.self_deadline),
      raise: async (trx, ue) => {
        await recordEvent(trx, {
          type: 'evaluation.self_due',
          entity: USER_EVALUATION_ENTITY,
          entityId: ue.id,
          actorId: null,
          payload: {
            ...userEvaluationEventPayload({ ...ue, total: null }),
            vars: {
              'evaluation.name': ue.evaluation_name,
              'evaluation.score': '',
              'employee.name': ue.employee_name,
              'evaluation.self_deadline': `${ue.self_deadline.slice(8, 10)}/${ue.self_deadline.slice(5, 7)}/${ue.self_deadline.slice(0, 4)}`,
            },
          },
        });
      },
    });
  }
}
