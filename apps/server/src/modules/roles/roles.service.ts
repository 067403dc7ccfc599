import { ADMIN_ROLE_CODE, PERMISSION_KEYS } from '@qlcv/common/permissions';
import type { ListQuery, Paginated } from '@qlcv/common/schemas/common';
import { ROLE_SORTS, type Role, type RoleCreateBody, type RoleOption, type RoleUpdateBody } from '@qlcv/common/schemas/roles';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { allRows, pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { updateVersioned } from '../../lib/versioned';
import { likePattern } from '../../lib/vi-search';
import { rolesRepository as repo } from './roles.repository';

type RoleRow = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

const ALL_KEYS: readonly string[] = PERMISSION_KEYS;

/** An administrator holds the admin role; nobody else may touch it, its users, or the built-in `admin` account. */
export const isAdmin = (actor: Pick<Actor, 'roleCode'>) => actor.roleCode === ADMIN_ROLE_CODE;

/**
 * The keys among `keys` the actor does not hold: what they would hand out, or touch, above their own rights. An
 * administrator holds every key. Nobody may give a role, or an account, more than they hold themselves.
 */
export function keysBeyond(actor: Pick<Actor, 'roleCode' | 'permissions'>, keys: readonly string[]): string[] {
  if (isAdmin(actor)) return [];
  const held = new Set(actor.permissions);
  return keys.filter((k) => !held.has(k));
}

export const ADMIN_ROLE_ONLY_MESSAGE = 'Chỉ quản trị viên mới có thể thay đổi vai trò quản trị.';
export const HIGHER_ROLE_MESSAGE = 'Bạn không thể thay đổi vai trò có quyền mà bạn không có.';
export const GRANT_BEYOND_MESSAGE = 'Bạn không thể cấp cho vai trò quyền mà bạn không có.';

export class RolesService {
  /** Permission keys per role id, valid while the role's version is unchanged (an edit bumps it). */
  private readonly cache = new Map<number, { version: number; keys: readonly string[] }>();

  constructor(private readonly db: Kysely<DB>) {}

  private toRole(row: RoleRow, keys: string[]): Role {
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      description: row.description,
      is_system: Boolean(row.is_system),
      // The admin role holds every key, whatever is stored.
      permissions: row.code === ADMIN_ROLE_CODE ? [...ALL_KEYS] : keys,
      users_count: Number(row.users_count),
      version: row.version,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async permissionsOf(roleId: number, code: string, version: number): Promise<readonly string[]> {
    if (code === ADMIN_ROLE_CODE) return ALL_KEYS;
    const hit = this.cache.get(roleId);
    if (hit && hit.version === version) return hit.keys;
    const keys = (await repo.permissionsOf(this.db, [roleId])).get(roleId) ?? [];
    this.cache.set(roleId, { version, keys });
    return keys;
  }

  async list(q: ListQuery): Promise<Paginated<Role>> {
    const filter = { search: likePattern(q.search) };
    const sort = parseSort(q.sort, ROLE_SORTS, 'name');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, filter, sort, w.limit, w.offset), repo.count(this.db, filter)]);
    const keys = await repo.permissionsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return toPage(
      rows.map((r) => this.toRole(r, keys.get(r.id) ?? [])),
      total,
      w,
    );
  }

  /** Every role, id, code and name only: for the role pickers of the user forms. */
  options(): Promise<RoleOption[]> {
    return repo.options(this.db);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Role> {
    const row = await repo.find(db, id);
    if (!row) throw notFound('Không tìm thấy vai trò.');
    const keys = await repo.permissionsOf(db, [id]);
    return this.toRole(row, keys.get(id) ?? []);
  }

  /** Rows for the export: the list's filter and order, every page. */
  exportRows(q: ListQuery): Promise<AsyncIterable<Role>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  private async assertCodeFree(db: Kysely<DB>, code: string, exceptId?: number) {
    const other = await repo.findByCode(db, code);
    if (other && other.id !== exceptId) throw taken('roles.code');
  }

  /** A role holding the admin code, or a key the actor lacks, is changed or deleted by an administrator only. */
  private assertMayChange(actor: Actor, role: Role) {
    if (isAdmin(actor)) return;
    if (role.code === ADMIN_ROLE_CODE) throw forbidden(ADMIN_ROLE_ONLY_MESSAGE);
    if (keysBeyond(actor, role.permissions).length > 0) throw forbidden(HIGHER_ROLE_MESSAGE);
  }

  private assertMayGrant(actor: Actor, keys: readonly string[]) {
    if (keysBeyond(actor, keys).length > 0) throw forbidden(GRANT_BEYOND_MESSAGE);
  }

  async create(actor: Actor, body: RoleCreateBody): Promise<Role> {
    this.assertMayGrant(actor, body.permissions);
    return this.db.transaction().execute(async (trx) => {
      await this.assertCodeFree(trx, body.code);
      if (body.code === ADMIN_ROLE_CODE) throw invalid('code', 'Mã vai trò này được dành cho hệ thống.');
      const now = nowIso();
      const id = await repo.insert(trx, {
        code: body.code,
        name: body.name,
        description: body.description ?? null,
        is_system: 0,
        search_text: searchText(body.code, body.name, body.description),
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      await repo.replacePermissions(trx, id, body.permissions);
      const role = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: 'roles', entityId: id, action: 'create', changes: diff(null, role) });
      return role;
    });
  }

  async update(actor: Actor, id: number, body: RoleUpdateBody): Promise<Role> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      this.assertMayChange(actor, before);
      this.assertMayGrant(actor, body.permissions);
      if (before.is_system && body.code !== before.code) throw invalid('code', 'Không thể đổi mã của vai trò hệ thống.');
      await this.assertCodeFree(trx, body.code, id);
      await updateVersioned(trx, 'roles', id, body.version, {
        code: body.code,
        name: body.name,
        description: body.description ?? null,
        search_text: searchText(body.code, body.name, body.description),
      });
      // The admin role cannot lose a key: its stored list is ignored.
      if (before.code !== ADMIN_ROLE_CODE) await repo.replacePermissions(trx, id, body.permissions);
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: 'roles', entityId: id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a row being written that references it is waited for, a later one finds it gone.
      await lockRow(trx, 'roles', id, 'delete');
      const role = await this.get(id, trx);
      this.assertMayChange(actor, role);
      if (role.is_system) throw conflict('Không thể xóa vai trò hệ thống.');
      if (role.users_count > 0) {
        throw conflict(
          `Không thể xóa vai trò đang được gán cho ${role.users_count} người dùng. Hãy chuyển họ sang vai trò khác trước.`,
        );
      }
      await repo.delete(trx, id);
      await writeAudit(trx, actor, { entity: 'roles', entityId: id, action: 'delete', changes: diff(role, null) });
    });
    this.cache.delete(id);
  }
}
