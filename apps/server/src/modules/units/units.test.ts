import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, expectNoSecrets, expectXlsx, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

describe('units', () => {
  let t: TestApp;
  let editor: { id: number; token: string };
  let plain: { id: number; token: string };

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    token = t.adminToken,
  ) => t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const create = async (payload: Record<string, unknown>) => {
    const res = await call('POST', '/api/units', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.userWith(['settings.edit']);
    plain = await t.userWith([]);
  });
  afterAll(() => t?.close());

  it('creates, reads, lists and searches units without diacritics', async () => {
    const mau = await create({ code: 'MAU', name: 'mẫu', description: 'Một mẫu phân tích' });
    expect(mau).toMatchObject({
      code: 'MAU',
      name: 'mẫu',
      description: 'Một mẫu phân tích',
      active: true,
      services_count: 0,
      version: 1,
    });
    await create({ code: 'NGAYCONG', name: 'ngày công' });
    await create({ code: 'BO', name: 'bộ', active: false });
    const res = await call('GET', '/api/units?search=ngay cong');
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    expect(res.json().data.map((u: { code: string }) => u.code)).toEqual(['NGAYCONG']);
    const inactive = await call('GET', '/api/units?active=0');
    expect(inactive.json().data.map((u: { code: string }) => u.code)).toEqual(['BO']);
    const sorted = await call('GET', '/api/units?sort=-name');
    expect(sorted.json().data.map((u: { name: string }) => u.name)).toEqual(['ngày công', 'mẫu', 'bộ']);
    expect((await call('GET', `/api/units/${mau.id}`)).json().name).toBe('mẫu');
  });

  it('refuses bad input in Vietnamese, a taken code, an unknown sort, and a stale version', async () => {
    const body = expectError(await call('POST', '/api/units', { code: 'có dấu', name: '' }), 422, 'VALIDATION_FAILED', 'code');
    expect(body.errors.some((e) => e.field === 'name')).toBe(true);
    for (const e of body.errors) expect(looksVietnamese(e.message)).toBe(true);
    expectError(await call('POST', '/api/units', { code: 'MAU', name: 'mẫu khác' }), 422, 'VALIDATION_FAILED', 'code');
    expectError(await call('GET', '/api/units?sort=password'), 422, 'VALIDATION_FAILED', 'sort');
    const u = await create({ code: 'LAN', name: 'lần' });
    const ok = await call('PUT', `/api/units/${u.id}`, { code: 'LAN', name: 'lần đo', version: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'lần đo', version: 2 });
    expectError(await call('PUT', `/api/units/${u.id}`, { code: 'LAN', name: 'lần', version: 1 }), 409, 'CONFLICT');
    expectError(await call('PUT', '/api/units/99999', { code: 'X', name: 'x', version: 1 }), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/units/99999'), 404, 'NOT_FOUND');
    expectError(await call('DELETE', '/api/units/99999'), 404, 'NOT_FOUND');
  });

  it('refuses deleting a unit a service uses (409), deletes an unused one, and keeps the history', async () => {
    const used = await create({ code: 'DIEM', name: 'điểm' });
    const svc = await call('POST', '/api/services', {
      code: 'TO-01',
      name: 'Đo tiếng ồn',
      group: 'Tiếng ồn',
      unit_id: used.id,
      unit_price: 300000,
    });
    expect(svc.statusCode, svc.body).toBe(201);
    expect((await call('GET', `/api/units/${used.id}`)).json().services_count).toBe(1);
    const refused = expectError(await call('DELETE', `/api/units/${used.id}`), 409, 'IN_USE');
    expect(refused.message).toContain('1 dịch vụ');
    const unused = await create({ code: 'BAOCAO', name: 'báo cáo' });
    expect((await call('DELETE', `/api/units/${unused.id}`)).statusCode).toBe(204);
    expectError(await call('GET', `/api/units/${unused.id}`), 404, 'NOT_FOUND');
    const history = await auditOf(t, 'units', unused.id);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['delete', 'create']);
  });

  it('exports the filtered list as .xlsx', async () => {
    const rows = await expectXlsx(
      await t.call({ method: 'GET', url: '/api/units?search=mau', token: t.adminToken, headers: { 'x-export': 'xlsx' } }),
      'don-vi-tinh',
    );
    expect(rows[0]).toEqual(['Mã', 'Tên đơn vị tính', 'Mô tả', 'Số dịch vụ', 'Đang dùng']);
    expect(rows[1]?.slice(0, 2)).toEqual(['MAU', 'mẫu']);
    expect(rows).toHaveLength(2);
  });

  it('guards every call with settings.edit but the options, open to any signed-in user', async () => {
    expect((await call('GET', '/api/units', undefined, editor.token)).statusCode).toBe(200);
    expectError(await call('GET', '/api/units', undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/units', { code: 'X1', name: 'x' }, plain.token), 403, 'FORBIDDEN');
    expect((await t.call({ method: 'GET', url: '/api/units' })).statusCode).toBe(401);
    const options = await call('GET', '/api/units/options', undefined, plain.token);
    expect(options.statusCode).toBe(200);
    const names = options.json().map((o: { name: string; active: boolean }) => `${o.name}:${o.active}`);
    // Active first, then by name.
    expect(names.at(-1)).toBe('bộ:false');
    expect(
      (await call('GET', '/api/units/options?active=1', undefined, plain.token))
        .json()
        .every((o: { active: boolean }) => o.active),
    ).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/units/options' })).statusCode).toBe(401);
  });
});
