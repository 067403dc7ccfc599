import type { SITE_SORTS, SiteListQuery, SiteOptionsQuery } from '@qlcv/common/schemas/sites';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, SitePointsTable } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type SiteFilter = Pick<SiteListQuery, 'search' | 'customer_id' | 'province' | 'active' | 'medium'>;

function filtered(db: Kysely<DB>, f: SiteFilter) {
  let s = db.selectFrom('sites as s').innerJoin('customers as c', 'c.id', 's.customer_id');
  const pattern = likePattern(f.search);
  if (pattern) s = s.where(likeNormalized('s.search_text', pattern));
  if (f.customer_id !== undefined) s = s.where('s.customer_id', '=', f.customer_id);
  if (f.province) s = s.where('s.province', '=', f.province);
  if (f.active !== undefined) s = s.where('s.active', '=', f.active ? 1 : 0);
  if (f.medium) {
    const medium = f.medium;
    s = s.where((eb) =>
      eb.exists(
        eb.selectFrom('site_points as p').select('p.id').whereRef('p.site_id', '=', 's.id').where('p.medium', '=', medium),
      ),
    );
  }
  return s;
}

const withCustomer = (q: ReturnType<typeof filtered>) =>
  q
    .selectAll('s')
    .select(['c.code as customer_code', 'c.name as customer_name'])
    .select((eb) =>
      eb
        .selectFrom('site_points as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.site_id', '=', 's.id')
        .as('points_count'),
    );

export type SiteRow = NonNullable<Awaited<ReturnType<typeof sitesRepository.find>>>;
export type PointRow = Awaited<ReturnType<typeof sitesRepository.points>>[number];
export type PlanRow = Awaited<ReturnType<typeof sitesRepository.plans>>[number];

export const sitesRepository = {
  list(db: Kysely<DB>, f: SiteFilter, sort: { column: (typeof SITE_SORTS)[number]; direction: 'asc' | 'desc' }, w: Window) {
    return withCustomer(filtered(db, f))
      .orderBy(`s.${sort.column}`, sort.direction)
      .orderBy('s.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: SiteFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  find(db: Kysely<DB>, id: number) {
    return withCustomer(filtered(db, {})).where('s.id', '=', id).executeTakeFirst();
  },

  options(db: Kysely<DB>, q: SiteOptionsQuery) {
    let s = db.selectFrom('sites').select(['id', 'code', 'name', 'customer_id', 'active']);
    if (q.customer_id !== undefined) s = s.where('customer_id', '=', q.customer_id);
    if (q.active !== undefined) s = s.where('active', '=', q.active ? 1 : 0);
    return s.orderBy('active', 'desc').orderBy('code').orderBy('id').execute();
  },

  /** The points of some sites, in their order. */
  points(db: Kysely<DB>, siteIds: readonly number[]) {
    if (siteIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('site_points')
      .selectAll()
      .where('site_id', 'in', [...siteIds])
      .orderBy('site_id')
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  },

  /** The plan lines of some points, with the parameter each names. */
  plans(db: Kysely<DB>, pointIds: readonly number[]) {
    if (pointIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('site_point_plans as l')
      .innerJoin('parameters as p', 'p.id', 'l.parameter_id')
      .select(['l.point_id', 'l.frequency', 'p.id', 'p.code', 'p.name', 'p.unit', 'p.method', 'p.analyte'])
      .where('l.point_id', 'in', [...pointIds])
      .orderBy('l.point_id')
      .orderBy('l.sort_order')
      .execute();
  },

  /** The media of each site's points (the list's tags). */
  media(db: Kysely<DB>, siteIds: readonly number[]) {
    if (siteIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('site_points')
      .select(['site_id', 'medium'])
      .distinct()
      .where('site_id', 'in', [...siteIds])
      .execute();
  },

  /** The programmes whose lines name some points (a point in a programme is not removed). */
  programsOfPoints(db: Kysely<DB>, pointIds: readonly number[]) {
    if (pointIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('monitoring_program_lines as l')
      .innerJoin('monitoring_programs as m', 'm.id', 'l.program_id')
      .select(['l.point_id', 'm.code'])
      .distinct()
      .where('l.point_id', 'in', [...pointIds])
      .execute();
  },

  async programsCount(db: Kysely<DB>, siteId: number): Promise<number> {
    const row = await db
      .selectFrom('monitoring_programs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async customerExists(db: Kysely<DB>, id: number): Promise<boolean> {
    return (await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /** The parameters named by a body, with their medium (a point plans only its own medium's). */
  parameterMedia(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('parameters')
      .select(['id', 'medium'])
      .where('id', 'in', [...ids])
      .execute();
  },

  insertPoint(db: Kysely<DB>, values: Insertable<SitePointsTable>) {
    return db.insertInto('site_points').values(values).returning('id').executeTakeFirstOrThrow();
  },

  updatePoint(db: Kysely<DB>, id: number, values: Updateable<SitePointsTable>) {
    return db.updateTable('site_points').set(values).where('id', '=', id).execute();
  },

  deletePoints(db: Kysely<DB>, siteId: number, keep: readonly number[]) {
    let q = db.deleteFrom('site_points').where('site_id', '=', siteId);
    if (keep.length > 0) q = q.where('id', 'not in', [...keep]);
    return q.execute();
  },

  /** A point's plan, replaced whole. */
  async replacePlan(db: Kysely<DB>, pointId: number, lines: { parameter_id: number; frequency: string }[]) {
    await db.deleteFrom('site_point_plans').where('point_id', '=', pointId).execute();
    if (lines.length === 0) return;
    await db
      .insertInto('site_point_plans')
      .values(lines.map((l, i) => ({ point_id: pointId, parameter_id: l.parameter_id, frequency: l.frequency, sort_order: i })))
      .execute();
  },
};
