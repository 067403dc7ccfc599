import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectErrorBody,
  expectFieldError,
  expectUnauthenticated,
  secretsIn,
  uniqueIp,
  uniqueMobile,
  uniqueName,
  VIETNAMESE,
} from '../../test/auth-helpers';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

const NEW_PASSWORD = 'Mat-khau-moi@2026';

describe('profile', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function newUser() {
    const email = `${uniqueName('hoso')}@congty.vn`;
    const mobile = uniqueMobile();
    const u = await t.userWith([], { email, mobile, gender: 'female', address: 'Số 1 Tràng Tiền, Hà Nội' });
    const me = (await t.call({ method: 'GET', url: '/api/auth/info', token: u.token })).json().user;
    return { ...u, email, mobile, username: me.username as string, user: me };
  }

  const partial = (token: string | null, payload: unknown) =>
    t.call({ method: 'PUT', url: '/api/profile/partial', token, payload: payload as Record<string, unknown> });

  const changePassword = (token: string | null, payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: '/api/profile/password', token, payload });

  const login = (username: string, password: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: uniqueIp() });

  const me = async (token: string) => (await t.call({ method: 'GET', url: '/api/auth/info', token })).json().user;

  describe('PUT /api/profile/partial', () => {
    it('changes each allowed column and answers the updated user', async () => {
      const u = await newUser();
      const taken = uniqueMobile();
      const cases: [string, unknown, unknown][] = [
        ['name', '  Nguyễn Thị Hồng Nhung  ', 'Nguyễn Thị Hồng Nhung'],
        ['email', ` ${uniqueName('Moi')}@CongTy.VN `.toString(), null],
        ['mobile', `+84 ${taken.slice(1, 4)} ${taken.slice(4)}`, taken],
        ['birthday', '1990-02-28', '1990-02-28'],
        ['gender', 'male', 'male'],
        ['address', 'Phường Bến Thành, Thành phố Hồ Chí Minh', 'Phường Bến Thành, Thành phố Hồ Chí Minh'],
        ['avatar', '/uploads/avatars/nhung.png', '/uploads/avatars/nhung.png'],
      ];
      let version = u.user.version as number;
      for (const [column, value, expected] of cases) {
        const res = await partial(u.token, { column, value });
        expect(res.statusCode, `${column}: ${res.body}`).toBe(200);
        const body = res.json();
        const want = column === 'email' ? String(value).trim().toLowerCase() : expected;
        expect(body[column]).toBe(want);
        expect(body.id).toBe(u.id);
        expect(body.role).toEqual(u.user.role);
        expect(body.version).toBe(version + 1);
        version = body.version;
        expect(secretsIn(body)).toEqual([]);
        expect((await me(u.token))[column]).toBe(want);
      }
      // The other columns kept their values.
      const after = await me(u.token);
      expect(after).toMatchObject({ username: u.username, role_id: u.roleId, status: 'active' });
    });

    it('clears an optional column with null or an empty string', async () => {
      const u = await newUser();
      for (const column of ['email', 'mobile', 'birthday', 'gender', 'address', 'avatar']) {
        for (const value of [null, '']) {
          if (column === 'birthday' || column === 'avatar') {
            expect((await partial(u.token, { column, value: column === 'birthday' ? '1991-05-19' : '/a.png' })).statusCode).toBe(
              200,
            );
          }
          const res = await partial(u.token, { column, value });
          expect(res.statusCode, `${column}=${JSON.stringify(value)}: ${res.body}`).toBe(200);
          expect(res.json()[column]).toBeNull();
        }
      }
    });

    it('makes the new name findable by accent-insensitive search', async () => {
      const u = await newUser();
      const name = `Đặng Thị Ánh ${uniqueName('Tuyết')}`;
      expect((await partial(u.token, { column: 'name', value: name })).statusCode).toBe(200);
      const res = await t.call({
        method: 'GET',
        url: '/api/users',
        token: t.adminToken,
        query: {
          search: name
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .replace(/Đ/g, 'D')
            .toLowerCase(),
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((x: { id: number }) => x.id)).toEqual([u.id]);
    });

    it('refuses every column outside the allowed list and leaves the user unchanged', async () => {
      const u = await newUser();
      const admin = (await me(t.adminToken)).role_id;
      const attempts: [string, unknown][] = [
        ['role_id', admin],
        ['status', 'locked'],
        ['password_hash', '$argon2id$v=19$m=19456,t=2,p=1$x$y'],
        ['password', 'Khac-mat-khau@2026'],
        ['username', 'admin2'],
        ['department_id', 1],
        ['code', 'NV9999'],
        ['id', 1],
        ['version', 99],
        ['created_by', 1],
        ['last_login_at', null],
        ['search_text', 'x'],
        ['__proto__', { role_id: admin }],
        ['constructor', 'x'],
        ['NAME', 'Tên mới'],
        ['name ', 'Tên mới'],
      ];
      for (const [column, value] of attempts) {
        const res = await partial(u.token, { column, value });
        expect(res.statusCode, column).toBe(422);
        expectFieldError(res, 'column');
      }
      for (const column of [42, null, ['name'], { name: 'x' }])
        expectFieldError(await partial(u.token, { column, value: 'x' }), 'column');
      expectFieldError(await partial(u.token, { value: 'Tên mới' }), 'column');

      // Extra fields beside { column, value } are ignored.
      const extra = await partial(u.token, { column: 'name', value: 'Tên mới', role_id: admin, status: 'locked', username: 'x' });
      expect(extra.statusCode).toBe(200);
      expect(extra.json()).toMatchObject({ name: 'Tên mới', role_id: u.roleId, status: 'active', username: u.username });

      const after = await me(u.token);
      expect(after).toMatchObject({ role_id: u.roleId, status: 'active', username: u.username, code: u.user.code });
      expect((await t.call({ method: 'GET', url: '/api/auth/info', token: u.token })).json().permissions_code).toEqual([]);
      expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an invalid value with 422 and a Vietnamese message', async () => {
      const u = await newUser();
      const cases: [string, unknown][] = [
        ['name', ''],
        ['name', '   '],
        ['name', null],
        ['name', 42],
        ['name', ['Tên']],
        ['name', 'x'.repeat(101)],
        ['email', 'khong-phai-email'],
        ['email', 'a@'],
        ['email', '@congty.vn'],
        ['email', 42],
        ['email', `${'a'.repeat(150)}@congty.vn`],
        ['mobile', '0123'],
        ['mobile', '0212345678'],
        ['mobile', '091234567890'],
        ['mobile', 912345678],
        ['mobile', 'abcdefghij'],
        ['birthday', '31/12/1990'],
        ['birthday', '1990-13-01'],
        ['birthday', '1990-02-30'],
        ['birthday', 'hôm qua'],
        ['birthday', 19900101],
        ['gender', 'nam'],
        ['gender', 1],
        ['address', 'x'.repeat(256)],
        ['address', { street: 'x' }],
        ['avatar', 'x'.repeat(501)],
      ];
      for (const [column, value] of cases) {
        const res = await partial(u.token, { column, value });
        expect(res.statusCode, `${column}=${JSON.stringify(value).slice(0, 40)}`).toBe(422);
        expectFieldError(res, 'value');
      }
      expect(await me(u.token)).toMatchObject({ name: u.user.name, email: u.email, mobile: u.mobile, version: u.user.version });
    });

    it('refuses an e-mail or mobile another user holds, in any written form', async () => {
      const u = await newUser();
      const other = await newUser();
      const cases: [string, string][] = [
        ['email', other.email],
        ['email', ` ${other.email.toUpperCase()} `],
        ['mobile', other.mobile],
        ['mobile', `+84${other.mobile.slice(1)}`],
      ];
      for (const [column, value] of cases) {
        const body = expectFieldError(await partial(u.token, { column, value }), 'value');
        expect(body.message).toMatch(VIETNAMESE);
      }
      // Its own values are not "taken".
      expect((await partial(u.token, { column: 'email', value: u.email })).statusCode).toBe(200);
      expect((await partial(u.token, { column: 'mobile', value: u.mobile })).statusCode).toBe(200);
      expect(await me(u.token)).toMatchObject({ email: u.email, mobile: u.mobile });
    });

    it('writes the change to the audit log', async () => {
      const u = await newUser();
      expect((await partial(u.token, { column: 'address', value: 'Xã Tân Phú, Tỉnh Đồng Nai' })).statusCode).toBe(200);
      const res = await t.call({ method: 'GET', url: `/api/audit-logs?entity=users&entity_id=${u.id}`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      const entry = res.json().data[0];
      expect(entry).toMatchObject({ entity: 'users', entity_id: u.id, action: 'update', user: { id: u.id } });
      expect(entry.changes).toEqual({ address: ['Số 1 Tràng Tiền, Hà Nội', 'Xã Tân Phú, Tỉnh Đồng Nai'] });
    });

    it('answers 401 without a valid token', async () => {
      expectUnauthenticated(await partial(null, { column: 'name', value: 'Ai đó' }));
      expectUnauthenticated(await partial('x'.repeat(43), { column: 'name', value: 'Ai đó' }));
    });
  });

  describe('PUT /api/profile/password', () => {
    it('refuses a wrong current password naming current_password, and keeps the old one', async () => {
      const u = await newUser();
      const res = await changePassword(u.token, {
        current_password: 'Sai-mat-khau-2026',
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expectFieldError(res, 'current_password');
      expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
      expectErrorBody(await login(u.username, NEW_PASSWORD), 422, 'INVALID_CREDENTIALS');
      expect((await me(u.token)).id).toBe(u.id);
    });

    it('applies the password rules', async () => {
      const u = await newUser();
      const cases: [Record<string, unknown>, string][] = [
        [{ password: 'Ngan1@', password_confirmation: 'Ngan1@' }, 'password'],
        [{ password: '12345678', password_confirmation: '12345678' }, 'password'],
        [{ password: 'password', password_confirmation: 'password' }, 'password'],
        [{ password: NEW_PASSWORD, password_confirmation: 'Khac-mat-khau@2026' }, 'password_confirmation'],
        [{ current_password: '', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, 'current_password'],
        [{ current_password: null, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, 'current_password'],
      ];
      for (const [body, field] of cases) {
        const res = await changePassword(u.token, { current_password: TEST_PASSWORD, ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expectFieldError(res, field);
      }
      expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('sets the new password, keeps the current token and revokes the others', async () => {
      const u = await newUser();
      const other1 = await t.login(u.username);
      const other2 = await t.login(u.mobile);
      const res = await changePassword(u.token, {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      expect((await me(u.token)).id).toBe(u.id);
      expectUnauthenticated(await t.call({ method: 'GET', url: '/api/auth/info', token: other1 }));
      expectUnauthenticated(await t.call({ method: 'GET', url: '/api/auth/info', token: other2 }));
      expect((await login(u.username, NEW_PASSWORD)).statusCode).toBe(200);
      expectErrorBody(await login(u.username, TEST_PASSWORD), 422, 'INVALID_CREDENTIALS');

      const audit = await t.call({ method: 'GET', url: `/api/audit-logs?entity=users&entity_id=${u.id}`, token: t.adminToken });
      expect(audit.json().data[0]).toMatchObject({ action: 'password', user: { id: u.id } });
      expect(audit.body).not.toContain(NEW_PASSWORD);
      expect(secretsIn(audit.json())).toEqual([]);
    });

    it('allows Vietnamese letters and spaces in the new password', async () => {
      const u = await newUser();
      const vietnamese = 'Mật khẩu mới 2026';
      const res = await changePassword(u.token, {
        current_password: TEST_PASSWORD,
        password: vietnamese,
        password_confirmation: vietnamese,
      });
      expect(res.statusCode, res.body).toBe(204);
      expect((await login(u.username, vietnamese)).statusCode).toBe(200);
    });

    it('answers 429 with Retry-After after 5 wrong current passwords in a minute', async () => {
      const u = await newUser();
      const wrong = { current_password: 'Sai-mat-khau-2026', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
      for (let i = 0; i < 5; i++) expectFieldError(await changePassword(u.token, wrong), 'current_password');
      const blocked = await changePassword(u.token, { ...wrong, current_password: TEST_PASSWORD });
      expectErrorBody(blocked, 429, 'RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('answers 401 without a valid token', async () => {
      expectUnauthenticated(
        await changePassword(null, {
          current_password: TEST_PASSWORD,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
        }),
      );
    });
  });
});
