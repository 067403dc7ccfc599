import type { REGULATION_SORTS, RegulationListQuery } from '@qlcv/common/schemas/regulations';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { insertRegulationChildren, type RegulationWrite, regulationHead } from '../../db/seed/regulations/rows';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type RegulationHeadRow = NonNullable<Awaited<ReturnType<typeof regulationsRepository.find>>>;
export type RegulationLimitRow = Awaited<ReturnType<typeof regulationsRepository.limits>>[number];

function filtered(db: Kysely<DB>, f: Pick<RegulationListQuery, 'search' | 'medium' | 'in_force_on'>) {
  let q = db.selectFrom('regulations as r').leftJoin('regulations as n', 'n.id', 'r.replaced_by_id');
  const pattern = likePattern(f.search);
  if (pattern) q = q.where(likeNormalized('r.search_text', pattern));
  if (f.medium) q = q.where('r.medium', '=', f.medium);
  if (f.in_force_on) {
    const day = f.in_force_on;
    q = q.where('r.valid_from', '<=', day).where((eb) => eb.or([eb('r.valid_to', 'is', null), eb('r.valid_to', '>=', day)]));
  }
  return q;
}

const head = (q: ReturnType<typeof filtered>) => q.selectAll('r').select(['n.code as replaced_by_code']);

export const regulationsRepository = {
  find(db: Kysely<DB>, id: number) {
    return head(filtered(db, {})).where('r.id', '=', id).executeTakeFirst();
  },

  findByCode(db: Kysely<DB>, code: string) {
    return db.selectFrom('regulations').select(['id']).where('code', '=', code).executeTakeFirst();
  },

  list(
    db: Kysely<DB>,
    f: RegulationListQuery,
    sort: { column: (typeof REGULATION_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    return head(filtered(db, f))
      .orderBy(`r.${sort.column}`, sort.direction)
      .orderBy('r.id', sort.direction)
      .limit(w.limit)
      .offset(w.offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: RegulationListQuery): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Heads of every regulation of a medium (the pickers: a few dozen at most). */
  options(db: Kysely<DB>, medium: string | undefined) {
    let q = head(filtered(db, {}));
    if (medium) q = q.where('r.medium', '=', medium);
    return q.orderBy('r.code').execute();
  },

  columns(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('regulation_columns')
      .selectAll()
      .where('regulation_id', 'in', ids)
      .orderBy('regulation_id')
      .orderBy('sort_order')
      .execute();
  },

  factors(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('regulation_factors')
      .selectAll()
      .where('regulation_id', 'in', ids)
      .orderBy('regulation_id')
      .orderBy('sort_order')
      .execute();
  },

  factorValues(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('regulation_factor_values')
      .selectAll()
      .where('regulation_id', 'in', ids)
      .orderBy('regulation_id')
      .orderBy('factor_code')
      .orderBy('sort_order')
      .execute();
  },

  /** The limits of a regulation, or of some analytes in one column (a point's plan). */
  limits(db: Kysely<DB>, regulationId: number, only?: { column: string; analytes: readonly string[] }) {
    let q = db.selectFrom('regulation_limits').selectAll().where('regulation_id', '=', regulationId);
    if (only) {
      if (only.analytes.length === 0) return Promise.resolve([]);
      q = q.where('column_code', '=', only.column).where('analyte', 'in', only.analytes);
    }
    return q.orderBy('sort_order').orderBy('analyte').execute();
  },

  async limitCounts(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('regulation_limits')
      .select(['regulation_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('regulation_id', 'in', ids)
      .groupBy('regulation_id')
      .execute();
    return new Map(rows.map((r) => [r.regulation_id, Number(r.n)]));
  },

  /** The regulations replaced by this one. */
  replaces(db: Kysely<DB>, id: number) {
    return db.selectFrom('regulations').select(['id', 'code']).where('replaced_by_id', '=', id).orderBy('code').execute();
  },

  async pointCount(db: Kysely<DB>, id: number): Promise<number> {
    const row = await db
      .selectFrom('site_points')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('regulation_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Follows `replaced_by_id` from a regulation: the chain of heads (the pick by date walks it). */
  async chain(db: Kysely<DB>, id: number, max = 10) {
    const out: { id: number; code: string; valid_from: string; valid_to: string | null }[] = [];
    let next: number | null = id;
    while (next !== null && out.length < max && !out.some((r) => r.id === next)) {
      const row = await db
        .selectFrom('regulations')
        .select(['id', 'code', 'valid_from', 'valid_to', 'replaced_by_id'])
        .where('id', '=', next)
        .executeTakeFirst();
      if (!row) break;
      out.push({ id: row.id, code: row.code, valid_from: row.valid_from, valid_to: row.valid_to });
      next = row.replaced_by_id;
    }
    return out;
  },

  async insert(db: Kysely<DB>, b: RegulationWrite, replacedById: number | null, actorId: number | null, now: string) {
    const { id } = await db
      .insertInto('regulations')
      .values({ ...regulationHead(b), replaced_by_id: replacedById, created_by: actorId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await regulationsRepository.insertChildren(db, id, b);
    return id;
  },

  /** Writes the head (version + 1 when it is the one read) — 0 rows when another edit came first. */
  async update(db: Kysely<DB>, id: number, version: number, b: RegulationWrite, replacedById: number | null, now: string) {
    const r = await db
      .updateTable('regulations')
      .set((eb) => ({ ...regulationHead(b), replaced_by_id: replacedById, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async deleteChildren(db: Kysely<DB>, id: number, what: { limitsOnly?: boolean } = {}) {
    await db.deleteFrom('regulation_limits').where('regulation_id', '=', id).execute();
    if (what.limitsOnly) return;
    await db.deleteFrom('regulation_factor_values').where('regulation_id', '=', id).execute();
    await db.deleteFrom('regulation_factors').where('regulation_id', '=', id).execute();
    await db.deleteFrom('regulation_columns').where('regulation_id', '=', id).execute();
  },

  insertChildren(db: Kysely<DB>, id: number, b: RegulationWrite, what: { limitsOnly?: boolean } = {}) {
    return insertRegulationChildren(db, id, b, what);
  },

  touch(db: Kysely<DB>, id: number, now: string) {
    return db
      .updateTable('regulations')
      .set((eb) => ({ updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },

  /** The columns points' plans name, with how many points. */
  async usedColumns(db: Kysely<DB>, id: number) {
    const rows = await db
      .selectFrom('site_points')
      .select(['regulation_column', (eb) => eb.fn.countAll<number>().as('n')])
      .where('regulation_id', '=', id)
      .where('regulation_column', 'is not', null)
      .groupBy('regulation_column')
      .execute();
    return rows.map((r) => ({ column: r.regulation_column as string, n: Number(r.n) }));
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('regulations').where('id', '=', id).executeTakeFirst();
  },

  /** Clears a replacement that names a regulation being deleted (the FK would too; the audit should see it). */
  clearReplacedBy(db: Kysely<DB>, id: number) {
    return db.updateTable('regulations').set({ replaced_by_id: null }).where('replaced_by_id', '=', id).execute();
  },
};
