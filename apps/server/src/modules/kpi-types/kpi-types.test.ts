import { KPI_MEASURE_KEYS } from '@qlcv/common/schemas/kpi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, expectNoSecrets, expectXlsx, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

describe('kpi types', () => {
  let t: TestApp;
  let reader: { id: number; token: string };
  let creator: { id: number; token: string };
  let editor: { id: number; token: string };
  let plain: { id: number; token: string };

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    token = t.adminToken,
  ) => t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const create = async (payload: Record<string, unknown>) => {
    const res = await call('POST', '/api/kpi-types', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const codes = (res: { json(): { data: { code: string }[] } }) => res.json().data.map((k) => k.code);

  beforeAll(async () => {
    t = await createTestApp();
    reader = await t.userWith(['kpi_types.index', 'kpi_types.show']);
    creator = await t.userWith(['kpi_types.index', 'kpi_types.create']);
    editor = await t.userWith(['kpi_types.edit']);
    plain = await t.userWith([]);
  });
  afterAll(() => t?.close());

  it('creates manual and computed types, lists, filters and searches without diacritics', async () => {
    const ontime = await create({
      code: 'KPI-DH',
      name: 'Tỷ lệ công việc đúng hạn',
      unit: '%',
      direction: 'higher',
      measure: 'works_on_time_rate',
      default_weight: 30,
      default_target: 95.5,
    });
    expect(ontime).toMatchObject({
      code: 'KPI-DH',
      measure: 'works_on_time_rate',
      direction: 'higher',
      default_weight: 30,
      default_target: 95.5,
      active: true,
      criteria_count: 0,
      description: null,
      version: 1,
    });
    const manual = await create({ code: 'KPI-CL', name: 'Chất lượng báo cáo quan trắc', direction: 'higher' });
    expect(manual).toMatchObject({ measure: 'manual', default_weight: 0, default_target: 0, unit: null });
    await create({ code: 'KPI-QH', name: 'Công việc quá hạn', direction: 'lower', measure: 'works_overdue', active: false });

    expect(codes(await call('GET', '/api/kpi-types?search=bao cao quan trac'))).toEqual(['KPI-CL']);
    expect(codes(await call('GET', '/api/kpi-types?measure=works_overdue,works_on_time_rate'))).toEqual(['KPI-DH', 'KPI-QH']);
    expect(codes(await call('GET', '/api/kpi-types?direction=lower'))).toEqual(['KPI-QH']);
    expect(codes(await call('GET', '/api/kpi-types?active=0'))).toEqual(['KPI-QH']);
    expect(codes(await call('GET', '/api/kpi-types?sort=-default_weight&active=1'))).toEqual(['KPI-DH', 'KPI-CL']);
    const res = await call('GET', '/api/kpi-types', undefined, reader.token);
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    expect(res.json().meta.total).toBe(3);
    expect((await call('GET', `/api/kpi-types/${ontime.id}`, undefined, reader.token)).json().name).toBe(
      'Tỷ lệ công việc đúng hạn',
    );
  });

  it('refuses bad input in Vietnamese, a taken code, an unknown measure and a stale version', async () => {
    const body = expectError(
      await call('POST', '/api/kpi-types', {
        code: 'có dấu',
        name: '',
        direction: 'sideways',
        measure: 'works_done',
        default_weight: 101,
        default_target: -1,
      }),
      422,
      'VALIDATION_FAILED',
      'code',
    );
    const fields = body.errors.map((e) => e.field);
    for (const f of ['name', 'direction', 'default_weight', 'default_target']) expect(fields).toContain(f);
    for (const e of body.errors) expect(looksVietnamese(e.message)).toBe(true);
    expectError(
      await call('POST', '/api/kpi-types', { code: 'X', name: 'x', direction: 'higher', measure: 'magic' }),
      422,
      'VALIDATION_FAILED',
      'measure',
    );
    expectError(
      await call('POST', '/api/kpi-types', { code: 'X', name: 'x', direction: 'higher', default_weight: 12.5 }),
      422,
      'VALIDATION_FAILED',
      'default_weight',
    );
    expectError(
      await call('POST', '/api/kpi-types', { code: 'KPI-DH', name: 'Trùng', direction: 'higher' }),
      422,
      'VALIDATION_FAILED',
      'code',
    );
    expectError(await call('GET', '/api/kpi-types?sort=password'), 422, 'VALIDATION_FAILED', 'sort');
    expectError(await call('GET', '/api/kpi-types?measure=nope'), 422, 'VALIDATION_FAILED', 'measure.0');

    const k = await create({ code: 'KPI-SL', name: 'Số công việc hoàn thành', direction: 'higher', measure: 'works_done' });
    const edit = {
      code: 'KPI-SL',
      name: 'Số công việc đã hoàn thành',
      direction: 'higher',
      measure: 'works_done',
      default_target: 20,
    };
    const ok = await call('PUT', `/api/kpi-types/${k.id}`, { ...edit, version: 1 }, editor.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Số công việc đã hoàn thành', default_target: 20, version: 2 });
    expectError(await call('PUT', `/api/kpi-types/${k.id}`, { ...edit, version: 1 }), 409, 'CONFLICT');
    expectError(await call('PUT', '/api/kpi-types/99999', { ...edit, version: 1 }), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/kpi-types/99999'), 404, 'NOT_FOUND');
    expectError(await call('DELETE', '/api/kpi-types/99999'), 404, 'NOT_FOUND');
    const history = await auditOf(t, 'kpi_types', k.id);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
  });

  it('refuses deleting a type an evaluation criterion uses (409), deletes an unused one', async () => {
    const used = await create({
      code: 'KPI-YC',
      name: 'Số yêu cầu hoàn thành',
      direction: 'higher',
      measure: 'requests_completed',
    });
    const now = new Date().toISOString();
    const ev = await t.database.db
      .insertInto('evaluations')
      .values({
        name: 'Đánh giá quý 3/2026',
        period_type: 'quarter',
        period_start: '2026-07-01',
        period_end: '2026-09-30',
        self_deadline: '2026-10-05',
        review_deadline: '2026-10-10',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('evaluation_criteria')
      .values({ evaluation_id: ev.id, kpi_type_id: used.id, position: 1, weight: 100, target: 10 })
      .execute();
    expect((await call('GET', `/api/kpi-types/${used.id}`)).json().criteria_count).toBe(1);
    const refused = expectError(await call('DELETE', `/api/kpi-types/${used.id}`), 409, 'IN_USE');
    expect(refused.message).toContain('1 tiêu chí');

    const unused = await create({ code: 'KPI-ST', name: 'Sáng kiến cải tiến', direction: 'higher' });
    expectError(await call('DELETE', `/api/kpi-types/${unused.id}`, undefined, reader.token), 403, 'FORBIDDEN');
    expect((await call('DELETE', `/api/kpi-types/${unused.id}`, undefined, editor.token)).statusCode).toBe(204);
    expectError(await call('GET', `/api/kpi-types/${unused.id}`), 404, 'NOT_FOUND');
    const history = await auditOf(t, 'kpi_types', unused.id);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['delete', 'create']);
  });

  it('exports the filtered list as .xlsx with Vietnamese labels', async () => {
    const rows = await expectXlsx(
      await t.call({
        method: 'GET',
        url: '/api/kpi-types?search=dung han',
        token: t.adminToken,
        headers: { 'x-export': 'xlsx' },
      }),
      'loai-kpi',
    );
    expect(rows[0]?.slice(0, 5)).toEqual(['Mã', 'Tên loại KPI', 'Cách đo', 'Đơn vị', 'Chiều đánh giá']);
    expect(rows[1]?.slice(0, 5)).toEqual([
      'KPI-DH',
      'Tỷ lệ công việc đúng hạn',
      'Tỷ lệ công việc hoàn thành đúng hạn',
      '%',
      'Càng cao càng tốt',
    ]);
    expect(rows).toHaveLength(2);
  });

  it('guards each call with its permission; options and measures need only a signed-in user', async () => {
    expectError(await call('GET', '/api/kpi-types', undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/kpi-types', undefined, editor.token), 403, 'FORBIDDEN');
    expect((await call('GET', '/api/kpi-types', undefined, creator.token)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/kpi-types' })).statusCode).toBe(401);
    const body = { code: 'KPI-TD', name: 'Thái độ phục vụ khách hàng', direction: 'higher' };
    expectError(await call('POST', '/api/kpi-types', body, reader.token), 403, 'FORBIDDEN');
    expect((await t.call({ method: 'POST', url: '/api/kpi-types', payload: body })).statusCode).toBe(401);
    const made = await call('POST', '/api/kpi-types', body, creator.token);
    expect(made.statusCode, made.body).toBe(201);
    expectError(await call('GET', `/api/kpi-types/${made.json().id}`, undefined, plain.token), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/kpi-types/${made.json().id}`, undefined, editor.token)).statusCode).toBe(200);
    expectError(await call('PUT', `/api/kpi-types/${made.json().id}`, { ...body, version: 1 }, reader.token), 403, 'FORBIDDEN');

    const options = await call('GET', '/api/kpi-types/options', undefined, plain.token);
    expect(options.statusCode).toBe(200);
    const list = options.json() as { code: string; active: boolean; measure: string }[];
    expect(list.at(-1)).toMatchObject({ code: 'KPI-QH', active: false });
    const active = (await call('GET', '/api/kpi-types/options?active=1', undefined, plain.token)).json() as { active: boolean }[];
    expect(active.every((o) => o.active)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/kpi-types/options' })).statusCode).toBe(401);

    const measures = await call('GET', '/api/kpi-types/measures', undefined, plain.token);
    expect(measures.statusCode).toBe(200);
    expect(measures.json().map((m: { key: string }) => m.key)).toEqual([...KPI_MEASURE_KEYS]);
    for (const m of measures.json()) expect(looksVietnamese(m.label)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/kpi-types/measures' })).statusCode).toBe(401);
  });
});
