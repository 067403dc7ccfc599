import { ADMIN_ROLE_CODE } from '@qlcv/common/permissions';
import { type ProfileColumn, profileColumns } from '@qlcv/common/schemas/auth';
import type { Paginated } from '@qlcv/common/schemas/common';
import {
  USER_OPTIONS_LIMIT,
  USER_SORTS,
  type User,
  type UserCreateBody,
  type UserOption,
  type UserOptionsQuery,
  type UserUpdateBody,
  type userListQuery,
} from '@qlcv/common/schemas/users';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { hashPassword } from '../../lib/crypto';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { allRows, pageWindow, parseSort, toPage } from '../../lib/pagination';
import { formatCode, nextSequence } from '../../lib/sequences';
import { updateVersioned } from '../../lib/versioned';
import { likePattern } from '../../lib/vi-search';
import { isAdmin, keysBeyond } from '../roles/roles.service';
import { usersRepository as repo, type UserRow } from './users.repository';

export type UserListQuery = z.infer<typeof userListQuery>;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    username: row.username,
    email: row.email,
    mobile: row.mobile,
    role_id: row.role_id,
    role: { id: row.role_id, code: row.role_code, name: row.role_name },
    department_id: row.department_id,
    department: row.department_id && row.department_name ? { id: row.department_id, name: row.department_name } : null,
    position: row.position,
    gender: row.gender,
    birthday: row.birthday,
    joined_at: row.joined_at,
    address: row.address,
    avatar: row.avatar,
    status: row.status as User['status'],
    last_login_at: row.last_login_at,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The unique columns a user form checks (their answers: lib/constraint-answers.ts, also a race's loser's). */
const UNIQUE_COLUMNS = { username: 'users.username', email: 'users.email', mobile: 'users.mobile' } as const;

const userSearchText = (u: { code: string; name: string; username: string; email?: string | null; mobile?: string | null }) =>
  searchText(u.code, u.name, u.username, u.email, u.mobile);

/** What other modules read of users (evaluations hand out a user evaluation per active employee): never the repository. */
export const userReads = {
  /** The active users of the given departments, by id. */
  activeInDepartments: (db: Kysely<DB>, departmentIds: readonly number[]) => repo.activeInDepartments(db, departmentIds),
  /** A user's name, department and status, or undefined. */
  brief: (db: Kysely<DB>, id: number) => repo.brief(db, id),
};

export class UsersService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: UserListQuery): Promise<Paginated<User>> {
    const filter = { search: likePattern(q.search), roleId: q.role_id, departmentId: q.department_id, status: q.status };
    const sort = parseSort(q.sort, USER_SORTS, 'name');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, filter, sort, w.limit, w.offset), repo.count(this.db, filter)]);
    return toPage(rows.map(toUser), total, w);
  }

  /** Rows for the export: the list's filter and order, every page. */
  exportRows(q: UserListQuery): Promise<AsyncIterable<User>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** Up to 50 users for a picker: active ones by text and department (sub-departments included), or the given ids. */
  async options(q: UserOptionsQuery): Promise<UserOption[]> {
    let departmentIds: number[] | undefined;
    if (q.department_id) {
      const links = await repo.departmentLinks(this.db);
      departmentIds = [q.department_id];
      for (let i = 0; i < departmentIds.length; i++) {
        for (const l of links) if (l.parent_id === departmentIds[i]) departmentIds.push(l.id);
      }
    }
    return repo.options(this.db, { search: likePattern(q.search), departmentIds, ids: q.ids }, USER_OPTIONS_LIMIT);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<User> {
    const row = await repo.find(db, id);
    if (!row) throw notFound('Không tìm thấy người dùng.');
    return toUser(row);
  }

  private async assertFree(
    db: Kysely<DB>,
    column: keyof typeof UNIQUE_COLUMNS,
    value: string | null | undefined,
    selfId?: number,
  ) {
    if (!value) return;
    const other = await repo.findTaken(db, column, value);
    if (other && other.id !== selfId) throw taken(UNIQUE_COLUMNS[column]);
  }

  /**
   * Checks references and the rule against climbing through user management: only an administrator hands out the
   * admin role, and nobody hands out a role holding a key they do not hold themselves.
   */
  private async checkRefs(db: Kysely<DB>, actor: Actor, body: UserCreateBody | UserUpdateBody, selfId?: number) {
    await this.assertFree(db, 'username', body.username, selfId);
    await this.assertFree(db, 'email', body.email, selfId);
    await this.assertFree(db, 'mobile', body.mobile, selfId);
    const role = await repo.roleOf(db, body.role_id);
    if (!role) throw invalid('role_id', 'Vai trò không tồn tại.');
    if (!isAdmin(actor)) {
      if (role.code === ADMIN_ROLE_CODE) throw forbidden('Chỉ quản trị viên mới có thể gán vai trò quản trị.');
      if (keysBeyond(actor, await repo.rolePermissions(db, role.id)).length > 0) {
        throw forbidden('Bạn không thể gán vai trò có quyền mà bạn không có.');
      }
    }
    if (body.department_id && !(await repo.departmentExists(db, body.department_id))) {
      throw invalid('department_id', 'Phòng ban không tồn tại.');
    }
  }

  /**
   * Editing, setting the password of, locking, unlocking or deleting an account: an administrator's, or the built-in
   * `admin` one, is for administrators only; one whose role holds a key the actor lacks is out of the actor's reach
   * (else a user manager could take over a director's account by setting its password). A peer is within reach.
   */
  private async assertMayTouch(db: Kysely<DB>, actor: Actor, target: User) {
    if (isAdmin(actor)) return;
    if (target.role.code === ADMIN_ROLE_CODE || target.username === 'admin') {
      throw forbidden('Chỉ quản trị viên mới có thể thay đổi tài khoản quản trị.');
    }
    if (keysBeyond(actor, await repo.rolePermissions(db, target.role_id)).length > 0) {
      throw forbidden('Bạn không thể sửa tài khoản có quyền cao hơn quyền của bạn.');
    }
  }

  private fields(body: UserCreateBody | UserUpdateBody) {
    return {
      name: body.name,
      username: body.username,
      email: body.email ?? null,
      mobile: body.mobile ?? null,
      role_id: body.role_id,
      department_id: body.department_id ?? null,
      position: body.position ?? null,
      gender: body.gender ?? null,
      birthday: body.birthday ?? null,
      joined_at: body.joined_at ?? null,
      address: body.address ?? null,
    };
  }

  async create(actor: Actor, body: UserCreateBody): Promise<User> {
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction().execute(async (trx) => {
      await this.checkRefs(trx, actor, body);
      const code = formatCode('NV', await nextSequence(trx, 'users'));
      const now = nowIso();
      const id = await repo.insert(trx, {
        ...this.fields(body),
        code,
        password_hash: passwordHash,
        search_text: userSearchText({ ...body, code }),
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      const user = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: 'users', entityId: id, action: 'create', changes: diff(null, user) });
      return user;
    });
  }

  /** Returns the user and whether a new password was set (the caller then revokes their tokens). */
  async update(actor: Actor, id: number, body: UserUpdateBody): Promise<{ user: User; passwordChanged: boolean }> {
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const user = await this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.assertMayTouch(trx, actor, before);
      if (id === actor.id && body.role_id !== before.role_id) throw invalid('role_id', 'Bạn không thể tự đổi vai trò của mình.');
      await this.checkRefs(trx, actor, body, id);
      await updateVersioned(trx, 'users', id, body.version, {
        ...this.fields(body),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        search_text: userSearchText({ ...body, code: before.code }),
      });
      const after = await this.get(id, trx);
      const changes = diff(before, after);
      if (passwordHash) changes.password = ['***', '***'];
      await writeAudit(trx, actor, { entity: 'users', entityId: id, action: 'update', changes });
      return after;
    });
    return { user, passwordChanged: Boolean(passwordHash) };
  }

  async setLocked(actor: Actor, id: number, locked: boolean): Promise<User> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      if (id === actor.id) throw conflict('Bạn không thể tự khóa hoặc mở khóa tài khoản của mình.');
      await this.assertMayTouch(trx, actor, before);
      const [from, to] = locked ? ['active', 'locked'] : ['locked', 'active'];
      if (!(await repo.setStatus(trx, id, from, to, nowIso()))) {
        throw conflict(locked ? 'Tài khoản này đã bị khóa.' : 'Tài khoản này đang hoạt động.');
      }
      await writeAudit(trx, actor, {
        entity: 'users',
        entityId: id,
        action: locked ? 'lock' : 'unlock',
        changes: { status: [from, to] },
      });
      return this.get(id, trx);
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const user = await this.get(id, trx);
      if (id === actor.id) throw conflict('Bạn không thể tự xóa tài khoản của mình.');
      await this.assertMayTouch(trx, actor, user);
      const headed = await repo.headedDepartments(trx, id);
      if (headed.length > 0) {
        throw conflict(
          `Không thể xóa người dùng đang là trưởng phòng ${headed.map((d) => d.name).join(', ')}. Hãy chọn trưởng phòng khác trước.`,
        );
      }
      await repo.delete(trx, id);
      await writeAudit(trx, actor, { entity: 'users', entityId: id, action: 'delete', changes: diff(user, null) });
    });
  }

  /** One column of the caller's own profile (seed: `{ column, value }`). */
  async updateProfile(actor: Actor, column: ProfileColumn, value: unknown): Promise<User> {
    // A cleared field arrives as '' and clears the column, like every other form of the API.
    const input = column !== 'name' && typeof value === 'string' && value.trim() === '' ? null : value;
    const parsed = profileColumns[column].safeParse(input);
    if (!parsed.success) throw invalid('value', parsed.error.issues[0]?.message ?? 'Giá trị không hợp lệ.');
    const next = (parsed.data ?? null) as string | null;
    if (column === 'name' && !next) throw invalid('value', 'Vui lòng nhập họ tên.');
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(actor.id, trx);
      // Every error of this call names the body's `value`, the field the caller sent.
      if ((column === 'email' || column === 'mobile') && next) {
        const other = await repo.findTaken(trx, column, next);
        if (other && other.id !== actor.id) throw taken(UNIQUE_COLUMNS[column], 'value');
      }
      const merged = { ...before, [column]: next };
      await repo.updateColumns(trx, actor.id, { [column]: next, search_text: userSearchText(merged) }, nowIso());
      const after = await this.get(actor.id, trx);
      await writeAudit(trx, actor, { entity: 'users', entityId: actor.id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }
}
