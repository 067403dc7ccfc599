import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** The reminders of a work's deadline, each sent once per work and deadline. */
export type ReminderKind = 'due_soon' | 'overdue' | 'escalated';

/**
 * The statuses whose deadline runs: a work on hold has stopped its clock, and so has a request on hold (its works'
 * deadlines move later when it resumes).
 */
export const REMINDED_STATUSES = ['todo', 'in_progress'] as const;
export type OpenWorkStatus = (typeof REMINDED_STATUSES)[number];

/** Where a scan of the candidates stopped: the last (deadline, id) seen. */
export interface DueCursor {
  deadline: string;
  id: number;
}

export interface DueWork {
  id: number;
  code: string;
  deadline: string;
  request_id: number | null;
  step_index: number | null;
  /** For a step work: the request's owner — its creator, else the staff who received it. */
  owner_id: number | null;
}

export const workDeadlinesRepository = {
  /**
   * The works due a `kind` reminder at `at` (`soon` = at + 24 h) among the next `limit` works of `status` after
   * `after`, in (deadline, id) order: `due_soon` for a deadline in [at, soon], `overdue` for one before `at`,
   * `escalated` for an overdue process-step work; leaving out those already reminded of this kind for this deadline
   * or a later one.
   * `last` is where the next call goes on from, null once the candidates are all seen. The candidates are read a
   * slice at a time because nearly all of them have been reminded already: one query over every overdue open work
   * (tens of thousands) held SQLite's synchronous driver, and every request, for 0.1–0.2 s each minute.
   */
  async due(
    db: Kysely<DB>,
    kind: ReminderKind,
    status: OpenWorkStatus,
    at: string,
    soon: string,
    limit: number,
    after: DueCursor | null,
  ): Promise<{ works: DueWork[]; last: DueCursor | null }> {
    // One open status at a time: its (status, deadline) index, with the id behind, is read in order from the cursor
    // (over both statuses SQLite read every candidate after the cursor and sorted them, for each slice).
    const inSlice = <Q extends SelectQueryBuilder<DB & { w: DB['works'] }, 'w', any>>(q: Q, upTo: DueCursor | null): Q => {
      let out = q.where('w.status', '=', status).where('w.deadline', 'is not', null);
      if (kind === 'due_soon') out = out.where('w.deadline', '>=', at);
      if (after) out = out.where(sql<boolean>`(w.deadline, w.id) > (${after.deadline}, ${after.id})`);
      // The slice's end as a plain bound too: SQLite takes one upper bound for the index range, and took `< at`.
      if (upTo)
        out = out
          .where('w.deadline', '<=', upTo.deadline)
          .where(sql<boolean>`(w.deadline, w.id) <= (${upTo.deadline}, ${upTo.id})`);
      else out = kind === 'due_soon' ? out.where('w.deadline', '<=', soon) : out.where('w.deadline', '<', at);
      return out as Q;
    };
    // The slice's last candidate, found in the index without reading the others into JavaScript; none when fewer
    // than `limit` are left, and this slice is the last.
    const end = await inSlice(
      db.selectFrom('works as w').select(['w.id', (eb) => eb.ref('w.deadline').$notNull().as('deadline')]),
      null,
    )
      .orderBy('w.deadline')
      .orderBy('w.id')
      .limit(1)
      .offset(limit - 1)
      .executeTakeFirst();
    const last = end ? { deadline: String(end.deadline), id: end.id } : null;
    let q = inSlice(
      db
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
        ]),
      last,
    )
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
    if (kind === 'escalated') q = q.where('w.request_id', 'is not', null).where('w.step_index', 'is not', null);
    // In (deadline, id) order: racing runners lock rows in the same order.
    const works = (await q.orderBy('w.deadline').orderBy('w.id').execute()) as DueWork[];
    return { works, last };
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
