import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  type Created,
  createDepartment,
  createRole,
  createUser,
  expectError,
  expectNoSecrets,
  expectXlsx,
  looksVietnamese,
  uniq,
  xlsxNumFmt,
} from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

describe('users', () => {
  let t: TestApp;
  let adminRoleId: number;
  let staffRole: Created;
  let techRole: Created;
  let tech: Created;
  let sales: Created;
  const people: Record<string, Created> = {};

  const list = (query: string, token = t.adminToken) => t.call({ method: 'GET', url: `/api/users?${query}`, token });
  const usernames = (res: { json(): { data: { username: string }[] } }) => res.json().data.map((u) => u.username);
  const get = async (id: number) => (await t.call({ method: 'GET', url: `/api/users/${id}`, token: t.adminToken })).json();
  const put = (id: number, payload: Record<string, unknown>, token = t.adminToken) =>
    t.call({ method: 'PUT', url: `/api/users/${id}`, token, payload });
  /** The editable fields of a user as its GET shows them, ready for a PUT. */
  const editable = (u: Record<string, unknown>) => ({
    name: u.name,
    username: u.username,
    email: u.email,
    mobile: u.mobile,
    role_id: u.role_id,
    department_id: u.department_id,
    position: u.position,
    gender: u.gender,
    birthday: u.birthday,
    joined_at: u.joined_at,
    address: u.address,
    version: u.version,
  });

  beforeAll(async () => {
    t = await createTestApp();
    adminRoleId = (await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken })).json().user.role.id;
    staffRole = await createRole(t, { code: 'NV', name: 'Nhân viên' });
    techRole = await createRole(t, { code: 'KTV', name: 'Kỹ thuật viên' });
    tech = await createDepartment(t, { code: 'KT', name: 'Phòng Kỹ thuật' });
    sales = await createDepartment(t, { code: 'KD', name: 'Phòng Kinh doanh' });
    const seed: [string, string, Created, Created | null][] = [
      ['an', 'Nguyễn Văn An', techRole, tech],
      ['anh', 'Nguyễn Văn Anh', staffRole, tech],
      ['hoa', 'Đặng Thị Hoa', staffRole, sales],
      ['binh', 'Trần Văn Bình', techRole, null],
      ['le_vui', 'Lê Vui 100%', staffRole, null],
      ['lexvui', 'Lê Vui 1000', staffRole, null],
    ];
    for (const [username, name, role, dep] of seed) {
      people[username] = await createUser(t, {
        name,
        username: `f.${username}`,
        role_id: role.id,
        department_id: dep?.id ?? null,
        password: TEST_PASSWORD,
      });
    }
    const locked = await t.call({ method: 'POST', url: `/api/users/${people.hoa!.id}/lock`, token: t.adminToken });
    expect(locked.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  describe('options', () => {
    type Option = { id: number; code: string; name: string; department_id: number | null; position: string | null };
    const options = (query: string, token: string | null = t.adminToken) =>
      t.call({ method: 'GET', url: `/api/users/options?${query}`, token });
    const idsOf = (res: { json(): Option[] }) => res.json().map((u) => u.id);

    it('gives any signed-in user, even one holding no key, the picker fields of active users only', async () => {
      const res = await options('search=nguyen%20van', (await t.userWith([])).token);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Option[];
      expect(rows.map((u) => u.id).sort()).toEqual([people.an!.id, people.anh!.id].sort());
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['code', 'department_id', 'id', 'name', 'position']);
      expect(rows.find((u) => u.id === people.an!.id)).toMatchObject({ name: 'Nguyễn Văn An', department_id: tech.id });
      for (const word of ['username', 'email', 'mobile', 'role', 'status', 'version']) expect(res.body).not.toContain(word);
      expectNoSecrets(res);
      // Đặng Thị Hoa is locked: not offered.
      expect(idsOf(await options('search=hoa'))).toEqual([]);
    });

    it('searches without accents, case or đ, and treats % literally', async () => {
      expect(idsOf(await options(`search=${encodeURIComponent('TRẦN BÌNH')}`))).toEqual([people.binh!.id]);
      expect(idsOf(await options('search=tran%20binh'))).toEqual([people.binh!.id]);
      expect(idsOf(await options('search=100%25'))).toEqual([people.le_vui!.id]);
      expect(idsOf(await options('search=khong-co-ai'))).toEqual([]);
    });

    it('filters by department, sub-departments included', async () => {
      const lab = await createDepartment(t, { code: uniq('PTN'), name: 'Tổ thí nghiệm', parent_id: tech.id });
      const labUser = await createUser(t, {
        name: 'Phạm Thí Nghiệm',
        username: uniq('opt.lab'),
        role_id: staffRole.id,
        department_id: lab.id,
        password: TEST_PASSWORD,
      });
      expect(idsOf(await options(`department_id=${tech.id}`)).sort()).toEqual([people.an!.id, people.anh!.id, labUser.id].sort());
      expect(idsOf(await options(`department_id=${lab.id}`))).toEqual([labUser.id]);
      expect(idsOf(await options(`department_id=${tech.id}&search=anh`))).toEqual([people.anh!.id]);
      // Đặng Thị Hoa (locked) is the only one in sales.
      expect(idsOf(await options(`department_id=${sales.id}`))).toEqual([]);
    });

    it('ids=… labels the current values, a locked user included', async () => {
      const res = await options(`ids=${people.hoa!.id},${people.binh!.id}`);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res).sort()).toEqual([people.hoa!.id, people.binh!.id].sort());
      expectError(await options('ids=abc'), 422, 'VALIDATION_FAILED', 'ids.0');
    });

    it('returns at most 50', async () => {
      for (let i = 0; i < 51; i++) {
        await createUser(t, {
          name: `Nhân viên Lô ${i}`,
          username: uniq('opt.lo'),
          role_id: staffRole.id,
          password: TEST_PASSWORD,
        });
      }
      expect((await options('search=nhan%20vien%20lo')).json()).toHaveLength(50);
    });

    it('answers 401 without a token', async () => {
      expectError(await options('', null), 401, 'UNAUTHENTICATED');
    });
  });

  describe('list', () => {
    it('answers { data, meta } and pages', async () => {
      const res = await list('search=f.&per_page=4&page=2&sort=username');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toEqual({ current_page: 2, per_page: 4, total: 6, last_page: 2 });
      expect(usernames(res)).toEqual(['f.le_vui', 'f.lexvui']);
      expectNoSecrets(res);
    });

    it('clamps per_page to 100 and serves per_page=all', async () => {
      expect((await list('per_page=1000')).json().meta.per_page).toBe(100);
      const all = (await list('per_page=all')).json();
      expect(all.data.length).toBe(all.meta.total);
      expect(all.meta.total).toBeGreaterThanOrEqual(7);
    });

    it('sorts by an allowed column both ways and refuses others', async () => {
      const asc = usernames(await list('search=f.&sort=username'));
      expect(asc).toEqual(['f.an', 'f.anh', 'f.binh', 'f.hoa', 'f.le_vui', 'f.lexvui']);
      expect(usernames(await list('search=f.&sort=-username'))).toEqual([...asc].reverse());
      const byCode = (await list('search=f.&sort=code')).json().data.map((u: { code: string }) => u.code);
      expect(byCode).toEqual([...byCode].sort());
      const byCodeDesc = (await list('search=f.&sort=-code')).json().data.map((u: { code: string }) => u.code);
      expect(byCodeDesc).toEqual([...byCode].reverse());
      expectError(await list('sort=password_hash'), 422, 'VALIDATION_FAILED', 'sort');
      expectError(await list('sort=-email'), 422, 'VALIDATION_FAILED', 'sort');
    });

    it('sorts by last login the same on every database: never signed in comes last, both ways', async () => {
      // f.binh signs in twice, f.an once in between; the others never have.
      await t.login('f.binh');
      await new Promise((r) => setTimeout(r, 5));
      await t.login('f.an');
      const asc = usernames(await list('search=f.&sort=last_login_at'));
      expect(asc.slice(0, 2)).toEqual(['f.binh', 'f.an']);
      expect(asc).toHaveLength(6);
      const desc = usernames(await list('search=f.&sort=-last_login_at'));
      expect(desc.slice(0, 2)).toEqual(['f.an', 'f.binh']);
      expect(desc).toHaveLength(6);
    });

    it('searches without accents, case or đ', async () => {
      expect(usernames(await list('search=nguyen%20van%20an&sort=username'))).toEqual(['f.an', 'f.anh']);
      expect(usernames(await list(`search=${encodeURIComponent('NGUYỄN VĂN ANH')}`))).toEqual(['f.anh']);
      expect(usernames(await list('search=dang%20thi'))).toEqual(['f.hoa']);
      expect(usernames(await list('search=d')).includes('f.hoa')).toBe(true);
      expect(usernames(await list('search=tran%20van%20binh'))).toEqual(['f.binh']);
      // Code and user name are searched too.
      const code = people.binh!.code as string;
      expect(usernames(await list(`search=${code.toLowerCase()}`))).toEqual(['f.binh']);
    });

    it('treats % and _ typed in the search literally', async () => {
      expect(usernames(await list('search=100%25'))).toEqual(['f.le_vui']);
      expect(usernames(await list('search=le_v'))).toEqual(['f.le_vui']);
    });

    it('filters by role, department and status', async () => {
      expect(usernames(await list(`role_id=${techRole.id}&sort=username`))).toEqual(['f.an', 'f.binh']);
      expect(usernames(await list(`department_id=${tech.id}&sort=username`))).toEqual(['f.an', 'f.anh']);
      expect(usernames(await list('status=locked'))).toEqual(['f.hoa']);
      const everyone = (await list('per_page=all')).json().meta.total;
      expect((await list('status=active,locked')).json().meta.total).toBe(everyone);
      expect((await list('status=active')).json().meta.total).toBe(everyone - 1);
      expect(usernames(await list(`role_id=${staffRole.id}&status=locked`))).toEqual(['f.hoa']);
      expect(usernames(await list(`role_id=${techRole.id}&department_id=${sales.id}`))).toEqual([]);
    });

    it('refuses a bad filter value with 422', async () => {
      expectError(await list('status=deleted'), 422, 'VALIDATION_FAILED');
      expectError(await list('role_id=abc'), 422, 'VALIDATION_FAILED', 'role_id');
      expectError(await list('department_id=-1'), 422, 'VALIDATION_FAILED', 'department_id');
    });

    it('shows the role and department of each user', async () => {
      const an = (await list('search=f.an&sort=username')).json().data[0];
      expect(an).toMatchObject({
        username: 'f.an',
        name: 'Nguyễn Văn An',
        role_id: techRole.id,
        role: { id: techRole.id, code: 'KTV', name: 'Kỹ thuật viên' },
        department_id: tech.id,
        department: { id: tech.id, name: 'Phòng Kỹ thuật' },
        status: 'active',
      });
    });
  });

  describe('create', () => {
    it('creates a user with the next employee code and a normalised mobile and e-mail', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/users',
        token: t.adminToken,
        payload: {
          name: 'Phạm Minh Châu',
          username: 'Chau.Pham',
          email: 'Chau.Pham@Example.VN',
          mobile: '+84 912 345 678',
          role_id: staffRole.id,
          department_id: tech.id,
          position: 'Kỹ sư',
          gender: 'female',
          birthday: '1995-03-08',
          joined_at: '2024-07-01',
          address: '12 Lý Thường Kiệt, Hà Nội',
          password: TEST_PASSWORD,
        },
      });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        name: 'Phạm Minh Châu',
        username: 'chau.pham',
        email: 'chau.pham@example.vn',
        mobile: '0912345678',
        department: { id: tech.id, name: 'Phòng Kỹ thuật' },
        position: 'Kỹ sư',
        gender: 'female',
        birthday: '1995-03-08',
        joined_at: '2024-07-01',
        status: 'active',
        last_login_at: null,
        version: 1,
      });
      expect(user.code).toMatch(/^NV\d{4}$/);
      expectNoSecrets(res);
      expect(await get(user.id)).toEqual(user);
      // The stored mobile and e-mail sign in.
      expect(await t.login('0912345678')).toBeTruthy();
      expect(await t.login('chau.pham@example.vn')).toBeTruthy();
    });

    it('numbers employee codes NV0001, NV0002, … without reusing one', async () => {
      const admin = await get(1);
      expect(admin.code).toBe('NV0001');
      const a = await createUser(t, { name: 'Mã một', username: uniq('seq'), role_id: staffRole.id, password: TEST_PASSWORD });
      const failed = await t.call({
        method: 'POST',
        url: '/api/users',
        token: t.adminToken,
        payload: { name: 'Trùng', username: 'f.an', role_id: staffRole.id, password: TEST_PASSWORD },
      });
      expect(failed.statusCode).toBe(422);
      const b = await createUser(t, { name: 'Mã hai', username: uniq('seq'), role_id: staffRole.id, password: TEST_PASSWORD });
      const n = (code: unknown) => Number(String(code).slice(2));
      expect(n(b.code)).toBe(n(a.code) + 1);
      expect((await t.call({ method: 'DELETE', url: `/api/users/${b.id}`, token: t.adminToken })).statusCode).toBe(204);
      const c = await createUser(t, { name: 'Mã ba', username: uniq('seq'), role_id: staffRole.id, password: TEST_PASSWORD });
      expect(n(c.code)).toBe(n(a.code) + 2);
      expect(String(c.code)).toBe(`NV${String(n(a.code) + 2).padStart(4, '0')}`);
    });

    it('refuses missing fields with Vietnamese messages per field', async () => {
      const body = expectError(
        await t.call({ method: 'POST', url: '/api/users', token: t.adminToken, payload: {} }),
        422,
        'VALIDATION_FAILED',
        'name',
      );
      const byField = Object.fromEntries(body.errors.map((e) => [e.field, e.message]));
      expect(byField).toMatchObject({
        name: 'Vui lòng nhập họ tên',
        role_id: 'Vui lòng chọn vai trò',
        password: 'Vui lòng nhập mật khẩu',
      });
      expect(looksVietnamese(byField.username ?? '')).toBe(true);
    });

    it('refuses invalid fields, each on its field', async () => {
      const base = { name: 'Sai', username: uniq('bad'), role_id: staffRole.id, password: TEST_PASSWORD };
      const cases: [Record<string, unknown>, string][] = [
        [{ email: 'khong-phai-email' }, 'email'],
        [{ mobile: '0123' }, 'mobile'],
        [{ mobile: '+1 202 555 0100' }, 'mobile'],
        [{ username: 'có dấu' }, 'username'],
        [{ username: 'ab' }, 'username'],
        [{ password: 'ngan' }, 'password'],
        [{ password: 'password' }, 'password'],
        [{ birthday: '31/12/1990' }, 'birthday'],
        [{ gender: 'x' }, 'gender'],
        [{ role_id: '2' }, 'role_id'],
        [{ name: 'a'.repeat(101) }, 'name'],
      ];
      for (const [patch, field] of cases) {
        const res = await t.call({ method: 'POST', url: '/api/users', token: t.adminToken, payload: { ...base, ...patch } });
        const body = expectError(res, 422, 'VALIDATION_FAILED', field);
        expect(looksVietnamese(body.errors.find((e) => e.field === field)?.message ?? ''), `${field}: ${res.body}`).toBe(true);
      }
    });

    it('refuses a role or department that does not exist', async () => {
      const base = { name: 'Tham chiếu', username: uniq('ref'), password: TEST_PASSWORD };
      const role = expectError(
        await t.call({ method: 'POST', url: '/api/users', token: t.adminToken, payload: { ...base, role_id: 999999 } }),
        422,
        'VALIDATION_FAILED',
        'role_id',
      );
      expect(role.message).toBe('Vai trò không tồn tại.');
      const dep = expectError(
        await t.call({
          method: 'POST',
          url: '/api/users',
          token: t.adminToken,
          payload: { ...base, role_id: staffRole.id, department_id: 999999 },
        }),
        422,
        'VALIDATION_FAILED',
        'department_id',
      );
      expect(dep.message).toBe('Phòng ban không tồn tại.');
    });

    it('refuses a username, e-mail or mobile already taken, whatever its spelling', async () => {
      await createUser(t, {
        name: 'Chủ sở hữu',
        username: 'owner.one',
        email: 'owner@qt.vn',
        mobile: '0987654321',
        role_id: staffRole.id,
        password: TEST_PASSWORD,
      });
      const base = { name: 'Trùng lặp', role_id: staffRole.id, password: TEST_PASSWORD };
      const dupes: [Record<string, unknown>, string, string][] = [
        [{ username: 'OWNER.ONE' }, 'username', 'Tên đăng nhập đã được sử dụng.'],
        [{ username: uniq('dup'), email: 'Owner@QT.vn' }, 'email', 'Email đã được sử dụng bởi người dùng khác.'],
        [{ username: uniq('dup'), mobile: '+84987654321' }, 'mobile', 'Số điện thoại đã được sử dụng bởi người dùng khác.'],
        [{ username: uniq('dup'), mobile: '098 765 4321' }, 'mobile', 'Số điện thoại đã được sử dụng bởi người dùng khác.'],
      ];
      for (const [patch, field, message] of dupes) {
        const res = await t.call({ method: 'POST', url: '/api/users', token: t.adminToken, payload: { ...base, ...patch } });
        expect(expectError(res, 422, 'VALIDATION_FAILED', field).message).toBe(message);
      }
    });

    it('gives users created at once distinct consecutive codes', async () => {
      const results = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          t.call({
            method: 'POST',
            url: '/api/users',
            token: t.adminToken,
            payload: { name: `Cùng lúc ${i}`, username: uniq('par'), role_id: staffRole.id, password: TEST_PASSWORD },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      const numbers = results.map((r) => Number(r.json().code.slice(2))).sort((a, b) => a - b);
      expect(numbers[3]! - numbers[0]!).toBe(3);
      expect(new Set(numbers).size).toBe(4);
    });

    it('stores empty optional fields as null', async () => {
      const u = await createUser(t, {
        name: 'Trống',
        username: uniq('empty'),
        email: '',
        mobile: '',
        position: '  ',
        birthday: '',
        role_id: staffRole.id,
        password: TEST_PASSWORD,
      });
      expect(u).toMatchObject({ email: null, mobile: null, position: null, birthday: null });
    });
  });

  describe('show', () => {
    it('answers 200, 404 for a missing id and 422 for a non-numeric one', async () => {
      const res = await t.call({ method: 'GET', url: `/api/users/${people.an!.id}`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: people.an!.id, username: 'f.an' });
      expectNoSecrets(res);
      expect(
        expectError(await t.call({ method: 'GET', url: '/api/users/999999', token: t.adminToken }), 404, 'NOT_FOUND').message,
      ).toBe('Không tìm thấy người dùng.');
      expectError(await t.call({ method: 'GET', url: '/api/users/abc', token: t.adminToken }), 422, 'VALIDATION_FAILED', 'id');
    });
  });

  describe('update', () => {
    let u: Created;
    beforeAll(async () => {
      u = await createUser(t, { name: 'Sửa Đổi', username: 'sua.doi', role_id: staffRole.id, password: TEST_PASSWORD });
    });

    it('updates the fields and bumps the version', async () => {
      const before = await get(u.id);
      const res = await put(u.id, {
        ...editable(before),
        name: 'Sửa Đổi Mới',
        department_id: sales.id,
        mobile: '84 333 444 555',
        position: 'Trưởng nhóm',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Sửa Đổi Mới',
        department: { id: sales.id, name: 'Phòng Kinh doanh' },
        mobile: '0333444555',
        position: 'Trưởng nhóm',
        version: before.version + 1,
        code: before.code,
      });
      expectNoSecrets(res);
      expect(usernames(await list('search=sua%20doi%20moi'))).toEqual(['sua.doi']);
    });

    it('refuses a stale version with 409 CONFLICT and keeps the other edit', async () => {
      const before = await get(u.id);
      const first = await put(u.id, { ...editable(before), position: 'Bản thứ nhất' });
      expect(first.statusCode).toBe(200);
      const second = await put(u.id, { ...editable(before), position: 'Bản thứ hai' });
      expect(looksVietnamese(expectError(second, 409, 'CONFLICT').message)).toBe(true);
      const after = await get(u.id);
      expect(after.position).toBe('Bản thứ nhất');
      expect(after.version).toBe(before.version + 1);
    });

    it('refuses an update without version (422), of a missing user (404)', async () => {
      const before = await get(u.id);
      const { version: _v, ...noVersion } = editable(before);
      expectError(await put(u.id, noVersion), 422, 'VALIDATION_FAILED', 'version');
      expectError(await put(999999, { ...editable(before) }), 404, 'NOT_FOUND');
    });

    it('refuses taking another user’s username, e-mail or mobile', async () => {
      const before = await get(u.id);
      expectError(await put(u.id, { ...editable(before), username: 'f.an' }), 422, 'VALIDATION_FAILED', 'username');
      expectError(await put(u.id, { ...editable(before), email: 'owner@qt.vn' }), 422, 'VALIDATION_FAILED', 'email');
      expectError(await put(u.id, { ...editable(before), mobile: '0987654321' }), 422, 'VALIDATION_FAILED', 'mobile');
      // Keeping one's own values is fine.
      expect((await put(u.id, editable(before))).statusCode).toBe(200);
    });

    it('a new password set by an administrator signs the user out everywhere', async () => {
      const token = await t.login('sua.doi');
      const before = await get(u.id);
      const res = await put(u.id, { ...editable(before), password: 'MatKhauMoi@2026' });
      expect(res.statusCode).toBe(200);
      expectNoSecrets(res);
      expectError(await t.call({ method: 'GET', url: '/api/auth/info', token }), 401, 'UNAUTHENTICATED');
      await expect(t.login('sua.doi')).rejects.toThrow();
      expect(await t.login('sua.doi', 'MatKhauMoi@2026')).toBeTruthy();
      // An empty password leaves it unchanged.
      const again = await get(u.id);
      expect((await put(u.id, { ...editable(again), password: '' })).statusCode).toBe(200);
      expect(await t.login('sua.doi', 'MatKhauMoi@2026')).toBeTruthy();
    });
  });

  describe('the admin role and one’s own account', () => {
    let manager: { id: number; token: string; roleId: number };
    let target: Created;
    beforeAll(async () => {
      manager = await t.userWith(['users.index', 'users.create', 'users.show', 'users.edit']);
      target = await createUser(t, { name: 'Mục tiêu', username: 'muc.tieu', role_id: staffRole.id, password: TEST_PASSWORD });
    });

    it('only an administrator hands out the admin role (403)', async () => {
      const created = await t.call({
        method: 'POST',
        url: '/api/users',
        token: manager.token,
        payload: { name: 'Leo thang', username: uniq('esc'), role_id: adminRoleId, password: TEST_PASSWORD },
      });
      expectError(created, 403, 'FORBIDDEN');
      expect((await list('search=leo%20thang')).json().data).toEqual([]);

      const before = await get(target.id);
      expectError(await put(target.id, { ...editable(before), role_id: adminRoleId }, manager.token), 403, 'FORBIDDEN');
      expect((await get(target.id)).role_id).toBe(staffRole.id);

      // The manager may hand out an ordinary role.
      expect((await put(target.id, { ...editable(before), role_id: techRole.id }, manager.token)).statusCode).toBe(200);
      // An administrator may hand out the admin role.
      const admin2 = await t.call({
        method: 'POST',
        url: '/api/users',
        token: t.adminToken,
        payload: { name: 'Quản trị hai', username: 'admin.hai', role_id: adminRoleId, password: TEST_PASSWORD },
      });
      expect(admin2.statusCode).toBe(201);
      expect(admin2.json().role.code).toBe('admin');
    });

    it('only an administrator edits, locks or deletes an admin user (403)', async () => {
      const admin = await get(1);
      expectError(await put(1, { ...editable(admin), name: 'Đổi tên' }, manager.token), 403, 'FORBIDDEN');
      expectError(await t.call({ method: 'POST', url: '/api/users/1/lock', token: manager.token }), 403, 'FORBIDDEN');
      expectError(await t.call({ method: 'DELETE', url: '/api/users/1', token: manager.token }), 403, 'FORBIDDEN');
      const after = await get(1);
      expect(after).toMatchObject({ name: admin.name, status: 'active', version: admin.version });
      expect((await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken })).statusCode).toBe(200);
    });

    it('a user cannot change their own role', async () => {
      const me = await get(manager.id);
      const res = await put(manager.id, { ...editable(me), role_id: staffRole.id }, manager.token);
      expect(expectError(res, 422, 'VALIDATION_FAILED', 'role_id').message).toBe('Bạn không thể tự đổi vai trò của mình.');
      const admin = await get(1);
      expectError(await put(1, { ...editable(admin), role_id: staffRole.id }), 422, 'VALIDATION_FAILED', 'role_id');
      expect((await get(1)).role.code).toBe('admin');
      // Other fields of one's own account can change.
      expect((await put(manager.id, { ...editable(me), position: 'Quản lý nhân sự' }, manager.token)).statusCode).toBe(200);
    });

    it('a user cannot lock or delete themselves', async () => {
      const lock = await t.call({ method: 'POST', url: `/api/users/${manager.id}/lock`, token: manager.token });
      expect(expectError(lock, 409, 'CONFLICT').message).toBe('Bạn không thể tự khóa hoặc mở khóa tài khoản của mình.');
      const del = await t.call({ method: 'DELETE', url: '/api/users/1', token: t.adminToken });
      expect(expectError(del, 409, 'CONFLICT').message).toBe('Bạn không thể tự xóa tài khoản của mình.');
      expect((await t.call({ method: 'GET', url: '/api/auth/info', token: manager.token })).statusCode).toBe(200);
    });
  });

  describe('lock and unlock', () => {
    let u: Created;
    beforeAll(async () => {
      u = await createUser(t, { name: 'Khóa Mở', username: 'khoa.mo', role_id: staffRole.id, password: TEST_PASSWORD });
    });

    it('locking signs the user out, refuses their login, and a second lock is 409', async () => {
      const token = await t.login('khoa.mo');
      const res = await t.call({ method: 'POST', url: `/api/users/${u.id}/lock`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: u.id, status: 'locked' });
      expectNoSecrets(res);
      expectError(await t.call({ method: 'GET', url: '/api/auth/info', token }), 401, 'UNAUTHENTICATED');
      await expect(t.login('khoa.mo')).rejects.toThrow(/403/);
      const again = await t.call({ method: 'POST', url: `/api/users/${u.id}/lock`, token: t.adminToken });
      expect(expectError(again, 409, 'CONFLICT').message).toBe('Tài khoản này đã bị khóa.');
    });

    it('unlocking lets the user in again, and a second unlock is 409', async () => {
      const res = await t.call({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('active');
      expect(await t.login('khoa.mo')).toBeTruthy();
      const again = await t.call({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: t.adminToken });
      expect(expectError(again, 409, 'CONFLICT').message).toBe('Tài khoản này đang hoạt động.');
    });

    it('of locks sent at once, exactly one makes the transition', async () => {
      const target = await createUser(t, {
        name: 'Khóa Cùng Lúc',
        username: uniq('race'),
        role_id: staffRole.id,
        password: TEST_PASSWORD,
      });
      const results = await Promise.all(
        Array.from({ length: 6 }, () => t.call({ method: 'POST', url: `/api/users/${target.id}/lock`, token: t.adminToken })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect((await get(target.id)).status).toBe('locked');
      expect((await auditOf(t, 'users', target.id)).map((e) => e.action)).toEqual(['lock', 'create']);
      expect((await t.call({ method: 'POST', url: `/api/users/${target.id}/unlock`, token: t.adminToken })).statusCode).toBe(200);
    });

    it('answers 404 for a missing user and 422 for a bad id', async () => {
      expectError(await t.call({ method: 'POST', url: '/api/users/999999/lock', token: t.adminToken }), 404, 'NOT_FOUND');
      expectError(
        await t.call({ method: 'POST', url: '/api/users/x/unlock', token: t.adminToken }),
        422,
        'VALIDATION_FAILED',
        'id',
      );
    });

    it('needs users.edit: users.show is not enough', async () => {
      const viewer = await t.userWith(['users.show']);
      expectError(await t.call({ method: 'POST', url: `/api/users/${u.id}/lock`, token: viewer.token }), 403, 'FORBIDDEN');
      expect((await get(u.id)).status).toBe('active');
    });
  });

  describe('delete', () => {
    it('deletes a user (204) who then cannot sign in', async () => {
      const u = await createUser(t, { name: 'Xóa Tôi', username: 'xoa.toi', role_id: staffRole.id, password: TEST_PASSWORD });
      const token = await t.login('xoa.toi');
      const res = await t.call({ method: 'DELETE', url: `/api/users/${u.id}`, token: t.adminToken });
      expect(res.statusCode).toBe(204);
      expectError(await t.call({ method: 'GET', url: `/api/users/${u.id}`, token: t.adminToken }), 404, 'NOT_FOUND');
      expectError(await t.call({ method: 'GET', url: '/api/auth/info', token }), 401, 'UNAUTHENTICATED');
      await expect(t.login('xoa.toi')).rejects.toThrow();
      expectError(await t.call({ method: 'DELETE', url: `/api/users/${u.id}`, token: t.adminToken }), 404, 'NOT_FOUND');
    });

    it('refuses to delete the head of a department, naming it', async () => {
      const head = await createUser(t, {
        name: 'Trưởng Phòng',
        username: 'truong.phong',
        role_id: staffRole.id,
        password: TEST_PASSWORD,
      });
      await createDepartment(t, { code: 'HEADED', name: 'Phòng Quan trắc', head_id: head.id });
      const res = await t.call({ method: 'DELETE', url: `/api/users/${head.id}`, token: t.adminToken });
      const body = expectError(res, 409, 'CONFLICT');
      expect(body.message).toContain('Phòng Quan trắc');
      expect(looksVietnamese(body.message)).toBe(true);
      expect((await get(head.id)).id).toBe(head.id);
    });
  });

  describe('mass assignment', () => {
    it('ignores status, password_hash, created_by, permissions, code and version on create', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/users',
        token: t.adminToken,
        payload: {
          name: 'Gán Lén',
          username: 'gan.len',
          role_id: staffRole.id,
          password: TEST_PASSWORD,
          status: 'locked',
          password_hash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB',
          created_by: 999,
          permissions: ['users.edit'],
          permissions_code: ['users.edit'],
          code: 'NV9999',
          version: 42,
          last_login_at: '2020-01-01T00:00:00.000Z',
          id: 777777,
        },
      });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({ status: 'active', version: 1, last_login_at: null });
      expect(user.code).not.toBe('NV9999');
      expect(user.id).not.toBe(777777);
      expectNoSecrets(res);
      const row = await t.database.db
        .selectFrom('users')
        .select(['status', 'created_by', 'password_hash'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('active');
      expect(row.created_by).toBe(1);
      expect(row.password_hash).not.toContain('AAAA$BBBB');
      const token = await t.login('gan.len');
      const info = (await t.call({ method: 'GET', url: '/api/auth/info', token })).json();
      expect(info.permissions_code).toEqual([]);
      expectError(await t.call({ method: 'GET', url: '/api/users', token }), 403, 'FORBIDDEN');
    });

    it('ignores status, password_hash and created_by on update', async () => {
      const u = await createUser(t, { name: 'Sửa Lén', username: 'sua.len', role_id: staffRole.id, password: TEST_PASSWORD });
      const hashOf = async () =>
        await t.database.db
          .selectFrom('users')
          .select(['password_hash', 'created_by'])
          .where('id', '=', u.id)
          .executeTakeFirstOrThrow();
      const before = await hashOf();
      const current = await get(u.id);
      const res = await put(u.id, {
        ...editable(current),
        status: 'locked',
        password_hash: 'x',
        created_by: 42,
        permissions: ['users.edit'],
        code: 'NV0001',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'active', code: current.code });
      expectNoSecrets(res);
      expect(await hashOf()).toEqual(before);
      expect(await t.login('sua.len')).toBeTruthy();
    });

    it('no answer ever holds a password hash or the search column', async () => {
      const token = await t.login('f.an');
      for (const res of [
        await list('per_page=all'),
        await t.call({ method: 'GET', url: `/api/users/${people.an!.id}`, token: t.adminToken }),
        await t.call({ method: 'GET', url: '/api/auth/info', token }),
        await t.call({ method: 'GET', url: `/api/audit-logs?entity=users&entity_id=${people.an!.id}`, token: t.adminToken }),
      ]) {
        expect(res.statusCode).toBe(200);
        expectNoSecrets(res);
      }
    });
  });

  describe('export', () => {
    beforeAll(async () => {
      await createUser(t, {
        name: "=cmd|' /C calc'!A0",
        username: 'xuat.cong.thuc',
        mobile: '0355555555',
        role_id: techRole.id,
        department_id: sales.id,
        birthday: '1990-12-31',
        password: TEST_PASSWORD,
      });
    });

    it('returns exactly the filtered rows as .xlsx with a Vietnamese header', async () => {
      const res = await t.call({
        method: 'GET',
        url: `/api/users?role_id=${techRole.id}&per_page=1&sort=username`,
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'nguoi-dung');
      expect(rows[0]).toEqual([
        'Mã NV',
        'Họ tên',
        'Tên đăng nhập',
        'Email',
        'Số điện thoại',
        'Vai trò',
        'Phòng ban',
        'Chức danh',
        'Giới tính',
        'Ngày sinh',
        'Ngày vào làm',
        'Trạng thái',
      ]);
      const expected = (await list(`role_id=${techRole.id}&per_page=all&sort=username`)).json().data;
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(rows.slice(1).map((r) => r[2])).toEqual(expected.map((u: { username: string }) => u.username));
      const formula = rows.find((r) => r[2] === 'xuat.cong.thuc');
      expect(formula?.[1]).toBe("'=cmd|' /C calc'!A0");
      expect(formula?.[4]).toBe('0355555555');
      expect(formula?.[5]).toBe('Kỹ thuật viên');
      expect(formula?.[6]).toBe('Phòng Kinh doanh');
      // A real date cell, shown DD/MM/YYYY, so a spreadsheet sorts and filters it.
      expect(formula?.[9]).toEqual(new Date(Date.UTC(1990, 11, 31)));
      const at = rows.indexOf(formula!) + 1;
      expect(await xlsxNumFmt(res, at, 10)).toBe('dd/mm/yyyy');
      expect(formula?.[11]).toBe('Đang hoạt động');
    });

    it('applies the status filter and search to the file', async () => {
      const locked = await expectXlsx(
        await t.call({ method: 'GET', url: '/api/users?status=locked', token: t.adminToken, headers: { 'x-export': 'xlsx' } }),
        'nguoi-dung',
      );
      expect(locked.slice(1).map((r) => r[2])).toEqual(['f.hoa']);
      const searched = await expectXlsx(
        await t.call({
          method: 'GET',
          url: '/api/users?search=nguyen%20van&sort=-username',
          token: t.adminToken,
          headers: { 'x-export': 'xlsx' },
        }),
        'nguoi-dung',
      );
      expect(searched.slice(1).map((r) => r[2])).toEqual(['f.anh', 'f.an']);
    });
  });

  describe('history', () => {
    it('writes create, update, lock, unlock and delete with the actor, never the hash', async () => {
      const u = await createUser(t, { name: 'Lịch Sử', username: 'lich.su', role_id: staffRole.id, password: TEST_PASSWORD });
      const current = await get(u.id);
      await put(u.id, { ...editable(current), name: 'Lịch Sử Mới', password: 'MatKhau@Moi1' });
      await t.call({ method: 'POST', url: `/api/users/${u.id}/lock`, token: t.adminToken });
      await t.call({ method: 'POST', url: `/api/users/${u.id}/unlock`, token: t.adminToken });
      await t.call({ method: 'DELETE', url: `/api/users/${u.id}`, token: t.adminToken });
      const entries = await auditOf(t, 'users', u.id);
      expect(entries.map((e) => e.action)).toEqual(['delete', 'unlock', 'lock', 'update', 'create']);
      for (const e of entries) expect(e.user).toEqual({ id: 1, name: 'Quản trị viên' });
      expect(entries[1]?.changes).toEqual({ status: ['locked', 'active'] });
      expect(entries[2]?.changes).toEqual({ status: ['active', 'locked'] });
      expect(entries[3]?.changes?.name).toEqual(['Lịch Sử', 'Lịch Sử Mới']);
      expect(entries[3]?.changes?.password).toEqual(['***', '***']);
      expect(entries[4]?.changes?.username).toEqual([null, 'lich.su']);
      expect(JSON.stringify(entries)).not.toContain('argon2');
      expect(JSON.stringify(entries)).not.toContain('MatKhau@Moi1');
      expect(JSON.stringify(entries)).not.toContain(TEST_PASSWORD);
    });
  });
});

describe('quiet edits and own password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes no audit entry for an update that changes nothing', async () => {
    const u = await t.userWith([]);
    const before = await t.call({ method: 'GET', url: `/api/users/${u.id}`, token: t.adminToken });
    const { id, version, name, username, role_id } = before.json();
    const res = await t.call({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: t.adminToken,
      payload: { name, username, role_id, version },
    });
    expect(res.statusCode).toBe(200);
    const log = await t.call({ method: 'GET', url: `/api/audit-logs?entity=users&entity_id=${id}`, token: t.adminToken });
    expect(log.json().data.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('keeps the session of an administrator who sets their own password, and ends the others', async () => {
    const other = await t.login('admin', 'Admin@12345');
    const me = await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken });
    const { id, version, name, username, role_id } = me.json().user;
    const res = await t.call({
      method: 'PUT',
      url: `/api/users/${id}`,
      token: t.adminToken,
      payload: { name, username, role_id, version, password: 'Moi@2026matkhau' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/info', token: other })).statusCode).toBe(401);
  });
});
