import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, expectXlsx, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 24 part 2: customers' sites with their points and plans, through HTTP on a real database.

describe('sites', () => {
  let t: TestApp;
  let reader: { id: number; token: string };
  let editor: { id: number; token: string };
  let plain: { id: number; token: string };
  let customerId: number;
  let otherCustomerId: number;
  const param: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const newParameter = async (code: string, medium: string) => {
    const res = await call('POST', '/api/parameters', { code, name: code, medium, unit: 'mg/L', method: 'TCVN', place: 'lab' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const newCustomer = async (name: string) => {
    const res = await call('POST', '/api/customers', { type: 'organization', name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const dyeHouse = () => ({
    code: 'CS-DETMAY',
    name: 'Nhà máy dệt nhuộm Phố Nối',
    customer_id: customerId,
    address: 'KCN Phố Nối B, Yên Mỹ',
    province: 'Hưng Yên',
    latitude: 20.938421,
    longitude: 106.055712,
    permit_number: '125/GPMT-UBND',
    permit_date: '2024-05-20',
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau hệ thống xử lý, trước khi xả ra KCN',
        medium: 'wastewater',
        regulation: 'QCVN 40:2011/BTNMT',
        regulation_column: 'B',
        plan: [
          { parameter_id: param.cod, frequency: 'quarterly' },
          { parameter_id: param.ph, frequency: 'monthly' },
        ],
      },
      {
        code: 'KT1',
        name: 'Ống khói lò hơi 10 tấn/giờ',
        medium: 'emission',
        plan: [{ parameter_id: param.so2, frequency: 'quarterly' }],
      },
    ],
  });

  beforeAll(async () => {
    t = await createTestApp();
    reader = await t.userWith(['monitoring.index']);
    editor = await t.userWith(['monitoring.index', 'monitoring.create', 'monitoring.show', 'monitoring.edit']);
    plain = await t.userWith([]);
    customerId = await newCustomer('Công ty TNHH Dệt nhuộm Phố Nối');
    otherCustomerId = await newCustomer('Bệnh viện Đa khoa tỉnh');
    param.cod = await newParameter(uniq('NT-COD'), 'wastewater');
    param.ph = await newParameter(uniq('NT-PH'), 'wastewater');
    param.so2 = await newParameter(uniq('KT-SO2'), 'emission');
  });
  afterAll(() => t?.close());

  it('creates a site with its points and plans, and reads it back', async () => {
    const res = await call('POST', '/api/sites', dyeHouse(), editor.token);
    expect(res.statusCode, res.body).toBe(201);
    const site = res.json();
    expect(site).toMatchObject({
      code: 'CS-DETMAY',
      customer: { id: customerId, name: 'Công ty TNHH Dệt nhuộm Phố Nối' },
      latitude: 20.938421,
      permit_date: '2024-05-20',
      points_count: 2,
      media: expect.arrayContaining(['wastewater', 'emission']),
      version: 1,
    });
    expect(site.points.map((p: { code: string }) => p.code)).toEqual(['NT1', 'KT1']);
    expect(site.points[0].plan).toEqual([
      { parameter: expect.objectContaining({ id: param.cod }), frequency: 'quarterly' },
      { parameter: expect.objectContaining({ id: param.ph }), frequency: 'monthly' },
    ]);
    expect(site.points[0]).toMatchObject({ regulation: 'QCVN 40:2011/BTNMT', regulation_column: 'B', latitude: null });
    expectError(await call('GET', `/api/sites/${site.id}`, undefined, reader.token), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/sites/${site.id}`, undefined, editor.token)).json().points).toHaveLength(2);
  });

  it('refuses bad input on the field it concerns, in Vietnamese, and saves nothing', async () => {
    const before = await t.database.db.selectFrom('site_points').select('id').execute();
    const base = { ...dyeHouse(), code: 'CS-X' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, customer_id: 999_999 }, 'customer_id', 'Khách hàng không tồn tại.'],
      [{ ...base, code: 'CS-DETMAY' }, 'code', 'Mã cơ sở đã tồn tại.'],
      [{ ...base, latitude: 21.1, longitude: null }, 'longitude', 'Nhập cả vĩ độ và kinh độ, hoặc bỏ trống cả hai'],
      [
        { ...base, points: [base.points[0], { ...base.points[1], code: 'nt1' }] },
        'points.1.code',
        'Ký hiệu điểm nt1 bị trùng trong cơ sở',
      ],
      [
        { ...base, points: [{ ...base.points[0], plan: [{ parameter_id: param.so2, frequency: 'quarterly' }] }] },
        'points.0.plan.0.parameter_id',
        'Chỉ tiêu không thuộc thành phần môi trường của điểm.',
      ],
      [
        { ...base, points: [{ ...base.points[0], plan: [{ parameter_id: 999_999, frequency: 'quarterly' }] }] },
        'points.0.plan.0.parameter_id',
        'Chỉ tiêu không tồn tại.',
      ],
      [
        {
          ...base,
          points: [
            {
              ...base.points[0],
              plan: [
                { parameter_id: param.cod, frequency: 'quarterly' },
                { parameter_id: param.cod, frequency: 'monthly' },
              ],
            },
          ],
        },
        'points.0.plan.1.parameter_id',
        'Chỉ tiêu bị trùng trong điểm',
      ],
      [{ ...base, points: [{ ...base.points[0], id: 999_999 }] }, 'points.0.id', 'Điểm quan trắc không thuộc cơ sở này.'],
      [{ ...base, points: [{ ...base.points[0], code: 'NT 1' }] }, 'points.0.code', ''],
      [
        { ...base, points: [{ ...base.points[0], plan: [{ parameter_id: param.cod, frequency: 'weekly' }] }] },
        'points.0.plan.0.frequency',
        '',
      ],
      [{ ...base, permit_date: '2024-13-01' }, 'permit_date', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/sites', payload);
      expectError(res, 422, 'VALIDATION_FAILED', field);
      if (message) expect(res.json().errors.find((e: { field: string }) => e.field === field)?.message).toBe(message);
    }
    expect(await t.database.db.selectFrom('site_points').select('id').execute()).toHaveLength(before.length);
  });

  it('lists by customer, medium and text without diacritics, and exports', async () => {
    const hospital = await call('POST', '/api/sites', {
      code: 'CS-BV',
      name: 'Bệnh viện Đa khoa tỉnh — khu xử lý nước thải',
      customer_id: otherCustomerId,
      points: [{ code: 'NT1', name: 'Sau bể khử trùng', medium: 'wastewater', plan: [] }],
    });
    expect(hospital.statusCode, hospital.body).toBe(201);
    const list = (q: string) => call('GET', `/api/sites?${q}`, undefined, reader.token);
    const codes = async (q: string) => (await list(q)).json().data.map((s: { code: string }) => s.code);
    expect(await codes('sort=code')).toEqual(['CS-BV', 'CS-DETMAY']);
    expect(await codes(`customer_id=${customerId}`)).toEqual(['CS-DETMAY']);
    expect(await codes('medium=emission')).toEqual(['CS-DETMAY']);
    expect(await codes('search=det nhuom')).toEqual(['CS-DETMAY']);
    expect(await codes('search=gpmt')).toEqual(['CS-DETMAY']);
    expect((await list('medium=wastewater')).json().meta.total).toBe(2);
    expectError(await list('medium=noise'), 422, 'VALIDATION_FAILED', 'medium');
    const rows = await expectXlsx(
      await t.call({ method: 'GET', url: '/api/sites', token: reader.token, headers: { 'x-export': 'xlsx' } }),
      'co-so-quan-trac-',
    );
    const dye = rows.find((r) => r[0] === 'CS-DETMAY') as unknown[];
    expect(dye).toContain('125/GPMT-UBND');
    expect(dye).toContain('20/05/2024');
    const options = await call('GET', `/api/sites/options?customer_id=${otherCustomerId}`, undefined, plain.token);
    expect(options.json()).toEqual([expect.objectContaining({ code: 'CS-BV', customer_id: otherCustomerId, active: true })]);
  });

  it('updates keeping point ids (a swap of codes, a removed point, a new one), 409 when stale, with history', async () => {
    const site = (await call('GET', '/api/sites?search=CS-DETMAY')).json().data[0];
    const detail = (await call('GET', `/api/sites/${site.id}`)).json();
    const [nt1, kt1] = detail.points;
    const body = {
      ...dyeHouse(),
      version: detail.version,
      points: [
        {
          id: nt1.id,
          code: 'KT1',
          name: nt1.name,
          medium: 'wastewater',
          plan: [{ parameter_id: param.cod, frequency: 'half_yearly' }],
        },
        { id: kt1.id, code: 'NT1', name: kt1.name, medium: 'emission', plan: [] },
        { code: 'KK1', name: 'Cổng nhà máy, đầu hướng gió', medium: 'ambient_air', plan: [] },
      ],
    };
    const saved = await call('PUT', `/api/sites/${site.id}`, body, editor.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const points = saved.json().points as { id: number; code: string; plan: { frequency: string }[] }[];
    expect(points.map((p) => [p.id, p.code])).toEqual([
      [nt1.id, 'KT1'],
      [kt1.id, 'NT1'],
      [expect.any(Number), 'KK1'],
    ]);
    expect(points[0]?.plan).toEqual([expect.objectContaining({ frequency: 'half_yearly' })]);
    expectError(await call('PUT', `/api/sites/${site.id}`, body, editor.token), 409, 'CONFLICT');
    const removed = await call(
      'PUT',
      `/api/sites/${site.id}`,
      { ...body, version: saved.json().version, points: [body.points[0]] },
      editor.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().points.map((p: { id: number }) => p.id)).toEqual([nt1.id]);
    const history = await auditOf(t, 'sites', site.id);
    expect(history.map((h) => h.action)).toEqual(['update', 'update', 'create']);
    expect(history[0]?.changes?.points).toBeDefined();
    // A point of another site is not this one's.
    const other = (await call('GET', '/api/sites?search=CS-BV')).json().data[0];
    const otherPoint = (await call('GET', `/api/sites/${other.id}`)).json().points[0];
    const stolen = await call('PUT', `/api/sites/${site.id}`, {
      ...body,
      version: removed.json().version,
      points: [{ ...body.points[0], id: otherPoint.id }],
    });
    expectError(stolen, 422, 'VALIDATION_FAILED', 'points.0.id');
  });

  it('never deletes a planned parameter, nor a customer with sites; deletes a site with its points', async () => {
    const refused = await call('DELETE', `/api/parameters/${param.cod}`);
    expectError(refused, 409, 'IN_USE');
    expect(refused.json().message).toMatch(/đang có trong kế hoạch của 1 điểm quan trắc/);
    const customer = await call('DELETE', `/api/customers/${customerId}`);
    expect(customer.statusCode).toBe(409);
    expect(customer.json().message).toMatch(/đang có 1 cơ sở quan trắc/);
    const site = (await call('GET', '/api/sites?search=CS-DETMAY')).json().data[0];
    expectError(await call('DELETE', `/api/sites/${site.id}`, undefined, reader.token), 403, 'FORBIDDEN');
    expect((await call('DELETE', `/api/sites/${site.id}`, undefined, editor.token)).statusCode).toBe(204);
    expect(await t.database.db.selectFrom('site_points').select('id').where('site_id', '=', site.id).execute()).toEqual([]);
    expect((await call('DELETE', `/api/parameters/${param.cod}`)).statusCode).toBe(204);
    expectError(await call('GET', `/api/sites/${site.id}`), 404, 'NOT_FOUND');
    expectError(await call('PUT', `/api/sites/${site.id}`, { ...dyeHouse(), points: [], version: 1 }), 404, 'NOT_FOUND');
  });

  it('lets whoever records sites pick the customer, and nobody else without a customer key', async () => {
    const picked = await call('GET', '/api/customers/options?search=phố nối', undefined, editor.token);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().map((c: { id: number }) => c.id)).toContain(customerId);
    expectError(await call('GET', '/api/customers/options', undefined, reader.token), 403, 'FORBIDDEN');
  });

  it('answers 401 without a token and 403 without the keys', async () => {
    expect((await t.call({ method: 'GET', url: '/api/sites' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/sites/options' })).statusCode).toBe(401);
    expectError(await call('GET', '/api/sites', undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/sites', { ...dyeHouse(), code: 'CS-Y' }, reader.token), 403, 'FORBIDDEN');
  });
});
