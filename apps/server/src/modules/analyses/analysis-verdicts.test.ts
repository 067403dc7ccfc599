import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabWorld, receivedSample, vnDay, vnDayOf } from '../../test/analysis-fixtures';
import { expectError, expectXlsx, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 25 part 3 through HTTP: a release judges each result against its point's limit on the sampling date and keeps
// the limit and verdict (a later edit of the regulation changes nothing released), tells the programme's owner and the
// customer's account manager of an exceedance (one event per sample), and the trend and exceedance reads.

type Who = { id: number; token: string };
type Detail = {
  id: number;
  version: number;
  state: string;
  parameter: { id: number };
  limit: {
    regulation: { id: number; code: string };
    column: string;
    text: string;
    max: string | null;
    formula: string | null;
  } | null;
  verdict: string | null;
  verdict_reason: string | null;
  exceed_ratio: string | null;
  exceed_by: string | null;
  judged_at: string | null;
};

describe('analyses judged against their limits', () => {
  let t: TestApp;
  let w: LabWorld;
  let owner: Who;
  let manager: Who;
  let analyst: Who;
  let verifier: Who;
  let reader: Who;
  let otherAnalyst: Who;
  let plain: Who;
  let regulation: { id: number; code: string };
  let customerId: number;
  let siteId: number;
  const p = { cod: 0, bod: 0, flow: 0 };
  let sample: { id: number; code: string; taken_at: string };
  const released = new Map<number, Detail>();

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json();
  };

  /** A sample received at the world's point, its results entered by the analyst, verified and released. */
  async function releaseSample(values: Record<number, { value: string; qualifier?: string }>) {
    const s = await receivedSample(t, w);
    const rows = [...s.analyses.entries()];
    const assigned = (await ok('POST', '/api/analyses/assign', t.adminToken, {
      analyst_id: analyst.id,
      rows: rows.map(([, a]) => a),
    })) as Detail[];
    const entered = (await ok('POST', '/api/analyses/results', analyst.token, {
      rows: assigned.map((a) => ({ id: a.id, version: a.version, ...values[a.parameter.id] })),
    })) as Detail[];
    const verified = (await ok('POST', '/api/analyses/verify', verifier.token, {
      rows: entered.map((a) => ({ id: a.id, version: a.version })),
    })) as Detail[];
    const out = (await ok('POST', '/api/analyses/release', verifier.token, {
      rows: verified.map((a) => ({ id: a.id, version: a.version })),
    })) as Detail[];
    return { ...s, released: new Map(out.map((a) => [a.parameter.id, a])) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.userWith(['monitoring.index', 'monitoring.create']);
    manager = await t.userWith(['customer.index', 'customer.create']);
    analyst = await t.userWith(['lab.analyse']);
    otherAnalyst = await t.userWith(['lab.analyse']);
    verifier = await t.userWith(['lab.verify']);
    reader = await t.userWith(['lab.index']);
    plain = await t.userWith([]);
    regulation = await ok(
      'POST',
      '/api/regulations',
      t.adminToken,
      {
        code: uniq('QCVN-TN'),
        title: 'Quy chuẩn nước thải thử nghiệm',
        medium: 'wastewater',
        issuer: 'Bộ Tài nguyên và Môi trường',
        valid_from: '2020-01-01',
        source: 'Bộ kiểm thử',
        columns: [{ code: 'B', meaning: 'Xả vào nguồn nước không dùng cho cấp nước sinh hoạt' }],
        factors: [
          { code: 'Kq', name: 'Hệ số nguồn tiếp nhận', values: [{ label: 'Q ≤ 50 m³/s', value: '0,9' }] },
          { code: 'Kf', name: 'Hệ số lưu lượng xả', values: [{ label: '50 < F ≤ 500 m³/24 giờ', value: '1,1' }] },
        ],
        limits: [
          { analyte: 'COD', name: 'COD', unit: 'mg/L', column: 'B', max: '150', factors: ['Kq', 'Kf'] },
          { analyte: 'BOD5', name: 'BOD5', unit: 'mg/L', column: 'B', max: '50', factors: ['Kq', 'Kf'] },
        ],
      },
      201,
    );
    const customer = await ok(
      'POST',
      '/api/customers',
      manager.token,
      { type: 'organization', name: 'Công ty TNHH Giấy Sông Cầu' },
      201,
    );
    customerId = customer.id;
    const parameter = async (code: string, body: Record<string, unknown>) =>
      (
        await ok(
          'POST',
          '/api/parameters',
          t.adminToken,
          { code: uniq(code), medium: 'wastewater', place: 'lab', unit: 'mg/L', method: 'SMEWW', ...body },
          201,
        )
      ).id as number;
    p.cod = await parameter('COD', { name: 'COD', analyte: 'COD', lod: '2' });
    p.bod = await parameter('BOD', { name: 'BOD5', analyte: 'BOD5' });
    p.flow = await parameter('TDS', { name: 'Tổng chất rắn hòa tan', unit: 'mg/L' });
    const site = await ok(
      'POST',
      '/api/sites',
      t.adminToken,
      {
        code: uniq('CS'),
        name: 'Nhà máy giấy Sông Cầu',
        customer_id: customerId,
        points: [
          {
            code: 'NT1',
            name: 'Nước thải sau xử lý',
            medium: 'wastewater',
            regulation_id: regulation.id,
            regulation_column: 'B',
            regulation_factors: [
              { code: 'Kq', value: '0.9', reason: 'Sông Cầu Q = 45 m³/s' },
              { code: 'Kf', value: '1.1', reason: 'F = 300 m³/ngày' },
            ],
            plan: [p.cod, p.bod, p.flow].map((id) => ({ parameter_id: id, frequency: 'quarterly' })),
          },
        ],
      },
      201,
    );
    siteId = site.id;
    const program = await ok(
      'POST',
      '/api/monitoring-programs',
      owner.token,
      {
        code: uniq('CT'),
        name: 'Quan trắc nước thải nhà máy giấy',
        site_id: site.id,
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      },
      201,
    );
    const leader = await t.userWith(['sampling.index']);
    const trip = await ok(
      'POST',
      '/api/sampling-trips',
      t.adminToken,
      {
        name: 'Lấy mẫu nước thải nhà máy giấy',
        start_date: vnDay(-3),
        end_date: vnDay(1),
        leader_id: leader.id,
        round_ids: [program.rounds[program.rounds.length - 1].id],
      },
      201,
    );
    w = {
      tripId: trip.id,
      roundId: trip.checklist[0].round_id,
      pointId: trip.checklist[0].point.id,
      cod: { id: p.cod, code: 'COD' },
      coliform: { id: p.bod, code: 'BOD5' },
      vehicleId: 0,
      instrumentId: 0,
    };
    const first = await releaseSample({
      [p.cod]: { value: '180' },
      [p.bod]: { value: '45.0' },
      [p.flow]: { value: '820' },
    });
    sample = first;
    for (const [k, v] of first.released) released.set(k, v);
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps on release each result’s limit on the sampling date, its formula and verdict', () => {
    const cod = released.get(p.cod) as Detail;
    expect(cod).toMatchObject({
      state: 'released',
      verdict: 'exceeded',
      exceed_ratio: '1.21',
      exceed_by: '31.5',
      limit: {
        regulation: { id: regulation.id, code: regulation.code },
        column: 'B',
        text: '≤ 148,5',
        max: '148.5',
        formula: 'C × Kq × Kf = 150 × 0,9 × 1,1 = 148,5',
      },
    });
    expect(cod.judged_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(released.get(p.bod)).toMatchObject({ verdict: 'within', exceed_ratio: null, limit: { text: '≤ 49,5' } });
    expect(released.get(p.flow)).toMatchObject({ verdict: 'no_limit', limit: null, exceed_ratio: null });
  });

  it('never changes a released verdict when the regulation is edited later', async () => {
    const before = await ok('GET', `/api/regulations/${regulation.id}`, t.adminToken);
    await ok('PUT', `/api/regulations/${regulation.id}`, t.adminToken, {
      code: before.code,
      title: before.title,
      medium: before.medium,
      issuer: before.issuer,
      valid_from: before.valid_from,
      source: before.source,
      columns: before.columns,
      factors: before.factors,
      limits: before.limits.map((l: { analyte: string; max: string }) => ({ ...l, max: l.analyte === 'COD' ? '300' : l.max })),
      version: before.version,
    });
    const cod = (await ok('GET', `/api/analyses/${released.get(p.cod)?.id}`, reader.token)) as Detail;
    expect(cod).toMatchObject({ verdict: 'exceeded', exceed_ratio: '1.21', limit: { max: '148.5', text: '≤ 148,5' } });
    // A result released after the edit is judged by the edited table: 180 ≤ 300 × 0,99 = 297.
    const later = await releaseSample({
      [p.cod]: { value: '180' },
      [p.bod]: { value: '2', qualifier: '<' },
      [p.flow]: { value: '640' },
    });
    expect(later.released.get(p.bod)).toMatchObject({ verdict: 'within' });
    expect(later.released.get(p.cod)).toMatchObject({ verdict: 'within', limit: { max: '297' } });
  });

  it('shows the limit and the verdict in the .xlsx export', async () => {
    const sheet = await expectXlsx(
      await t.call({
        method: 'GET',
        url: `/api/analyses?sample_id=${sample.id}`,
        token: reader.token,
        headers: { 'x-export': 'xlsx' },
      }),
      'phan-tich-',
    );
    const head = sheet[0] as string[];
    const limitAt = head.indexOf('Giới hạn');
    const verdictAt = head.indexOf('Đánh giá');
    expect(limitAt).toBeGreaterThan(0);
    expect(verdictAt).toBeGreaterThan(0);
    const cod = sheet.find((r) => String(r[limitAt]).includes('148,5')) as unknown[];
    expect(cod[limitAt]).toBe(`≤ 148,5 (${regulation.code} cột B)`);
    expect(cod[verdictAt]).toBe('Vượt (gấp 1,21 lần)');
  });

  it('tells the programme’s owner and the customer’s account manager once per sample, with the link', async () => {
    const events = await t.database.db.selectFrom('domain_events').selectAll().where('type', '=', 'analysis.exceeded').execute();
    const mine = events.filter((e) => JSON.parse(e.payload ?? '{}').vars?.['analysis.samples'] === sample.code);
    expect(mine).toHaveLength(1);
    await t.app.workers.dispatcher.runOnce(10_000);
    const codId = released.get(p.cod)?.id as number;
    for (const who of [owner, manager]) {
      const note = await t.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', who.id)
        .where('event', '=', 'analysis.exceeded')
        .executeTakeFirst();
      expect(note, `notification of user ${who.id}`).toBeDefined();
      expect(note?.link).toBe(`/admin/monitoring/analyses/${codId}`);
      expect(note?.title).toContain(sample.code);
      expect(note?.body).toContain('gấp 1,21 lần');
      expect(note?.body).toContain(`${regulation.code} cột B`);
    }
    // Nobody else of the laboratory is told by default.
    const others = await t.database.db
      .selectFrom('notifications')
      .select('user_id')
      .where('event', '=', 'analysis.exceeded')
      .where('user_id', 'in', [analyst.id, verifier.id, reader.id])
      .execute();
    expect(others).toEqual([]);
  });

  it('filters the list by verdict: every exceedance, or several verdicts at once', async () => {
    const codId = released.get(p.cod)?.id as number;
    const exceeded = await ok('GET', `/api/analyses?verdict=exceeded&per_page=100`, reader.token);
    const ids = exceeded.data.map((a: { id: number }) => a.id);
    expect(ids).toContain(codId);
    expect(
      exceeded.data.every((a: { verdict: string; state: string }) => a.verdict === 'exceeded' && a.state === 'released'),
    ).toBe(true);
    const within = await ok('GET', `/api/analyses?verdict=within&sample_id=${sample.id}`, reader.token);
    expect(within.data.map((a: { id: number }) => a.id)).not.toContain(codId);
    expect(within.data.length).toBeGreaterThan(0);
    const both = await ok('GET', `/api/analyses?verdict=within,exceeded&sample_id=${sample.id}`, reader.token);
    const exceededHere = exceeded.data.filter((a: { sample: { id: number } }) => a.sample.id === sample.id).length;
    expect(both.meta.total).toBe(exceededHere + within.data.length);
    expectError(await call('GET', '/api/analyses?verdict=vuot', reader.token), 422, 'VALIDATION_FAILED', 'verdict.0');
  });

  it('opens the notice’s link for its recipients: a released result, read-only; nothing before release', async () => {
    const codId = released.get(p.cod)?.id as number;
    for (const who of [owner, manager]) {
      const a = await ok('GET', `/api/analyses/${codId}`, who.token);
      expect(a).toMatchObject({ id: codId, state: 'released', verdict: 'exceeded' });
      expect(a.can).toEqual({ assign: false, enter: false, verify: false, return: false, release: false });
      // A customer's exceedances and a point's trend are released results too.
      const year = Number(vnDayOf(sample.taken_at).slice(0, 4));
      expect((await ok('GET', `/api/analyses/exceedances?customer_id=${customerId}&year=${year}`, who.token)).total).toBe(1);
      const trend = await ok('GET', `/api/analyses/trend?point_id=${w.pointId}&parameter_id=${p.cod}`, who.token);
      expect(trend.points.length).toBeGreaterThan(0);
      // Still no laboratory work list for them.
      expectError(await call('GET', '/api/analyses', who.token), 403, 'FORBIDDEN');
    }
    // An analysis not yet released stays inside the laboratory.
    const pending = await receivedSample(t, w);
    const [, open] = [...pending.analyses.entries()][0] as [number, { id: number }];
    expectError(await call('GET', `/api/analyses/${open.id}`, owner.token), 404, 'NOT_FOUND');
    expectError(await call('GET', `/api/analyses/${open.id}`, manager.token), 404, 'NOT_FOUND');
    expect((await ok('GET', `/api/analyses/${open.id}`, reader.token)).state).toBe('pending');
    expectError(await call('GET', `/api/analyses/${codId}`, plain.token), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/analyses/${codId}`, null), 401, 'UNAUTHENTICATED');
  });

  it('reads a point’s parameter over time with its limit on each date', async () => {
    const url = `/api/analyses/trend?point_id=${w.pointId}&parameter_id=${p.cod}`;
    const trend = await ok('GET', url, reader.token);
    expect(trend.point).toMatchObject({ id: w.pointId, code: 'NT1' });
    expect(trend.site.id).toBe(siteId);
    expect(trend.to).toBe(vnDay(0));
    expect(trend.points).toHaveLength(2);
    expect(
      trend.points.map((x: { value: string; limit: { max: string }; verdict: string }) => [x.value, x.limit.max, x.verdict]),
    ).toEqual([
      ['180', '148.5', 'exceeded'],
      ['180', '297', 'within'],
    ]);
    expect(trend.points[0].date).toBe(vnDayOf(sample.taken_at));
    // Dates before the samples: none.
    expect((await ok('GET', `${url}&from=2025-01-01&to=2025-12-31`, reader.token)).points).toEqual([]);
    // An analyst alone reads their own results only.
    expect((await ok('GET', url, otherAnalyst.token)).points).toEqual([]);
    expect((await ok('GET', url, analyst.token)).points).toHaveLength(2);
    expectError(await call('GET', `${url}&from=2026-12-01&to=2026-01-01`, reader.token), 422, 'VALIDATION_FAILED', 'to');
    expectError(await call('GET', url, null), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', url, plain.token), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/analyses/trend?point_id=999999&parameter_id=${p.cod}`, reader.token), 404, 'NOT_FOUND');
    expectError(
      await call('GET', `/api/analyses/trend?point_id=${w.pointId}&parameter_id=999999`, reader.token),
      404,
      'NOT_FOUND',
    );
  });

  it('reads a customer’s exceedances of a year, counted per month', async () => {
    // The sampling day in Vietnam decides the year and month (an hour ago may be yesterday, or last year, there).
    const sampled = vnDayOf(sample.taken_at);
    const year = Number(sampled.slice(0, 4));
    const url = `/api/analyses/exceedances?customer_id=${customerId}&year=${year}`;
    const x = await ok('GET', url, reader.token);
    expect(x.customer.id).toBe(customerId);
    expect(x.total).toBe(1);
    expect(x.months).toHaveLength(12);
    const month = Number(sampled.slice(5, 7));
    expect(x.months.map((m: { count: number }) => m.count)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i + 1 === month ? 1 : 0)),
    );
    expect(x.rows[0]).toMatchObject({
      analysis_id: released.get(p.cod)?.id,
      sample: { id: sample.id, code: sample.code },
      point: { id: w.pointId },
      parameter: { id: p.cod },
      value: '180',
      unit: 'mg/L',
      limit: { max: '148.5', column: 'B' },
      exceed_ratio: '1.21',
      exceed_by: '31.5',
      date: sampled,
    });
    expect((await ok('GET', `/api/analyses/exceedances?customer_id=${customerId}&year=${year - 1}`, reader.token)).total).toBe(0);
    expectError(await call('GET', url, null), 401, 'UNAUTHENTICATED');
    expectError(await call('GET', url, plain.token), 403, 'FORBIDDEN');
    expectError(await call('GET', `/api/analyses/exceedances?customer_id=999999&year=${year}`, reader.token), 404, 'NOT_FOUND');
    expectError(
      await call('GET', `/api/analyses/exceedances?customer_id=${customerId}&year=1800`, reader.token),
      422,
      'VALIDATION_FAILED',
    );
  });
});
