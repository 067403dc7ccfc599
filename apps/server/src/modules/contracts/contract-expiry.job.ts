import { CONTRACT_EXPIRING_DAYS, CONTRACT_RUNNING_STATUSES } from '@qlcv/common/schemas/contracts';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordEvent } from '../../lib/domain-events';
import { remindInBatches, type ScheduledJob } from '../../lib/scheduler';
import { vnToday } from '../../lib/vn-time';
import { CONTRACT_ENTITY, viDate } from './contracts.mappers';
import { contractsRepository as repo } from './contracts.repository';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * `contract.expiring`, once per contract and end date: a signed or running contract whose end date falls within the
 * next 30 days (Vietnam's calendar day) is marked `expiring_notified_at` and its event recorded in the same
 * transaction, the mark being a conditional UPDATE so two runners cannot both raise it. Moving the end date clears
 * the mark (contracts.service), so the new date is reminded of again. Recipients: the owner (`creator_id`) and the
 * head of the owner's department (`head_ids`), as the notification settings choose.
 */
export class ContractExpiryJob implements ScheduledJob {
  readonly name = 'contract-expiry';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly batch = 200,
  ) {}

  async runOnce(now: Date): Promise<number> {
    const today = vnToday(now);
    const until = addDays(today, CONTRACT_EXPIRING_DAYS);
    const at = now.toISOString();
    return remindInBatches(this.db, this.batch, {
      due: (trx, limit) => repo.dueForReminder(trx, CONTRACT_RUNNING_STATUSES, today, until, limit),
      mark: (trx, c) => repo.markReminded(trx, c.id, at),
      raise: async (trx, c) => {
        const head = await repo.headOf(trx, c.department_id);
        await recordEvent(trx, {
          type: 'contract.expiring',
          entity: CONTRACT_ENTITY,
          entityId: c.id,
          actorId: null,
          payload: {
            code: c.number,
            creator_id: c.created_by,
            head_ids: head ? [head] : [],
            vars: {
              'contract.code': c.number,
              'contract.title': c.title,
              'contract.end_date': viDate(c.end_date),
              'contract.days_left': String(daysBetween(today, c.end_date)),
              'customer.name': c.customer_name,
            },
            link: `/admin/contracts/${c.id}`,
          },
        });
      },
    });
  }
}
