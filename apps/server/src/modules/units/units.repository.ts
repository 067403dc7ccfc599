import type { UNIT_SORTS, UnitListQuery, UnitOptionsQuery } from '@qlcv/common/schemas/units';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type UnitFilter = Pick<UnitListQuery, 'search' | 'active'>;

function filtered(db: Kysely<DB>, f: UnitFilter) {
  let s = db.selectFrom('units as u');
  const pattern = likePattern(f.search);
  if (pattern) s = s.where(likeNormalized('u.search_text', pattern));
  if (f.active !== undefined) s = s.where('u.active', '=', f.active ? 1 : 0);
  return s;
}

/** A unit and how many services are priced in it (a unit in use is never deleted, only set inactive). */
function withCount(q: ReturnType<typeof filtered>) {
  return q.selectAll('u').select((eb) =>
    eb
      .selectFrom('services')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('services.unit_id', '=', 'u.id')
      .as('services_count'),
  );
}

export type UnitRow = NonNullable<Awaited<ReturnType<typeof unitsRepository.find>>>;

export const unitsRepository = {
  list(db: Kysely<DB>, f: UnitFilter, sort: { column: (typeof UNIT_SORTS)[number]; direction: 'asc' | 'desc' }, w: Window) {
    return withCount(filtered(db, f))
      .orderBy(`u.${sort.column}`, sort.direction)
      .orderBy('u.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: UnitFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Every unit, active ones first (an inactive unit still labels the services priced in it). */
  options(db: Kysely<DB>, q: UnitOptionsQuery) {
    let s = db.selectFrom('units').select(['id', 'code', 'name', 'active']);
    if (q.active !== undefined) s = s.where('active', '=', q.active ? 1 : 0);
    return s.orderBy('active', 'desc').orderBy('name').orderBy('id').execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withCount(filtered(db, {})).where('u.id', '=', id).executeTakeFirst();
  },
};
