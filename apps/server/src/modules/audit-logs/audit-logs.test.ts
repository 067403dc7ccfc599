import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  type Created,
  createDepartment,
  createRole,
  createUser,
  expectError,
  expectNoSecrets,
} from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

describe('audit logs', () => {
  let t: TestApp;
  let role: Created;
  /** A user who manages users and departments, so the actor is not always the administrator. */
  let manager: { id: number; token: string; roleId: number };
  let managerName: string;

  const history = (query: string, token: string | null = t.adminToken) =>
    t.call({ method: 'GET', url: `/api/audit-logs?${query}`, token });

  beforeAll(async () => {
    t = await createTestApp();
    role = await createRole(t, { code: 'NV', name: 'Nhân viên' });
    manager = await t.userWith(['users.index', 'users.create', 'users.edit', 'departments.create', 'departments.edit']);
    managerName = (await t.call({ method: 'GET', url: '/api/auth/info', token: manager.token })).json().user.name;
  });
  afterAll(() => t?.close());

  it('records who created, updated, locked, unlocked and deleted a user, newest first', async () => {
    const created = await createUser(
      t,
      { name: 'Vũ Thị Mai', username: 'vu.mai', mobile: '0912000111', role_id: role.id, password: TEST_PASSWORD },
      manager.token,
    );
    const current = (await t.call({ method: 'GET', url: `/api/users/${created.id}`, token: t.adminToken })).json();
    const updated = await t.call({
      method: 'PUT',
      url: `/api/users/${created.id}`,
      token: manager.token,
      payload: {
        name: 'Vũ Thị Mai Anh',
        username: 'vu.mai',
        mobile: '0912000111',
        role_id: role.id,
        position: 'Kế toán',
        version: current.version,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/users/${created.id}/lock`, token: t.adminToken })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/users/${created.id}/unlock`, token: manager.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/users/${created.id}`, token: manager.token })).statusCode).toBe(204);

    const res = await history(`entity=users&entity_id=${created.id}`);
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    const { data, meta } = res.json();
    expect(meta).toEqual({ current_page: 1, per_page: 20, total: 5, last_page: 1 });
    expect(data.map((e: { action: string }) => e.action)).toEqual(['delete', 'unlock', 'lock', 'update', 'create']);
    const [del, unlock, lock, update, create] = data;
    const managerRef = { id: manager.id, name: managerName };
    const adminRef = { id: 1, name: 'Quản trị viên' };
    expect(create).toMatchObject({ entity: 'users', entity_id: created.id, user: managerRef });
    expect(create.changes).toMatchObject({
      name: [null, 'Vũ Thị Mai'],
      username: [null, 'vu.mai'],
      mobile: [null, '0912000111'],
    });
    expect(update.user).toEqual(managerRef);
    expect(update.changes).toEqual({ name: ['Vũ Thị Mai', 'Vũ Thị Mai Anh'], position: [null, 'Kế toán'] });
    expect(lock).toMatchObject({ user: adminRef, changes: { status: ['active', 'locked'] } });
    expect(unlock).toMatchObject({ user: managerRef, changes: { status: ['locked', 'active'] } });
    expect(del.user).toEqual(managerRef);
    expect(del.changes.name).toEqual(['Vũ Thị Mai Anh', null]);
    for (const e of data) {
      expect(e.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(typeof e.ip).toBe('string');
    }
  });

  it('records department and role changes under their own entity', async () => {
    const dep = await createDepartment(t, { code: 'KT', name: 'Phòng Kỹ thuật' }, manager.token);
    const put = await t.call({
      method: 'PUT',
      url: `/api/departments/${dep.id}`,
      token: manager.token,
      payload: { code: 'KT', name: 'Phòng Kỹ thuật số', version: dep.version },
    });
    expect(put.statusCode).toBe(200);
    const deps = await auditOf(t, 'departments', dep.id);
    expect(deps.map((e) => [e.action, e.user?.id])).toEqual([
      ['update', manager.id],
      ['create', manager.id],
    ]);
    expect(deps[0]?.changes).toEqual({ name: ['Phòng Kỹ thuật', 'Phòng Kỹ thuật số'] });
    const roles = await auditOf(t, 'roles', role.id);
    expect(roles.map((e) => e.action)).toEqual(['create']);
    expect(roles[0]?.changes?.code).toEqual([null, 'NV']);
    // The same id under another entity has its own history.
    const sameIdUser = await auditOf(t, 'users', dep.id);
    expect(sameIdUser.every((e) => e.entity === 'users')).toBe(true);
  });

  it('writes nothing for a refused change', async () => {
    const dep = await createDepartment(t, { code: 'REF', name: 'Phòng từ chối' });
    const stale = await t.call({
      method: 'PUT',
      url: `/api/departments/${dep.id}`,
      token: t.adminToken,
      payload: { code: 'REF', name: 'Bản cũ', version: dep.version + 5 },
    });
    expect(stale.statusCode).toBe(409);
    const invalid = await t.call({
      method: 'PUT',
      url: `/api/departments/${dep.id}`,
      token: t.adminToken,
      payload: { code: 'REF', name: 'Vòng lặp', parent_id: dep.id, version: dep.version },
    });
    expect(invalid.statusCode).toBe(422);
    const u = await createUser(t, { name: 'Bị từ chối', username: 'bi.tu.choi', role_id: role.id, password: TEST_PASSWORD });
    expect((await t.call({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: t.adminToken })).statusCode).toBe(409);
    expect((await auditOf(t, 'departments', dep.id)).map((e) => e.action)).toEqual(['create']);
    expect((await auditOf(t, 'users', u.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('pages and sorts the history', async () => {
    const dep = await createDepartment(t, { code: 'PG', name: 'Trang 0' });
    let version = dep.version;
    for (let i = 1; i <= 4; i++) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/departments/${dep.id}`,
        token: t.adminToken,
        payload: { code: 'PG', name: `Trang ${i}`, version },
      });
      version = res.json().version;
    }
    const page2 = await history(`entity=departments&entity_id=${dep.id}&per_page=2&page=2`);
    expect(page2.json().meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
    expect(page2.json().data.map((e: { changes: { name: string[] } }) => e.changes.name[1])).toEqual(['Trang 2', 'Trang 1']);
    const oldest = await history(`entity=departments&entity_id=${dep.id}&sort=created_at&per_page=2`);
    expect(oldest.statusCode).toBe(200);
    expect(oldest.json().data.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
    const newest = await history(`entity=departments&entity_id=${dep.id}&sort=-created_at&per_page=1`);
    expect(newest.json().data[0].changes.name).toEqual(['Trang 3', 'Trang 4']);
    expectError(await history(`entity=departments&entity_id=${dep.id}&sort=user_agent`), 422, 'VALIDATION_FAILED', 'sort');
  });

  it('needs the key that opens the entity: show or edit of that resource', async () => {
    const dep = await createDepartment(t, { code: 'SEC', name: 'Phòng bảo mật' });
    const rolesViewer = await t.userWith(['roles.show']);
    const usersEditor = await t.userWith(['users.edit']);
    const depsViewer = await t.userWith(['departments.show']);
    const depsIndexOnly = await t.userWith(['departments.index', 'departments.create']);
    expectError(await history(`entity=departments&entity_id=${dep.id}`, rolesViewer.token), 403, 'FORBIDDEN');
    expectError(await history(`entity=departments&entity_id=${dep.id}`, usersEditor.token), 403, 'FORBIDDEN');
    expectError(await history(`entity=departments&entity_id=${dep.id}`, depsIndexOnly.token), 403, 'FORBIDDEN');
    expectError(await history(`entity=users&entity_id=1`, depsViewer.token), 403, 'FORBIDDEN');
    const ok = await history(`entity=departments&entity_id=${dep.id}`, depsViewer.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.map((e: { action: string }) => e.action)).toEqual(['create']);
    expect((await history(`entity=roles&entity_id=${role.id}`, rolesViewer.token)).statusCode).toBe(200);
    expect((await history('entity=users&entity_id=1', usersEditor.token)).statusCode).toBe(200);
  });

  it('refuses an unknown entity or a bad id with 422, and no token with 401', async () => {
    const unknown = expectError(await history('entity=invoices&entity_id=1'), 422, 'VALIDATION_FAILED', 'entity');
    expect(unknown.message).toBe('Đối tượng không hợp lệ');
    expectError(await history('entity=access_tokens&entity_id=1'), 422, 'VALIDATION_FAILED', 'entity');
    expectError(await history('entity=users'), 422, 'VALIDATION_FAILED', 'entity_id');
    expectError(await history('entity=users&entity_id=abc'), 422, 'VALIDATION_FAILED', 'entity_id');
    expectError(await history('entity_id=1'), 422, 'VALIDATION_FAILED', 'entity');
    const anon = expectError(await history('entity=users&entity_id=1', null), 401, 'UNAUTHENTICATED');
    expect(anon.message).toBe('Unauthenticated.');
  });

  it('answers an empty history for a record that never changed', async () => {
    const res = await history('entity=roles&entity_id=999999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });
  });
});
