import { PERMISSION_KEYS, type PermissionKey } from '@qlcv/common/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Created, createRole, createUser, expectError, uniq } from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

// Issue 8 part 3: user and role management never lets anyone climb above the rights they hold. A user manager (the
// demo HR role: users.* and roles.*, nothing else) may not create, edit, set the password of, lock, unlock or delete an
// account whose role holds a key they lack, may not give any account such a role, and may not give a role a key they
// lack; the admin role and the admin account are for administrators only.

const HIGHER_ACCOUNT = 'Bạn không thể sửa tài khoản có quyền cao hơn quyền của bạn.';
const HIGHER_ROLE_GIVEN = 'Bạn không thể gán vai trò có quyền mà bạn không có.';
const ADMIN_ACCOUNT = 'Chỉ quản trị viên mới có thể thay đổi tài khoản quản trị.';
const ADMIN_ROLE_GIVEN = 'Chỉ quản trị viên mới có thể gán vai trò quản trị.';
const GRANT_BEYOND = 'Bạn không thể cấp cho vai trò quyền mà bạn không có.';
const HIGHER_ROLE = 'Bạn không thể thay đổi vai trò có quyền mà bạn không có.';
const ADMIN_ROLE = 'Chỉ quản trị viên mới có thể thay đổi vai trò quản trị.';

const HR_KEYS: PermissionKey[] = [
  'users.index',
  'users.create',
  'users.show',
  'users.edit',
  'roles.index',
  'roles.create',
  'roles.show',
  'roles.edit',
];
const DIRECTOR_KEYS: PermissionKey[] = [...HR_KEYS, 'requests.index', 'requests.edit', 'works.all', 'leaves.all'];

describe('no climbing through user and role management', () => {
  let t: TestApp;
  let adminRoleId: number;
  let hrRole: Created;
  let directorRole: Created;
  let staffRole: Created;
  let hr: { id: number; token: string };
  let peer: Created;
  let director: Created;
  let staff: Created;

  const get = async (url: string) => (await t.call({ method: 'GET', url, token: t.adminToken })).json();
  const put = (id: number, payload: Record<string, unknown>, token: string) =>
    t.call({ method: 'PUT', url: `/api/users/${id}`, token, payload });
  /** The editable fields of a user, ready for a PUT, with changes. */
  const editable = async (id: number, changes: Record<string, unknown> = {}) => {
    const u = await get(`/api/users/${id}`);
    return {
      name: u.name,
      username: u.username,
      email: u.email,
      mobile: u.mobile,
      role_id: u.role_id,
      department_id: u.department_id,
      position: u.position,
      version: u.version,
      ...changes,
    };
  };
  const post = (url: string, token: string, payload?: Record<string, unknown>) =>
    t.call({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
  let ipSeq = 0;
  /** Each sign-in from its own address, so no rate limit counts across cases. */
  const signIn = (username: string, password: string) => {
    ipSeq += 1;
    return t.call({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: `192.0.2.${ipSeq}` });
  };
  const account = (name: string, roleId: number) =>
    createUser(t, { name, username: uniq('tk.'), role_id: roleId, password: TEST_PASSWORD });

  beforeAll(async () => {
    t = await createTestApp();
    adminRoleId = (await get('/api/auth/info')).user.role.id;
    hrRole = await createRole(t, { code: 'nhan_su', name: 'Nhân sự', permissions: HR_KEYS });
    directorRole = await createRole(t, { code: 'giam_doc', name: 'Giám đốc', permissions: DIRECTOR_KEYS });
    staffRole = await createRole(t, { code: 'nhan_vien', name: 'Nhân viên', permissions: ['users.index'] });
    const hrUser = await account('Phạm Thị Nhân Sự', hrRole.id);
    hr = { id: hrUser.id, token: await t.login(hrUser.username as string) };
    peer = await account('Vũ Văn Đồng Cấp', hrRole.id);
    director = await account('Nguyễn Văn Hùng', directorRole.id);
    staff = await account('Lê Thị Nhân Viên', staffRole.id);
  });
  afterAll(() => t?.close());

  describe('accounts above the actor', () => {
    it('creating a user with a higher role is refused, and nothing is created', async () => {
      const username = uniq('leo.thang.');
      const res = await post('/api/users', hr.token, {
        name: 'Leo Thang',
        username,
        role_id: directorRole.id,
        password: TEST_PASSWORD,
      });
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(HIGHER_ROLE_GIVEN);
      expect((await get(`/api/users?search=${username}`)).data).toEqual([]);
    });

    it('editing a higher account is refused and changes nothing', async () => {
      const before = await get(`/api/users/${director.id}`);
      const res = await put(director.id, await editable(director.id, { name: 'Đổi tên' }), hr.token);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(HIGHER_ACCOUNT);
      expect(await get(`/api/users/${director.id}`)).toMatchObject({ name: before.name, version: before.version });
    });

    it('setting the password of a higher account is refused: the old one still signs in, the new one does not', async () => {
      const res = await put(director.id, await editable(director.id, { password: 'Chiem-quyen-2026!' }), hr.token);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(HIGHER_ACCOUNT);
      expect((await signIn(director.username as string, 'Chiem-quyen-2026!')).statusCode).toBe(422);
      expect((await signIn(director.username as string, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('locking, unlocking or deleting a higher account is refused', async () => {
      for (const action of ['lock', 'unlock']) {
        expect(expectError(await post(`/api/users/${director.id}/${action}`, hr.token), 403, 'FORBIDDEN').message).toBe(
          HIGHER_ACCOUNT,
        );
      }
      const del = await t.call({ method: 'DELETE', url: `/api/users/${director.id}`, token: hr.token });
      expect(expectError(del, 403, 'FORBIDDEN').message).toBe(HIGHER_ACCOUNT);
      expect((await get(`/api/users/${director.id}`)).status).toBe('active');
    });

    it('giving a lower account a higher role is refused; a role within the actor’s keys may be given', async () => {
      const res = await put(staff.id, await editable(staff.id, { role_id: directorRole.id }), hr.token);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(HIGHER_ROLE_GIVEN);
      expect((await get(`/api/users/${staff.id}`)).role_id).toBe(staffRole.id);
      const lower = await createRole(t, { code: uniq('thap'), name: 'Thấp hơn', permissions: [] });
      const ok = await put(staff.id, await editable(staff.id, { role_id: lower.id }), hr.token);
      expect(ok.statusCode, ok.body).toBe(200);
      const back = await put(staff.id, await editable(staff.id, { role_id: staffRole.id }), hr.token);
      expect(back.statusCode, back.body).toBe(200);
    });

    it('a lower account stays fully manageable: edit, password, lock, unlock', async () => {
      const target = await account('Hoàng Văn Dưới', staffRole.id);
      expect((await put(target.id, await editable(target.id, { position: 'Kỹ thuật viên' }), hr.token)).statusCode).toBe(200);
      expect((await put(target.id, await editable(target.id, { password: 'Mat-khau-moi-2026' }), hr.token)).statusCode).toBe(200);
      expect((await post(`/api/users/${target.id}/lock`, hr.token)).statusCode).toBe(200);
      expect((await post(`/api/users/${target.id}/unlock`, hr.token)).statusCode).toBe(200);
      expect((await t.call({ method: 'DELETE', url: `/api/users/${target.id}`, token: hr.token })).statusCode).toBe(204);
    });

    it('a peer holding the same keys may be edited, given a password, and created', async () => {
      expect((await put(peer.id, await editable(peer.id, { position: 'Chuyên viên' }), hr.token)).statusCode).toBe(200);
      const pw = await put(peer.id, await editable(peer.id, { password: 'Dong-cap-2026!' }), hr.token);
      expect(pw.statusCode, pw.body).toBe(200);
      expect((await signIn(peer.username as string, 'Dong-cap-2026!')).statusCode).toBe(200);
      const another = await post('/api/users', hr.token, {
        name: 'Đồng Cấp Hai',
        username: uniq('dong.cap.'),
        role_id: hrRole.id,
        password: TEST_PASSWORD,
      });
      expect(another.statusCode, another.body).toBe(201);
    });
  });

  describe('the admin role and the admin account', () => {
    let everyKey: { id: number; token: string; roleId: number };
    beforeAll(async () => {
      // Every key of the catalogue, but not the admin role: still not an administrator.
      everyKey = await t.userWith(PERMISSION_KEYS);
    });

    it('no one but an administrator edits, sets the password of, locks or deletes the admin account', async () => {
      for (const token of [hr.token, everyKey.token]) {
        expect(expectError(await put(1, await editable(1, { name: 'Chiếm quyền' }), token), 403, 'FORBIDDEN').message).toBe(
          ADMIN_ACCOUNT,
        );
        expect(
          expectError(await put(1, await editable(1, { password: 'Chiem-quyen-2026!' }), token), 403, 'FORBIDDEN').message,
        ).toBe(ADMIN_ACCOUNT);
        expectError(await post('/api/users/1/lock', token), 403, 'FORBIDDEN');
        expectError(await t.call({ method: 'DELETE', url: '/api/users/1', token }), 403, 'FORBIDDEN');
      }
      expect(await get('/api/users/1')).toMatchObject({ username: 'admin', status: 'active' });
      expect((await signIn('admin', 'Admin@12345')).statusCode).toBe(200);
    });

    it('no one but an administrator hands out the admin role, nor touches a second administrator', async () => {
      const res = await post('/api/users', everyKey.token, {
        name: 'Quản trị giả',
        username: uniq('qt.gia.'),
        role_id: adminRoleId,
        password: TEST_PASSWORD,
      });
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(ADMIN_ROLE_GIVEN);
      const admin2 = await account('Quản trị hai', adminRoleId);
      expect(expectError(await post(`/api/users/${admin2.id}/lock`, everyKey.token), 403, 'FORBIDDEN').message).toBe(
        ADMIN_ACCOUNT,
      );
    });

    it('no one but an administrator changes or deletes the admin role', async () => {
      const role = await get(`/api/roles/${adminRoleId}`);
      const res = await t.call({
        method: 'PUT',
        url: `/api/roles/${adminRoleId}`,
        token: everyKey.token,
        payload: { code: 'admin', name: 'Đổi tên', permissions: [], version: role.version },
      });
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(ADMIN_ROLE);
      expectError(await t.call({ method: 'DELETE', url: `/api/roles/${adminRoleId}`, token: everyKey.token }), 403, 'FORBIDDEN');
      expect((await get(`/api/roles/${adminRoleId}`)).name).toBe(role.name);
    });

    it('an administrator does all of it', async () => {
      const target = await account('Trần Văn Giám Đốc Hai', directorRole.id);
      const pw = await put(target.id, await editable(target.id, { password: 'Quan-tri-dat-2026', name: 'Đã đổi' }), t.adminToken);
      expect(pw.statusCode, pw.body).toBe(200);
      expect((await signIn(target.username as string, 'Quan-tri-dat-2026')).statusCode).toBe(200);
      expect((await post(`/api/users/${target.id}/lock`, t.adminToken)).statusCode).toBe(200);
      expect((await post(`/api/users/${target.id}/unlock`, t.adminToken)).statusCode).toBe(200);
      const toAdmin = await put(target.id, await editable(target.id, { role_id: adminRoleId }), t.adminToken);
      expect(toAdmin.statusCode, toAdmin.body).toBe(200);
      const created = await post('/api/users', t.adminToken, {
        name: 'Giám Đốc Ba',
        username: uniq('gd.'),
        role_id: directorRole.id,
        password: TEST_PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(201);
      const role = await get(`/api/roles/${directorRole.id}`);
      const edit = await t.call({
        method: 'PUT',
        url: `/api/roles/${directorRole.id}`,
        token: t.adminToken,
        payload: { code: role.code, name: role.name, permissions: [...DIRECTOR_KEYS, 'settings.edit'], version: role.version },
      });
      expect(edit.statusCode, edit.body).toBe(200);
    });
  });

  describe('roles', () => {
    const roleBody = async (id: number, changes: Record<string, unknown> = {}) => {
      const r = await get(`/api/roles/${id}`);
      return {
        code: r.code,
        name: r.name,
        description: r.description,
        permissions: r.permissions,
        version: r.version,
        ...changes,
      };
    };
    const putRole = async (id: number, changes: Record<string, unknown>, token: string) =>
      t.call({ method: 'PUT', url: `/api/roles/${id}`, token, payload: await roleBody(id, changes) });

    it('adding a key the actor does not hold to a role is refused; one they hold may be added', async () => {
      const role = await createRole(t, { code: uniq('kt'), name: 'Kỹ thuật', permissions: [] });
      const res = await putRole(role.id, { permissions: ['works.all'] }, hr.token);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(GRANT_BEYOND);
      expect((await get(`/api/roles/${role.id}`)).permissions).toEqual([]);
      const ok = await putRole(role.id, { permissions: ['users.index'] }, hr.token);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().permissions).toEqual(['users.index']);
    });

    it('an actor cannot raise their own role', async () => {
      const res = await putRole(hrRole.id, { permissions: [...HR_KEYS, 'works.all'] }, hr.token);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(GRANT_BEYOND);
      expect(
        (await t.call({ method: 'GET', url: '/api/auth/info', token: hr.token })).json().permissions_code.includes('works.all'),
      ).toBe(false);
    });

    it('a role holding a key the actor lacks cannot be edited nor deleted by them', async () => {
      const res = await putRole(directorRole.id, { name: 'Giám đốc (sửa)' }, hr.token);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(HIGHER_ROLE);
      // Taking keys away from it is an edit of it too.
      expectError(await putRole(directorRole.id, { permissions: HR_KEYS }, hr.token), 403, 'FORBIDDEN');
      const unused = await createRole(t, { code: uniq('cao'), name: 'Cao hơn', permissions: ['works.all'] });
      const del = await t.call({ method: 'DELETE', url: `/api/roles/${unused.id}`, token: hr.token });
      expect(expectError(del, 403, 'FORBIDDEN').message).toBe(HIGHER_ROLE);
      expect((await get(`/api/roles/${directorRole.id}`)).name).toBe('Giám đốc');
      expect((await get(`/api/roles/${unused.id}`)).permissions).toEqual(['works.all']);
    });

    it('creating a role with a key the actor lacks is refused; within their keys it is created', async () => {
      const code = uniq('moi');
      const res = await post('/api/roles', hr.token, { code, name: 'Vai trò mới', permissions: ['users.index', 'leaves.all'] });
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(GRANT_BEYOND);
      expect((await get(`/api/roles?search=${code}`)).data).toEqual([]);
      const ok = await post('/api/roles', hr.token, { code, name: 'Vai trò mới', permissions: ['users.index', 'roles.index'] });
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('a peer role with the same keys may be edited', async () => {
      const twin = await createRole(t, { code: uniq('ns'), name: 'Nhân sự 2', permissions: HR_KEYS });
      const res = await putRole(twin.id, { name: 'Nhân sự chi nhánh' }, hr.token);
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
