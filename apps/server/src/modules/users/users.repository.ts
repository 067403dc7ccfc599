import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema';
import { likeNormalized } from '../../lib/vi-search';

export interface UserFilter {
  search: string | null;
  roleId?: number;
  departmentId?: number;
  status?: string[];
}

function filtered(db: Kysely<DB>, f: UserFilter) {
  let q = db.selectFrom('users as u');
  if (f.search) q = q.where(likeNormalized('u.search_text', f.search));
  if (f.roleId) q = q.where('u.role_id', '=', f.roleId);
  if (f.departmentId) q = q.where('u.department_id', '=', f.departmentId);
  if (f.status?.length) q = q.where('u.status', 'in', f.status);
  return q;
}

function withRelations(q: ReturnType<typeof filtered>) {
  return q
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.id',
      'u.code',
      'u.name',
      'u.username',
      'u.email',
      'u.mobile',
      'u.role_id',
      'u.department_id',
      'u.position',
      'u.gender',
      'u.birthday',
      'u.joined_at',
      'u.address',
      'u.avatar',
      'u.status',
      'u.last_login_at',
      'u.version',
      'u.created_at',
      'u.updated_at',
      'r.code as role_code',
      'r.name as role_name',
      'd.name as department_name',
    ]);
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof usersRepository.find>>>;

export const usersRepository = {
  list(db: Kysely<DB>, f: UserFilter, sort: { column: string; direction: 'asc' | 'desc' }, limit: number, offset: number) {
    // Empty values (never signed in) last either way: SQLite and PostgreSQL would otherwise put them at opposite ends.
    return withRelations(filtered(db, f))
      .orderBy(`u.${sort.column}` as 'u.name', (ob) => (sort.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('u.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: UserFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * What the user pickers show, by name: active users matching the pattern and within the departments; with `ids`,
   * those users whatever their status (a locked assignee still needs a label).
   */
  options(db: Kysely<DB>, f: { search: string | null; departmentIds?: number[]; ids?: number[] }, limit: number) {
    let q = db.selectFrom('users as u').select(['u.id', 'u.code', 'u.name', 'u.department_id', 'u.position']);
    if (f.ids) q = q.where('u.id', 'in', f.ids);
    else q = q.where('u.status', '=', 'active');
    if (f.search) q = q.where(likeNormalized('u.search_text', f.search));
    if (f.departmentIds) q = q.where('u.department_id', 'in', f.departmentIds);
    return q.orderBy('u.name').orderBy('u.id').limit(limit).execute();
  },

  /** Parent links of every department, to widen a department filter to its sub-departments. */
  departmentLinks(db: Kysely<DB>) {
    return db.selectFrom('departments').select(['id', 'parent_id']).execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withRelations(filtered(db, { search: null }))
      .where('u.id', '=', id)
      .executeTakeFirst();
  },

  /** Who already holds a username, e-mail or mobile. */
  findTaken(db: Kysely<DB>, column: 'username' | 'email' | 'mobile', value: string) {
    return db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
  },

  roleOf(db: Kysely<DB>, roleId: number) {
    return db.selectFrom('roles').select(['id', 'code']).where('id', '=', roleId).executeTakeFirst();
  },

  /** The permission keys stored for a role (the admin role's are implied: every key). */
  async rolePermissions(db: Kysely<DB>, roleId: number): Promise<string[]> {
    const rows = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute();
    return rows.map((r) => r.permission);
  },

  departmentExists(db: Kysely<DB>, id: number) {
    return db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst();
  },

  /** The active users of the given departments, by id (who a period hands an evaluation to). */
  activeInDepartments(db: Kysely<DB>, departmentIds: readonly number[]) {
    return db
      .selectFrom('users')
      .select(['id', 'name', 'department_id'])
      .where('status', '=', 'active')
      .where('department_id', 'in', departmentIds.length ? departmentIds : [-1])
      .orderBy('id')
      .execute();
  },

  /** A user's name, department and status, or undefined. */
  brief(db: Kysely<DB>, id: number) {
    return db.selectFrom('users').select(['id', 'name', 'department_id', 'status']).where('id', '=', id).executeTakeFirst();
  },

  headedDepartments(db: Kysely<DB>, userId: number) {
    return db.selectFrom('departments').select(['id', 'name']).where('head_id', '=', userId).execute();
  },

  async insert(db: Kysely<DB>, row: Insertable<UsersTable>): Promise<number> {
    const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** A status change that only happens from the expected state, so two concurrent locks make one transition. */
  async setStatus(db: Kysely<DB>, id: number, from: string, to: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({ status: to, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  updateColumns(db: Kysely<DB>, id: number, values: Updateable<UsersTable>, now: string) {
    return db
      .updateTable('users')
      .set((eb) => ({ ...values, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('users').where('id', '=', id).execute();
  },
};
