import { SERVICE_IMPORT_COLUMNS, SERVICE_IMPORT_MAX_ROWS } from '@qlcv/common/schemas/services';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, expectNoSecrets, expectXlsx, looksVietnamese, readXlsx, XLSX_TYPE } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart, PNG } from '../../test/multipart';

type Cell = string | number | null;

async function sheetOf(rows: Cell[][], headers: readonly string[] = SERVICE_IMPORT_COLUMNS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dịch vụ');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('services', () => {
  let t: TestApp;
  let mau: number;
  let lan: number;
  let plain: { id: number; token: string };

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    token = t.adminToken,
  ) => t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const create = async (payload: Record<string, unknown>) => {
    const res = await call('POST', '/api/services', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const importFile = (data: Buffer, token = t.adminToken, filename = 'dich-vu.xlsx', contentType = XLSX_TYPE) => {
    const form = multipart([{ name: 'file', filename, data, contentType }]);
    return t.call({ method: 'POST', url: '/api/services/import', token, payload: form.payload, headers: form.headers });
  };
  const codes = async (query: string) =>
    (await call('GET', `/api/services?${query}`)).json().data.map((s: { code: string }) => s.code) as string[];

  beforeAll(async () => {
    t = await createTestApp();
    plain = await t.userWith([]);
    mau = (await call('POST', '/api/units', { code: 'MAU', name: 'mẫu' })).json().id;
    lan = (await call('POST', '/api/units', { code: 'LAN', name: 'lần' })).json().id;
    await create({ code: 'KT-01', name: 'Quan trắc khí thải ống khói', group: 'Khí thải', unit_id: mau, unit_price: 2_500_000 });
    await create({
      code: 'NM-01',
      name: 'Phân tích nước mặt',
      group: 'Nước',
      unit_id: mau,
      unit_price: 1_200_000,
      vat_rate: '5',
      vat_reducible: false,
    });
    await create({ code: 'DTM-01', name: 'Lập báo cáo ĐTM', group: 'Hồ sơ môi trường', unit_id: lan, unit_price: 150_000_000 });
    await create({
      code: 'DAT-01',
      name: 'Phân tích đất',
      group: 'Đất',
      unit_id: mau,
      unit_price: 900_000,
      vat_rate: 'none',
      active: false,
    });
  });
  afterAll(() => t?.close());

  it('answers the shape of the contract, with the unit and the defaults', async () => {
    const res = await call('GET', '/api/services?search=KT-01');
    expectNoSecrets(res);
    const [s] = res.json().data;
    expect(s).toMatchObject({
      code: 'KT-01',
      group: 'Khí thải',
      unit_id: mau,
      unit: { id: mau, code: 'MAU', name: 'mẫu' },
      unit_price: 2_500_000,
      vat_rate: '10',
      vat_reducible: true,
      description: null,
      active: true,
      version: 1,
    });
  });

  it('searches without diacritics over code, name and group, filters and sorts', async () => {
    expect(await codes('search=bao cao dtm')).toEqual(['DTM-01']);
    expect(await codes('search=khi thai')).toEqual(['KT-01']);
    expect(await codes('search=nuoc')).toEqual(['NM-01']);
    expect(await codes('group=Đất')).toEqual(['DAT-01']);
    expect(await codes(`unit_id=${lan}`)).toEqual(['DTM-01']);
    expect(await codes('vat_rate=5,none')).toEqual(['DAT-01', 'NM-01']);
    expect(await codes('active=0')).toEqual(['DAT-01']);
    expect(await codes('sort=-unit_price')).toEqual(['DTM-01', 'KT-01', 'NM-01', 'DAT-01']);
    expect(await codes('sort=group&active=1')).toEqual(['DTM-01', 'KT-01', 'NM-01']);
    expectError(await call('GET', '/api/services?sort=search_text'), 422, 'VALIDATION_FAILED', 'sort');
    expectError(await call('GET', '/api/services?vat_rate=8'), 422, 'VALIDATION_FAILED');
  });

  it('gives options and groups to any signed-in user', async () => {
    const opts = await call('GET', '/api/services/options?search=phan tich&active=1', undefined, plain.token);
    expect(opts.statusCode).toBe(200);
    expect(opts.json()).toEqual([
      {
        id: expect.any(Number),
        code: 'NM-01',
        name: 'Phân tích nước mặt',
        group: 'Nước',
        unit_id: mau,
        unit_name: 'mẫu',
        unit_price: 1_200_000,
        vat_rate: '5',
        vat_reducible: false,
      },
    ]);
    const groups = await call('GET', '/api/services/groups', undefined, plain.token);
    expect(groups.json()).toEqual(['Đất', 'Hồ sơ môi trường', 'Khí thải', 'Nước']);
    expect((await call('GET', '/api/services', undefined, plain.token)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/services/options' })).statusCode).toBe(401);
  });

  it('validates in Vietnamese: price, VAT, unit, taken code; stale version 409; unknown 404', async () => {
    const bad = expectError(
      await call('POST', '/api/services', { code: 'X 1', name: '', group: '', unit_id: mau, unit_price: -1, vat_rate: '8' }),
      422,
      'VALIDATION_FAILED',
    );
    const fields = bad.errors.map((e) => e.field).sort();
    expect(fields).toEqual(['code', 'group', 'name', 'unit_price', 'vat_rate']);
    for (const e of bad.errors) expect(looksVietnamese(e.message)).toBe(true);
    expectError(
      await call('POST', '/api/services', { code: 'Y', name: 'y', group: 'g', unit_id: mau, unit_price: 1.5 }),
      422,
      'VALIDATION_FAILED',
      'unit_price',
    );
    expectError(
      await call('POST', '/api/services', { code: 'Y', name: 'y', group: 'g', unit_id: 9999, unit_price: 1 }),
      422,
      'VALIDATION_FAILED',
      'unit_id',
    );
    expectError(
      await call('POST', '/api/services', { code: 'KT-01', name: 'y', group: 'g', unit_id: mau, unit_price: 1 }),
      422,
      'VALIDATION_FAILED',
      'code',
    );
    const s = await create({ code: 'SUA-01', name: 'Dịch vụ sửa', group: 'Khác', unit_id: mau, unit_price: 1000 });
    const body = { code: 'SUA-01', name: 'Dịch vụ đã sửa', group: 'Khác', unit_id: lan, unit_price: 2000, version: 1 };
    const ok = await call('PUT', `/api/services/${s.id}`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Dịch vụ đã sửa', unit: { name: 'lần' }, unit_price: 2000, version: 2 });
    expectError(await call('PUT', `/api/services/${s.id}`, body), 409, 'CONFLICT');
    expectError(await call('GET', '/api/services/99999'), 404, 'NOT_FOUND');
    expectError(await call('PUT', '/api/services/99999', body), 404, 'NOT_FOUND');
    expect((await call('DELETE', `/api/services/${s.id}`)).statusCode).toBe(204);
    expectError(await call('DELETE', `/api/services/${s.id}`), 404, 'NOT_FOUND');
    const history = await auditOf(t, 'services', s.id);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['delete', 'update', 'create']);
  });

  it('writes need settings.edit; reads need only a sign-in', async () => {
    expectError(
      await call('POST', '/api/services', { code: 'Z', name: 'z', group: 'g', unit_id: mau, unit_price: 1 }, plain.token),
      403,
      'FORBIDDEN',
    );
    expectError(await importFile(await sheetOf([]), plain.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/services/import-template', undefined, plain.token), 403, 'FORBIDDEN');
    expect((await t.call({ method: 'GET', url: '/api/services' })).statusCode).toBe(401);
    const editor = await t.userWith(['settings.edit']);
    expect((await call('GET', '/api/services/import-template', undefined, editor.token)).statusCode).toBe(200);
  });

  it('exports the filtered list in the import columns', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/services?group=Nước',
      token: plain.token,
      headers: { 'x-export': 'xlsx' },
    });
    const rows = await expectXlsx(res, 'dich-vu');
    expect(rows[0]).toEqual([...SERVICE_IMPORT_COLUMNS]);
    expect(rows[1]?.slice(0, 7)).toEqual(['NM-01', 'Phân tích nước mặt', 'Nước', 'mẫu', 1200000, '5 %', 'Không']);
    expect(rows[1]?.[8]).toBe('Có');
    expect(rows).toHaveLength(2);
  });

  it('gives an import template with the headers and one example row', async () => {
    const res = await call('GET', '/api/services/import-template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual([...SERVICE_IMPORT_COLUMNS]);
    expect(rows).toHaveLength(2);
    // The template itself imports (its example row is valid).
    const again = await importFile(res.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ created: 1, updated: 0 });
  });

  it('imports nothing when a row is wrong, with a row-by-row report', async () => {
    const before = await codes('per_page=100');
    const res = await importFile(
      await sheetOf([
        ['IM-01', 'Lấy mẫu nước ngầm', 'Nước', 'mẫu', 800000, '10 %', 'Có', null, 'Có'],
        ['IM-02', 'Đo độ rung', 'Độ rung', 'kg', '1.000.000', '10', 'Có', null, 'Có'],
        ['IM-03', '', 'Khí', 'MAU', 'hai triệu', '8 %', 'có lẽ', null, 'Có'],
        [null, null, null, null, null, null, null, null, null],
        ['IM-01', 'Trùng mã', 'Nước', 'lần', 1, null, null, null, null],
      ]),
    );
    const body = expectError(res, 422, 'VALIDATION_FAILED', 'rows[3].unit');
    expect(body.errors).toContainEqual({ field: 'rows[3].unit', message: 'Dòng 3: đơn vị tính "kg" không có' });
    const fields = body.errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['rows[4].unit_price', 'rows[4].vat_rate', 'rows[4].vat_reducible', 'rows[4].name', 'rows[6].code']),
    );
    expect(fields.some((f) => f?.startsWith('rows[2]'))).toBe(false);
    expect(body.message).toContain('3 dòng lỗi');
    for (const e of body.errors) expect(e.message).toMatch(/^Dòng \d+: /);
    expect(await codes('per_page=100')).toEqual(before);
  });

  it('creates new codes and updates known ones, saying how many of each, with audit entries', async () => {
    const res = await importFile(
      await sheetOf([
        ['KT-01', 'Quan trắc khí thải ống khói (bụi, SO2, NOx)', 'Khí thải', 'MAU', 2_700_000, '10 %', 'Có', 'Giá 2026', 'Có'],
        ['IM-10', 'Đo tiếng ồn', 'Tiếng ồn', 'lần', '350.000', 'Không chịu thuế', 'Không', null, null],
        ['IM-11', 'Quan trắc không khí xung quanh', 'Không khí', 'Mẫu', 0.5e6, 0.1, null, null, 'Không'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 1 });
    const [kt] = (await call('GET', '/api/services?search=KT-01')).json().data;
    expect(kt).toMatchObject({ unit_price: 2_700_000, description: 'Giá 2026', version: 2 });
    const [noise] = (await call('GET', '/api/services?search=IM-10')).json().data;
    expect(noise).toMatchObject({ unit: { id: lan }, unit_price: 350_000, vat_rate: 'none', vat_reducible: false, active: true });
    const [air] = (await call('GET', '/api/services?search=IM-11')).json().data;
    expect(air).toMatchObject({ unit: { id: mau }, unit_price: 500_000, vat_rate: '10', vat_reducible: true, active: false });
    const history = await auditOf(t, 'services', kt.id);
    expect(history[0]?.action).toBe('update');
    expect(history[0]?.changes?.unit_price).toEqual([2_500_000, 2_700_000]);
    expect((await auditOf(t, 'services', noise.id))[0]?.action).toBe('create');
  });

  it('re-imports its own export unchanged: every code counted as updated, none created, no row written', async () => {
    const before = (await call('GET', '/api/services?per_page=100')).json().data;
    const exported = await t.call({ method: 'GET', url: '/api/services', token: t.adminToken, headers: { 'x-export': 'xlsx' } });
    const res = await importFile(exported.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 0, updated: before.length });
    const after = (await call('GET', '/api/services?per_page=100')).json().data;
    // Nothing changed, so nothing was written: same versions, no new history.
    expect(after).toEqual(before);
  });

  it('refuses a file that is not .xlsx, a sheet without the columns, an empty sheet, too many rows', async () => {
    const png = expectError(await importFile(PNG, t.adminToken, 'anh.xlsx', XLSX_TYPE), 422, 'VALIDATION_FAILED', 'file');
    expect(looksVietnamese(png.message)).toBe(true);
    expectError(
      await importFile(Buffer.from('Mã,Tên\nA,B\n'), t.adminToken, 'a.csv', 'text/csv'),
      422,
      'VALIDATION_FAILED',
      'file',
    );
    const noColumns = expectError(await importFile(await sheetOf([['A', 'B']], ['Mã', 'Tên'])), 422, 'VALIDATION_FAILED', 'file');
    expect(noColumns.message).toContain('Nhóm');
    expectError(await importFile(await sheetOf([])), 422, 'VALIDATION_FAILED', 'file');
    const many = Array.from({ length: SERVICE_IMPORT_MAX_ROWS + 1 }, (_, i) => [
      `N-${i}`,
      'x',
      'g',
      'mẫu',
      1,
      null,
      null,
      null,
      null,
    ]);
    expectError(await importFile(await sheetOf(many)), 422, 'VALIDATION_FAILED', 'file');
    const json = await call('POST', '/api/services/import', {});
    expectError(json, 422, 'VALIDATION_FAILED', 'file');
  });
});
