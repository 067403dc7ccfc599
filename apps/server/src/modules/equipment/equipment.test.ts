import { addDays } from '@qlcv/common/work-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnToday } from '../../lib/vn-time';
import { auditOf, createDepartment, expectError, expectXlsx, looksVietnamese, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 24 part 4: instruments and vehicles through HTTP — CRUD, the calibration dates read against Vietnam's today,
// filters, export, the trips' options on a date, history and the equipment keys.

const today = vnToday();
const METER = {
  name: 'Máy đo pH/DO/độ dẫn cầm tay',
  kind: 'instrument',
  model: 'Hanna HI98194',
  identifier: 'F0012345',
  measures: 'pH, DO, độ dẫn điện, nhiệt độ',
  calibration_due: addDays(today, 200),
  calibration_certificate: 'HC-2026/0815',
  last_calibrated_on: addDays(today, -165),
};
const TRUCK = { name: 'Xe bán tải Ford Ranger', kind: 'vehicle', model: 'Ford Ranger XLS', identifier: '51c-123.45' };

describe('equipment', () => {
  let t: TestApp;
  let reader: { id: number; token: string };
  let creator: { id: number; token: string };
  let editor: { id: number; token: string };
  let planner: { id: number; token: string };
  let plain: { id: number; token: string };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const create = async (payload: Record<string, unknown>, token = t.adminToken) => {
    const res = await call('POST', '/api/equipment', payload, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const codes = (res: { json: () => { data: { code: string }[] } }) => res.json().data.map((e) => e.code);

  beforeAll(async () => {
    t = await createTestApp();
    reader = await t.userWith(['equipment.index']);
    creator = await t.userWith(['equipment.index', 'equipment.create']);
    editor = await t.userWith(['equipment.index', 'equipment.edit']);
    planner = await t.userWith(['monitoring.index']);
    plain = await t.userWith([]);
  });
  afterAll(() => t?.close());

  it('creates and reads an instrument and a vehicle, kept by a department, with its state on today', async () => {
    const team = await createDepartment(t, { code: uniq('LM'), name: 'Đội Lấy mẫu hiện trường' });
    const meter = await create({ code: 'TB-PH-01', ...METER, department_id: team.id }, creator.token);
    expect(meter).toMatchObject({
      code: 'TB-PH-01',
      kind: 'instrument',
      identifier: 'F0012345',
      department: { id: team.id, name: 'Đội Lấy mẫu hiện trường' },
      calibration_due: METER.calibration_due,
      last_calibrated_on: METER.last_calibrated_on,
      calibration_state: 'valid',
      days_left: 200,
      active: true,
      version: 1,
    });
    // The plate is kept in capitals, as the registration writes it; no due date is "none".
    const truck = await create({ code: 'XE-51C-12345', ...TRUCK });
    expect(truck).toMatchObject({ identifier: '51C-123.45', calibration_state: 'none', days_left: null, department: null });
    expectError(await call('GET', `/api/equipment/${meter.id}`, undefined, reader.token), 403, 'FORBIDDEN');
    const shown = await call('GET', `/api/equipment/${meter.id}`, undefined, editor.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().model).toBe('Hanna HI98194');
  });

  it('refuses bad input in Vietnamese and saves nothing', async () => {
    const before = await t.database.db.selectFrom('equipment').select('id').execute();
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...METER, code: 'TB-X1', last_calibrated_on: addDays(METER.calibration_due, 1) }, 'last_calibrated_on'],
      [{ ...METER, code: 'TB-X2', calibration_due: '2027-02-30' }, 'calibration_due'],
      [{ ...METER, code: 'TB-X3', calibration_due: '15/03/2027' }, 'calibration_due'],
      [{ ...METER, code: 'TB-X4', kind: 'tool' }, 'kind'],
      [{ ...METER, code: 'TB-X5', department_id: 999_999 }, 'department_id'],
      [{ ...METER, code: 'TB-PH-01' }, 'code'],
      [{ ...METER, code: 'tb có dấu' }, 'code'],
      [{ ...METER, code: 'TB-X6', name: '' }, 'name'],
      [{ ...METER, code: 'TB-X7', measures: 'x'.repeat(301) }, 'measures'],
      [{ ...TRUCK, code: 'XE-X1', identifier: '' }, 'identifier'],
      [{ ...TRUCK, code: 'XE-X2', identifier: 'ABC-123' }, 'identifier'],
      [{ ...METER, code: 'TB-X8', active: 'yes' }, 'active'],
    ];
    for (const [payload, field] of refusals) {
      const res = await call('POST', '/api/equipment', payload);
      expectError(res, 422, 'VALIDATION_FAILED', field);
      const message = res.json().errors.find((e: { field: string }) => e.field === field)?.message as string;
      expect(looksVietnamese(message), `${field}: ${message}`).toBe(true);
    }
    const late = await call('POST', '/api/equipment', {
      ...METER,
      code: 'TB-X1',
      last_calibrated_on: addDays(METER.calibration_due, 1),
    });
    expect(late.json().errors[0].message).toBe('Ngày hiệu chuẩn gần nhất không được sau hạn hiệu chuẩn');
    const truckLate = await call('POST', '/api/equipment', {
      ...TRUCK,
      code: 'XE-X3',
      calibration_due: '2027-01-01',
      last_calibrated_on: '2027-01-02',
    });
    expect(truckLate.json().errors[0].message).toBe('Ngày đăng kiểm gần nhất không được sau hạn đăng kiểm');
    const taken = await call('POST', '/api/equipment', { ...METER, code: 'TB-PH-01' });
    expect(taken.json().errors[0]).toEqual({ field: 'code', message: 'Mã thiết bị, phương tiện đã tồn tại.' });
    expect(await t.database.db.selectFrom('equipment').select('id').execute()).toHaveLength(before.length);
  });

  it('lists with search without diacritics, kind, active and calibration state by today, sorts, exports', async () => {
    // Lapsed yesterday, due today (still valid, 0 days left), due in 30 days (the last "due soon" day), in 31 (valid).
    await create({
      code: 'TB-TESTO-01',
      name: 'Máy đo khí thải Testo 350',
      kind: 'instrument',
      calibration_due: addDays(today, -1),
    });
    await create({ code: 'TB-ON-01', name: 'Máy đo tiếng ồn', kind: 'instrument', calibration_due: today });
    await create({ code: 'TB-GIO-01', name: 'Máy đo tốc độ gió', kind: 'instrument', calibration_due: addDays(today, 30) });
    await create({
      code: 'TB-GPS-01',
      name: 'GPS cầm tay',
      kind: 'instrument',
      calibration_due: addDays(today, 31),
      active: false,
    });
    const page = (q: string, token = reader.token) => call('GET', `/api/equipment?${q}`, undefined, token);
    expect(codes(await page('search=may do khi thai'))).toEqual(['TB-TESTO-01']);
    expect(codes(await page('search=51C-123'))).toEqual(['XE-51C-12345']);
    expect(codes(await page('search=hanna'))).toEqual(['TB-PH-01']);
    expect(codes(await page('kind=vehicle'))).toEqual(['XE-51C-12345']);
    expect(codes(await page('calibration=lapsed'))).toEqual(['TB-TESTO-01']);
    expect(codes(await page('calibration=due_soon'))).toEqual(['TB-GIO-01', 'TB-ON-01']);
    expect(codes(await page('calibration=valid'))).toEqual(['TB-GPS-01', 'TB-PH-01']);
    expect(codes(await page('calibration=none'))).toEqual(['XE-51C-12345']);
    expect(codes(await page('calibration=valid&active=true'))).toEqual(['TB-PH-01']);
    const soon = (await page('calibration=due_soon')).json().data;
    expect(soon.map((e: { days_left: number; calibration_state: string }) => [e.days_left, e.calibration_state])).toEqual([
      [30, 'due_soon'],
      [0, 'due_soon'],
    ]);
    // By due date, the ones without one last either way.
    expect(codes(await page('sort=calibration_due'))).toEqual([
      'TB-TESTO-01',
      'TB-ON-01',
      'TB-GIO-01',
      'TB-GPS-01',
      'TB-PH-01',
      'XE-51C-12345',
    ]);
    expect(codes(await page('sort=-calibration_due')).at(-1)).toBe('XE-51C-12345');
    expect(codes(await page('sort=kind')).at(-1)).toBe('XE-51C-12345');
    expectError(await page('kind=drone'), 422, 'VALIDATION_FAILED', 'kind');
    expectError(await page('calibration=expired'), 422, 'VALIDATION_FAILED', 'calibration');
    expectError(await page('sort=identifier'), 422, 'VALIDATION_FAILED', 'sort');
    expectError(await page('kind=vehicle', plain.token), 403, 'FORBIDDEN');
    const rows = await expectXlsx(
      await t.call({
        method: 'GET',
        url: '/api/equipment?kind=instrument',
        token: reader.token,
        headers: { 'x-export': 'xlsx' },
      }),
      'thiet-bi-phuong-tien-',
    );
    expect(rows[0]).toContain('Hạn hiệu chuẩn / đăng kiểm');
    const testo = rows.find((r) => r[0] === 'TB-TESTO-01') as unknown[];
    expect(testo).toContain('Quá hạn hiệu chuẩn');
    expect(testo).toContain('Thiết bị đo');
    const [y, m, d] = addDays(today, -1).split('-');
    expect(testo).toContain(`${d}/${m}/${y}`);
    expect(rows.find((r) => r[0] === 'TB-GIO-01')).toContain('Sắp đến hạn (còn 30 ngày)');
    expect(rows.some((r) => r[0] === 'XE-51C-12345')).toBe(false);
  });

  it('gives a trip planner the options marked lapsed on the trip date', async () => {
    const options = (q: string, token = planner.token) => call('GET', `/api/equipment/options?${q}`, undefined, token);
    const res = await options('kind=instrument');
    expect(res.statusCode, res.body).toBe(200);
    const byCode = (list: { code: string }[], code: string) => list.find((o) => o.code === code);
    expect(byCode(res.json(), 'TB-TESTO-01')).toMatchObject({ lapsed: true, calibration_state: 'lapsed', active: true });
    expect(byCode(res.json(), 'TB-ON-01')).toMatchObject({ lapsed: false, calibration_state: 'due_soon' });
    // Active first.
    expect(res.json().at(-1).code).toBe('TB-GPS-01');
    // On a trip tomorrow the one due today has lapsed; on one two days back, the one lapsed yesterday still held.
    const tomorrow = (await options(`kind=instrument&on=${addDays(today, 1)}`)).json();
    expect(byCode(tomorrow, 'TB-ON-01')).toMatchObject({ lapsed: true });
    const earlier = (await options(`on=${addDays(today, -2)}`)).json();
    expect(byCode(earlier, 'TB-TESTO-01')).toMatchObject({ lapsed: false, calibration_state: 'due_soon' });
    expect(byCode(earlier, 'XE-51C-12345')).toMatchObject({ kind: 'vehicle', identifier: '51C-123.45', lapsed: false });
    expect((await options('active=false')).json().map((o: { code: string }) => o.code)).toEqual(['TB-GPS-01']);
    expect((await options('kind=vehicle', reader.token)).statusCode).toBe(200);
    expectError(await options('on=2027-13-01'), 422, 'VALIDATION_FAILED', 'on');
    expectError(await options('kind=instrument', plain.token), 403, 'FORBIDDEN');
    expect((await t.call({ method: 'GET', url: '/api/equipment/options' })).statusCode).toBe(401);
  });

  it('updates with the version read (409 when stale), keeps a history, deletes', async () => {
    const testo = (await call('GET', '/api/equipment?search=TB-TESTO-01')).json().data[0];
    const {
      id,
      version,
      department: _d,
      calibration_state: _s,
      days_left: _l,
      created_at: _c,
      updated_at: _u,
      ...fields
    } = testo;
    const renewed = { ...fields, calibration_due: addDays(today, 365), last_calibrated_on: today, version };
    expectError(await call('PUT', `/api/equipment/${id}`, renewed, creator.token), 403, 'FORBIDDEN');
    const saved = await call('PUT', `/api/equipment/${id}`, renewed, editor.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ calibration_state: 'valid', days_left: 365, version: version + 1 });
    expectError(await call('PUT', `/api/equipment/${id}`, { ...renewed, name: 'Testo 350 (cũ)' }, editor.token), 409, 'CONFLICT');
    const history = await auditOf(t, 'equipment', id);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect(history[0]?.changes?.calibration_due).toEqual([addDays(today, -1), addDays(today, 365)]);
    // Today's reading of the dates is not history.
    expect(history[0]?.changes).not.toHaveProperty('calibration_state');
    expect((await call('GET', `/api/audit-logs?entity=equipment&entity_id=${id}`, undefined, editor.token)).statusCode).toBe(200);
    expectError(await call('GET', `/api/audit-logs?entity=equipment&entity_id=${id}`, undefined, reader.token), 403, 'FORBIDDEN');
    expectError(await call('DELETE', `/api/equipment/${id}`, undefined, creator.token), 403, 'FORBIDDEN');
    expect((await call('DELETE', `/api/equipment/${id}`, undefined, editor.token)).statusCode).toBe(204);
    expectError(await call('GET', `/api/equipment/${id}`), 404, 'NOT_FOUND');
    expectError(await call('PUT', `/api/equipment/${id}`, renewed), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `/api/equipment/${id}`), 404, 'NOT_FOUND');
    expect((await auditOf(t, 'equipment', id)).map((h: { action: string }) => h.action)).toEqual(['delete', 'update', 'create']);
  });

  it('keeps the equipment of a deleted department, unassigned', async () => {
    const team = await createDepartment(t, { code: uniq('LM'), name: 'Tổ xe' });
    const van = await create({ ...TRUCK, code: 'XE-29A-1234', identifier: '29A-1234', department_id: team.id });
    expect((await call('DELETE', `/api/departments/${team.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/equipment/${van.id}`)).json().department).toBeNull();
  });

  it('answers 401 without a token and 403 without the keys', async () => {
    expect((await t.call({ method: 'GET', url: '/api/equipment' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/equipment', payload: METER })).statusCode).toBe(401);
    expectError(await call('GET', '/api/equipment', undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/equipment', undefined, planner.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/equipment', { ...METER, code: 'TB-Y' }, reader.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/equipment/abc'), 422, 'VALIDATION_FAILED');
  });
});
