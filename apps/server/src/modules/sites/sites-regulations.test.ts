import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 25 part 1: a monitoring point names a regulation of the catalogue, its column and the factor values its plan
// chose; the site's detail gives each point's effective limits today, with their formula. Through HTTP, both engines.

interface RegulationOption {
  id: number;
  code: string;
  medium: string;
  columns: { code: string }[];
  factors: { code: string; values: { label: string; value: string }[] }[];
}

interface Limit {
  regulation: { id: number; code: string };
  column: string;
  analyte: string;
  min: string | null;
  max: string | null;
  base_max: string | null;
  formula: string | null;
  missing: string[];
}

describe('sites — a point compared with a catalogue regulation', () => {
  let t: TestApp;
  let creator: { id: number; token: string };
  let reader: { id: number; token: string };
  let qcvn40: RegulationOption;
  let customerId: number;
  const param: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token: string | null = t.adminToken) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const newParameter = async (code: string, analyte: string | null, unit = 'mg/L') => {
    const res = await call('POST', '/api/parameters', {
      code,
      name: code,
      medium: 'wastewater',
      unit,
      method: 'SMEWW',
      place: 'lab',
      analyte,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const plan = () => [
    { parameter_id: param.bod, frequency: 'quarterly' },
    { parameter_id: param.ph, frequency: 'monthly' },
    { parameter_id: param.smell, frequency: 'quarterly' },
  ];
  const site = (point: Record<string, unknown>, code = uniq('CS-QC')) => ({
    code,
    name: `Nhà máy giấy ${code}`,
    customer_id: customerId,
    points: [{ code: 'NT1', name: 'Nước thải sau xử lý', medium: 'wastewater', plan: plan(), ...point }],
  });

  beforeAll(async () => {
    t = await createTestApp();
    creator = await t.userWith(['monitoring.index', 'monitoring.create', 'monitoring.show', 'monitoring.edit']);
    reader = await t.userWith(['monitoring.index', 'monitoring.show']);
    const customer = await call('POST', '/api/customers', { type: 'organization', name: 'Công ty CP Giấy Sông Cầu' });
    expect(customer.statusCode, customer.body).toBe(201);
    customerId = customer.json().id;
    // The analyte is upper-cased by the server: "bod5" is BOD5.
    param.bod = await newParameter(uniq('NT-BOD'), 'bod5');
    param.ph = await newParameter(uniq('NT-PH'), 'PH', '-');
    // A parameter no regulation limits (no analyte).
    param.smell = await newParameter(uniq('NT-MUI'), null, '-');
    const options = await call('GET', '/api/regulations/options?medium=wastewater', undefined, reader.token);
    expect(options.statusCode, options.body).toBe(200);
    qcvn40 = (options.json() as RegulationOption[]).find((r) => r.code === 'QCVN 40:2011/BTNMT') as RegulationOption;
    expect(qcvn40).toBeDefined();
  });
  afterAll(() => t?.close());

  it('keeps the analyte of a parameter in capitals', async () => {
    const res = await call('GET', `/api/parameters/${param.bod}`);
    expect(res.json()).toMatchObject({ analyte: 'BOD5' });
  });

  it('saves a point with its regulation, column and factors, and reads back its effective limits with their formula', async () => {
    const factors = [
      { code: 'Kq', value: '0.9', reason: 'Q sông Cầu = 45 m³/s' },
      { code: 'Kf', value: '1.1', reason: 'F = 320 m³/ngày đêm' },
    ];
    const res = await call(
      'POST',
      '/api/sites',
      // The typed citation is replaced by the catalogue's code.
      site({ regulation_id: qcvn40.id, regulation: 'gõ nhầm', regulation_column: 'B', regulation_factors: factors }),
      creator.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const point = res.json().points[0];
    expect(point).toMatchObject({
      regulation_id: qcvn40.id,
      regulation: 'QCVN 40:2011/BTNMT',
      regulation_column: 'B',
      regulation_factors: factors,
    });
    expect(point.plan.map((l: { parameter: { analyte: string | null } }) => l.parameter.analyte)).toEqual(['BOD5', 'PH', null]);
    const limits = point.limits as Limit[];
    const bod = limits.find((l) => l.analyte === 'BOD5');
    expect(bod).toMatchObject({
      regulation: { id: qcvn40.id, code: 'QCVN 40:2011/BTNMT' },
      column: 'B',
      min: null,
      max: '49.5',
      base_max: '50',
      formula: 'C × Kq × Kf = 50 × 0,9 × 1,1 = 49,5',
      missing: [],
    });
    // pH is never multiplied: a fixed range.
    expect(limits.find((l) => l.analyte === 'PH')).toMatchObject({ min: '5.5', max: '9', formula: null, missing: [] });
    // Nothing for the parameter without an analyte.
    expect(limits).toHaveLength(2);

    // Read back the same, by someone who only reads.
    const read = await call('GET', `/api/sites/${res.json().id}`, undefined, reader.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().points[0].limits).toEqual(limits);
    expect(read.json().points[0].regulation_factors).toEqual(factors);
  });

  it('leaves a limit uncomputed while a factor is not chosen, and says which', async () => {
    const res = await call(
      'POST',
      '/api/sites',
      site({ regulation_id: qcvn40.id, regulation_column: 'B', regulation_factors: [{ code: 'Kq', value: '1' }] }),
      creator.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const point = res.json().points[0];
    expect(point.regulation_factors).toEqual([{ code: 'Kq', value: '1', reason: null }]);
    expect((point.limits as Limit[]).find((l) => l.analyte === 'BOD5')).toMatchObject({
      max: null,
      base_max: '50',
      formula: 'C × Kq × Kf',
      missing: ['Kf'],
    });
  });

  it('a typed regulation (not in the catalogue) is kept as text and gives no limits', async () => {
    const res = await call(
      'POST',
      '/api/sites',
      site({ regulation: 'QCVN 28:2010/BTNMT', regulation_column: 'B' }),
      creator.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().points[0]).toMatchObject({
      regulation_id: null,
      regulation: 'QCVN 28:2010/BTNMT',
      regulation_column: 'B',
      regulation_factors: [],
      limits: [],
    });
  });

  it('refuses a column, a factor or a value the regulation does not have, and an unknown regulation — on the field', async () => {
    const before = await t.database.db.selectFrom('site_points').select('id').execute();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ regulation_id: qcvn40.id, regulation_column: 'C' }, 'points.0.regulation_column', /không có cột C/],
      [{ regulation_id: qcvn40.id }, 'points.0.regulation_column', /Vui lòng chọn cột áp dụng/],
      [
        {
          regulation_id: qcvn40.id,
          regulation_column: 'B',
          regulation_factors: [
            { code: 'Kq', value: '0.9' },
            { code: 'Kf', value: '0.95' },
          ],
        },
        'points.0.regulation_factors.1.value',
        /Giá trị 0,95 không có trong bảng hệ số Kf/,
      ],
      [
        { regulation_id: qcvn40.id, regulation_column: 'B', regulation_factors: [{ code: 'Kp', value: '1' }] },
        'points.0.regulation_factors.0.code',
        /không có hệ số Kp/,
      ],
      [{ regulation_id: 999_999, regulation_column: 'B' }, 'points.0.regulation_id', /Quy chuẩn không tồn tại/],
      [
        { regulation: 'QCVN 28:2010/BTNMT', regulation_factors: [{ code: 'Kq', value: '1' }] },
        'points.0.regulation_factors',
        /Hệ số chỉ chọn được với quy chuẩn trong danh mục/,
      ],
    ];
    for (const [point, field, message] of cases) {
      const body = expectError(await call('POST', '/api/sites', site(point), creator.token), 422, 'VALIDATION_FAILED', field);
      expect(body.errors.find((e) => e.field === field)?.message).toMatch(message);
    }
    expect(await t.database.db.selectFrom('site_points').select('id').execute()).toHaveLength(before.length);
  });

  it('changes a point’s factors on update and recomputes its limits', async () => {
    const created = await call(
      'POST',
      '/api/sites',
      site({ regulation_id: qcvn40.id, regulation_column: 'B', regulation_factors: [{ code: 'Kq', value: '0.9' }] }),
      creator.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json();
    const body = {
      code: s.code,
      name: s.name,
      customer_id: customerId,
      version: s.version,
      points: [
        {
          id: s.points[0].id,
          code: 'NT1',
          name: 'Nước thải sau xử lý',
          medium: 'wastewater',
          regulation_id: qcvn40.id,
          regulation_column: 'A',
          regulation_factors: [
            { code: 'Kq', value: '1.2', reason: 'Q > 500 m³/s' },
            { code: 'Kf', value: '1.0' },
          ],
          plan: plan(),
        },
      ],
    };
    const res = await call('PUT', `/api/sites/${s.id}`, body, creator.token);
    expect(res.statusCode, res.body).toBe(200);
    // Column A: BOD5 30 × 1,2 × 1,0 = 36.
    expect((res.json().points[0].limits as Limit[]).find((l) => l.analyte === 'BOD5')).toMatchObject({
      column: 'A',
      max: '36',
      formula: 'C × Kq × Kf = 30 × 1,2 × 1,0 = 36',
    });
  });

  it('a regulation a point uses cannot be deleted (409 REGULATION_IN_USE); once no point uses it, it can', async () => {
    const code = `QCVN ${uniq('99')}:2024/BTNMT`;
    const reg = await call('POST', '/api/regulations', {
      code,
      title: 'Quy chuẩn thử nghiệm nước thải',
      medium: 'wastewater',
      valid_from: '2024-01-01',
      columns: [{ code: 'B', meaning: 'Xả vào nguồn nước không dùng cho cấp nước sinh hoạt' }],
      limits: [{ analyte: 'BOD5', name: 'BOD5', unit: 'mg/L', column: 'B', max: '40', averaging: '' }],
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const regulationId = reg.json().id as number;
    const created = await call(
      'POST',
      '/api/sites',
      site({ regulation_id: regulationId, regulation_column: 'B' }),
      creator.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json();
    expect((s.points[0].limits as Limit[]).find((l) => l.analyte === 'BOD5')).toMatchObject({ max: '40', formula: null });

    const refused = expectError(await call('DELETE', `/api/regulations/${regulationId}`), 409, 'REGULATION_IN_USE');
    expect(refused.message).toContain(code);
    expect((await call('GET', `/api/regulations/${regulationId}`)).json()).toMatchObject({ point_count: 1 });

    // The point goes back to a typed citation: the regulation is free.
    const freed = await call(
      'PUT',
      `/api/sites/${s.id}`,
      {
        code: s.code,
        name: s.name,
        customer_id: customerId,
        version: s.version,
        points: [
          { id: s.points[0].id, code: 'NT1', name: 'Nước thải sau xử lý', medium: 'wastewater', regulation: code, plan: plan() },
        ],
      },
      creator.token,
    );
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json().points[0]).toMatchObject({ regulation_id: null, regulation: code, limits: [] });
    expect((await call('DELETE', `/api/regulations/${regulationId}`)).statusCode).toBe(204);
  });

  it('401 without a token, 403 without monitoring.create', async () => {
    const body = site({ regulation_id: qcvn40.id, regulation_column: 'B', regulation_factors: [{ code: 'Kq', value: '0.9' }] });
    expectError(await call('POST', '/api/sites', body, null), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', '/api/regulations/options?medium=wastewater', undefined, null), 401, 'UNAUTHENTICATED');
    expectError(await call('POST', '/api/sites', body, reader.token), 403, 'FORBIDDEN');
  });
});
