import type { PARAMETER_SORTS, ParameterListQuery, ParameterOptionsQuery } from '@qlcv/common/schemas/parameters';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type ParameterFilter = Pick<ParameterListQuery, 'search' | 'medium' | 'place' | 'active' | 'vimcerts'>;

function filtered(db: Kysely<DB>, f: ParameterFilter) {
  let s = db.selectFrom('parameters as p').leftJoin('services as s', 's.id', 'p.service_id');
  const pattern = likePattern(f.search);
  if (pattern) s = s.where(likeNormalized('p.search_text', pattern));
  if (f.medium) s = s.where('p.medium', '=', f.medium);
  if (f.place) s = s.where('p.place', '=', f.place);
  if (f.active !== undefined) s = s.where('p.active', '=', f.active ? 1 : 0);
  if (f.vimcerts !== undefined) s = s.where('p.vimcerts', '=', f.vimcerts ? 1 : 0);
  return s;
}

/** A parameter with the code and name of the service that prices it. */
const withService = (q: ReturnType<typeof filtered>) =>
  q.selectAll('p').select(['s.code as service_code', 's.name as service_name']);

export type ParameterRow = NonNullable<Awaited<ReturnType<typeof parametersRepository.find>>>;

export const parametersRepository = {
  list(
    db: Kysely<DB>,
    f: ParameterFilter,
    sort: { column: (typeof PARAMETER_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    let q = withService(filtered(db, f)).orderBy(`p.${sort.column}`, sort.direction);
    // Within a medium, by code.
    if (sort.column === 'medium') q = q.orderBy('p.code', 'asc');
    return q.orderBy('p.id', sort.direction).limit(w.limit).offset(w.offset).execute();
  },

  async count(db: Kysely<DB>, f: ParameterFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Every parameter for the pickers, active first, by medium and code. */
  options(db: Kysely<DB>, q: ParameterOptionsQuery) {
    let s = db.selectFrom('parameters').select(['id', 'code', 'name', 'medium', 'unit', 'method', 'place', 'active']);
    if (q.medium) s = s.where('medium', '=', q.medium);
    if (q.active !== undefined) s = s.where('active', '=', q.active ? 1 : 0);
    return s.orderBy('active', 'desc').orderBy('medium').orderBy('code').orderBy('id').execute();
  },

  /** What a sample needs of its parameters: unit and place, holding time and preservation. */
  byIds(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('parameters')
      .select(['id', 'code', 'name', 'unit', 'place', 'holding_hours', 'preservation'])
      .where('id', 'in', [...ids])
      .orderBy('code')
      .execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withService(filtered(db, {})).where('p.id', '=', id).executeTakeFirst();
  },

  /**
   * How many monitoring points plan the parameter, in a site's plan or a programme's lines (a planned parameter is
   * never deleted, only set inactive).
   */
  async plannedPoints(db: Kysely<DB>, id: number): Promise<number> {
    const [plans, programs] = await Promise.all([
      db
        .selectFrom('site_point_plans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parameter_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('monitoring_program_lines')
        .select('point_id')
        .distinct()
        .where('parameter_id', '=', id)
        .where('point_id', 'not in', (eb) => eb.selectFrom('site_point_plans').select('point_id').where('parameter_id', '=', id))
        .execute(),
    ]);
    return Number(plans.n) + programs.length;
  },

  async serviceExists(db: Kysely<DB>, id: number): Promise<boolean> {
    return (await db.selectFrom('services').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },
};
