import { PERMISSION_KEYS, type PermissionKey } from '@qlcv/common/permissions';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  type Created,
  createDepartment,
  expectError,
  expectNoSecrets,
  expectXlsx,
  looksVietnamese,
  uniq,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { RequestTypesService } from './request-types.service';

interface RequestType {
  id: number;
  code: string;
  name: string;
  description: string | null;
  process_id: number | null;
  process: { id: number; name: string; active: boolean } | null;
  is_public: boolean;
  service_group: string | null;
  active: boolean;
  requests_count: number;
  version: number;
}

describe('request types', () => {
  let t: TestApp;
  let qt: Created;
  let periodic: Created;
  let install: Created;
  let retired: Created;
  let empty: Created;
  const types: Record<string, RequestType> = {};

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, payload?: unknown, token: string | null = t.adminToken) =>
    t.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const list = (query: string, token = t.adminToken) => call('GET', `/api/request-types?${query}`, undefined, token);
  const codesOf = (res: LightMyRequestResponse) => (res.json().data as { code: string }[]).map((r) => r.code);
  const get = async (id: number): Promise<RequestType> => (await call('GET', `/api/request-types/${id}`)).json();
  const editable = (r: RequestType) => ({
    code: r.code,
    name: r.name,
    description: r.description,
    process_id: r.process_id,
    is_public: r.is_public,
    service_group: r.service_group,
    active: r.active,
    version: r.version,
  });
  const createProcess = async (payload: Record<string, unknown>): Promise<Created> => {
    const res = await call('POST', '/api/processes', payload);
    if (res.statusCode !== 201) throw new Error(`process: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const createType = async (payload: Record<string, unknown>): Promise<RequestType> => {
    const res = await call('POST', '/api/request-types', payload);
    if (res.statusCode !== 201) throw new Error(`request type: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const insertRequest = async (requestTypeId: number) => {
    const now = new Date().toISOString();
    const code = uniq('YC');
    await t.database.db
      .insertInto('requests')
      .values({
        code,
        tracking_code: `${code}-TRACK`,
        request_type_id: requestTypeId,
        process_snapshot: null,
        requester_name: 'Trần Thị Khách',
        requester_phone: '0987654321',
        title: 'Lắp đặt trạm quan trắc nước thải',
        source: 'public',
        search_text: '',
        created_at: now,
        updated_at: now,
        created_by: null,
      })
      .execute();
  };
  const publicList = async () => {
    const res = await call('GET', '/api/public/request-types', undefined, null);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; name: string; description: string | null; service_group: string | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    qt = await createDepartment(t, { code: 'QT', name: 'Phòng Quan trắc' });
    const steps = [{ name: 'Tiếp nhận', department_id: qt.id, duration_hours: 8 }];
    periodic = await createProcess({ code: 'QT-DK', name: 'Quan trắc môi trường định kỳ', steps });
    install = await createProcess({ code: 'LD', name: 'Lắp đặt thiết bị quan trắc tự động', steps });
    retired = await createProcess({ code: 'CU', name: 'Quy trình cũ', steps });
    empty = await createProcess({ code: 'RONG', name: 'Quy trình chưa có bước' });
    const seed: [string, Record<string, unknown>][] = [
      [
        'QTMT',
        {
          name: 'Quan trắc môi trường định kỳ',
          description: 'Quan trắc nước thải, khí thải, không khí xung quanh',
          process_id: periodic.id,
          is_public: true,
          service_group: 'Quan trắc môi trường',
        },
      ],
      [
        'PTM',
        {
          name: 'Phân tích mẫu nước',
          process_id: periodic.id,
          is_public: true,
          service_group: 'Phân tích thí nghiệm',
        },
      ],
      [
        'LDTB',
        {
          name: 'Lắp đặt trạm quan trắc tự động',
          process_id: install.id,
          is_public: true,
          service_group: 'Lắp đặt thiết bị',
        },
      ],
      ['NOIBO', { name: 'Đánh giá nội bộ', process_id: periodic.id, is_public: false, service_group: 'Báo cáo môi trường' }],
      ['NGUNG', { name: 'Dịch vụ ngừng', process_id: periodic.id, is_public: true, active: false }],
      ['CU', { name: 'Dịch vụ theo quy trình cũ', process_id: retired.id, is_public: true }],
      ['RONG', { name: 'Dịch vụ chưa có bước', process_id: empty.id, is_public: true }],
    ];
    for (const [code, payload] of seed) types[code] = await createType({ code, ...payload });
    // Retire the process after the type was set on it.
    const r = (await call('GET', `/api/processes/${retired.id}`)).json();
    const off = await call('PUT', `/api/processes/${retired.id}`, {
      code: r.code,
      name: r.name,
      description: r.description,
      active: false,
      version: r.version,
    });
    expect(off.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  describe('options', () => {
    const accepted: PermissionKey[] = ['request_types.index', 'requests.index', 'requests.create', 'requests.edit'];
    const options = (token: string | null) => call('GET', '/api/request-types/options', undefined, token);

    it('gives each accepted key the active types with the picker fields only', async () => {
      for (const key of accepted) {
        const res = await options((await t.userWith([key])).token);
        expect(res.statusCode, key).toBe(200);
        const rows = res.json() as { id: number; code: string; is_public: boolean }[];
        for (const row of rows) {
          expect(Object.keys(row).sort()).toEqual(['code', 'id', 'is_public', 'name', 'process_id', 'service_group']);
        }
        // NGUNG is inactive.
        expect(rows.map((r) => r.code).sort()).toEqual(['CU', 'LDTB', 'NOIBO', 'PTM', 'QTMT', 'RONG'].sort());
        expect(rows.find((r) => r.code === 'NOIBO')).toEqual({
          id: types.NOIBO!.id,
          code: 'NOIBO',
          name: 'Đánh giá nội bộ',
          process_id: periodic.id,
          is_public: false,
          service_group: 'Báo cáo môi trường',
        });
        expect(rows.find((r) => r.code === 'QTMT')?.is_public).toBe(true);
        for (const word of ['description', 'requests_count', 'version', 'active']) expect(res.body).not.toContain(word);
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
    it('answers 401 Unauthenticated. on every staff call without a token', async () => {
      const id = types.QTMT!.id;
      const calls: [Method, string][] = [
        ['GET', '/api/request-types'],
        ['POST', '/api/request-types'],
        ['GET', `/api/request-types/${id}`],
        ['PUT', `/api/request-types/${id}`],
        ['DELETE', `/api/request-types/${id}`],
      ];
      for (const [method, url] of calls) {
        const res = await call(method, url, method === 'POST' || method === 'PUT' ? {} : undefined, null);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' });
      }
      expect((await get(id)).id).toBe(id);
    });

    it('lets each call through only with its keys (403 otherwise)', async () => {
      const all: PermissionKey[] = ['request_types.index', 'request_types.create', 'request_types.show', 'request_types.edit'];
      const tokens = new Map<PermissionKey, string>();
      for (const key of [...all, 'processes.edit' as const]) tokens.set(key, (await t.userWith([key])).token);
      const target = types.NOIBO!;
      const expectations: [Method, string, unknown, PermissionKey[], number][] = [
        ['GET', '/api/request-types', undefined, ['request_types.index'], 200],
        ['GET', `/api/request-types/${target.id}`, undefined, ['request_types.show', 'request_types.edit'], 200],
      ];
      for (const [method, url, payload, allowed, ok] of expectations) {
        for (const [key, token] of tokens) {
          const res = await call(method, url, payload, token);
          expect(res.statusCode, `${method} ${url} with ${key}`).toBe(allowed.includes(key) ? ok : 403);
        }
      }
      const writes: [Method, string, unknown, PermissionKey][] = [
        ['POST', '/api/request-types', { code: uniq('NO'), name: 'Không được', process_id: periodic.id }, 'request_types.create'],
        ['PUT', `/api/request-types/${target.id}`, { ...editable(target), name: 'Không được' }, 'request_types.edit'],
        ['DELETE', `/api/request-types/${target.id}`, undefined, 'request_types.edit'],
      ];
      for (const [method, url, payload, needed] of writes) {
        for (const [key, token] of tokens) {
          if (key === needed) continue;
          expectError(await call(method, url, payload, token), 403, 'FORBIDDEN');
        }
      }
      expect(await get(target.id)).toEqual(target);
      // The creator may create; the editor may edit.
      const created = await call(
        'POST',
        '/api/request-types',
        { code: 'TAO', name: 'Tạo bởi người có quyền', process_id: periodic.id },
        tokens.get('request_types.create'),
      );
      expect(created.statusCode).toBe(201);
      const edited = await call(
        'PUT',
        `/api/request-types/${created.json().id}`,
        { ...editable(created.json()), name: 'Sửa bởi người có quyền' },
        tokens.get('request_types.edit'),
      );
      expect(edited.statusCode).toBe(200);
      expect(
        (await call('DELETE', `/api/request-types/${created.json().id}`, undefined, tokens.get('request_types.edit'))).statusCode,
      ).toBe(204);
    });
  });

  describe('list', () => {
    it('answers { data, meta } with the process and the request count, and pages', async () => {
      const res = await list('per_page=3&page=2&sort=code');
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toEqual({ current_page: 2, per_page: 3, total: 7, last_page: 3 });
      expect(codesOf(res)).toEqual(['NOIBO', 'PTM', 'QTMT']);
      expectNoSecrets(res);
      const row = (await list('search=QTMT')).json().data[0];
      expect(row).toEqual({
        id: types.QTMT!.id,
        code: 'QTMT',
        name: 'Quan trắc môi trường định kỳ',
        description: 'Quan trắc nước thải, khí thải, không khí xung quanh',
        process_id: periodic.id,
        process: { id: periodic.id, name: 'Quan trắc môi trường định kỳ', active: true },
        is_public: true,
        service_group: 'Quan trắc môi trường',
        active: true,
        requests_count: 0,
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it('filters by is_public, active and process_id, alone and together', async () => {
      expect(codesOf(await list('is_public=false'))).toEqual(['NOIBO']);
      expect(codesOf(await list('active=false'))).toEqual(['NGUNG']);
      expect(codesOf(await list('is_public=true&active=true&sort=code'))).toEqual(['CU', 'LDTB', 'PTM', 'QTMT', 'RONG']);
      expect(codesOf(await list(`process_id=${periodic.id}&sort=code`))).toEqual(['NGUNG', 'NOIBO', 'PTM', 'QTMT']);
      expect(codesOf(await list(`process_id=${install.id}`))).toEqual(['LDTB']);
      expect(codesOf(await list(`process_id=${periodic.id}&is_public=1&active=1&sort=-code`))).toEqual(['QTMT', 'PTM']);
      expectError(await list('is_public=co'), 422, 'VALIDATION_FAILED', 'is_public');
      expectError(await list('active=2'), 422, 'VALIDATION_FAILED', 'active');
      expectError(await list('process_id=abc'), 422, 'VALIDATION_FAILED', 'process_id');
    });

    it('searches code, name and service group without accents, case or đ', async () => {
      expect(codesOf(await list('search=phan%20tich%20mau'))).toEqual(['PTM']);
      expect(codesOf(await list(`search=${encodeURIComponent('ĐÁNH GIÁ')}`))).toEqual(['NOIBO']);
      expect(codesOf(await list('search=danh%20gia'))).toEqual(['NOIBO']);
      // The service group is searched too.
      expect(codesOf(await list('search=lap%20dat%20thiet%20bi'))).toEqual(['LDTB']);
      expect(codesOf(await list('search=bao%20cao%20moi%20truong'))).toEqual(['NOIBO']);
      expect(codesOf(await list('search=ldtb'))).toEqual(['LDTB']);
      expect(codesOf(await list('search=khong%20co'))).toEqual([]);
    });

    it('sorts by an allowed column both ways (types without a group last) and refuses others', async () => {
      expect(codesOf(await list('per_page=all&sort=service_group'))).toEqual([
        'NOIBO', // Báo cáo môi trường
        'LDTB', // Lắp đặt thiết bị
        'PTM', // Phân tích thí nghiệm
        'QTMT', // Quan trắc môi trường
        'NGUNG', // no group: by id
        'CU',
        'RONG',
      ]);
      expect(codesOf(await list('per_page=all&sort=-service_group'))).toEqual([
        'QTMT',
        'PTM',
        'LDTB',
        'NOIBO',
        'RONG',
        'CU',
        'NGUNG',
      ]);
      expect(codesOf(await list('per_page=all&sort=-code'))).toEqual(['RONG', 'QTMT', 'PTM', 'NOIBO', 'NGUNG', 'LDTB', 'CU']);
      expect(codesOf(await list('per_page=all&sort=created_at')).slice(0, 2)).toEqual(['QTMT', 'PTM']);
      expectError(await list('sort=process_id'), 422, 'VALIDATION_FAILED', 'sort');
      expectError(await list('sort=-is_public'), 422, 'VALIDATION_FAILED', 'sort');
    });
  });

  describe('public list', () => {
    it('answers without a token: only active public types on an active process with steps, minimal fields', async () => {
      const rows = await publicList();
      expect(rows).toEqual([
        { id: types.LDTB!.id, name: 'Lắp đặt trạm quan trắc tự động', description: null, service_group: 'Lắp đặt thiết bị' },
        { id: types.PTM!.id, name: 'Phân tích mẫu nước', description: null, service_group: 'Phân tích thí nghiệm' },
        {
          id: types.QTMT!.id,
          name: 'Quan trắc môi trường định kỳ',
          description: 'Quan trắc nước thải, khí thải, không khí xung quanh',
          service_group: 'Quan trắc môi trường',
        },
      ]);
      const res = await call('GET', '/api/public/request-types', undefined, null);
      expectNoSecrets(res);
      for (const word of ['process', 'code', 'is_public', 'active', 'version', 'created']) expect(res.body).not.toContain(word);
    });

    it('follows the state of the type and of its process', async () => {
      const p = await createProcess({
        code: uniq('PUB'),
        name: 'Quy trình công khai',
        steps: [{ name: 'Một', department_id: qt.id, duration_hours: 4 }],
      });
      let type = await createType({ code: uniq('PUB'), name: 'Dịch vụ mới', process_id: p.id, is_public: true });
      expect((await publicList()).map((r) => r.id)).toContain(type.id);
      // Hidden when the type stops being public…
      type = (await call('PUT', `/api/request-types/${type.id}`, { ...editable(type), is_public: false })).json();
      expect((await publicList()).map((r) => r.id)).not.toContain(type.id);
      // …or inactive…
      type = (await call('PUT', `/api/request-types/${type.id}`, { ...editable(type), is_public: true, active: false })).json();
      expect((await publicList()).map((r) => r.id)).not.toContain(type.id);
      type = (await call('PUT', `/api/request-types/${type.id}`, { ...editable(type), active: true })).json();
      expect((await publicList()).map((r) => r.id)).toContain(type.id);
      // …or when its process is switched off or loses its last step.
      const detail = (await call('GET', `/api/processes/${p.id}`)).json();
      const off = await call('PUT', `/api/processes/${p.id}`, {
        code: detail.code,
        name: detail.name,
        active: false,
        version: detail.version,
      });
      expect(off.statusCode).toBe(200);
      expect((await publicList()).map((r) => r.id)).not.toContain(type.id);
      const on = await call('PUT', `/api/processes/${p.id}`, {
        code: detail.code,
        name: detail.name,
        version: off.json().version,
      });
      expect(on.json().active).toBe(true);
      expect((await publicList()).map((r) => r.id)).toContain(type.id);
      expect((await call('DELETE', `/api/process-steps/${detail.steps[0].id}`)).statusCode).toBe(204);
      expect((await publicList()).map((r) => r.id)).not.toContain(type.id);
      expect((await call('DELETE', `/api/request-types/${type.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/processes/${p.id}`)).statusCode).toBe(204);
    });
  });

  describe('create', () => {
    it('creates a type (201) with defaults: not public, active', async () => {
      const res = await call('POST', '/api/request-types', {
        code: 'GPMT',
        name: 'Lập hồ sơ giấy phép môi trường',
        process_id: periodic.id,
        service_group: '  Báo cáo môi trường ',
        description: '',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        code: 'GPMT',
        is_public: false,
        active: true,
        service_group: 'Báo cáo môi trường',
        description: null,
        process: { id: periodic.id, name: 'Quan trắc môi trường định kỳ', active: true },
        requests_count: 0,
        version: 1,
      });
      expectNoSecrets(res);
      expect(await get(res.json().id)).toEqual(res.json());
      expect((await call('DELETE', `/api/request-types/${res.json().id}`)).statusCode).toBe(204);
    });

    it('refuses missing and invalid fields with Vietnamese messages per field', async () => {
      const missing = expectError(await call('POST', '/api/request-types', {}), 422, 'VALIDATION_FAILED', 'code');
      expect(Object.fromEntries(missing.errors.map((e) => [e.field, e.message]))).toEqual({
        code: 'Vui lòng nhập mã loại yêu cầu',
        name: 'Vui lòng nhập tên loại yêu cầu',
        process_id: 'Vui lòng chọn quy trình xử lý',
      });
      const bad = expectError(
        await call('POST', '/api/request-types', {
          code: 'mã sai',
          name: 'x'.repeat(201),
          process_id: 'abc',
          is_public: 'yes',
          active: 1,
          service_group: 'y'.repeat(101),
        }),
        422,
        'VALIDATION_FAILED',
      );
      expect(bad.errors.map((e) => e.field).sort()).toEqual([
        'active',
        'code',
        'is_public',
        'name',
        'process_id',
        'service_group',
      ]);
      for (const e of bad.errors) expect(looksVietnamese(e.message), e.message).toBe(true);
    });

    it('refuses a duplicate code, a missing or retired process', async () => {
      const dup = await call('POST', '/api/request-types', { code: 'QTMT', name: 'Trùng', process_id: periodic.id });
      expect(expectError(dup, 422, 'VALIDATION_FAILED', 'code').message).toBe('Mã loại yêu cầu đã tồn tại.');
      const missing = await call('POST', '/api/request-types', { code: uniq('M'), name: 'Thiếu', process_id: 999999 });
      expect(expectError(missing, 422, 'VALIDATION_FAILED', 'process_id').message).toBe('Quy trình xử lý không tồn tại.');
      const old = await call('POST', '/api/request-types', { code: uniq('M'), name: 'Cũ', process_id: retired.id });
      expect(expectError(old, 422, 'VALIDATION_FAILED', 'process_id').message).toBe(
        'Quy trình xử lý đã ngừng sử dụng, vui lòng chọn quy trình khác.',
      );
      expect((await list('per_page=all')).json().meta.total).toBe(7);
    });
  });

  describe('show', () => {
    it('answers 200, 404 for a missing id and 422 for a non-numeric one', async () => {
      const res = await call('GET', `/api/request-types/${types.CU!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'CU', process: { id: retired.id, name: 'Quy trình cũ', active: false } });
      const missing = expectError(await call('GET', '/api/request-types/999999'), 404, 'NOT_FOUND');
      expect(missing.message).toBe('Không tìm thấy loại yêu cầu.');
      expectError(await call('GET', '/api/request-types/abc'), 422, 'VALIDATION_FAILED', 'id');
    });
  });

  describe('update', () => {
    let r: RequestType;
    beforeAll(async () => {
      r = await createType({ code: 'UPD', name: 'Loại cập nhật', process_id: periodic.id });
    });
    afterAll(async () => {
      await call('DELETE', `/api/request-types/${r.id}`);
    });

    it('updates the fields and bumps the version', async () => {
      const res = await call('PUT', `/api/request-types/${r.id}`, {
        ...editable(r),
        name: 'Quan trắc khí thải ống khói',
        process_id: install.id,
        is_public: true,
        service_group: 'Quan trắc môi trường',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Quan trắc khí thải ống khói',
        process: { id: install.id, name: 'Lắp đặt thiết bị quan trắc tự động', active: true },
        is_public: true,
        service_group: 'Quan trắc môi trường',
        version: r.version + 1,
      });
      expect(codesOf(await list('search=ong%20khoi'))).toEqual(['UPD']);
      r = res.json();
    });

    it('refuses a stale version with 409 CONFLICT and keeps the other edit', async () => {
      const before = await get(r.id);
      expect((await call('PUT', `/api/request-types/${r.id}`, { ...editable(before), description: 'Bản A' })).statusCode).toBe(
        200,
      );
      const second = await call('PUT', `/api/request-types/${r.id}`, { ...editable(before), description: 'Bản B' });
      expect(looksVietnamese(expectError(second, 409, 'CONFLICT').message)).toBe(true);
      const after = await get(r.id);
      expect(after.description).toBe('Bản A');
      expect(after.version).toBe(before.version + 1);
    });

    it('refuses no version (422), a missing type (404), another type’s code and a retired process (422)', async () => {
      const before = await get(r.id);
      const { version: _v, ...noVersion } = editable(before);
      expectError(await call('PUT', `/api/request-types/${r.id}`, noVersion), 422, 'VALIDATION_FAILED', 'version');
      expectError(await call('PUT', '/api/request-types/999999', editable(before)), 404, 'NOT_FOUND');
      expectError(
        await call('PUT', `/api/request-types/${r.id}`, { ...editable(before), code: 'QTMT' }),
        422,
        'VALIDATION_FAILED',
        'code',
      );
      expectError(
        await call('PUT', `/api/request-types/${r.id}`, { ...editable(before), process_id: retired.id }),
        422,
        'VALIDATION_FAILED',
        'process_id',
      );
      expect(await get(r.id)).toEqual(before);
    });

    it('keeps a retired process the type already had, so the type can still be edited or switched off', async () => {
      const cu = types.CU!;
      const res = await call('PUT', `/api/request-types/${cu.id}`, {
        ...editable(cu),
        active: false,
        name: 'Dịch vụ cũ (ngừng)',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ active: false, process_id: retired.id });
      types.CU = res.json();
    });
  });

  describe('delete', () => {
    it('deletes an unused type (204), then answers 404', async () => {
      const r = await createType({ code: uniq('DEL'), name: 'Xóa được', process_id: periodic.id });
      expect((await call('DELETE', `/api/request-types/${r.id}`)).statusCode).toBe(204);
      expectError(await call('GET', `/api/request-types/${r.id}`), 404, 'NOT_FOUND');
      expectError(await call('DELETE', `/api/request-types/${r.id}`), 404, 'NOT_FOUND');
    });

    it('refuses while requests use it, saying how many', async () => {
      const r = await createType({ code: uniq('USED'), name: 'Đang có yêu cầu', process_id: periodic.id });
      await insertRequest(r.id);
      await insertRequest(r.id);
      expect((await get(r.id)).requests_count).toBe(2);
      const body = expectError(await call('DELETE', `/api/request-types/${r.id}`), 409, 'CONFLICT');
      expect(body.message).toBe('Không thể xóa loại yêu cầu đã có 2 yêu cầu. Hãy ngừng sử dụng loại yêu cầu này thay vì xóa.');
      expect((await get(r.id)).id).toBe(r.id);
    });
  });

  describe('for the requests module', () => {
    it('hands out a usable type and refuses the rest with one message on request_type_id', async () => {
      const service = new RequestTypesService(t.database.db);
      expect(await service.forRequest(types.QTMT!.id, { publicOnly: true })).toEqual({
        id: types.QTMT!.id,
        name: 'Quan trắc môi trường định kỳ',
        process_id: periodic.id,
      });
      expect((await service.forRequest(types.NOIBO!.id, { publicOnly: false })).process_id).toBe(periodic.id);
      for (const [id, publicOnly] of [
        [types.NOIBO!.id, true],
        [types.NGUNG!.id, false],
        [types.CU!.id, false],
        [999999, false],
      ] as const) {
        await expect(service.forRequest(id, { publicOnly })).rejects.toMatchObject({
          status: 422,
          errors: [{ field: 'request_type_id', message: 'Loại yêu cầu không tồn tại hoặc đã ngừng tiếp nhận.' }],
        });
      }
    });
  });

  describe('export', () => {
    it('returns the whole filtered list as .xlsx with Vietnamese headers', async () => {
      await createType({ code: 'FX', name: '=HYPERLINK("x")', description: '+1', process_id: install.id, is_public: false });
      const res = await t.call({
        method: 'GET',
        url: `/api/request-types?process_id=${install.id}&per_page=1&sort=code`,
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      });
      const rows = await expectXlsx(res, 'loai-yeu-cau');
      expect(rows[0]).toEqual([
        'Mã',
        'Tên loại yêu cầu',
        'Nhóm dịch vụ',
        'Quy trình xử lý',
        'Công khai',
        'Trạng thái',
        'Số yêu cầu',
        'Mô tả',
      ]);
      expect(rows.slice(1)).toEqual([
        ['FX', `'=HYPERLINK("x")`, null, 'Lắp đặt thiết bị quan trắc tự động', 'Không', 'Đang sử dụng', 0, "'+1"].map((v) =>
          v === null ? undefined : v,
        ),
        [
          'LDTB',
          'Lắp đặt trạm quan trắc tự động',
          'Lắp đặt thiết bị',
          'Lắp đặt thiết bị quan trắc tự động',
          'Có',
          'Đang sử dụng',
          0,
        ],
      ]);
      const inactive = await expectXlsx(
        await t.call({
          method: 'GET',
          url: '/api/request-types?active=false&sort=code',
          token: t.adminToken,
          headers: { 'x-export': 'xlsx' },
        }),
        'loai-yeu-cau',
      );
      expect(inactive.slice(1).map((r) => [r[0], r[5]])).toEqual([
        ['CU', 'Ngừng sử dụng'],
        ['NGUNG', 'Ngừng sử dụng'],
      ]);
      const viewer = await t.userWith(['request_types.show']);
      expectError(
        await t.call({ method: 'GET', url: '/api/request-types', token: viewer.token, headers: { 'x-export': 'xlsx' } }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('history', () => {
    it('writes create, update and delete, readable with request_types.show', async () => {
      const r = await createType({ code: 'AUD', name: 'Loại lịch sử', process_id: periodic.id });
      await call('PUT', `/api/request-types/${r.id}`, { ...editable(r), is_public: true, service_group: 'Quan trắc môi trường' });
      await call('DELETE', `/api/request-types/${r.id}`);
      const entries = await auditOf(t, 'request_types', r.id);
      expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      expect(entries[1]!.changes).toEqual({ is_public: [false, true], service_group: [null, 'Quan trắc môi trường'] });
      expect(entries[2]!.changes).toMatchObject({ code: [null, 'AUD'], process_id: [null, periodic.id] });
      const reader = await t.userWith(['request_types.show']);
      expect(await auditOf(t, 'request_types', r.id, reader.token)).toHaveLength(3);
      const other = await t.userWith(['processes.show']);
      expectError(
        await call('GET', `/api/audit-logs?entity=request_types&entity_id=${r.id}`, undefined, other.token),
        403,
        'FORBIDDEN',
      );
    });
  });
});
