import type { SERVICE_SORTS, ServiceListQuery } from '@qlcv/common/schemas/services';
import type { Kysely, Updateable } from 'kysely';
import type { DB, ServicesTable } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type ServiceFilter = Partial<Pick<ServiceListQuery, 'search' | 'group' | 'unit_id' | 'vat_rate' | 'active'>> & {
  ids?: number[];
};

function filtered(db: Kysely<DB>, f: ServiceFilter) {
  let q = db.selectFrom('services as s').innerJoin('units as u', 'u.id', 's.unit_id');
  const pattern = likePattern(f.search);
  if (pattern) q = q.where(likeNormalized('s.search_text', pattern));
  if (f.group) q = q.where('s.group_name', '=', f.group);
  if (f.unit_id) q = q.where('s.unit_id', '=', f.unit_id);
  if (f.vat_rate?.length) q = q.where('s.vat_rate', 'in', f.vat_rate);
  if (f.active !== undefined) q = q.where('s.active', '=', f.active ? 1 : 0);
  if (f.ids) q = q.where('s.id', 'in', f.ids.length ? f.ids : [0]);
  return q;
}

const withUnit = (q: ReturnType<typeof filtered>) => q.selectAll('s').select(['u.code as unit_code', 'u.name as unit_name']);

export type ServiceRow = Awaited<ReturnType<ReturnType<typeof withUnit>['executeTakeFirstOrThrow']>>;

/** The sort columns of the API, as the table names them. */
const SORT_COLUMN: Record<(typeof SERVICE_SORTS)[number], string> = {
  code: 's.code',
  name: 's.name',
  group: 's.group_name',
  unit_price: 's.unit_price',
  created_at: 's.created_at',
  updated_at: 's.updated_at',
};

export const servicesRepository = {
  list(db: Kysely<DB>, f: ServiceFilter, sort: { column: (typeof SERVICE_SORTS)[number]; direction: 'asc' | 'desc' }, w: Window) {
    return withUnit(filtered(db, f))
      .orderBy(SORT_COLUMN[sort.column] as 's.code', sort.direction)
      .orderBy('s.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: ServiceFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The pickers: by text, group or ids, at most `limit`, by code. */
  options(db: Kysely<DB>, f: ServiceFilter, limit: number) {
    return withUnit(filtered(db, f)).orderBy('s.code').orderBy('s.id').limit(limit).execute();
  },

  async groups(db: Kysely<DB>): Promise<string[]> {
    const rows = await db.selectFrom('services').select('group_name').distinct().execute();
    return rows.map((r) => r.group_name);
  },

  find(db: Kysely<DB>, id: number) {
    return withUnit(filtered(db, {})).where('s.id', '=', id).executeTakeFirst();
  },

  /** The services with these codes (the import's known ones). */
  byCodes(db: Kysely<DB>, codes: string[]) {
    return withUnit(filtered(db, {})).where('s.code', 'in', codes).execute();
  },

  /** The import's overwrite of a known code: the version moves on, whatever it was. */
  async overwrite(db: Kysely<DB>, id: number, version: number, values: Updateable<ServicesTable>, now: string) {
    await db
      .updateTable('services')
      .set({ ...values, version: version + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** The units a service may be priced in: the import reads them by code or name. */
  units(db: Kysely<DB>) {
    return db.selectFrom('units').select(['id', 'code', 'name']).execute();
  },

  async activeUnitNames(db: Kysely<DB>): Promise<string[]> {
    const rows = await db.selectFrom('units').select('name').where('active', '=', 1).orderBy('name').execute();
    return rows.map((r) => r.name);
  },

  async unitExists(db: Kysely<DB>, id: number): Promise<boolean> {
    return (await db.selectFrom('units').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },
};
