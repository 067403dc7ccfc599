import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type DomainEventType, recordEvent } from '../../lib/domain-events';
import type { ScheduledJob } from '../../lib/scheduler';
import {
  type DueCursor,
  type DueWork,
  type OpenWorkStatus,
  REMINDED_STATUSES,
  type ReminderKind,
  workDeadlinesRepository as repo,
} from './work-deadlines.repository';
import { WORK_ENTITY } from './works.mappers';

/** "Due soon" means a deadline within the next 24 hours. */
export const DUE_SOON_MS = 24 * 3600_000;

const EVENTS: Record<ReminderKind, DomainEventType> = {
  due_soon: 'work.due_soon',
  overdue: 'work.overdue',
  escalated: 'work.escalated',
};
const KINDS: readonly ReminderKind[] = ['due_soon', 'overdue', 'escalated'];

/**
 * The deadline reminders of open works (todo, in progress; not on hold, nor of a request on hold): `work.due_soon`
 * when the deadline is within 24 h, `work.overdue` once it has passed, and for a process step's work also
 * `work.escalated` to the head of its department (the step's) and the request's owner. Each is raised once per work,
 * kind and deadline whichever instance runs it: the `work_reminders` row is written first and the event only if that
 * write took effect, in one transaction. A deadline moved later is reminded again.
 */
export class WorkDeadlinesJob implements ScheduledJob {
  readonly name = 'work-deadlines';

  constructor(
    private readonly db: Kysely<DB>,
    /** Candidate works examined per slice (each slice's reminders are written in one transaction). */
    private readonly batch = 1000,
  ) {}

  /** Raises every reminder due at `now`; returns how many events it recorded. */
  async runOnce(now: Date): Promise<number> {
    const at = now.toISOString();
    const soon = new Date(now.getTime() + DUE_SOON_MS).toISOString();
    let raised = 0;
    for (const kind of KINDS) {
      for (const status of REMINDED_STATUSES) raised += await this.pass(kind, status, at, soon);
    }
    return raised;
  }

  /** One kind's reminders among the works of one status, a slice of candidates at a time. */
  private async pass(kind: ReminderKind, status: OpenWorkStatus, at: string, soon: string): Promise<number> {
    let raised = 0;
    let after: DueCursor | null = null;
    for (;;) {
      const { works, last } = await repo.due(this.db, kind, status, at, soon, this.batch, after);
      if (works.length > 0) {
        raised += await this.db.transaction().execute(async (trx) => {
          let n = 0;
          for (const w of works) if (await this.remind(trx, kind, w, at)) n += 1;
          return n;
        });
      }
      if (!last) return raised;
      after = last;
      // SQLite's driver is synchronous: without a turn of the event loop between slices, a pass over every open
      // work past its deadline (or a backlog after downtime) would keep every request waiting until it ends.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async remind(trx: Kysely<DB>, kind: ReminderKind, w: DueWork, at: string): Promise<boolean> {
    if (!(await repo.mark(trx, w.id, kind, w.deadline, at))) return false;
    const payload: Record<string, unknown> = {
      code: w.code,
      deadline: w.deadline,
      request_id: w.request_id,
      step_index: w.step_index,
    };
    // The dispatcher's `creator` of an escalation is the request's owner (notification-recipients.ts).
    if (kind === 'escalated' && w.owner_id) payload.creator_id = w.owner_id;
    await recordEvent(trx, { type: EVENTS[kind], entity: WORK_ENTITY, entityId: w.id, actorId: null, payload });
    return true;
  }
}
