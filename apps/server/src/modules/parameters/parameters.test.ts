import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, expectXlsx, looksVietnamese, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 24 part 1: the parameter catalogue through HTTP — CRUD, the limits as decimal text, filters, export, options,
// history and the monitoring keys.

const COD = {
  name: 'Nhu cầu oxy hóa học (COD)',
  medium: 'wastewater',
  unit: 'mg/L',
  method: 'SMEWW 5220C:2017',
  place: 'lab',
  lod: '3.0',
  loq: '10',
  holding_hours: 168,
  turnaround_days: 7,
  preservation: 'Axit hóa bằng H₂SO₄ đến pH < 2, làm lạnh 1–5 °C',
  vimcerts: true,
  vilas: true,
};

describe('parameters', () => {
  let t: TestApp;
  let reader: { id: number; token: string };
  let creator: { id: number; token: string };
  let editor: { id: number; token: string };
  let plain: { id: number; token: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const create = async (payload: Record<string, unknown>, token = t.adminToken) => {
    const res = await call('POST', '/api/parameters', payload, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    reader = await t.userWith(['monitoring.index']);
    creator = await t.userWith(['monitoring.index', 'monitoring.create']);
    editor = await t.userWith(['monitoring.index', 'monitoring.edit']);
    plain = await t.userWith([]);
  });
  afterAll(() => t?.close());

  it('creates and reads a parameter, its limits kept as written (significant figures), priced by a service', async () => {
    const unit = (await call('POST', '/api/units', { code: uniq('MAU'), name: 'mẫu' })).json();
    const service = (
      await call('POST', '/api/services', {
        code: uniq('DV-COD'),
        name: 'Phân tích COD',
        group: 'Phân tích nước',
        unit_id: unit.id,
        unit_price: 120_000,
      })
    ).json();
    const cod = await create({ code: 'NT-COD', ...COD, lod: '3,0', service_id: service.id }, creator.token);
    expect(cod).toMatchObject({
      code: 'NT-COD',
      medium: 'wastewater',
      place: 'lab',
      lod: '3.0',
      loq: '10',
      holding_hours: 168,
      turnaround_days: 7,
      vimcerts: true,
      vilas: true,
      service: { id: service.id, code: service.code, name: 'Phân tích COD' },
      active: true,
      version: 1,
    });
    const read = await call('GET', `/api/parameters/${cod.id}`, undefined, reader.token);
    expect(read.statusCode).toBe(403);
    const shown = await call('GET', `/api/parameters/${cod.id}`, undefined, editor.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().lod).toBe('3.0');
    const ph = await create({
      code: 'NT-PH',
      name: 'pH',
      medium: 'wastewater',
      unit: '-',
      method: 'TCVN 6492:2011',
      place: 'field',
      lod: '',
      vimcerts: true,
    });
    expect(ph).toMatchObject({ lod: null, loq: null, holding_hours: null, turnaround_days: null, service: null, vilas: false });
  });

  it('refuses bad input in Vietnamese and saves nothing', async () => {
    const before = await t.database.db.selectFrom('parameters').select('id').execute();
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...COD, code: 'NT-X1', lod: '0.5', loq: '0.10' }, 'loq'],
      [{ ...COD, code: 'NT-X2', lod: '1e-3' }, 'lod'],
      [{ ...COD, code: 'NT-X3', lod: '-1' }, 'lod'],
      [{ ...COD, code: 'NT-X4', lod: 0.05 }, 'lod'],
      [{ ...COD, code: 'NT-X5', holding_hours: 9000 }, 'holding_hours'],
      [{ ...COD, code: 'NT-X6', holding_hours: 1.5 }, 'holding_hours'],
      [{ ...COD, code: 'NT-X12', turnaround_days: 0 }, 'turnaround_days'],
      [{ ...COD, code: 'NT-X13', turnaround_days: 366 }, 'turnaround_days'],
      [{ ...COD, code: 'NT-X14', turnaround_days: 2.5 }, 'turnaround_days'],
      [{ ...COD, code: 'NT-X7', medium: 'water' }, 'medium'],
      [{ ...COD, code: 'NT-X8', place: 'office' }, 'place'],
      [{ ...COD, code: 'NT-X9', service_id: 999_999 }, 'service_id'],
      [{ ...COD, code: 'NT-COD' }, 'code'],
      [{ ...COD, code: 'mã có dấu' }, 'code'],
      [{ ...COD, code: 'NT-X10', name: '' }, 'name'],
      [{ ...COD, code: 'NT-X11', unit: 'x'.repeat(31) }, 'unit'],
    ];
    for (const [payload, field] of refusals) {
      const res = await call('POST', '/api/parameters', payload);
      expectError(res, 422, 'VALIDATION_FAILED', field);
      const message = res.json().errors.find((e: { field: string }) => e.field === field)?.message as string;
      expect(looksVietnamese(message), `${field}: ${message}`).toBe(true);
    }
    const lower = await call('POST', '/api/parameters', { ...COD, code: 'NT-X1', lod: '0.5', loq: '0.10' });
    expect(lower.json().errors[0].message).toBe('Giới hạn định lượng (LOQ) không được nhỏ hơn giới hạn phát hiện (LOD)');
    expect(await t.database.db.selectFrom('parameters').select('id').execute()).toHaveLength(before.length);
  });

  it('lists with search without diacritics, medium, place, VIMCERTS and active filters, sorts, exports', async () => {
    await create({
      code: 'KT-SO2',
      name: 'Lưu huỳnh đioxit (SO₂)',
      medium: 'emission',
      unit: 'mg/Nm³',
      method: 'TCVN 6750:2005',
      place: 'field',
      vimcerts: false,
      active: false,
    });
    const page = (q: string, token = reader.token) => call('GET', `/api/parameters?${q}`, undefined, token);
    expect((await page('search=nhu cau oxy')).json().data.map((p: { code: string }) => p.code)).toEqual(['NT-COD']);
    expect((await page('search=smeww 5220')).json().data.map((p: { code: string }) => p.code)).toEqual(['NT-COD']);
    expect((await page('search=khi thai')).json().data.map((p: { code: string }) => p.code)).toEqual(['KT-SO2']);
    expect((await page('medium=wastewater&sort=-code')).json().data.map((p: { code: string }) => p.code)).toEqual([
      'NT-PH',
      'NT-COD',
    ]);
    expect((await page('place=field&active=1')).json().data.map((p: { code: string }) => p.code)).toEqual(['NT-PH']);
    expect((await page('vimcerts=0')).json().data.map((p: { code: string }) => p.code)).toEqual(['KT-SO2']);
    expect((await page('sort=medium')).json().data.map((p: { code: string }) => p.code)).toEqual(['KT-SO2', 'NT-COD', 'NT-PH']);
    expectError(await page('medium=air'), 422, 'VALIDATION_FAILED', 'medium');
    expectError(await page('sort=lod'), 422, 'VALIDATION_FAILED', 'sort');
    const rows = await expectXlsx(
      await t.call({
        method: 'GET',
        url: '/api/parameters?medium=wastewater',
        token: reader.token,
        headers: { 'x-export': 'xlsx' },
      }),
      'chi-tieu-quan-trac-',
    );
    expect(rows[0]).toContain('Phương pháp');
    const codRow = rows.find((r) => r[0] === 'NT-COD') as unknown[];
    expect(codRow).toContain('SMEWW 5220C:2017');
    expect(codRow).toContain('3,0');
    expect(codRow).toContain('Nước thải');
  });

  it('gives every signed-in user the options, active first, filtered by medium', async () => {
    const res = await call('GET', '/api/parameters/options?medium=emission', undefined, plain.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ code: 'KT-SO2', medium: 'emission', unit: 'mg/Nm³', place: 'field', active: false }),
    ]);
    expect(
      (await call('GET', '/api/parameters/options?active=1', undefined, plain.token)).json().map((p: { code: string }) => p.code),
    ).toEqual(['NT-COD', 'NT-PH']);
    expect((await t.call({ method: 'GET', url: '/api/parameters/options' })).statusCode).toBe(401);
  });

  it('updates with the version read (409 when stale), keeps a history, deletes', async () => {
    const cod = (await call('GET', '/api/parameters?search=NT-COD')).json().data[0];
    const { id, version, service: _s, created_at: _c, updated_at: _u, ...fields } = cod;
    const body = { ...fields, service_id: cod.service.id, version };
    expectError(await call('PUT', `/api/parameters/${id}`, { ...body, lod: '2.50' }, creator.token), 403, 'FORBIDDEN');
    const saved = await call('PUT', `/api/parameters/${id}`, { ...body, lod: '2.50' }, editor.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ lod: '2.50', version: version + 1 });
    expectError(await call('PUT', `/api/parameters/${id}`, { ...body, lod: '2.0' }, editor.token), 409, 'CONFLICT');
    const history = await auditOf(t, 'parameters', id);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history[0]?.changes?.lod).toEqual(['3.0', '2.50']);
    // The history is read with the monitoring keys; without them, 403.
    expect((await call('GET', `/api/audit-logs?entity=parameters&entity_id=${id}`, undefined, editor.token)).statusCode).toBe(
      200,
    );
    expectError(await call('GET', `/api/audit-logs?entity=parameters&entity_id=${id}`, undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/parameters/${id}`, undefined, reader.token), 403, 'FORBIDDEN');
    expect((await call('DELETE', `/api/parameters/${id}`, undefined, editor.token)).statusCode).toBe(204);
    expectError(await call('GET', `/api/parameters/${id}`), 404, 'NOT_FOUND');
    expectError(await call('PUT', `/api/parameters/${id}`, body), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/api/parameters/${id}`), 404, 'NOT_FOUND');
  });

  it('answers 401 without a token and 403 without the keys', async () => {
    expect((await t.call({ method: 'GET', url: '/api/parameters' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/parameters', payload: COD })).statusCode).toBe(401);
    expectError(await call('GET', '/api/parameters', undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/parameters', { ...COD, code: 'NT-Y' }, reader.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/parameters/abc'), 422, 'VALIDATION_FAILED');
  });

  it('leaves a parameter unpriced when its service is deleted', async () => {
    const unit = (await call('POST', '/api/units', { code: uniq('MAU'), name: 'mẫu' })).json();
    const service = (
      await call('POST', '/api/services', {
        code: uniq('DV-TSS'),
        name: 'Phân tích TSS',
        group: 'Phân tích nước',
        unit_id: unit.id,
        unit_price: 80_000,
      })
    ).json();
    const tss = await create({ ...COD, code: 'NT-TSS', name: 'Tổng chất rắn lơ lửng (TSS)', service_id: service.id });
    expect((await call('DELETE', `/api/services/${service.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/parameters/${tss.id}`)).json().service).toBeNull();
  });
});
