import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The rounds the due reminder reads and the mark it leaves (monitoring-round-reminders.job.ts). */
export const roundRemindersRepository = {
  /**
   * Planned rounds due from `today` to `until` not yet reminded of for their due date, with what the notification
   * says and whom it names: the programme's author and the head of the department owning it (its contract's
   * department, else its author's).
   */
  due(db: Kysely<DB>, today: string, until: string, limit: number) {
    return db
      .selectFrom('monitoring_rounds as r')
      .innerJoin('monitoring_programs as m', 'm.id', 'r.program_id')
      .innerJoin('sites as s', 's.id', 'm.site_id')
      .innerJoin('customers as c', 'c.id', 's.customer_id')
      .leftJoin('contracts as k', 'k.id', 'm.contract_id')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .leftJoin('departments as d', (j) => j.on((eb) => eb('d.id', '=', eb.fn.coalesce('k.department_id', 'u.department_id'))))
      .select([
        'r.id',
        'r.name',
        'r.due_date',
        'm.id as program_id',
        'm.code as program_code',
        'm.name as program_name',
        'm.created_by',
        's.name as site_name',
        'c.name as customer_name',
        'd.head_id',
      ])
      .where('r.status', '=', 'planned')
      .where('r.due_date', '>=', today)
      .where('r.due_date', '<=', until)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('monitoring_round_reminders as x')
              .select('x.round_id')
              .whereRef('x.round_id', '=', 'r.id')
              .whereRef('x.due_date', '=', 'r.due_date'),
          ),
        ),
      )
      .orderBy('r.id')
      .limit(limit)
      .execute();
  },

  /** Records the reminder of a round and due date, only if no one did meanwhile: whether this call did. */
  async mark(db: Kysely<DB>, roundId: number, dueDate: string, at: string): Promise<boolean> {
    const rows = await db
      .insertInto('monitoring_round_reminders')
      .values({ round_id: roundId, due_date: dueDate, created_at: at })
      .onConflict((oc) => oc.columns(['round_id', 'due_date']).doNothing())
      .returning('round_id')
      .execute();
    return rows.length > 0;
  },
};
