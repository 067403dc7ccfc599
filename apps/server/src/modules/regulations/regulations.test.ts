import { REGULATION_IMPORT_HEADERS } from '@qlcv/common/schemas/regulations';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, looksVietnamese, readXlsx, uniq, XLSX_TYPE } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';

// Issue 25 part 1: regulations as dated data through HTTP — the shipped ones, CRUD with columns, factor tables and
// limits, replacement chains, the import of a limits table, and the keys (read: any signed-in; write: regulations.edit).

const body = (code: string, more: Record<string, unknown> = {}) => ({
  code,
  title: 'Quy chuẩn kỹ thuật quốc gia về nước thải thử nghiệm',
  medium: 'wastewater',
  issuer: 'Bộ Tài nguyên và Môi trường',
  issuing_document: 'Thông tư 99/2026/TT-BTNMT',
  valid_from: '2026-01-01',
  source: 'Bản thử nghiệm của bộ kiểm thử',
  columns: [
    { code: 'A', meaning: 'Xả vào nguồn nước dùng cho cấp nước sinh hoạt' },
    { code: 'B', meaning: 'Xả vào nguồn nước không dùng cho cấp nước sinh hoạt' },
  ],
  factors: [
    {
      code: 'Kq',
      name: 'Hệ số lưu lượng nguồn tiếp nhận',
      basis: 'Lưu lượng dòng chảy Q (m³/s)',
      values: [
        { label: 'Q ≤ 50 m³/s', value: '0,9' },
        { label: '50 < Q ≤ 200 m³/s', value: '1' },
      ],
    },
  ],
  limits: [
    { analyte: 'ph', name: 'pH', unit: '-', column: 'A', min: '6', max: '9' },
    { analyte: 'PH', name: 'pH', unit: '-', column: 'B', min: '5,5', max: '9' },
    { analyte: 'BOD5', name: 'BOD₅ (20 °C)', unit: 'mg/L', column: 'B', max: '50', factors: ['Kq'] },
  ],
  ...more,
});

describe('regulations', () => {
  let t: TestApp;
  let editor: { id: number; token: string };
  let plain: { id: number; token: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const create = async (payload: Record<string, unknown>, token = t.adminToken) => {
    const res = await call('POST', '/api/regulations', payload, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const importFile = (id: number, data: Buffer, dryRun = false, token = t.adminToken) => {
    const form = multipart([{ name: 'file', filename: 'gioi-han.xlsx', data, contentType: XLSX_TYPE }]);
    return t.call({
      method: 'POST',
      url: `/api/regulations/${id}/import${dryRun ? '?dry_run=true' : ''}`,
      token,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const sheetOf = async (rows: (string | number | null)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Giá trị giới hạn');
    ws.addRow([...REGULATION_IMPORT_HEADERS]);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };

  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.userWith(['regulations.edit']);
    plain = await t.userWith([]);
  });
  afterAll(() => t?.close());

  it('ships QCVN 40:2011/BTNMT with its columns, Kq and Kf tables and limits, readable by anyone signed in', async () => {
    const list = await call('GET', '/api/regulations?search=40:2011', undefined, plain.token);
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().data.find((r: { code: string }) => r.code === 'QCVN 40:2011/BTNMT');
    expect(item).toMatchObject({ medium: 'wastewater', columns: ['A', 'B'] });
    expect(item.limit_count).toBeGreaterThan(40);
    const r = (await call('GET', `/api/regulations/${item.id}`, undefined, plain.token)).json();
    expect(r.factors.map((f: { code: string }) => f.code)).toEqual(['Kq', 'Kf']);
    const bod = r.limits.find((l: { analyte: string; column: string }) => l.analyte === 'BOD5' && l.column === 'B');
    expect(bod).toMatchObject({ max: '50', factors: ['Kq', 'Kf'] });
    const ph = r.limits.find((l: { analyte: string; column: string }) => l.analyte === 'PH' && l.column === 'A');
    expect(ph).toMatchObject({ min: '6', max: '9', factors: [] });
    expect(r.source).toMatch(/47\/2011\/TT-BTNMT/);
    // The shipped air and surface water ones are in force today; the options feed a point's picker by medium.
    const options = (await call('GET', '/api/regulations/options?medium=emission', undefined, plain.token)).json();
    expect(options.map((o: { code: string }) => o.code)).toContain('QCVN 19:2009/BTNMT');
    expect(options.every((o: { medium: string }) => o.medium === 'emission')).toBe(true);
  });

  it('creates, reads and edits a regulation with its columns, factors and limits, with its history', async () => {
    const created = await create(body('QCVN 99:2026/BTNMT'), editor.token);
    expect(created).toMatchObject({
      code: 'QCVN 99:2026/BTNMT',
      in_force: true,
      replaced_by: null,
      point_count: 0,
      columns: [{ code: 'A' }, { code: 'B' }],
      factors: [{ code: 'Kq', values: [{ value: '0.9' }, { value: '1' }] }],
    });
    expect(created.limits.map((l: { analyte: string }) => l.analyte)).toEqual(['PH', 'PH', 'BOD5']);
    expect(created.limits[1]).toMatchObject({ min: '5.5', max: '9' });
    const edited = await call(
      'PUT',
      `/api/regulations/${created.id}`,
      body('QCVN 99:2026/BTNMT', { title: 'Tên đã sửa', valid_to: '2030-12-31', version: created.version }),
      editor.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Tên đã sửa', valid_to: '2030-12-31', version: created.version + 1 });
    // A stale edit is refused.
    expectError(
      await call('PUT', `/api/regulations/${created.id}`, body('QCVN 99:2026/BTNMT', { version: created.version }), editor.token),
      409,
      'CONFLICT',
    );
    const history = await auditOf(t, 'regulations', created.id);
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('refuses a body whose limits name a column or factor it lacks, a min above the max, a repeated analyte', async () => {
    const bad = body(uniq('QCVN X'), {
      limits: [
        { analyte: 'COD', name: 'COD', unit: 'mg/L', column: 'C', max: '150' },
        { analyte: 'TSS', name: 'TSS', unit: 'mg/L', column: 'B', max: '100', factors: ['Kf'] },
        { analyte: 'PH', name: 'pH', unit: '-', column: 'B', min: '9', max: '6' },
        { analyte: 'AS', name: 'Asen', unit: 'mg/L', column: 'B', max: '0.1' },
        { analyte: 'as', name: 'Asen', unit: 'mg/L', column: 'B', max: '0.2' },
        { analyte: 'HG', name: 'Thủy ngân', unit: 'mg/L', column: 'B' },
        { analyte: 'PB', name: 'Chì', unit: 'mg/L', column: 'B', max: '0,5.1' },
      ],
    });
    const res = await call('POST', '/api/regulations', bad, editor.token);
    const err = expectError(res, 422, 'VALIDATION_FAILED');
    const fields = err.errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'limits.0.column',
        'limits.1.factors',
        'limits.2.min',
        'limits.4.analyte',
        'limits.5.max',
        'limits.6.max',
      ]),
    );
    expect(err.errors.every((e) => looksVietnamese(e.message))).toBe(true);
    expectError(
      await call('POST', '/api/regulations', body(uniq('Q'), { valid_to: '2025-01-01' })),
      422,
      'VALIDATION_FAILED',
      'valid_to',
    );
    expectError(await call('POST', '/api/regulations', body(uniq('Q'), { columns: [] })), 422, 'VALIDATION_FAILED', 'columns');
    // A code is one regulation.
    expectError(await call('POST', '/api/regulations', body('QCVN 40:2011/BTNMT')), 422, 'VALIDATION_FAILED', 'code');
  });

  it('keeps replacements as a chain without loops, and filters by the date in force', async () => {
    const newer = await create(body(uniq('QCVN 98:2030/BTNMT'), { valid_from: '2031-01-01' }));
    const older = await create(
      body(uniq('QCVN 98:2020/BTNMT'), { valid_from: '2020-01-01', valid_to: '2030-12-31', replaced_by_id: newer.id }),
    );
    expect(older.replaced_by).toEqual({ id: newer.id, code: newer.code });
    expect((await call('GET', `/api/regulations/${newer.id}`)).json().replaces).toEqual([{ id: older.id, code: older.code }]);
    // The newer one cannot name the older as its replacement (a loop), nor itself.
    const loop = body(newer.code, { valid_from: '2031-01-01', replaced_by_id: older.id, version: newer.version });
    expectError(await call('PUT', `/api/regulations/${newer.id}`, loop), 422, 'VALIDATION_FAILED', 'replaced_by_id');
    const self = body(newer.code, { valid_from: '2031-01-01', replaced_by_id: newer.id, version: newer.version });
    expectError(await call('PUT', `/api/regulations/${newer.id}`, self), 422, 'VALIDATION_FAILED', 'replaced_by_id');
    expectError(
      await call('POST', '/api/regulations', body(uniq('Q'), { replaced_by_id: 999999 })),
      422,
      'VALIDATION_FAILED',
      'replaced_by_id',
    );
    const on = async (day: string) =>
      (await call('GET', `/api/regulations?search=98&in_force_on=${day}&per_page=100`))
        .json()
        .data.map((r: { id: number }) => r.id);
    expect(await on('2025-06-01')).toContain(older.id);
    expect(await on('2025-06-01')).not.toContain(newer.id);
    expect(await on('2032-06-01')).toEqual([newer.id]);
  });

  it('imports a limits table: a dry run writes nothing, a wrong row writes nothing, a good file replaces the limits', async () => {
    const r = await create(body(uniq('QCVN 97:2026/BTNMT')), editor.token);
    const good = await sheetOf([
      ['COD', 'Nhu cầu oxy hóa học', 'mg/L', 'B', null, '150', null, 'Kq', null],
      ['TSS', 'Chất rắn lơ lửng', 'mg/L', 'B', null, 100, null, 'Kq', 'Ghi chú'],
      ['PH', 'pH', '-', 'A', '6', '9', null, null, null],
      ['AS', 'Asen', 'mg/L', 'A', null, '0,050', null, null, null],
    ]);
    const dry = await importFile(r.id, good, true, editor.token);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dry_run: true,
      rows: 4,
      written: false,
      by_column: [
        { column: 'B', count: 2 },
        { column: 'A', count: 2 },
      ],
    });
    expect((await call('GET', `/api/regulations/${r.id}`)).json().limits).toHaveLength(3);

    const wrong = await sheetOf([
      ['COD', 'Nhu cầu oxy hóa học', 'mg/L', 'B', null, '150', null, 'Kq', null],
      ['TSS', 'Chất rắn lơ lửng', 'mg/L', 'C', null, '100', null, null, null],
      ['NH4', 'Amoni', 'mg/L', 'B', null, 'mười', null, null, null],
      ['CN', 'Xianua', 'mg/L', 'B', null, '0.1', null, 'Kv', null],
      ['COD', 'Nhu cầu oxy hóa học', 'mg/L', 'B', null, '140', null, null, null],
    ]);
    const refused = expectError(await importFile(r.id, wrong, false, editor.token), 422, 'VALIDATION_FAILED');
    const fields = refused.errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['rows[3].column', 'rows[4].max', 'rows[5].factors', 'rows[6].analyte']));
    expect(refused.errors.find((e) => e.field === 'rows[3].column')?.message).toMatch(/^Dòng 3: cột C không có/);
    expect((await call('GET', `/api/regulations/${r.id}`)).json().limits).toHaveLength(3);

    const done = await importFile(r.id, good, false, editor.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ written: true, rows: 4 });
    const after = (await call('GET', `/api/regulations/${r.id}`)).json();
    expect(after.version).toBe(r.version + 1);
    expect(after.limits.map((l: { analyte: string }) => l.analyte)).toEqual(['COD', 'TSS', 'PH', 'AS']);
    // "0,050" keeps its figures; a number cell 100 is "100".
    expect(after.limits[3].max).toBe('0.050');
    expect(after.limits[1].max).toBe('100');
    // The template gives the table back in the import's layout, and it imports as it is.
    const template = await call('GET', `/api/regulations/${r.id}/import-template`, undefined, editor.token);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toBe(XLSX_TYPE);
    const rows = await readXlsx(template);
    expect(rows[0]).toEqual([...REGULATION_IMPORT_HEADERS]);
    expect(rows).toHaveLength(5);
    expect((await importFile(r.id, template.rawPayload, true, editor.token)).json()).toMatchObject({ rows: 4 });
    // Not a spreadsheet; no file.
    expectError(await importFile(r.id, Buffer.from('not a workbook'), false, editor.token), 422, 'VALIDATION_FAILED', 'file');
  });

  it('deletes a regulation no point uses, and answers 404 after', async () => {
    const r = await create(body(uniq('QCVN 96:2026/BTNMT')));
    expect((await call('DELETE', `/api/regulations/${r.id}`, undefined, editor.token)).statusCode).toBe(204);
    expectError(await call('GET', `/api/regulations/${r.id}`), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/api/regulations/${r.id}`), 404, 'NOT_FOUND');
    expectError(await call('PUT', `/api/regulations/${r.id}`, body(r.code, { version: 1 })), 404, 'NOT_FOUND');
  });

  it('answers 401 without a token and 403 to a writer without regulations.edit', async () => {
    const r = await create(body(uniq('QCVN 95:2026/BTNMT')));
    for (const [method, url] of [
      ['GET', '/api/regulations'],
      ['GET', '/api/regulations/options'],
      ['GET', `/api/regulations/${r.id}`],
      ['POST', '/api/regulations'],
      ['DELETE', `/api/regulations/${r.id}`],
    ] as const)
      expectError(await t.call({ method, url }), 401, 'UNAUTHENTICATED');
    expectError(await call('POST', '/api/regulations', body(uniq('Q')), plain.token), 403, 'FORBIDDEN');
    expectError(
      await call('PUT', `/api/regulations/${r.id}`, body(r.code, { version: r.version }), plain.token),
      403,
      'FORBIDDEN',
    );
    expectError(await call('DELETE', `/api/regulations/${r.id}`, undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/regulations/${r.id}/import-template`, undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await importFile(r.id, await sheetOf([]), false, plain.token), 403, 'FORBIDDEN');
  });
});
