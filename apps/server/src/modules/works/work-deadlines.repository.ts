import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** The reminders of a work's deadline, each sent once per work and deadline. */
export type ReminderKind = 'due_soon' | 'overdue' | 'escalated';

export interface DueWork {
  id: number;
  code: string;
  deadline: string;
  request_id: number | null;
  step_index: number | null;
  /** For a step work: the request's owner — its creator, else the staff who received it. */
  owner_id: number | null;
}

/**
 * Open works only; literal statuses, so SQLite can use the partial index `works_open_deadline_idx` (0015). A work on
 * hold has stopped its clock, and so has a request on hold (its works' deadlines move later when it resumes).
 */
const OPEN = sql<boolean>`w.status in ('todo', 'in_progress')`;

export const workDeadlinesRepository = {
  /**
   * Up to `limit` works due a `kind` reminder at `at` (`soon` = at + 24 h): `due_soon` for a deadline in
   * [at, soon], `overdue` for one before `at`, `escalated` for an overdue process-step work; leaving out those already
   * reminded of this kind for this deadline or a later one.
   */
  due(db: Kysely<DB>, kind: ReminderKind, at: string, soon: string, limit: number): Promise<DueWork[]> {
    let q = db
      .selectFrom('works as w')
      .leftJoin('requests as r', 'r.id', 'w.request_id')
      .select((eb) => [
        'w.id',
        'w.code',
        'w.request_id',
        'w.step_index',
        eb.ref('w.deadline').$notNull().as('deadline'),
        eb.fn
          .coalesce(
            'r.created_by',
            eb
              .selectFrom('audit_logs as a')
              .select('a.user_id')
              .where('a.entity', '=', 'requests')
              .whereRef('a.entity_id', '=', 'r.id')
              .where('a.action', '=', 'receive')
              .orderBy('a.id')
              .limit(1),
          )
          .as('owner_id'),
      ])
      .where(OPEN)
      .where('w.deadline', 'is not', null)
      .where((eb) => eb.or([eb('r.id', 'is', null), eb('r.status', '!=', 'on_hold')]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('work_reminders as m')
              .select('m.work_id')
              .whereRef('m.work_id', '=', 'w.id')
              .where('m.kind', '=', kind)
              .where((e) => e.or([e('m.deadline', 'is', null), e('m.deadline', '>=', e.ref('w.deadline'))])),
          ),
        ),
      );
    q = kind === 'due_soon' ? q.where('w.deadline', '>=', at).where('w.deadline', '<=', soon) : q.where('w.deadline', '<', at);
    if (kind === 'escalated') q = q.where('w.request_id', 'is not', null).where('w.step_index', 'is not', null);
    // In the index's order: no sort of every candidate, and racing runners lock rows in the same order.
    return q.orderBy('w.deadline').orderBy('w.id').limit(limit).execute() as Promise<DueWork[]>;
  },

  /**
   * Records that `kind` was sent for this deadline; false when it already was, for it or a later one (by another
   * instance too: the primary key (work_id, kind) decides, and on PostgreSQL a racing insert waits for the other's
   * commit, then finds the row). A deadline moved later takes the row over, so the new deadline is reminded.
   */
  async mark(db: Kysely<DB>, workId: number, kind: ReminderKind, deadline: string, at: string): Promise<boolean> {
    const row = await db
      .insertInto('work_reminders')
      .values({ work_id: workId, kind, deadline, created_at: at })
      .onConflict((oc) =>
        oc
          .columns(['work_id', 'kind'])
          .doUpdateSet({ deadline: (eb) => eb.ref('excluded.deadline'), created_at: (eb) => eb.ref('excluded.created_at') })
          .where((eb) => eb('work_reminders.deadline', '<', eb.ref('excluded.deadline'))),
      )
      .returning('work_id')
      .executeTakeFirst();
    return row !== undefined;
  },
};
