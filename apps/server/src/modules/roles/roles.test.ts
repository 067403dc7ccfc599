import { PERMISSION_KEYS } from '@qlcv/common/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  type Created,
  createRole,
  expectError,
  expectNoSecrets,
  expectXlsx,
  looksVietnamese,
  uniq,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

describe('roles', () => {
  let t: TestApp;
  let adminRoleId: number;

  const list = (query: string, token = t.adminToken) => t.call({ method: 'GET', url: `/api/roles?${query}`, token });
  const codesOf = (res: { json(): { data: { code: string }[] } }) => res.json().data.map((r) => r.code);

  beforeAll(async () => {
    t = await createTestApp();
    const info = await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken });
    adminRoleId = info.json().user.role.id;
    // A small, searchable set: three for sorting and paging, Vietnamese names for search.
    await createRole(t, { code: 'srtb', name: 'Sắp xếp B' });
    await createRole(t, { code: 'srta', name: 'Sắp xếp A' });
    await createRole(t, { code: 'srtc', name: 'Sắp xếp C' });
    await createRole(t, { code: 'QLK', name: 'Quản lý kho', description: 'Nhập xuất vật tư' });
    await createRole(t, { code: 'DH', name: 'Điều hành' });
    await createRole(t, { code: 'PCT', name: 'Giảm 100% phí' });
    await createRole(t, { code: 'P100', name: 'Giảm 1000 phí' });
    await createRole(t, { code: 'UND', name: 'Nhóm a_b' });
    await createRole(t, { code: 'UNX', name: 'Nhóm axb' });
  });
  afterAll(() => t?.close());

  describe('options', () => {
    const options = (token: string | null) => t.call({ method: 'GET', url: '/api/roles/options', token });

    it('gives the role pickers id, code and name of every role to each accepted key', async () => {
      for (const key of ['roles.index', 'users.create', 'users.edit'] as const) {
        const res = await options((await t.userWith([key])).token);
        expect(res.statusCode, key).toBe(200);
        const rows = res.json() as { id: number; code: string; name: string }[];
        for (const row of rows) expect(Object.keys(row).sort()).toEqual(['code', 'id', 'name']);
        expect(rows.find((r) => r.code === 'QLK')).toMatchObject({ name: 'Quản lý kho' });
        expect(rows.map((r) => r.code)).toContain('srta');
        expect(res.body).not.toContain('permissions');
        expect(res.body).not.toContain('version');
        expectNoSecrets(res);
      }
    });

    it('answers 403 without an accepted key and 401 without a token', async () => {
      const accepted = [
        'roles.index',
        'users.create',
        'users.edit',
        'setting_notifications.create',
        'setting_notifications.edit',
      ];
      const others = PERMISSION_KEYS.filter((k) => !accepted.includes(k));
      expectError(await options((await t.userWith(others)).token), 403, 'FORBIDDEN');
      expectError(await options(null), 401, 'UNAUTHENTICATED');
    });
  });

  describe('list', () => {
    it('answers { data, meta } with the page meta', async () => {
      const res = await list('search=srt&per_page=2&page=2&sort=code');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
      expect(codesOf(res)).toEqual(['srtc']);
      expectNoSecrets(res);
    });

    it('a page past the end is empty but keeps the totals', async () => {
      const res = await list('search=srt&per_page=2&page=5');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
      expect(res.json().meta).toEqual({ current_page: 5, per_page: 2, total: 3, last_page: 2 });
    });

    it('clamps per_page to 100', async () => {
      const res = await list('per_page=500');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta.per_page).toBe(100);
    });

    it('per_page=all returns every row on one page', async () => {
      const all = await list('per_page=all');
      expect(all.statusCode).toBe(200);
      const { data, meta } = all.json();
      expect(meta.current_page).toBe(1);
      expect(meta.last_page).toBe(1);
      expect(data.length).toBe(meta.total);
      expect(meta.total).toBeGreaterThanOrEqual(10);
      const paged = await list('per_page=3');
      expect(paged.json().data).toHaveLength(3);
      expect(paged.json().meta.total).toBe(meta.total);
    });

    it('refuses a bad page or per_page with 422', async () => {
      expectError(await list('page=0'), 422, 'VALIDATION_FAILED', 'page');
      expectError(await list('per_page=0'), 422, 'VALIDATION_FAILED', 'per_page');
      expectError(await list('per_page=abc'), 422, 'VALIDATION_FAILED', 'per_page');
    });

    it('sorts ascending and descending by an allowed column', async () => {
      expect(codesOf(await list('search=srt&sort=code'))).toEqual(['srta', 'srtb', 'srtc']);
      expect(codesOf(await list('search=srt&sort=-code'))).toEqual(['srtc', 'srtb', 'srta']);
      expect(codesOf(await list('search=srt&sort=name'))).toEqual(['srta', 'srtb', 'srtc']);
      expect(codesOf(await list('search=srt&sort=-name'))).toEqual(['srtc', 'srtb', 'srta']);
    });

    it('refuses an unknown sort column with 422 naming the field', async () => {
      const body = expectError(await list('sort=password_hash'), 422, 'VALIDATION_FAILED', 'sort');
      expect(looksVietnamese(body.message)).toBe(true);
      expectError(await list('sort=-search_text'), 422, 'VALIDATION_FAILED', 'sort');
      expectError(await list('sort=name;drop'), 422, 'VALIDATION_FAILED', 'sort');
    });

    it('searches without accents, case or đ', async () => {
      expect(codesOf(await list('search=quan%20ly%20kho'))).toEqual(['QLK']);
      expect(codesOf(await list(`search=${encodeURIComponent('QUẢN LÝ')}`))).toEqual(['QLK']);
      expect(codesOf(await list('search=dieu%20hanh'))).toEqual(['DH']);
      expect(codesOf(await list('search=d'))).toContain('DH');
      // The description is searched too.
      expect(codesOf(await list('search=vat%20tu'))).toEqual(['QLK']);
      expect(codesOf(await list('search=khong-co-gi-nhu-vay'))).toEqual([]);
    });

    it('treats % and _ typed in the search literally', async () => {
      expect(codesOf(await list('search=100%25'))).toEqual(['PCT']);
      expect(codesOf(await list('search=a_b'))).toEqual(['UND']);
      expect(codesOf(await list('search=%25'))).toEqual(['PCT']);
    });

    it('shows the role with its keys and user count', async () => {
      const res = await list('search=quan%20ly%20kho');
      const role = res.json().data[0];
      expect(role).toMatchObject({ code: 'QLK', name: 'Quản lý kho', is_system: false, users_count: 0, version: 1 });
      expect(role.permissions).toEqual([]);
    });
  });

  describe('create', () => {
    it('creates a role with its permission keys (duplicates dropped)', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/roles',
        token: t.adminToken,
        payload: {
          code: 'HR',
          name: 'Nhân sự',
          description: 'Phòng nhân sự',
          permissions: ['users.index', 'users.show', 'users.index'],
        },
      });
      expect(res.statusCode).toBe(201);
      const role = res.json();
      expect(role).toMatchObject({ code: 'HR', name: 'Nhân sự', description: 'Phòng nhân sự', is_system: false, version: 1 });
      expect([...role.permissions].sort()).toEqual(['users.index', 'users.show']);
      expect(typeof role.id).toBe('number');
      expect(role.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expectNoSecrets(res);
      const shown = await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: t.adminToken });
      expect(shown.json()).toEqual(role);
    });

    it('refuses missing and invalid fields with Vietnamese messages per field', async () => {
      const missing = expectError(
        await t.call({ method: 'POST', url: '/api/roles', token: t.adminToken, payload: {} }),
        422,
        'VALIDATION_FAILED',
        'code',
      );
      expect(missing.errors.find((e) => e.field === 'name')?.message).toBe('Vui lòng nhập tên vai trò');
      expect(missing.errors.find((e) => e.field === 'code')?.message).toBe('Vui lòng nhập mã vai trò');

      const bad = expectError(
        await t.call({
          method: 'POST',
          url: '/api/roles',
          token: t.adminToken,
          payload: { code: 'mã có dấu', name: '   ', permissions: ['users.index', 'users.delete'] },
        }),
        422,
        'VALIDATION_FAILED',
        'permissions.1',
      );
      expect(bad.errors.map((e) => e.field).sort()).toEqual(['code', 'name', 'permissions.1']);
      for (const e of bad.errors) expect(looksVietnamese(e.message)).toBe(true);
    });

    it('refuses a duplicate code with 422 on code', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/roles',
        token: t.adminToken,
        payload: { code: 'QLK', name: 'Khác' },
      });
      const body = expectError(res, 422, 'VALIDATION_FAILED', 'code');
      expect(body.message).toBe('Mã vai trò đã tồn tại.');
    });

    it('ignores fields a caller may not set: is_system, users_count, version, id', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/roles',
        token: t.adminToken,
        payload: { code: 'MASS', name: 'Gán lén', is_system: true, users_count: 99, version: 7, id: 424242, created_by: 5 },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ is_system: false, users_count: 0, version: 1 });
      expect(res.json().id).not.toBe(424242);
      // Not a system role, so it can be deleted.
      expect((await t.call({ method: 'DELETE', url: `/api/roles/${res.json().id}`, token: t.adminToken })).statusCode).toBe(204);
    });

    it('refuses the reserved admin code', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/roles',
        token: t.adminToken,
        payload: { code: 'admin', name: 'Giả mạo' },
      });
      expectError(res, 422, 'VALIDATION_FAILED', 'code');
    });

    it('refuses a body that is not JSON with 4xx, never 500', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/roles',
        token: t.adminToken,
        headers: { 'content-type': 'application/json' },
        payload: '{"code":',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().errors).toEqual([]);
    });
  });

  describe('show', () => {
    it('answers 404 NOT_FOUND for a missing id and 422 for a non-numeric one', async () => {
      const missing = expectError(
        await t.call({ method: 'GET', url: '/api/roles/999999', token: t.adminToken }),
        404,
        'NOT_FOUND',
      );
      expect(missing.message).toBe('Không tìm thấy vai trò.');
      expectError(await t.call({ method: 'GET', url: '/api/roles/abc', token: t.adminToken }), 422, 'VALIDATION_FAILED', 'id');
      expectError(await t.call({ method: 'GET', url: '/api/roles/0', token: t.adminToken }), 422, 'VALIDATION_FAILED', 'id');
      expectError(await t.call({ method: 'GET', url: '/api/roles/1.5', token: t.adminToken }), 422, 'VALIDATION_FAILED', 'id');
    });

    it('opens with roles.show or roles.edit, not with roles.index alone', async () => {
      const role = await createRole(t, { code: uniq('show'), name: 'Xem' });
      const indexOnly = await t.userWith(['roles.index']);
      expectError(await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: indexOnly.token }), 403, 'FORBIDDEN');
      const editOnly = await t.userWith(['roles.edit']);
      expect((await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: editOnly.token })).statusCode).toBe(200);
    });
  });

  describe('update', () => {
    let role: Created;
    beforeAll(async () => {
      role = await createRole(t, { code: 'UPD', name: 'Cập nhật', permissions: ['users.index'] });
    });

    it('updates the fields, replaces the keys and bumps the version', async () => {
      const res = await t.call({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        token: t.adminToken,
        payload: { code: 'UPD2', name: 'Cập nhật mới', description: 'Mô tả', permissions: ['roles.index'], version: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: role.id, code: 'UPD2', name: 'Cập nhật mới', description: 'Mô tả', version: 2 });
      expect(res.json().permissions).toEqual(['roles.index']);
      expectNoSecrets(res);
      // The new name is searchable at once.
      expect(codesOf(await list('search=cap%20nhat%20moi'))).toEqual(['UPD2']);
    });

    it('refuses a stale version with 409 CONFLICT and keeps the other edit', async () => {
      const current = (await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: t.adminToken })).json();
      const base = { code: current.code, permissions: current.permissions, version: current.version };
      const first = await t.call({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        token: t.adminToken,
        payload: { ...base, name: 'Bản của An' },
      });
      expect(first.statusCode).toBe(200);
      const second = await t.call({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        token: t.adminToken,
        payload: { ...base, name: 'Bản của Bình' },
      });
      const body = expectError(second, 409, 'CONFLICT');
      expect(looksVietnamese(body.message)).toBe(true);
      const after = (await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: t.adminToken })).json();
      expect(after.name).toBe('Bản của An');
      expect(after.version).toBe(current.version + 1);
    });

    it('refuses an update without version (422) and a missing role (404)', async () => {
      const res = await t.call({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        token: t.adminToken,
        payload: { code: 'UPD2', name: 'Không phiên bản' },
      });
      const body = expectError(res, 422, 'VALIDATION_FAILED', 'version');
      expect(body.errors.find((e) => e.field === 'version')?.message).toBe('Thiếu phiên bản bản ghi (version)');
      expectError(
        await t.call({
          method: 'PUT',
          url: '/api/roles/999999',
          token: t.adminToken,
          payload: { code: 'zz', name: 'Z', version: 1 },
        }),
        404,
        'NOT_FOUND',
      );
    });

    it('refuses taking another role’s code', async () => {
      const current = (await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: t.adminToken })).json();
      const res = await t.call({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        token: t.adminToken,
        payload: { code: 'QLK', name: current.name, version: current.version },
      });
      expectError(res, 422, 'VALIDATION_FAILED', 'code');
    });

    it('a key given or taken away applies to the role’s users at once', async () => {
      const u = await t.userWith(['roles.index']);
      expectError(await t.call({ method: 'GET', url: '/api/users', token: u.token }), 403, 'FORBIDDEN');
      const r = (await t.call({ method: 'GET', url: `/api/roles/${u.roleId}`, token: t.adminToken })).json();
      const give = await t.call({
        method: 'PUT',
        url: `/api/roles/${u.roleId}`,
        token: t.adminToken,
        payload: { code: r.code, name: r.name, permissions: ['roles.index', 'users.index'], version: r.version },
      });
      expect(give.statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/users', token: u.token })).statusCode).toBe(200);
      const take = await t.call({
        method: 'PUT',
        url: `/api/roles/${u.roleId}`,
        token: t.adminToken,
        payload: { code: r.code, name: r.name, permissions: ['roles.index'], version: r.version + 1 },
      });
      expect(take.statusCode).toBe(200);
      expectError(await t.call({ method: 'GET', url: '/api/users', token: u.token }), 403, 'FORBIDDEN');
      const info = await t.call({ method: 'GET', url: '/api/auth/info', token: u.token });
      expect(info.json().permissions_code).toEqual(['roles.index']);
    });
  });

  describe('delete', () => {
    it('deletes an unused role (204) and then answers 404', async () => {
      const role = await createRole(t, { code: uniq('del'), name: 'Xóa được', permissions: ['users.index'] });
      const res = await t.call({ method: 'DELETE', url: `/api/roles/${role.id}`, token: t.adminToken });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expectError(await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: t.adminToken }), 404, 'NOT_FOUND');
      expectError(await t.call({ method: 'DELETE', url: `/api/roles/${role.id}`, token: t.adminToken }), 404, 'NOT_FOUND');
    });

    it('refuses to delete a role that users hold, saying how many', async () => {
      const u = await t.userWith(['users.index']);
      const res = await t.call({ method: 'DELETE', url: `/api/roles/${u.roleId}`, token: t.adminToken });
      const body = expectError(res, 409, 'CONFLICT');
      expect(body.message).toContain('1 người dùng');
      expect((await t.call({ method: 'GET', url: `/api/roles/${u.roleId}`, token: t.adminToken })).statusCode).toBe(200);
      // The user still works with it.
      expect((await t.call({ method: 'GET', url: '/api/users', token: u.token })).statusCode).toBe(200);
    });

    it('needs roles.edit: roles.create alone is not enough', async () => {
      const role = await createRole(t, { code: uniq('keep'), name: 'Giữ lại' });
      const creator = await t.userWith(['roles.create']);
      expectError(await t.call({ method: 'DELETE', url: `/api/roles/${role.id}`, token: creator.token }), 403, 'FORBIDDEN');
      expect((await t.call({ method: 'GET', url: `/api/roles/${role.id}`, token: t.adminToken })).statusCode).toBe(200);
    });
  });

  describe('the admin role', () => {
    it('holds every permission key of the catalogue', async () => {
      const res = await t.call({ method: 'GET', url: `/api/roles/${adminRoleId}`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'admin', is_system: true });
      expect([...res.json().permissions].sort()).toEqual([...PERMISSION_KEYS].sort());
      const info = await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken });
      expect([...info.json().permissions_code].sort()).toEqual([...PERMISSION_KEYS].sort());
    });

    it('keeps every key when someone PUTs a shorter list', async () => {
      const before = (await t.call({ method: 'GET', url: `/api/roles/${adminRoleId}`, token: t.adminToken })).json();
      const res = await t.call({
        method: 'PUT',
        url: `/api/roles/${adminRoleId}`,
        token: t.adminToken,
        payload: { code: 'admin', name: 'Quản trị', permissions: ['users.index'], version: before.version },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Quản trị');
      expect([...res.json().permissions].sort()).toEqual([...PERMISSION_KEYS].sort());
      // And still passes every check.
      expect((await t.call({ method: 'GET', url: '/api/departments', token: t.adminToken })).statusCode).toBe(200);
      expect(
        (await t.call({ method: 'POST', url: '/api/roles', token: t.adminToken, payload: { code: uniq('after'), name: 'Sau' } }))
          .statusCode,
      ).toBe(201);
      const info = await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken });
      expect(info.json().permissions_code).toHaveLength(PERMISSION_KEYS.length);
    });

    it('cannot change its code', async () => {
      const current = (await t.call({ method: 'GET', url: `/api/roles/${adminRoleId}`, token: t.adminToken })).json();
      const res = await t.call({
        method: 'PUT',
        url: `/api/roles/${adminRoleId}`,
        token: t.adminToken,
        payload: { code: 'sieuquantri', name: current.name, version: current.version },
      });
      const body = expectError(res, 422, 'VALIDATION_FAILED', 'code');
      expect(looksVietnamese(body.message)).toBe(true);
      const after = (await t.call({ method: 'GET', url: `/api/roles/${adminRoleId}`, token: t.adminToken })).json();
      expect(after.code).toBe('admin');
      expect(after.version).toBe(current.version);
    });

    it('cannot be deleted', async () => {
      const res = await t.call({ method: 'DELETE', url: `/api/roles/${adminRoleId}`, token: t.adminToken });
      const body = expectError(res, 409, 'CONFLICT');
      expect(body.message).toBe('Không thể xóa vai trò hệ thống.');
      expect((await t.call({ method: 'GET', url: `/api/roles/${adminRoleId}`, token: t.adminToken })).statusCode).toBe(200);
    });
  });

  describe('export', () => {
    beforeAll(async () => {
      await createRole(t, { code: 'XK1', name: 'Xuất khẩu một', permissions: ['users.index', 'users.show'] });
      await createRole(t, { code: 'XK2', name: 'Xuất khẩu hai' });
      await createRole(t, { code: 'XK3', name: '=HYPERLINK("http://x.vn","xuất khẩu")', description: '@SUM(1+1)' });
      await createRole(t, { code: 'XK4', name: '+Xuất khẩu bốn', description: '-10' });
    });

    it('returns the whole filtered list as .xlsx, not one page', async () => {
      const res = await t.call({
        method: 'GET',
        url: '/api/roles?search=xuat%20khau&per_page=1&sort=code',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'vai-tro');
      expect(rows[0]).toEqual(['Mã', 'Tên vai trò', 'Mô tả', 'Số người dùng', 'Số quyền', 'Quyền']);
      expect(rows.slice(1).map((r) => r[0])).toEqual(['XK1', 'XK2', 'XK3', 'XK4']);
      expect(rows[1]?.[1]).toBe('Xuất khẩu một');
      expect(rows[1]?.[4]).toBe(2);
    });

    it('never writes user text as a formula', async () => {
      const res = await t.call({
        method: 'GET',
        url: '/api/roles?search=xuat%20khau',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'vai-tro');
      const xk3 = rows.find((r) => r[0] === 'XK3');
      const xk4 = rows.find((r) => r[0] === 'XK4');
      expect(xk3?.[1]).toBe('\'=HYPERLINK("http://x.vn","xuất khẩu")');
      expect(xk3?.[2]).toBe("'@SUM(1+1)");
      expect(xk4?.[1]).toBe("'+Xuất khẩu bốn");
      expect(xk4?.[2]).toBe("'-10");
      for (const row of rows)
        for (const cell of row) expect(typeof cell === 'object' && cell !== null && 'formula' in cell).toBe(false);
    });

    it('without the header the same GET is the JSON list', async () => {
      const res = await t.call({ method: 'GET', url: '/api/roles?search=xuat%20khau&per_page=1', token: t.adminToken });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().data).toHaveLength(1);
      expect(res.json().meta.total).toBe(4);
    });

    it('applies the same checks: an unknown sort is 422, no key is 403', async () => {
      expectError(
        await t.call({ method: 'GET', url: '/api/roles?sort=secret', token: t.adminToken, headers: { 'x-export': 'xlsx' } }),
        422,
        'VALIDATION_FAILED',
        'sort',
      );
      const u = await t.userWith(['users.index']);
      expectError(
        await t.call({ method: 'GET', url: '/api/roles', token: u.token, headers: { 'x-export': 'xlsx' } }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('history', () => {
    it('writes create, update and delete to the audit log with the actor', async () => {
      const role = await createRole(t, { code: 'AUD', name: 'Lịch sử', permissions: ['users.index'] });
      await t.call({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        token: t.adminToken,
        payload: { code: 'AUD', name: 'Lịch sử mới', permissions: ['users.index', 'users.show'], version: 1 },
      });
      await t.call({ method: 'DELETE', url: `/api/roles/${role.id}`, token: t.adminToken });
      const entries = await auditOf(t, 'roles', role.id);
      expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      for (const e of entries) expect(e.user).toEqual({ id: 1, name: 'Quản trị viên' });
      expect(entries[1]?.changes?.name).toEqual(['Lịch sử', 'Lịch sử mới']);
      expect(entries[1]?.changes?.permissions).toEqual([['users.index'], ['users.index', 'users.show']]);
      expect(entries[2]?.changes?.code).toEqual([null, 'AUD']);
      expect(entries[0]?.changes?.name).toEqual(['Lịch sử mới', null]);
    });
  });
});
