import type { Kysely } from 'kysely';
import type { DB, DepartmentsTable } from '../../db/schema';
import { likeNormalized } from '../../lib/vi-search';

export interface DepartmentFilter {
  search: string | null;
  parentId?: number;
}

function filtered(db: Kysely<DB>, f: DepartmentFilter) {
  let q = db.selectFrom('departments as d');
  if (f.search) q = q.where(likeNormalized('d.search_text', f.search));
  if (f.parentId !== undefined) q = q.where('d.parent_id', '=', f.parentId);
  return q;
}

function withRelations(q: ReturnType<typeof filtered>) {
  return q
    .leftJoin('departments as p', 'p.id', 'd.parent_id')
    .leftJoin('users as h', 'h.id', 'd.head_id')
    .selectAll('d')
    .select(['p.name as parent_name', 'h.name as head_name'])
    .select((eb) =>
      eb
        .selectFrom('users')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('users.department_id', '=', 'd.id')
        .as('users_count'),
    );
}

export type DepartmentRow = Awaited<ReturnType<typeof departmentsRepository.find>> & {};

export const departmentsRepository = {
  list(db: Kysely<DB>, f: DepartmentFilter, sort: { column: string; direction: 'asc' | 'desc' }, limit: number, offset: number) {
    return withRelations(filtered(db, f))
      .orderBy(`d.${sort.column}` as 'd.name', sort.direction)
      .orderBy('d.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: DepartmentFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  all(db: Kysely<DB>) {
    return withRelations(filtered(db, { search: null }))
      .orderBy('d.name')
      .orderBy('d.id')
      .execute();
  },

  /** Every department, flat, by name: what the pickers show. */
  options(db: Kysely<DB>) {
    return db.selectFrom('departments').select(['id', 'code', 'name', 'parent_id']).orderBy('name').orderBy('id').execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withRelations(filtered(db, { search: null }))
      .where('d.id', '=', id)
      .executeTakeFirst();
  },

  findByCode(db: Kysely<DB>, code: string) {
    return db.selectFrom('departments').select('id').where('code', '=', code).executeTakeFirst();
  },

  /**
   * The department and every department under it, however deep (a recursive CTE, the same SQL on SQLite and
   * PostgreSQL; `union` rather than `union all`, so even a loop in the data could not make it run forever).
   */
  async subtreeIds(db: Kysely<DB>, id: number): Promise<number[]> {
    const rows = await db
      .withRecursive('subtree(id)', (qb) =>
        qb
          .selectFrom('departments')
          .select('id')
          .where('id', '=', id)
          .union(qb.selectFrom('departments as d').innerJoin('subtree as s', 's.id', 'd.parent_id').select('d.id')),
      )
      .selectFrom('subtree')
      .select('id')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  },

  /** A department's parent, head and the head's status (to walk up to the manager above someone). */
  headLink(db: Kysely<DB>, id: number) {
    return db
      .selectFrom('departments as d')
      .leftJoin('users as h', 'h.id', 'd.head_id')
      .select(['d.parent_id', 'd.head_id', 'h.status as head_status'])
      .where('d.id', '=', id)
      .executeTakeFirst();
  },

  /** The ids of the departments a user heads. */
  async headedIds(db: Kysely<DB>, userId: number): Promise<number[]> {
    const rows = await db.selectFrom('departments').select('id').where('head_id', '=', userId).orderBy('id').execute();
    return rows.map((r) => r.id);
  },

  /** Parent links of every department, to refuse a cycle. */
  parentLinks(db: Kysely<DB>) {
    return db.selectFrom('departments').select(['id', 'parent_id']).execute();
  },

  userExists(db: Kysely<DB>, id: number) {
    return db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  },

  async childrenCount(db: Kysely<DB>, id: number): Promise<number> {
    const row = await db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insert(db: Kysely<DB>, row: Omit<DepartmentsTable, 'id' | 'version'>): Promise<number> {
    const { id } = await db.insertInto('departments').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** Clears the head when that user leaves (deleted or moved). */
  clearHead(db: Kysely<DB>, userId: number) {
    return db.updateTable('departments').set({ head_id: null }).where('head_id', '=', userId).execute();
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('departments').where('id', '=', id).execute();
  },
};
