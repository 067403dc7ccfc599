import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB, RolesTable } from '../../db/schema';
import { likeNormalized } from '../../lib/vi-search';

export interface RoleFilter {
  search: string | null;
}

function filtered(db: Kysely<DB>, f: RoleFilter) {
  let q = db.selectFrom('roles');
  if (f.search) q = q.where(likeNormalized('roles.search_text', f.search));
  return q;
}

const usersCount = (eb: ExpressionBuilder<DB, 'roles'>) =>
  eb
    .selectFrom('users')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('users.role_id', '=', 'roles.id')
    .as('users_count');

export const rolesRepository = {
  list(db: Kysely<DB>, f: RoleFilter, sort: { column: string; direction: 'asc' | 'desc' }, limit: number, offset: number) {
    return filtered(db, f)
      .selectAll('roles')
      .select(usersCount)
      .orderBy(sort.column as 'name', sort.direction)
      .orderBy('roles.id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async count(db: Kysely<DB>, f: RoleFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Every role, by name: what the role pickers show. */
  options(db: Kysely<DB>) {
    return db.selectFrom('roles').select(['id', 'code', 'name']).orderBy('name').orderBy('id').execute();
  },

  find(db: Kysely<DB>, id: number) {
    return db.selectFrom('roles').selectAll('roles').select(usersCount).where('id', '=', id).executeTakeFirst();
  },

  findByCode(db: Kysely<DB>, code: string) {
    return db.selectFrom('roles').select(['id']).where('code', '=', code).executeTakeFirst();
  },

  async permissionsOf(db: Kysely<DB>, roleIds: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return out;
    const rows = await db
      .selectFrom('role_permissions')
      .select(['role_id', 'permission'])
      .where('role_id', 'in', roleIds)
      .orderBy('permission')
      .execute();
    for (const r of rows) out.get(r.role_id)?.push(r.permission);
    return out;
  },

  async insert(db: Kysely<DB>, row: Omit<RolesTable, 'id' | 'version'>): Promise<number> {
    const { id } = await db.insertInto('roles').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async replacePermissions(db: Kysely<DB>, roleId: number, keys: readonly string[]) {
    await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    if (keys.length > 0) {
      await db
        .insertInto('role_permissions')
        .values(keys.map((permission) => ({ role_id: roleId, permission })))
        .execute();
    }
  },

  delete(db: Kysely<DB>, id: number) {
    return db.deleteFrom('roles').where('id', '=', id).execute();
  },
};
