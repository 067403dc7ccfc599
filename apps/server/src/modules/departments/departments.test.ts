import { ALL_ROWS_CAP } from '@qlcv/common/schemas/common';
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
} from '../../test/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';

interface Node {
  id: number;
  code: string;
  name: string;
  head: { id: number; name: string } | null;
  children: Node[];
}

describe('departments', () => {
  let t: TestApp;
  let role: Created;
  let head: Created;
  let company: Created;
  let tech: Created;
  let lab: Created;
  let field: Created;
  let sales: Created;

  const list = (query: string, token = t.adminToken) => t.call({ method: 'GET', url: `/api/departments?${query}`, token });
  const codesOf = (res: { json(): { data: { code: string }[] } }) => res.json().data.map((d) => d.code);
  const get = async (id: number) => (await t.call({ method: 'GET', url: `/api/departments/${id}`, token: t.adminToken })).json();
  const put = (id: number, payload: Record<string, unknown>, token = t.adminToken) =>
    t.call({ method: 'PUT', url: `/api/departments/${id}`, token, payload });
  const editable = (d: Record<string, unknown>) => ({
    code: d.code,
    name: d.name,
    parent_id: d.parent_id,
    head_id: d.head_id,
    description: d.description,
    version: d.version,
  });

  beforeAll(async () => {
    t = await createTestApp();
    role = await createRole(t, { code: 'NV', name: 'Nhân viên' });
    head = await createUser(t, { name: 'Đỗ Quang Huy', username: 'do.huy', role_id: role.id, password: TEST_PASSWORD });
    company = await createDepartment(t, { code: 'CTY', name: 'Công ty Quan trắc' });
    tech = await createDepartment(t, { code: 'KT', name: 'Phòng Kỹ thuật', parent_id: company.id, head_id: head.id });
    lab = await createDepartment(t, {
      code: 'PTN',
      name: 'Phòng thí nghiệm',
      parent_id: tech.id,
      description: 'Phân tích mẫu nước',
    });
    field = await createDepartment(t, { code: 'HT', name: 'Đội hiện trường', parent_id: tech.id });
    sales = await createDepartment(t, { code: 'KD', name: 'Phòng Kinh doanh', parent_id: company.id });
    await createDepartment(t, { code: 'PCT', name: 'Tổ 100% dự án' });
    await createDepartment(t, { code: 'P1000', name: 'Tổ 1000 dự án' });
    await createDepartment(t, { code: 'A_B', name: 'Nhóm chữ' });
    await createDepartment(t, { code: 'AXB', name: 'Nhóm chữ khác' });
  });
  afterAll(() => t?.close());

  describe('options', () => {
    const options = (token: string | null) => t.call({ method: 'GET', url: '/api/departments/options', token });

    it('gives any signed-in user, even one holding no key, every department flat with its parent', async () => {
      const res = await options((await t.userWith([])).token);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { id: number; code: string; name: string; parent_id: number | null }[];
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['code', 'id', 'name', 'parent_id']);
      expect(rows.find((d) => d.id === lab.id)).toEqual({
        id: lab.id,
        code: 'PTN',
        name: 'Phòng thí nghiệm',
        parent_id: tech.id,
      });
      expect(rows.find((d) => d.id === company.id)?.parent_id).toBeNull();
      expect(rows.map((d) => d.code)).toEqual(expect.arrayContaining(['CTY', 'KT', 'PTN', 'HT', 'KD']));
      // No head, description, counts or audit fields.
      for (const word of ['head', 'description', 'users_count', 'version', 'created_at']) expect(res.body).not.toContain(word);
      expectNoSecrets(res);
    });

    it('answers 401 without a token', async () => {
      expectError(await options(null), 401, 'UNAUTHENTICATED');
    });
  });

  describe('list', () => {
    it('answers { data, meta } and pages', async () => {
      const res = await list('per_page=4&page=3&sort=code');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toEqual({ current_page: 3, per_page: 4, total: 9, last_page: 3 });
      expect(codesOf(res)).toEqual(['PTN']);
      expectNoSecrets(res);
    });

    it('clamps per_page to 100 and serves per_page=all', async () => {
      expect((await list('per_page=101')).json().meta.per_page).toBe(100);
      const all = (await list('per_page=all')).json();
      expect(all.data).toHaveLength(9);
      expect(all.meta).toMatchObject({ current_page: 1, total: 9, last_page: 1 });
    });

    it('sorts by an allowed column both ways and refuses others', async () => {
      expect(codesOf(await list('per_page=all&sort=code'))).toEqual([
        'AXB',
        'A_B',
        'CTY',
        'HT',
        'KD',
        'KT',
        'P1000',
        'PCT',
        'PTN',
      ]);
      expect(codesOf(await list('per_page=all&sort=-code'))).toEqual([
        'PTN',
        'PCT',
        'P1000',
        'KT',
        'KD',
        'HT',
        'CTY',
        'A_B',
        'AXB',
      ]);
      const created = codesOf(await list('per_page=all&sort=created_at'));
      expect(created.slice(0, 2)).toEqual(['CTY', 'KT']);
      expect(codesOf(await list('per_page=all&sort=-created_at')).slice(-2)).toEqual(['KT', 'CTY']);
      expectError(await list('sort=head_id'), 422, 'VALIDATION_FAILED', 'sort');
      expectError(await list('sort=-parent_id'), 422, 'VALIDATION_FAILED', 'sort');
    });

    it('searches without accents, case or đ', async () => {
      expect(codesOf(await list('search=phong%20ky%20thuat'))).toEqual(['KT']);
      expect(codesOf(await list('search=doi%20hien%20truong'))).toEqual(['HT']);
      expect(codesOf(await list(`search=${encodeURIComponent('ĐỘI')}`))).toEqual(['HT']);
      expect(codesOf(await list('search=d&per_page=all'))).toContain('HT');
      expect(codesOf(await list('search=quan%20trac'))).toEqual(['CTY']);
      expect(codesOf(await list('search=ptn'))).toEqual(['PTN']);
    });

    it('treats % and _ typed in the search literally', async () => {
      expect(codesOf(await list('search=100%25'))).toEqual(['PCT']);
      expect(codesOf(await list('search=a_b'))).toEqual(['A_B']);
    });

    it('filters by parent_id', async () => {
      expect(codesOf(await list(`parent_id=${tech.id}&sort=code`))).toEqual(['HT', 'PTN']);
      expect(codesOf(await list(`parent_id=${company.id}&sort=code`))).toEqual(['KD', 'KT']);
      expect(codesOf(await list(`parent_id=${lab.id}`))).toEqual([]);
      expectError(await list('parent_id=abc'), 422, 'VALIDATION_FAILED', 'parent_id');
    });

    it('shows parent and head as { id, name } and the staff count', async () => {
      const kt = (await list('search=phong%20ky%20thuat')).json().data[0];
      expect(kt).toMatchObject({
        code: 'KT',
        parent_id: company.id,
        parent: { id: company.id, name: 'Công ty Quan trắc' },
        head_id: head.id,
        head: { id: head.id, name: 'Đỗ Quang Huy' },
        users_count: 0,
      });
      const cty = (await list('search=quan%20trac')).json().data[0];
      expect(cty).toMatchObject({ parent_id: null, parent: null, head_id: null, head: null });
    });
  });

  describe('tree', () => {
    it('nests children under their parent with the head', async () => {
      const res = await t.call({ method: 'GET', url: '/api/departments/tree', token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expectNoSecrets(res);
      const roots = res.json() as Node[];
      const root = roots.find((n) => n.code === 'CTY');
      expect(root).toBeDefined();
      expect(roots.map((n) => n.code)).not.toContain('KT');
      expect(root!.children.map((n) => n.code).sort()).toEqual(['KD', 'KT']);
      const kt = root!.children.find((n) => n.code === 'KT')!;
      expect(kt.head).toEqual({ id: head.id, name: 'Đỗ Quang Huy' });
      expect(kt.children.map((n) => n.code).sort()).toEqual(['HT', 'PTN']);
      const ptn = kt.children.find((n) => n.code === 'PTN')!;
      expect(ptn.children).toEqual([]);
      expect(ptn.head).toBeNull();
      // Every department appears exactly once.
      const seen: string[] = [];
      const walk = (nodes: Node[]) => {
        for (const n of nodes) {
          seen.push(n.code);
          walk(n.children);
        }
      };
      walk(roots);
      expect(seen.sort()).toEqual(codesOf(await list('per_page=all')).sort());
    });

    it('needs departments.index', async () => {
      const u = await t.userWith(['departments.show']);
      expectError(await t.call({ method: 'GET', url: '/api/departments/tree', token: u.token }), 403, 'FORBIDDEN');
      const v = await t.userWith(['departments.index']);
      expect((await t.call({ method: 'GET', url: '/api/departments/tree', token: v.token })).statusCode).toBe(200);
    });
  });

  describe('create', () => {
    it('creates a department (201) under a parent with a head', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/departments',
        token: t.adminToken,
        payload: { code: 'MT', name: 'Phòng Môi trường', parent_id: company.id, head_id: head.id, description: 'Báo cáo ĐTM' },
      });
      expect(res.statusCode).toBe(201);
      const d = res.json();
      expect(d).toMatchObject({
        code: 'MT',
        name: 'Phòng Môi trường',
        parent: { id: company.id, name: 'Công ty Quan trắc' },
        head: { id: head.id, name: 'Đỗ Quang Huy' },
        description: 'Báo cáo ĐTM',
        users_count: 0,
        version: 1,
      });
      expectNoSecrets(res);
      expect(await get(d.id)).toEqual(d);
    });

    it('refuses missing and invalid fields with Vietnamese messages per field', async () => {
      const missing = expectError(
        await t.call({ method: 'POST', url: '/api/departments', token: t.adminToken, payload: {} }),
        422,
        'VALIDATION_FAILED',
        'code',
      );
      expect(Object.fromEntries(missing.errors.map((e) => [e.field, e.message]))).toEqual({
        code: 'Vui lòng nhập mã phòng ban',
        name: 'Vui lòng nhập tên phòng ban',
      });
      const bad = expectError(
        await t.call({
          method: 'POST',
          url: '/api/departments',
          token: t.adminToken,
          payload: { code: 'có dấu', name: 'x'.repeat(151), parent_id: 'abc', head_id: -1 },
        }),
        422,
        'VALIDATION_FAILED',
        'parent_id',
      );
      expect(bad.errors.map((e) => e.field).sort()).toEqual(['code', 'head_id', 'name', 'parent_id']);
      for (const e of bad.errors) expect(looksVietnamese(e.message), e.message).toBe(true);
    });

    it('refuses a duplicate code, a missing parent or head with 422 on the field', async () => {
      const dup = await t.call({
        method: 'POST',
        url: '/api/departments',
        token: t.adminToken,
        payload: { code: 'KT', name: 'Trùng' },
      });
      expect(expectError(dup, 422, 'VALIDATION_FAILED', 'code').message).toBe('Mã phòng ban đã tồn tại.');
      const parent = await t.call({
        method: 'POST',
        url: '/api/departments',
        token: t.adminToken,
        payload: { code: uniq('P'), name: 'Mồ côi', parent_id: 999999 },
      });
      expect(expectError(parent, 422, 'VALIDATION_FAILED', 'parent_id').message).toBe('Phòng ban cấp trên không tồn tại.');
      const headless = await t.call({
        method: 'POST',
        url: '/api/departments',
        token: t.adminToken,
        payload: { code: uniq('H'), name: 'Không trưởng', head_id: 999999 },
      });
      expect(expectError(headless, 422, 'VALIDATION_FAILED', 'head_id').message).toBe('Trưởng phòng không tồn tại.');
    });
  });

  describe('show', () => {
    it('answers 200, 404 for a missing id and 422 for a non-numeric one', async () => {
      const res = await t.call({ method: 'GET', url: `/api/departments/${lab.id}`, token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: lab.id, code: 'PTN', description: 'Phân tích mẫu nước', parent: { id: tech.id } });
      const missing = expectError(
        await t.call({ method: 'GET', url: '/api/departments/999999', token: t.adminToken }),
        404,
        'NOT_FOUND',
      );
      expect(missing.message).toBe('Không tìm thấy phòng ban.');
      expectError(
        await t.call({ method: 'GET', url: '/api/departments/abc', token: t.adminToken }),
        422,
        'VALIDATION_FAILED',
        'id',
      );
    });
  });

  describe('update', () => {
    let d: Created;
    beforeAll(async () => {
      d = await createDepartment(t, { code: 'UPD', name: 'Phòng cập nhật' });
    });

    it('updates the fields and bumps the version', async () => {
      const before = await get(d.id);
      const res = await put(d.id, { ...editable(before), name: 'Phòng Hành chính', parent_id: company.id, head_id: head.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Phòng Hành chính',
        parent: { id: company.id, name: 'Công ty Quan trắc' },
        head: { id: head.id, name: 'Đỗ Quang Huy' },
        version: before.version + 1,
      });
      expect(codesOf(await list('search=hanh%20chinh'))).toEqual(['UPD']);
      // The head can be cleared again.
      const cleared = await put(d.id, { ...editable(res.json()), head_id: null, parent_id: null });
      expect(cleared.json()).toMatchObject({ head: null, head_id: null, parent: null });
    });

    it('refuses a stale version with 409 CONFLICT and keeps the other edit', async () => {
      const before = await get(d.id);
      expect((await put(d.id, { ...editable(before), description: 'Bản A' })).statusCode).toBe(200);
      const second = await put(d.id, { ...editable(before), description: 'Bản B' });
      expect(looksVietnamese(expectError(second, 409, 'CONFLICT').message)).toBe(true);
      const after = await get(d.id);
      expect(after.description).toBe('Bản A');
      expect(after.version).toBe(before.version + 1);
    });

    it('refuses an update without version (422), of a missing department (404)', async () => {
      const before = await get(d.id);
      const { version: _v, ...noVersion } = editable(before);
      expectError(await put(d.id, noVersion), 422, 'VALIDATION_FAILED', 'version');
      expectError(await put(d.id, { ...noVersion, version: 'một' }), 422, 'VALIDATION_FAILED', 'version');
      expectError(await put(999999, editable(before)), 404, 'NOT_FOUND');
    });

    it('refuses a parent that would make a cycle (422)', async () => {
      const self = await put(tech.id, { ...editable(await get(tech.id)), parent_id: tech.id });
      const message = expectError(self, 422, 'VALIDATION_FAILED', 'parent_id').message;
      expect(looksVietnamese(message)).toBe(true);
      // Its own child, and its grandchild's branch from the top.
      expectError(
        await put(tech.id, { ...editable(await get(tech.id)), parent_id: lab.id }),
        422,
        'VALIDATION_FAILED',
        'parent_id',
      );
      expectError(
        await put(company.id, { ...editable(await get(company.id)), parent_id: field.id }),
        422,
        'VALIDATION_FAILED',
        'parent_id',
      );
      expect((await get(tech.id)).parent_id).toBe(company.id);
      expect((await get(company.id)).parent_id).toBeNull();
      // Moving under a sibling branch is fine.
      const moved = await put(field.id, { ...editable(await get(field.id)), parent_id: sales.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().parent).toEqual({ id: sales.id, name: 'Phòng Kinh doanh' });
      expect((await put(field.id, { ...editable(moved.json()), parent_id: tech.id })).statusCode).toBe(200);
    });

    it('refuses taking another department’s code', async () => {
      expectError(await put(d.id, { ...editable(await get(d.id)), code: 'KT' }), 422, 'VALIDATION_FAILED', 'code');
    });

    it('of edits sent at once naming the same version, exactly one wins', async () => {
      const before = await get(d.id);
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((i) => put(d.id, { ...editable(before), description: `Đồng thời ${i}` })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      const after = await get(d.id);
      expect(after.description).toBe(winner.description);
      expect(after.version).toBe(before.version + 1);
      expect(
        (await auditOf(t, 'departments', d.id)).filter((e) => e.changes?.description?.[1]?.toString().startsWith('Đồng thời')),
      ).toHaveLength(1);
    });
  });

  describe('delete', () => {
    it('deletes an empty department (204), then answers 404', async () => {
      const d = await createDepartment(t, { code: uniq('DEL'), name: 'Xóa được', parent_id: sales.id });
      const res = await t.call({ method: 'DELETE', url: `/api/departments/${d.id}`, token: t.adminToken });
      expect(res.statusCode).toBe(204);
      expectError(await t.call({ method: 'GET', url: `/api/departments/${d.id}`, token: t.adminToken }), 404, 'NOT_FOUND');
      expect(codesOf(await list(`parent_id=${sales.id}`))).toEqual([]);
    });

    it('refuses to delete a department with children, saying so', async () => {
      const res = await t.call({ method: 'DELETE', url: `/api/departments/${tech.id}`, token: t.adminToken });
      const body = expectError(res, 409, 'CONFLICT');
      expect(body.message).toBe('Không thể xóa phòng ban đang có 2 phòng ban trực thuộc.');
      expect((await get(tech.id)).id).toBe(tech.id);
    });

    it('refuses to delete a department with staff, saying how many', async () => {
      const d = await createDepartment(t, { code: uniq('STAFF'), name: 'Có người' });
      await createUser(t, {
        name: 'Nhân Viên',
        username: uniq('nv'),
        role_id: role.id,
        department_id: d.id,
        password: TEST_PASSWORD,
      });
      expect((await get(d.id)).users_count).toBe(1);
      const res = await t.call({ method: 'DELETE', url: `/api/departments/${d.id}`, token: t.adminToken });
      const body = expectError(res, 409, 'CONFLICT');
      expect(body.message).toContain('1 nhân viên');
      expect((await get(d.id)).id).toBe(d.id);
    });

    it('needs departments.edit', async () => {
      const d = await createDepartment(t, { code: uniq('KEEP'), name: 'Giữ lại' });
      const u = await t.userWith(['departments.show', 'departments.create']);
      expectError(await t.call({ method: 'DELETE', url: `/api/departments/${d.id}`, token: u.token }), 403, 'FORBIDDEN');
      expect((await get(d.id)).id).toBe(d.id);
    });
  });

  describe('export', () => {
    it('returns exactly the filtered rows as .xlsx with a Vietnamese header', async () => {
      const formula = await createDepartment(t, { code: 'FX', name: '=1+1 phòng', parent_id: tech.id, description: '@cmd' });
      const res = await t.call({
        method: 'GET',
        url: `/api/departments?parent_id=${tech.id}&per_page=1&sort=code`,
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'phong-ban');
      expect(rows[0]).toEqual(['Mã', 'Tên phòng ban', 'Trực thuộc', 'Trưởng phòng', 'Số nhân viên', 'Mô tả']);
      expect(rows.slice(1).map((r) => r[0])).toEqual(['FX', 'HT', 'PTN']);
      expect(rows[1]?.[2]).toBe('Phòng Kỹ thuật');
      expect(rows[1]?.[1]).toBe("'=1+1 phòng");
      expect(rows[1]?.[5]).toBe("'@cmd");
      const kt = await expectXlsx(
        await t.call({
          method: 'GET',
          url: '/api/departments?search=phong%20ky%20thuat',
          token: t.adminToken,
          headers: { 'x-export': 'xlsx' },
        }),
        'phong-ban',
      );
      expect(kt.slice(1)).toEqual([['KT', 'Phòng Kỹ thuật', 'Công ty Quan trắc', 'Đỗ Quang Huy', 0]]);
      await t.call({ method: 'DELETE', url: `/api/departments/${formula.id}`, token: t.adminToken });
    });

    it('exports the whole filtered list, past the per_page=all cap', async () => {
      // Bulk rows straight into the table: the export, not the create call, is under test here.
      const now = new Date().toISOString();
      const n = ALL_ROWS_CAP + 5;
      const rows = Array.from({ length: n }, (_, i) => ({
        code: `BULK${String(i).padStart(5, '0')}`,
        name: `Tổ số ${i}`,
        parent_id: null,
        head_id: null,
        description: null,
        search_text: `bulk${String(i).padStart(5, '0')} to so ${i}`,
        created_at: now,
        updated_at: now,
        created_by: 1,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await t.database.db
          .insertInto('departments')
          .values(rows.slice(i, i + 200))
          .execute();
      const all = (await list('search=bulk&per_page=all')).json();
      expect(all.meta.total).toBe(n);
      const sheet = await expectXlsx(
        await t.call({
          method: 'GET',
          url: '/api/departments?search=bulk&sort=code',
          token: t.adminToken,
          headers: { 'x-export': 'xlsx' },
        }),
        'phong-ban',
      );
      expect(sheet.length - 1).toBe(n);
      expect(sheet[1]?.[0]).toBe('BULK00000');
      expect(sheet[n]?.[0]).toBe(`BULK${String(n - 1).padStart(5, '0')}`);
      expect(new Set(sheet.slice(1).map((r) => r[0])).size).toBe(n);
      await t.database.db.deleteFrom('departments').where('code', 'like', 'BULK%').execute();
    });
  });

  describe('history', () => {
    it('writes create, update and delete with the actor and the changes', async () => {
      const d = await createDepartment(t, { code: 'AUD', name: 'Phòng lịch sử', parent_id: company.id });
      await put(d.id, { ...editable(await get(d.id)), name: 'Phòng lịch sử mới', head_id: head.id });
      await t.call({ method: 'DELETE', url: `/api/departments/${d.id}`, token: t.adminToken });
      const entries = await auditOf(t, 'departments', d.id);
      expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      for (const e of entries) expect(e.user).toEqual({ id: 1, name: 'Quản trị viên' });
      expect(entries[1]?.changes?.name).toEqual(['Phòng lịch sử', 'Phòng lịch sử mới']);
      expect(entries[1]?.changes?.head_id).toEqual([null, head.id]);
      expect(entries[2]?.changes?.parent_id).toEqual([null, company.id]);
    });
  });
});
