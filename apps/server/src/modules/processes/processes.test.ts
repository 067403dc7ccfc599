import { PERMISSION_KEYS, type PermissionKey } from '@qlcv/common/permissions';
import type { ProcessSnapshot } from '@qlcv/common/schemas/processes';
import type { LightMyRequestResponse } from 'fastify';
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
import { ProcessesService } from './processes.service';

interface Step {
  id: number;
  process_id: number;
  position: number;
  name: string;
  description: string | null;
  department_id: number | null;
  department: { id: number; name: string } | null;
  default_assignee_id: number | null;
  default_assignee: { id: number; name: string } | null;
  duration_hours: number;
  produces_result: boolean;
  version: number;
}
interface Detail {
  id: number;
  code: string;
  name: string;
  description: string | null;
  active: boolean;
  steps_count: number;
  total_duration_hours: number;
  request_types_count: number;
  version: number;
  steps: Step[];
}

describe('processes', () => {
  let t: TestApp;
  let service: ProcessesService;
  let qt: Created;
  let field: Created;
  let lab: Created;
  let sales: Created;
  let yen: Created;
  let tai: Created;
  let thao: Created;
  let lockedUser: Created;
  let periodic: Detail;
  let dtm: Detail;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, payload?: unknown, token: string | null = t.adminToken) =>
    t.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const list = (query: string, token = t.adminToken) => call('GET', `/api/processes?${query}`, undefined, token);
  const codesOf = (res: LightMyRequestResponse) => (res.json().data as { code: string }[]).map((p) => p.code);
  const get = async (id: number): Promise<Detail> => (await call('GET', `/api/processes/${id}`)).json();
  const editable = (p: Detail) => ({
    code: p.code,
    name: p.name,
    description: p.description,
    active: p.active,
    version: p.version,
  });
  const stepEditable = (s: Step) => ({
    name: s.name,
    description: s.description,
    department_id: s.department_id,
    default_assignee_id: s.default_assignee_id,
    duration_hours: s.duration_hours,
    produces_result: s.produces_result,
    version: s.version,
  });
  const createProcess = async (payload: Record<string, unknown>): Promise<Detail> => {
    const res = await call('POST', '/api/processes', payload);
    if (res.statusCode !== 201) throw new Error(`process: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const addStep = async (processId: number, payload: Record<string, unknown>): Promise<Step> => {
    const res = await call('POST', `/api/processes/${processId}/steps`, payload);
    if (res.statusCode !== 201) throw new Error(`step: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const positionsOf = (p: Detail) => p.steps.map((s) => s.position);
  const namesOf = (p: Detail) => p.steps.map((s) => s.name);
  const step = (name: string, department: Created, extra: Record<string, unknown> = {}) => ({
    name,
    department_id: department.id,
    duration_hours: 8,
    ...extra,
  });
  /** A request row that ran on a process: the requests module stores the snapshot as JSON text. */
  const insertRequest = async (requestTypeId: number, snapshot: ProcessSnapshot | null) => {
    const now = new Date().toISOString();
    const code = uniq('YC');
    await t.database.db
      .insertInto('requests')
      .values({
        code,
        tracking_code: `${code}-TRACK`,
        request_type_id: requestTypeId,
        process_snapshot: snapshot ? JSON.stringify(snapshot) : null,
        requester_name: 'Nguyễn Văn Khách',
        requester_phone: '0912345678',
        title: 'Quan trắc nước thải quý IV',
        source: 'staff',
        search_text: '',
        created_at: now,
        updated_at: now,
        created_by: 1,
      })
      .execute();
  };

  beforeAll(async () => {
    t = await createTestApp();
    service = new ProcessesService(t.database.db, t.database.kind);
    const role = await createRole(t, { code: 'NV', name: 'Nhân viên' });
    qt = await createDepartment(t, { code: 'QT', name: 'Phòng Quan trắc môi trường' });
    field = await createDepartment(t, { code: 'QT-HT', name: 'Đội Lấy mẫu hiện trường', parent_id: qt.id });
    lab = await createDepartment(t, { code: 'PTN', name: 'Phòng Thí nghiệm' });
    sales = await createDepartment(t, { code: 'KD', name: 'Phòng Kinh doanh' });
    const person = (name: string, username: string, department: Created) =>
      createUser(t, { name, username, role_id: role.id, department_id: department.id, password: TEST_PASSWORD });
    yen = await person('Phan Thị Yến', 'yen.pt', qt);
    tai = await person('Mai Văn Tài', 'tai.mv', field);
    thao = await person('Lương Thị Thảo', 'thao.lt', lab);
    lockedUser = await person('Kiều Văn Sơn', 'son.kv', lab);
    expect((await call('POST', `/api/users/${lockedUser.id}/lock`)).statusCode).toBe(200);

    periodic = await createProcess({
      code: 'QT-DK',
      name: 'Quan trắc môi trường định kỳ',
      description: 'Quan trắc nước thải, khí thải theo giấy phép môi trường',
      steps: [
        step('Tiếp nhận & báo giá', sales, { duration_hours: 16 }),
        step('Lấy mẫu hiện trường', field, { default_assignee_id: tai.id, duration_hours: 48 }),
        step('Phân tích thí nghiệm', lab, { default_assignee_id: thao.id, duration_hours: 120 }),
        step('Lập báo cáo & trả kết quả', qt, { default_assignee_id: yen.id, duration_hours: 40, produces_result: true }),
      ],
    });
    dtm = await createProcess({ code: 'DTM', name: 'Lập báo cáo ĐTM', steps: [step('Khảo sát dự án', qt)] });
    await createProcess({ code: 'LD-TD', name: 'Lắp đặt thiết bị quan trắc tự động', active: false });
    await createProcess({ code: 'P_1', name: 'Quy trình 100% nội bộ' });
    await createProcess({ code: 'PX1', name: 'Quy trình 1000 việc' });
  });
  afterAll(() => t?.close());

  describe('options', () => {
    const accepted: PermissionKey[] = ['processes.index', 'request_types.create', 'request_types.edit'];
    const options = (token: string | null) => call('GET', '/api/processes/options', undefined, token);

    it('gives each accepted key every process, id, code, name and whether it is in use (in use first)', async () => {
      for (const key of accepted) {
        const res = await options((await t.userWith([key])).token);
        expect(res.statusCode, key).toBe(200);
        const rows = res.json() as { id: number; code: string; name: string; active: boolean }[];
        for (const row of rows) expect(Object.keys(row).sort()).toEqual(['active', 'code', 'id', 'name']);
        const inUse = rows.filter((p) => p.active).map((p) => p.code);
        expect([...inUse].sort()).toEqual(['DTM', 'P_1', 'PX1', 'QT-DK'].sort());
        expect(rows.filter((p) => !p.active).map((p) => p.code)).toEqual(['LD-TD']);
        expect(rows.findIndex((p) => !p.active)).toBe(rows.length - 1);
        expect(rows.find((p) => p.id === periodic.id)?.name).toBe('Quan trắc môi trường định kỳ');
        for (const word of ['steps', 'description', 'version']) expect(res.body).not.toContain(word);
        expectNoSecrets(res);
      }
    });

    it('answers 403 without an accepted key and 401 without a token', async () => {
      const others = PERMISSION_KEYS.filter((k) => !accepted.includes(k));
      expectError(await options((await t.userWith(others)).token), 403, 'FORBIDDEN');
      expectError(await options(null), 401, 'UNAUTHENTICATED');
    });
  });

  describe('access', () => {
    it('answers 401 Unauthenticated. on every call without a token', async () => {
      const stepId = periodic.steps[0]!.id;
      const calls: [Method, string][] = [
        ['GET', '/api/processes'],
        ['POST', '/api/processes'],
        ['GET', `/api/processes/${periodic.id}`],
        ['PUT', `/api/processes/${periodic.id}`],
        ['DELETE', `/api/processes/${periodic.id}`],
        ['GET', `/api/processes/${periodic.id}/steps`],
        ['POST', `/api/processes/${periodic.id}/steps`],
        ['PUT', `/api/processes/${periodic.id}/steps/order`],
        ['GET', `/api/process-steps/${stepId}`],
        ['PUT', `/api/process-steps/${stepId}`],
        ['DELETE', `/api/process-steps/${stepId}`],
      ];
      for (const [method, url] of calls) {
        const res = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, null);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' });
      }
      expect((await get(periodic.id)).steps).toHaveLength(4);
    });

    it('lets each call through only with its keys (403 otherwise)', async () => {
      const holders = new Map<string, string>();
      const tokenOf = async (key: PermissionKey) => {
        if (!holders.has(key)) holders.set(key, (await t.userWith([key])).token);
        return holders.get(key)!;
      };
      const stepId = periodic.steps[0]!.id;
      const cases: [Method, string, PermissionKey[]][] = [
        ['GET', '/api/processes', ['processes.index']],
        ['GET', `/api/processes/${periodic.id}`, ['processes.show', 'processes.edit']],
        ['GET', `/api/processes/${periodic.id}/steps`, ['processes.show', 'processes.edit']],
        ['GET', `/api/process-steps/${stepId}`, ['processes.show', 'processes.edit']],
      ];
      const all: PermissionKey[] = ['processes.index', 'processes.create', 'processes.show', 'processes.edit'];
      for (const [method, url, allowed] of cases) {
        for (const key of all) {
          const res = await call(method, url, undefined, await tokenOf(key));
          expect(res.statusCode, `${method} ${url} with ${key}`).toBe(allowed.includes(key) ? 200 : 403);
        }
      }
      // Writing calls: the wrong keys are refused before anything changes.
      const before = await get(periodic.id);
      const writes: [Method, string, unknown][] = [
        ['POST', '/api/processes', { code: uniq('NO'), name: 'Không được tạo' }],
        ['PUT', `/api/processes/${periodic.id}`, { ...editable(before), name: 'Không được sửa' }],
        ['DELETE', `/api/processes/${dtm.id}`, undefined],
        ['POST', `/api/processes/${periodic.id}/steps`, step('Bước lậu', qt)],
        ['PUT', `/api/processes/${periodic.id}/steps/order`, { step_ids: before.steps.map((s) => s.id).reverse() }],
        ['PUT', `/api/process-steps/${stepId}`, { ...stepEditable(before.steps[0]!), name: 'Không được sửa' }],
        ['DELETE', `/api/process-steps/${stepId}`, undefined],
      ];
      for (const [method, url, payload] of writes) {
        const needed = url === '/api/processes' ? 'processes.create' : 'processes.edit';
        for (const key of all.filter((k) => k !== needed)) {
          expectError(await call(method, url, payload, await tokenOf(key)), 403, 'FORBIDDEN');
        }
      }
      expect(await get(periodic.id)).toEqual(before);
      expect((await get(dtm.id)).id).toBe(dtm.id);
    });

    it('a processes.show holder cannot create steps (403), a processes.edit holder can', async () => {
      const viewer = await t.userWith(['processes.index', 'processes.show', 'processes.create']);
      const res = await call('POST', `/api/processes/${dtm.id}/steps`, step('Bước thử', qt), viewer.token);
      expectError(res, 403, 'FORBIDDEN');
      const editor = await t.userWith(['processes.edit']);
      const ok = await call('POST', `/api/processes/${dtm.id}/steps`, step('Bước thử', qt), editor.token);
      expect(ok.statusCode).toBe(201);
      expect((await call('DELETE', `/api/process-steps/${ok.json().id}`, undefined, editor.token)).statusCode).toBe(204);
    });
  });

  describe('list', () => {
    it('answers { data, meta } with counts and total SLA, and pages', async () => {
      const res = await list('per_page=2&page=2&sort=code');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
      expect(codesOf(res)).toEqual(['PX1', 'P_1']);
      expectNoSecrets(res);
      const row = (await list('search=QT-DK')).json().data[0];
      expect(row).toEqual({
        id: periodic.id,
        code: 'QT-DK',
        name: 'Quan trắc môi trường định kỳ',
        description: 'Quan trắc nước thải, khí thải theo giấy phép môi trường',
        active: true,
        steps_count: 4,
        total_duration_hours: 224,
        request_types_count: 0,
        version: expect.any(Number),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(row).not.toHaveProperty('steps');
    });

    it('sorts by an allowed column both ways and refuses others', async () => {
      expect(codesOf(await list('per_page=all&sort=code'))).toEqual(['DTM', 'LD-TD', 'PX1', 'P_1', 'QT-DK']);
      expect(codesOf(await list('per_page=all&sort=-code'))).toEqual(['QT-DK', 'P_1', 'PX1', 'LD-TD', 'DTM']);
      expect(codesOf(await list('per_page=all&sort=created_at')).slice(0, 2)).toEqual(['QT-DK', 'DTM']);
      expect(codesOf(await list('per_page=all&sort=-created_at')).slice(-2)).toEqual(['DTM', 'QT-DK']);
      expectError(await list('sort=steps_count'), 422, 'VALIDATION_FAILED', 'sort');
      expectError(await list('sort=-search_text'), 422, 'VALIDATION_FAILED', 'sort');
    });

    it('searches without accents, case or đ, and takes % and _ literally', async () => {
      expect(codesOf(await list('search=quan%20trac%20moi%20truong%20dinh%20ky'))).toEqual(['QT-DK']);
      expect(codesOf(await list(`search=${encodeURIComponent('ĐỊNH KỲ')}`))).toEqual(['QT-DK']);
      expect(codesOf(await list('search=bao%20cao%20dtm'))).toEqual(['DTM']);
      expect(codesOf(await list('search=lap%20dat&per_page=all'))).toEqual(['LD-TD']);
      expect(codesOf(await list('search=100%25'))).toEqual(['P_1']);
      expect(codesOf(await list('search=p_1'))).toEqual(['P_1']);
      expect(codesOf(await list('search=khong%20co%20gi'))).toEqual([]);
    });

    it('filters by active', async () => {
      expect(codesOf(await list('active=false'))).toEqual(['LD-TD']);
      expect(codesOf(await list('active=0'))).toEqual(['LD-TD']);
      expect(codesOf(await list('active=true&sort=code'))).toEqual(['DTM', 'PX1', 'P_1', 'QT-DK']);
      expect(codesOf(await list('active=1&search=lap%20dat'))).toEqual([]);
      const bad = expectError(await list('active=co'), 422, 'VALIDATION_FAILED', 'active');
      expect(looksVietnamese(bad.errors[0]!.message)).toBe(true);
    });
  });

  describe('create', () => {
    it('creates a process with its steps in order (201)', async () => {
      expect(periodic).toMatchObject({
        code: 'QT-DK',
        active: true,
        version: 1,
        steps_count: 4,
        total_duration_hours: 224,
        request_types_count: 0,
      });
      expect(positionsOf(periodic)).toEqual([1, 2, 3, 4]);
      expect(namesOf(periodic)).toEqual([
        'Tiếp nhận & báo giá',
        'Lấy mẫu hiện trường',
        'Phân tích thí nghiệm',
        'Lập báo cáo & trả kết quả',
      ]);
      expect(periodic.steps[0]).toMatchObject({
        process_id: periodic.id,
        department_id: sales.id,
        department: { id: sales.id, name: 'Phòng Kinh doanh' },
        default_assignee_id: null,
        default_assignee: null,
        duration_hours: 16,
        produces_result: false,
        description: null,
      });
      expect(periodic.steps[1]).toMatchObject({
        department: { id: field.id, name: 'Đội Lấy mẫu hiện trường' },
        default_assignee: { id: tai.id, name: 'Mai Văn Tài' },
      });
      expect(periodic.steps.map((s) => s.produces_result)).toEqual([false, false, false, true]);
      expect(await get(periodic.id)).toEqual(periodic);
    });

    it('creates a process without steps, inactive when asked', async () => {
      const res = await call('POST', '/api/processes', {
        code: 'TRONG',
        name: 'Quy trình trống',
        active: false,
        description: '',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ steps: [], steps_count: 0, total_duration_hours: 0, active: false, description: null });
      expectNoSecrets(res);
      expect((await call('DELETE', `/api/processes/${res.json().id}`)).statusCode).toBe(204);
    });

    it('refuses missing and invalid fields with Vietnamese messages per field', async () => {
      const missing = expectError(await call('POST', '/api/processes', {}), 422, 'VALIDATION_FAILED', 'code');
      expect(Object.fromEntries(missing.errors.map((e) => [e.field, e.message]))).toEqual({
        code: 'Vui lòng nhập mã quy trình',
        name: 'Vui lòng nhập tên quy trình',
      });
      const bad = expectError(
        await call('POST', '/api/processes', {
          code: 'có dấu',
          name: 'x'.repeat(201),
          active: 'yes',
          steps: [
            { name: '', duration_hours: 0 },
            { name: 'Bước hai', department_id: qt.id, duration_hours: 8761, produces_result: 'có' },
            { name: 'Bước ba', department_id: 'abc', duration_hours: 1.5, default_assignee_id: -1 },
          ],
        }),
        422,
        'VALIDATION_FAILED',
      );
      expect(bad.errors.map((e) => e.field).sort()).toEqual([
        'active',
        'code',
        'name',
        'steps.0.department_id',
        'steps.0.duration_hours',
        'steps.0.name',
        'steps.1.duration_hours',
        'steps.1.produces_result',
        'steps.2.default_assignee_id',
        'steps.2.department_id',
        'steps.2.duration_hours',
      ]);
      for (const e of bad.errors) expect(looksVietnamese(e.message), e.message).toBe(true);
      const byField = Object.fromEntries(bad.errors.map((e) => [e.field, e.message]));
      expect(byField['steps.0.department_id']).toBe('Vui lòng chọn phòng ban phụ trách');
      expect(byField['steps.0.duration_hours']).toBe('Thời hạn xử lý tối thiểu 1 giờ');
      expect(byField['steps.1.duration_hours']).toBe('Thời hạn xử lý tối đa 8760 giờ (1 năm)');
      expect(byField['steps.2.duration_hours']).toBe('Thời hạn xử lý phải là số giờ nguyên');
      expect(codesOf(await list('search=co%20dau'))).toEqual([]);
    });

    it('refuses a duplicate code, a missing department or assignee, and two result steps, naming the field', async () => {
      const dup = await call('POST', '/api/processes', { code: 'QT-DK', name: 'Trùng mã' });
      expect(expectError(dup, 422, 'VALIDATION_FAILED', 'code').message).toBe('Mã quy trình đã tồn tại.');
      const noDep = await call('POST', '/api/processes', {
        code: uniq('X'),
        name: 'Thiếu phòng',
        steps: [step('Một', qt), { ...step('Hai', qt), department_id: 999999 }],
      });
      expect(expectError(noDep, 422, 'VALIDATION_FAILED', 'steps.1.department_id').message).toBe(
        'Phòng ban phụ trách không tồn tại.',
      );
      const noUser = await call('POST', '/api/processes', {
        code: uniq('X'),
        name: 'Thiếu người',
        steps: [step('Một', qt, { default_assignee_id: 999999 })],
      });
      expect(expectError(noUser, 422, 'VALIDATION_FAILED', 'steps.0.default_assignee_id').message).toBe(
        'Người thực hiện mặc định không tồn tại.',
      );
      const two = await call('POST', '/api/processes', {
        code: uniq('X'),
        name: 'Hai kết quả',
        steps: [step('Một', qt, { produces_result: true }), step('Hai', qt), step('Ba', qt, { produces_result: true })],
      });
      expect(expectError(two, 422, 'VALIDATION_FAILED', 'steps.2.produces_result').message).toBe(
        'Chỉ một bước của quy trình được đánh dấu trả kết quả cho khách hàng.',
      );
      const tooMany = await call('POST', '/api/processes', {
        code: uniq('X'),
        name: 'Quá nhiều bước',
        steps: Array.from({ length: 51 }, (_, i) => step(`Bước ${i + 1}`, qt)),
      });
      expectError(tooMany, 422, 'VALIDATION_FAILED', 'steps');
      // Nothing half-written: no process was left behind by the refused calls.
      expect((await list('per_page=all')).json().meta.total).toBe(5);
    });
  });

  describe('show', () => {
    it('answers 200 with ordered steps, 404 for a missing id and 422 for a non-numeric one', async () => {
      const res = await call('GET', `/api/processes/${periodic.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().steps.map((s: Step) => s.position)).toEqual([1, 2, 3, 4]);
      expectNoSecrets(res);
      const missing = expectError(await call('GET', '/api/processes/999999'), 404, 'NOT_FOUND');
      expect(missing.message).toBe('Không tìm thấy quy trình.');
      expectError(await call('GET', '/api/processes/abc'), 422, 'VALIDATION_FAILED', 'id');
    });
  });

  describe('update', () => {
    let p: Detail;
    beforeAll(async () => {
      p = await createProcess({ code: 'UPD', name: 'Quy trình cập nhật', steps: [step('Bước đầu', qt)] });
    });

    it('updates the fields and bumps the version, keeping the steps', async () => {
      const res = await call('PUT', `/api/processes/${p.id}`, {
        ...editable(p),
        name: 'Quy trình lấy mẫu khí thải',
        description: 'Ống khói lò hơi',
        active: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Quy trình lấy mẫu khí thải',
        description: 'Ống khói lò hơi',
        active: false,
        version: p.version + 1,
        steps_count: 1,
      });
      expect(res.json().steps).toEqual(p.steps);
      expect(codesOf(await list('search=khi%20thai'))).toEqual(['UPD']);
      p = res.json();
    });

    it('refuses a stale version with 409 CONFLICT and keeps the other edit', async () => {
      const before = await get(p.id);
      expect((await call('PUT', `/api/processes/${p.id}`, { ...editable(before), description: 'Bản A' })).statusCode).toBe(200);
      const second = await call('PUT', `/api/processes/${p.id}`, { ...editable(before), description: 'Bản B' });
      expect(looksVietnamese(expectError(second, 409, 'CONFLICT').message)).toBe(true);
      const after = await get(p.id);
      expect(after.description).toBe('Bản A');
      expect(after.version).toBe(before.version + 1);
    });

    it('of edits sent at once naming the same version, exactly one wins', async () => {
      const before = await get(p.id);
      const results = await Promise.all(
        [1, 2, 3, 4].map((i) => call('PUT', `/api/processes/${p.id}`, { ...editable(before), description: `Đồng thời ${i}` })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      expect((await get(p.id)).description).toBe(winner.description);
    });

    it('refuses no version (422), a missing process (404) and another process’s code (422)', async () => {
      const before = await get(p.id);
      const { version: _v, ...noVersion } = editable(before);
      expectError(await call('PUT', `/api/processes/${p.id}`, noVersion), 422, 'VALIDATION_FAILED', 'version');
      expectError(await call('PUT', '/api/processes/999999', editable(before)), 404, 'NOT_FOUND');
      const dup = await call('PUT', `/api/processes/${p.id}`, { ...editable(before), code: 'DTM' });
      expect(expectError(dup, 422, 'VALIDATION_FAILED', 'code').message).toBe('Mã quy trình đã tồn tại.');
      expect((await get(p.id)).code).toBe('UPD');
    });
  });

  describe('steps', () => {
    let p: Detail;
    const fresh = async () => {
      p = await get(p.id);
      return p;
    };
    beforeAll(async () => {
      p = await createProcess({
        code: 'BUOC',
        name: 'Quy trình các bước',
        steps: [step('A', qt), step('B', field), step('C', lab)],
      });
    });

    it('lists the steps in order', async () => {
      const res = await call('GET', `/api/processes/${p.id}/steps`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((s: Step) => [s.position, s.name])).toEqual([
        [1, 'A'],
        [2, 'B'],
        [3, 'C'],
      ]);
      expectError(await call('GET', '/api/processes/999999/steps'), 404, 'NOT_FOUND');
    });

    it('appends a step (201) and bumps the process version', async () => {
      const before = await fresh();
      const res = await call('POST', `/api/processes/${p.id}/steps`, {
        name: 'D',
        description: 'Gửi kết quả cho khách',
        department_id: qt.id,
        default_assignee_id: yen.id,
        duration_hours: 8760,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        process_id: p.id,
        position: 4,
        name: 'D',
        description: 'Gửi kết quả cho khách',
        department: { id: qt.id, name: 'Phòng Quan trắc môi trường' },
        default_assignee: { id: yen.id, name: 'Phan Thị Yến' },
        duration_hours: 8760,
        produces_result: false,
        version: 1,
      });
      const after = await fresh();
      expect(after.version).toBe(before.version + 1);
      expect(namesOf(after)).toEqual(['A', 'B', 'C', 'D']);
      expect(positionsOf(after)).toEqual([1, 2, 3, 4]);
      expect(after.total_duration_hours).toBe(before.total_duration_hours + 8760);
      expect((await call('GET', `/api/process-steps/${res.json().id}`)).json()).toEqual(res.json());
    });

    it('inserts at a position, shifting the later steps; positions stay 1..n', async () => {
      await addStep(p.id, { ...step('Đầu', sales), position: 1 });
      await addStep(p.id, { ...step('Giữa', lab), position: 3 });
      const now = await fresh();
      expect(namesOf(now)).toEqual(['Đầu', 'A', 'Giữa', 'B', 'C', 'D']);
      expect(positionsOf(now)).toEqual([1, 2, 3, 4, 5, 6]);
      // n+1 appends; past it is refused.
      const last = await addStep(p.id, { ...step('Cuối', qt), position: 7 });
      expect(last.position).toBe(7);
      const beyond = await call('POST', `/api/processes/${p.id}/steps`, { ...step('Xa', qt), position: 9 });
      expect(expectError(beyond, 422, 'VALIDATION_FAILED', 'position').message).toBe('Vị trí phải từ 1 đến 8.');
      expectError(
        await call('POST', `/api/processes/${p.id}/steps`, { ...step('Âm', qt), position: 0 }),
        422,
        'VALIDATION_FAILED',
        'position',
      );
      expect(positionsOf(await fresh())).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it('of steps added at once, each gets its own place', async () => {
      const before = await fresh();
      const results = await Promise.all(
        [1, 2, 3, 4].map((i) => call('POST', `/api/processes/${p.id}/steps`, step(`Song song ${i}`, qt))),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      const after = await fresh();
      expect(positionsOf(after)).toEqual(Array.from({ length: before.steps.length + 4 }, (_, i) => i + 1));
      expect(after.version).toBe(before.version + 4);
      for (const r of results) await call('DELETE', `/api/process-steps/${r.json().id}`);
      expect(positionsOf(await fresh())).toEqual(positionsOf(before));
    });

    it('refuses a step on a missing process (404) and invalid step fields (422 per field)', async () => {
      expectError(await call('POST', '/api/processes/999999/steps', step('X', qt)), 404, 'NOT_FOUND');
      const missing = expectError(await call('POST', `/api/processes/${p.id}/steps`, {}), 422, 'VALIDATION_FAILED');
      expect(Object.fromEntries(missing.errors.map((e) => [e.field, e.message]))).toEqual({
        name: 'Vui lòng nhập tên bước',
        department_id: 'Vui lòng chọn phòng ban phụ trách',
        duration_hours: 'Vui lòng nhập thời hạn xử lý (giờ)',
      });
      for (const duration_hours of [0, 8761, 2.5, '8', -1]) {
        const res = await call('POST', `/api/processes/${p.id}/steps`, { ...step('X', qt), duration_hours });
        const body = expectError(res, 422, 'VALIDATION_FAILED', 'duration_hours');
        expect(looksVietnamese(body.errors[0]!.message)).toBe(true);
      }
      const before = await fresh();
      const noDep = await call('POST', `/api/processes/${p.id}/steps`, { ...step('X', qt), department_id: 999999 });
      expect(expectError(noDep, 422, 'VALIDATION_FAILED', 'department_id').message).toBe('Phòng ban phụ trách không tồn tại.');
      const noUser = await call('POST', `/api/processes/${p.id}/steps`, step('X', qt, { default_assignee_id: 999999 }));
      expect(expectError(noUser, 422, 'VALIDATION_FAILED', 'default_assignee_id').message).toBe(
        'Người thực hiện mặc định không tồn tại.',
      );
      const locked = await call('POST', `/api/processes/${p.id}/steps`, step('X', lab, { default_assignee_id: lockedUser.id }));
      expect(expectError(locked, 422, 'VALIDATION_FAILED', 'default_assignee_id').message).toBe(
        'Người thực hiện mặc định đã bị khóa tài khoản.',
      );
      const elsewhere = await call('POST', `/api/processes/${p.id}/steps`, step('X', lab, { default_assignee_id: yen.id }));
      expect(expectError(elsewhere, 422, 'VALIDATION_FAILED', 'default_assignee_id').message).toBe(
        'Người thực hiện mặc định phải thuộc phòng ban phụ trách bước này.',
      );
      // Neither a parent's member for a sub-team step.
      const upward = await call('POST', `/api/processes/${p.id}/steps`, step('X', field, { default_assignee_id: yen.id }));
      expectError(upward, 422, 'VALIDATION_FAILED', 'default_assignee_id');
      const after = await fresh();
      expect(after.steps).toEqual(before.steps);
      expect(after.version).toBe(before.version);
    });

    it('refuses a step past the 50th (409)', async () => {
      const full = await createProcess({
        code: uniq('FULL'),
        name: 'Quy trình đủ bước',
        steps: Array.from({ length: 50 }, (_, i) => step(`Bước ${i + 1}`, qt)),
      });
      expect(positionsOf(full)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const res = await call('POST', `/api/processes/${full.id}/steps`, step('Bước 51', qt));
      expect(expectError(res, 409, 'CONFLICT').message).toBe('Quy trình đã có đủ 50 bước, không thể thêm.');
      expect((await get(full.id)).steps_count).toBe(50);
      expect((await call('DELETE', `/api/processes/${full.id}`)).statusCode).toBe(204);
    });

    it('accepts an assignee from a team under the step’s department', async () => {
      const s = await addStep(p.id, step('Lấy mẫu bổ sung', qt, { default_assignee_id: tai.id }));
      expect(s.default_assignee).toEqual({ id: tai.id, name: 'Mai Văn Tài' });
      expect((await call('DELETE', `/api/process-steps/${s.id}`)).statusCode).toBe(204);
    });

    it('shows a step (200), 404 for a missing one', async () => {
      const s = (await fresh()).steps[1]!;
      const res = await call('GET', `/api/process-steps/${s.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(s);
      const missing = expectError(await call('GET', '/api/process-steps/999999'), 404, 'NOT_FOUND');
      expect(missing.message).toBe('Không tìm thấy bước quy trình.');
    });

    it('updates a step, bumping its version and the process version; a stale step version gets 409', async () => {
      const before = await fresh();
      const s = before.steps.find((x) => x.name === 'B')!;
      const res = await call('PUT', `/api/process-steps/${s.id}`, {
        ...stepEditable(s),
        name: 'B – lấy mẫu',
        default_assignee_id: tai.id,
        duration_hours: 36,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: s.id,
        position: s.position,
        name: 'B – lấy mẫu',
        default_assignee: { id: tai.id, name: 'Mai Văn Tài' },
        duration_hours: 36,
        version: s.version + 1,
      });
      const after = await fresh();
      expect(after.version).toBe(before.version + 1);
      expect(after.total_duration_hours).toBe(before.total_duration_hours - s.duration_hours + 36);
      const stale = await call('PUT', `/api/process-steps/${s.id}`, { ...stepEditable(s), name: 'Bản cũ' });
      expect(looksVietnamese(expectError(stale, 409, 'CONFLICT').message)).toBe(true);
      const kept = await fresh();
      expect(kept.steps.find((x) => x.id === s.id)!.name).toBe('B – lấy mẫu');
      expect(kept.version).toBe(after.version);
      expectError(await call('PUT', '/api/process-steps/999999', stepEditable(s)), 404, 'NOT_FOUND');
      const { version: _v, ...noVersion } = stepEditable(s);
      expectError(await call('PUT', `/api/process-steps/${s.id}`, noVersion), 422, 'VALIDATION_FAILED', 'version');
      const wrongTeam = await call('PUT', `/api/process-steps/${s.id}`, {
        ...stepEditable(res.json()),
        department_id: lab.id,
      });
      expectError(wrongTeam, 422, 'VALIDATION_FAILED', 'default_assignee_id');
    });

    it('keeps at most one result step: flagging one unflags the other', async () => {
      const before = await fresh();
      const [first, second] = [before.steps[0]!, before.steps[1]!];
      const flagged = await call('PUT', `/api/process-steps/${first.id}`, { ...stepEditable(first), produces_result: true });
      expect(flagged.json().produces_result).toBe(true);
      const res = await call('PUT', `/api/process-steps/${second.id}`, { ...stepEditable(second), produces_result: true });
      expect(res.statusCode).toBe(200);
      const after = await fresh();
      expect(after.steps.filter((s) => s.produces_result).map((s) => s.id)).toEqual([second.id]);
      // A new result step takes the flag too.
      const added = await addStep(p.id, step('Trả kết quả', qt, { produces_result: true }));
      const now = await fresh();
      expect(now.steps.filter((s) => s.produces_result).map((s) => s.id)).toEqual([added.id]);
      // The unflagged step's version moved: an edit naming its old version is refused.
      const oldSecond = after.steps.find((s) => s.id === second.id)!;
      expectError(await call('PUT', `/api/process-steps/${second.id}`, stepEditable(oldSecond)), 409, 'CONFLICT');
      const history = await auditOf(t, 'processes', p.id);
      expect(history[0]).toMatchObject({ action: 'step_create' });
      expect(history[0]!.changes?.result_step).toEqual([oldSecond.name, 'Trả kết quả']);
      expect((await call('DELETE', `/api/process-steps/${added.id}`)).statusCode).toBe(204);
    });

    it('deletes a step (204): the later ones move up, the process version goes up', async () => {
      const before = await fresh();
      const victim = before.steps[2]!;
      const res = await call('DELETE', `/api/process-steps/${victim.id}`);
      expect(res.statusCode).toBe(204);
      const after = await fresh();
      expect(after.steps.map((s) => s.id)).toEqual(before.steps.filter((s) => s.id !== victim.id).map((s) => s.id));
      expect(positionsOf(after)).toEqual(Array.from({ length: before.steps.length - 1 }, (_, i) => i + 1));
      expect(after.version).toBe(before.version + 1);
      expectError(await call('GET', `/api/process-steps/${victim.id}`), 404, 'NOT_FOUND');
      expectError(await call('DELETE', `/api/process-steps/${victim.id}`), 404, 'NOT_FOUND');
      // The first and the last can go too.
      await call('DELETE', `/api/process-steps/${after.steps[0]!.id}`);
      await call('DELETE', `/api/process-steps/${after.steps.at(-1)!.id}`);
      const trimmed = await fresh();
      expect(trimmed.steps.map((s) => s.id)).toEqual(after.steps.slice(1, -1).map((s) => s.id));
      expect(positionsOf(trimmed)).toEqual(Array.from({ length: after.steps.length - 2 }, (_, i) => i + 1));
    });

    it('reorders with the full list of ids and answers the process', async () => {
      const before = await fresh();
      const ids = before.steps.map((s) => s.id);
      const wanted = [ids.at(-1)!, ...ids.slice(0, -1)];
      const res = await call('PUT', `/api/processes/${p.id}/steps/order`, { step_ids: wanted, version: before.version });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Detail;
      expect(body.steps.map((s) => s.id)).toEqual(wanted);
      expect(positionsOf(body)).toEqual(ids.map((_, i) => i + 1));
      expect(body.version).toBe(before.version + 1);
      expect(await fresh()).toEqual(body);
      // A step's own version is left alone (its edit form stays valid); the arrows send the list without a version.
      expect(body.steps.find((s) => s.id === ids[0])!.version).toBe(before.steps[0]!.version);
      const back = await call('PUT', `/api/processes/${p.id}/steps/order`, { step_ids: ids });
      expect(back.json().steps.map((s: Step) => s.id)).toEqual(ids);
    });

    it('refuses an order list that is not exactly the process’s steps (422) or names an old version (409)', async () => {
      const before = await fresh();
      const ids = before.steps.map((s) => s.id);
      const other = periodic.steps[0]!.id;
      const order = (payload: unknown) => call('PUT', `/api/processes/${p.id}/steps/order`, payload);
      for (const step_ids of [ids.slice(1), [...ids, other], [...ids.slice(1), other], [ids[0], ...ids], [...ids, 999999]]) {
        const body = expectError(await order({ step_ids }), 422, 'VALIDATION_FAILED', 'step_ids');
        expect(looksVietnamese(body.message)).toBe(true);
      }
      for (const step_ids of [[], 'abc', [ids[0], 'x'], null]) {
        expectError(await order({ step_ids }), 422, 'VALIDATION_FAILED');
      }
      expectError(await order({}), 422, 'VALIDATION_FAILED', 'step_ids');
      const stale = await order({ step_ids: [...ids].reverse(), version: before.version - 1 });
      expectError(stale, 409, 'CONFLICT');
      expectError(await call('PUT', '/api/processes/999999/steps/order', { step_ids: ids }), 404, 'NOT_FOUND');
      const after = await fresh();
      expect(after.steps).toEqual(before.steps);
      expect(after.version).toBe(before.version);
    });

    it('writes each step change to the process history', async () => {
      const q = await createProcess({ code: 'LS', name: 'Quy trình lịch sử', steps: [step('Một', qt)] });
      const added = await addStep(q.id, step('Hai', lab, { default_assignee_id: thao.id }));
      await call('PUT', `/api/process-steps/${added.id}`, { ...stepEditable(added), duration_hours: 24 });
      await call('PUT', `/api/processes/${q.id}/steps/order`, { step_ids: [added.id, q.steps[0]!.id] });
      await call('DELETE', `/api/process-steps/${q.steps[0]!.id}`);
      const entries = await auditOf(t, 'processes', q.id);
      expect(entries.map((e) => e.action)).toEqual(['step_delete', 'step_reorder', 'step_update', 'step_create', 'create']);
      for (const e of entries) expect(e.user).toEqual({ id: 1, name: 'Quản trị viên' });
      expect(entries[3]!.changes).toMatchObject({
        id: [null, added.id],
        name: [null, 'Hai'],
        department: [null, { id: lab.id, name: 'Phòng Thí nghiệm' }],
        default_assignee_id: [null, thao.id],
      });
      expect(entries[2]!.changes).toEqual({ step_id: [added.id, added.id], duration_hours: [8, 24] });
      expect(entries[1]!.changes).toEqual({
        steps: [
          ['Một', 'Hai'],
          ['Hai', 'Một'],
        ],
      });
      expect(entries[0]!.changes).toMatchObject({ name: ['Một', null] });
      expect(entries[4]!.changes?.steps?.[1]).toEqual([expect.objectContaining({ name: 'Một', position: 1 })]);
    });
  });

  describe('snapshot', () => {
    it('freezes the process as it is: later edits do not change a snapshot taken before', async () => {
      const p = await createProcess({
        code: 'SNAP',
        name: 'Quy trình chụp',
        steps: [
          step('Tiếp nhận', sales, { duration_hours: 4 }),
          step('Lấy mẫu', field, { default_assignee_id: tai.id, duration_hours: 24 }),
          step('Trả kết quả', qt, { default_assignee_id: yen.id, duration_hours: 16, produces_result: true }),
        ],
      });
      const snap = await service.snapshot(p.id);
      const stored = JSON.stringify(snap);
      expect(snap).toEqual({
        process: { id: p.id, code: 'SNAP', name: 'Quy trình chụp', version: p.version },
        steps: p.steps.map((s) => ({
          id: s.id,
          position: s.position,
          name: s.name,
          department_id: s.department_id,
          default_assignee_id: s.default_assignee_id,
          duration_hours: s.duration_hours,
          produces_result: s.produces_result,
        })),
      });
      expect(JSON.parse(stored)).toEqual(snap);
      // Edit everything: the process, a step, the order, a deletion, an addition.
      const current = await get(p.id);
      await call('PUT', `/api/processes/${p.id}`, { ...editable(current), name: 'Quy trình đã sửa' });
      const lấyMẫu = current.steps[1]!;
      await call('PUT', `/api/process-steps/${lấyMẫu.id}`, {
        ...stepEditable(lấyMẫu),
        name: 'Lấy mẫu (sửa)',
        duration_hours: 48,
      });
      await call('PUT', `/api/processes/${p.id}/steps/order`, {
        step_ids: [current.steps[2]!.id, lấyMẫu.id, current.steps[0]!.id],
      });
      await call('DELETE', `/api/process-steps/${current.steps[0]!.id}`);
      await addStep(p.id, step('Bước mới', lab));
      expect(JSON.stringify(snap)).toBe(stored);
      const later = await service.snapshot(p.id);
      expect(later).not.toEqual(snap);
      expect(later.process).toMatchObject({ name: 'Quy trình đã sửa' });
      expect(later.process.version).toBeGreaterThan(snap.process.version);
      expect(later.steps.map((s) => [s.position, s.name, s.duration_hours])).toEqual([
        [1, 'Trả kết quả', 16],
        [2, 'Lấy mẫu (sửa)', 48],
        [3, 'Bước mới', 8],
      ]);
    });

    it('refuses a process without steps (409) and a missing one (404)', async () => {
      const empty = await createProcess({ code: 'RONG', name: 'Quy trình rỗng' });
      await expect(service.snapshot(empty.id)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
      await expect(service.snapshot(999999)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('delete', () => {
    it('deletes a process with its steps (204), then answers 404', async () => {
      const p = await createProcess({ code: uniq('DEL'), name: 'Xóa được', steps: [step('Một', qt), step('Hai', lab)] });
      const res = await call('DELETE', `/api/processes/${p.id}`);
      expect(res.statusCode).toBe(204);
      expectError(await call('GET', `/api/processes/${p.id}`), 404, 'NOT_FOUND');
      expectError(await call('GET', `/api/process-steps/${p.steps[0]!.id}`), 404, 'NOT_FOUND');
      expectError(await call('DELETE', `/api/processes/${p.id}`), 404, 'NOT_FOUND');
      const history = await auditOf(t, 'processes', p.id);
      expect(history.map((e) => e.action)).toEqual(['delete', 'create']);
    });

    it('refuses while a request type uses it, then while requests ran on it', async () => {
      const a = await createProcess({ code: 'DUNG', name: 'Quy trình đang dùng', steps: [step('Một', qt)] });
      const b = await createProcess({ code: 'THAY', name: 'Quy trình thay thế', steps: [step('Một', qt)] });
      const typeRes = await call('POST', '/api/request-types', {
        code: 'LYC-DUNG',
        name: 'Quan trắc khí thải',
        process_id: a.id,
      });
      expect(typeRes.statusCode).toBe(201);
      const type = typeRes.json();
      expect((await get(a.id)).request_types_count).toBe(1);
      const used = expectError(await call('DELETE', `/api/processes/${a.id}`), 409, 'CONFLICT');
      expect(used.message).toBe(
        'Không thể xóa quy trình đang được dùng cho 1 loại yêu cầu. Hãy chọn quy trình khác cho chúng trước.',
      );
      // A request ran on A; then the type moves to B. A is no longer used by a type, but its history is.
      await insertRequest(type.id, await service.snapshot(a.id));
      await insertRequest(type.id, null);
      const moved = await call('PUT', `/api/request-types/${type.id}`, {
        code: type.code,
        name: type.name,
        process_id: b.id,
        version: type.version,
      });
      expect(moved.statusCode).toBe(200);
      const ran = expectError(await call('DELETE', `/api/processes/${a.id}`), 409, 'CONFLICT');
      expect(ran.message).toBe('Không thể xóa quy trình đã có 1 yêu cầu xử lý theo. Hãy ngừng sử dụng quy trình thay vì xóa.');
      expectError(await call('DELETE', `/api/processes/${b.id}`), 409, 'CONFLICT');
      expect((await get(a.id)).steps).toHaveLength(1);
      expect((await get(b.id)).request_types_count).toBe(1);
    });
  });

  describe('export', () => {
    it('returns the whole filtered list as .xlsx with Vietnamese headers', async () => {
      await createProcess({ code: 'FX', name: '=1+1 quy trình', description: '@cmd', active: false });
      const res = await t.call({
        method: 'GET',
        url: '/api/processes?active=false&per_page=1&sort=code',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'quy-trinh');
      expect(rows[0]).toEqual([
        'Mã',
        'Tên quy trình',
        'Số bước',
        'Tổng thời hạn (giờ)',
        'Số loại yêu cầu',
        'Trạng thái',
        'Mô tả',
      ]);
      // Every inactive process (UPD was switched off above), not just the one page asked for.
      expect(rows.slice(1).map((r) => r[0])).toEqual(['FX', 'LD-TD', 'UPD']);
      expect(rows[1]).toEqual(['FX', "'=1+1 quy trình", 0, 0, 0, 'Ngừng sử dụng', "'@cmd"]);
      const found = await expectXlsx(
        await t.call({
          method: 'GET',
          url: '/api/processes?search=moi%20truong%20dinh%20ky',
          token: t.adminToken,
          headers: { 'x-export': 'xlsx' },
        }),
        'quy-trinh',
      );
      expect(found.slice(1)).toEqual([
        [
          'QT-DK',
          'Quan trắc môi trường định kỳ',
          4,
          224,
          0,
          'Đang sử dụng',
          'Quan trắc nước thải, khí thải theo giấy phép môi trường',
        ],
      ]);
      expectError(
        await t.call({ method: 'GET', url: '/api/processes?sort=name_x', token: t.adminToken, headers: { 'x-export': 'xlsx' } }),
        422,
        'VALIDATION_FAILED',
        'sort',
      );
      const viewer = await t.userWith(['processes.show']);
      expectError(
        await t.call({ method: 'GET', url: '/api/processes', token: viewer.token, headers: { 'x-export': 'xlsx' } }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('history', () => {
    it('writes create, update and delete, readable with processes.show but not another resource’s key', async () => {
      const p = await createProcess({ code: 'AUD', name: 'Quy trình lịch sử chung' });
      await call('PUT', `/api/processes/${p.id}`, { ...editable(p), name: 'Quy trình lịch sử mới', active: false });
      await call('DELETE', `/api/processes/${p.id}`);
      const entries = await auditOf(t, 'processes', p.id);
      expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      expect(entries[1]!.changes).toEqual({ name: ['Quy trình lịch sử chung', 'Quy trình lịch sử mới'], active: [true, false] });
      const reader = await t.userWith(['processes.show']);
      expect((await auditOf(t, 'processes', p.id, reader.token)).length).toBe(3);
      const other = await t.userWith(['request_types.show']);
      const res = await call('GET', `/api/audit-logs?entity=processes&entity_id=${p.id}`, undefined, other.token);
      expectError(res, 403, 'FORBIDDEN');
    });
  });
});
