import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { likeNormalized, likePattern } from '../../lib/vi-search';

const roundRows = (db: Kysely<DB>) =>
  db
    .selectFrom('monitoring_rounds as r')
    .innerJoin('monitoring_programs as m', 'm.id', 'r.program_id')
    .innerJoin('sites as s', 's.id', 'm.site_id')
    .select([
      'r.id',
      'r.name',
      'r.due_date',
      'r.status',
      'r.frequencies',
      'm.id as program_id',
      'm.code as program_code',
      'm.name as program_name',
      's.id as site_id',
      's.code as site_code',
      's.name as site_name',
      's.province as site_province',
    ]);

export type RoundRefRow = Awaited<ReturnType<typeof roundsRepository.byIds>>[number];

/** The rounds as other modules read them (a trip's rounds, its planner's picker, its checklist). */
export const roundsRepository = {
  /** Planned rounds, the soonest due first; searched by programme or site. */
  options(db: Kysely<DB>, search: string | undefined, limit: number) {
    let q = roundRows(db).where('r.status', '=', 'planned');
    const pattern = likePattern(search);
    if (pattern) q = q.where((eb) => eb.or([likeNormalized('m.search_text', pattern), likeNormalized('s.search_text', pattern)]));
    return q.orderBy('r.due_date').orderBy('r.id').limit(limit).execute();
  },

  /** Programmes with a planned round due on or before `by`. */
  async countDue(db: Kysely<DB>, by: string): Promise<number> {
    const row = await db
      .selectFrom('monitoring_rounds')
      .select((eb) => eb.fn.count<number>('program_id').distinct().as('n'))
      .where('status', '=', 'planned')
      .where('due_date', '<=', by)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  byIds(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return roundRows(db).where('r.id', 'in', ids).orderBy('r.due_date').orderBy('r.id').execute();
  },

  /** A trip's rounds whose programme's site is the customer's (the trip's link table names them). */
  ofTripAtCustomer(db: Kysely<DB>, tripId: number, customerId: number) {
    return roundRows(db)
      .where('r.id', 'in', db.selectFrom('sampling_trip_rounds').select('round_id').where('trip_id', '=', tripId))
      .where('s.customer_id', '=', customerId)
      .orderBy('r.due_date')
      .orderBy('r.id')
      .execute();
  },

  /** The lines of the rounds' programmes, with their point and parameter, in the programme's order. */
  lines(db: Kysely<DB>, roundIds: readonly number[]) {
    if (roundIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('monitoring_rounds as r')
      .innerJoin('monitoring_program_lines as l', 'l.program_id', 'r.program_id')
      .innerJoin('site_points as p', 'p.id', 'l.point_id')
      .innerJoin('parameters as a', 'a.id', 'l.parameter_id')
      .select([
        'r.id as round_id',
        'l.frequency',
        'p.id as point_id',
        'p.code as point_code',
        'p.name as point_name',
        'p.medium as point_medium',
        'a.id as parameter_id',
        'a.code as parameter_code',
        'a.name as parameter_name',
        'a.place as parameter_place',
        'a.unit as parameter_unit',
      ])
      .where('r.id', 'in', roundIds)
      .orderBy('r.id')
      .orderBy('p.sort_order')
      .orderBy('l.sort_order')
      .execute();
  },
};
