import { type Insertable, type Kysely, sql } from 'kysely';
import type { CustomersTable, DB } from '../../db/schema';
import { withListVersion } from '../../lib/list-cache';
import { type BoundedTotal, boundedCount } from '../../lib/pagination';
import { indexedSearch } from '../../lib/vi-search';

export interface CustomerFilter {
  search: string | null;
  type?: string[];
  source?: string[];
  province?: string[];
}

export type CustomerSortColumn = 'code' | 'name' | 'type' | 'created_at' | 'updated_at';
export interface CustomerSort {
  column: CustomerSortColumn;
  direction: 'asc' | 'desc';
}

/** Where an export batch resumes: the sort value and id of the last row written. */
export interface Keyset {
  value: string;
  id: number;
}

const COLUMNS = [
  'c.id',
  'c.code',
  'c.type',
  'c.name',
  'c.tax_code',
  'c.representative',
  'c.representative_title',
  'c.phone',
  'c.email',
  'c.street',
  'c.ward',
  'c.province',
  'c.contacts',
  'c.source',
  'c.notes',
  'c.created_by',
  'c.version',
  'c.created_at',
  'c.updated_at',
] as const;

function filtered(db: Kysely<DB>, f: CustomerFilter) {
  let q = db.selectFrom('customers as c');
  if (f.search) q = q.where(indexedSearch(db, 'customers', 'c', f.search));
  if (f.type?.length) q = q.where('c.type', 'in', f.type);
  if (f.source?.length) q = q.where('c.source', 'in', f.source);
  if (f.province?.length) q = q.where('c.province', 'in', f.province);
  return q;
}

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof customersRepository.find>>>;

export const customersRepository = {
  list(db: Kysely<DB>, f: CustomerFilter, sort: CustomerSort, limit: number, offset: number) {
    return filtered(db, f)
      .select(COLUMNS)
      .orderBy(`c.${sort.column}`, sort.direction)
      .orderBy('c.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  /** The list's rows of the given ids, in no particular order, with the list version (lib/list-cache.ts). */
  byIds(db: Kysely<DB>, ids: number[]) {
    return withListVersion(db.selectFrom('customers as c').select(COLUMNS)).where('c.id', 'in', ids).execute();
  },

  /** The list's total: a search's counted no further than the bound (decision 41.10), a plain list's exactly. */
  async total(db: Kysely<DB>, f: CustomerFilter): Promise<BoundedTotal> {
    if (f.search) return boundedCount(db, filtered(db, f));
    return { total: await this.count(db, f), capped: false };
  },

  async count(db: Kysely<DB>, f: CustomerFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * The next batch of an export in the list's order, after the last row of the previous batch (keyset, so each batch
   * costs the same however deep the export goes, and rows added meanwhile neither repeat nor shift the rest).
   */
  batchAfter(db: Kysely<DB>, f: CustomerFilter, sort: CustomerSort, after: Keyset | null, limit: number) {
    const col = sql.ref(`c.${sort.column}`);
    const op = sql.raw(sort.direction === 'asc' ? '>' : '<');
    let q = filtered(db, f).select(COLUMNS);
    if (after) {
      q = q.where(sql<boolean>`(${col} ${op} ${after.value} or (${col} = ${after.value} and c.id ${op} ${after.id}))`);
    }
    return q.orderBy(`c.${sort.column}`, sort.direction).orderBy('c.id', sort.direction).limit(limit).execute();
  },

  /** What the customer picker shows, by name: customers matching the pattern, or the given ids. */
  options(db: Kysely<DB>, f: { search: string | null; ids?: number[] }, limit: number) {
    let q = db.selectFrom('customers as c').select(['c.id', 'c.code', 'c.name', 'c.phone']);
    if (f.ids) q = q.where('c.id', 'in', f.ids);
    if (f.search) q = q.where(indexedSearch(db, 'customers', 'c', f.search));
    return q.orderBy('c.name').orderBy('c.id').limit(limit).execute();
  },

  find(db: Kysely<DB>, id: number) {
    return db.selectFrom('customers as c').select(COLUMNS).where('c.id', '=', id).executeTakeFirst();
  },

  exists(db: Kysely<DB>, id: number) {
    return db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
  },

  findByTaxCode(db: Kysely<DB>, taxCode: string) {
    return db.selectFrom('customers').select(['id', 'code']).where('tax_code', '=', taxCode).executeTakeFirst();
  },

  /** The oldest customer with this phone: the one a repeat requester is matched to. */
  findByPhone(db: Kysely<DB>, phone: string) {
    return db
      .selectFrom('customers as c')
      .select(COLUMNS)
      .where('c.phone', '=', phone)
      .orderBy('c.id')
      .limit(1)
      .executeTakeFirst();
  },

  async insert(db: Kysely<DB>, row: Insertable<CustomersTable>): Promise<number> {
    const { id } = await db.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('customers').where('id', '=', id).execute();
  },

  async requestsCount(db: Kysely<DB>, customerId: number): Promise<number> {
    const row = await db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async sitesCount(db: Kysely<DB>, customerId: number): Promise<number> {
    const row = await db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async contractsCount(db: Kysely<DB>, customerId: number): Promise<number> {
    const row = await db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  requests(
    db: Kysely<DB>,
    customerId: number,
    sort: { column: 'created_at' | 'code'; direction: 'asc' | 'desc' },
    limit: number,
    offset: number,
  ) {
    return db
      .selectFrom('requests')
      .select(['id', 'code', 'title', 'status', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },
};
