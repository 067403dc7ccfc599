import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, expectXlsx, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 24 part 3: monitoring programmes through HTTP — from a signed contract or on their own, the site's plan as
// default lines, the rounds generated, progress, one route per round state change.

describe('monitoring programmes', () => {
  let t: TestApp;
  let reader: { id: number; token: string };
  let editor: { id: number; token: string };
  let plain: { id: number; token: string };
  let customerId: number;
  let otherCustomerId: number;
  let site: { id: number; points: { id: number; code: string }[] };
  let signedContract: number;
  let draftContract: number;
  let otherContract: number;
  const param: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.adminToken) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'POST' | 'PUT', url: string, payload: unknown, status = 200, token = t.adminToken) => {
    const res = await call(method, url, payload, token);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const contract = async (customer: number, sign: boolean) => {
    const c = await ok(
      'POST',
      '/api/contracts',
      {
        customer_id: customer,
        title: 'Quan trắc môi trường định kỳ năm 2027',
        start_date: '2027-01-01',
        end_date: '2027-12-31',
        items: [{ name: 'Quan trắc nước thải', unit_name: 'mẫu', quantity: 4, unit_price: 2_500_000, vat_rate: '10' }],
      },
      201,
    );
    if (!sign) return c.id as number;
    await ok('POST', `/api/contracts/${c.id}/submit`, {});
    const director = await t.userWith(['contracts.index', 'contracts.show', 'contracts.approve']);
    await ok('POST', `/api/contracts/${c.id}/sign`, { signed_date: '2026-12-20' }, 200, director.token);
    return c.id as number;
  };
  const program = (over: Record<string, unknown> = {}) => ({
    code: uniq('CTQT'),
    name: 'Quan trắc định kỳ năm 2027 — Nhà máy dệt nhuộm',
    site_id: site.id,
    contract_id: signedContract,
    start_date: '2027-01-01',
    end_date: '2027-12-31',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    reader = await t.userWith(['monitoring.index']);
    editor = await t.userWith(['monitoring.index', 'monitoring.create', 'monitoring.show', 'monitoring.edit']);
    plain = await t.userWith([]);
    customerId = (await ok('POST', '/api/customers', { type: 'organization', name: 'Công ty Dệt nhuộm Phố Nối' }, 201)).id;
    otherCustomerId = (await ok('POST', '/api/customers', { type: 'organization', name: 'Bệnh viện tỉnh' }, 201)).id;
    for (const [key, medium] of [
      ['cod', 'wastewater'],
      ['ph', 'wastewater'],
      ['metal', 'wastewater'],
      ['so2', 'emission'],
    ] as const) {
      param[key] = (
        await ok(
          'POST',
          '/api/parameters',
          { code: uniq(key), name: key, medium, unit: 'mg/L', method: 'TCVN', place: 'lab' },
          201,
        )
      ).id;
    }
    site = await ok(
      'POST',
      '/api/sites',
      {
        code: uniq('CS'),
        name: 'Nhà máy dệt nhuộm Phố Nối',
        customer_id: customerId,
        points: [
          {
            code: 'NT1',
            name: 'Nước thải sau xử lý',
            medium: 'wastewater',
            plan: [
              { parameter_id: param.cod, frequency: 'quarterly' },
              { parameter_id: param.metal, frequency: 'half_yearly' },
            ],
          },
          {
            code: 'KT1',
            name: 'Ống khói lò hơi',
            medium: 'emission',
            plan: [{ parameter_id: param.so2, frequency: 'quarterly' }],
          },
        ],
      },
      201,
    );
    signedContract = await contract(customerId, true);
    draftContract = await contract(customerId, false);
    otherContract = await contract(otherCustomerId, true);
  }, 60_000);
  afterAll(() => t?.close());

  it("makes a programme from a signed contract: the site's plan as lines, the quarters of the year as rounds", async () => {
    const p = await ok('POST', '/api/monitoring-programs', program(), 201, editor.token);
    expect(p).toMatchObject({
      site: { id: site.id },
      customer: { id: customerId },
      contract: { id: signedContract },
      progress: { rounds: 4, done: 0, late: 0 },
      next_round: { name: 'Quý I/2027', due_date: '2027-03-31' },
    });
    expect(p.lines.map((l: { point: { code: string }; frequency: string }) => [l.point.code, l.frequency])).toEqual([
      ['NT1', 'quarterly'],
      ['NT1', 'half_yearly'],
      ['KT1', 'quarterly'],
    ]);
    expect(p.rounds.map((r: { name: string; due_date: string; lines_due: number }) => [r.name, r.due_date, r.lines_due])).toEqual(
      [
        ['Quý I/2027', '2027-03-31', 2],
        ['Quý II/2027', '2027-06-30', 3],
        ['Quý III/2027', '2027-09-30', 2],
        ['Quý IV/2027', '2027-12-31', 3],
      ],
    );
    const mine = await call('GET', `/api/monitoring-programs?contract_id=${signedContract}`, undefined, reader.token);
    expect(mine.json().data.map((x: { id: number }) => x.id)).toEqual([p.id]);
  });

  it('refuses a contract not signed or of another customer, a point of another site, a parameter of another medium', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [program({ contract_id: draftContract }), 'contract_id', /chưa ký/],
      [program({ contract_id: otherContract }), 'contract_id', /không phải của Công ty Dệt nhuộm Phố Nối/],
      [program({ contract_id: 999_999 }), 'contract_id', /không tồn tại/],
      [program({ site_id: 999_999 }), 'site_id', /không tồn tại/],
      [program({ end_date: '2026-12-31' }), 'end_date', /từ ngày bắt đầu/],
      [program({ end_date: '2033-12-31' }), 'end_date', /5 năm/],
      [
        program({ lines: [{ point_id: site.points[0]?.id, parameter_id: param.so2, frequency: 'quarterly' }] }),
        'lines.0.parameter_id',
        /thành phần môi trường của điểm NT1/,
      ],
      [
        program({ lines: [{ point_id: 999_999, parameter_id: param.cod, frequency: 'quarterly' }] }),
        'lines.0.point_id',
        /không thuộc cơ sở/,
      ],
      [program({ lines: [] }), 'lines', /ít nhất một chỉ tiêu/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/monitoring-programs', payload);
      expectError(res, 422, 'VALIDATION_FAILED', field);
      expect(res.json().errors.find((e: { field: string }) => e.field === field)?.message).toMatch(message);
    }
  });

  it('moves rounds by their own routes, counts late rounds by today, and fixes the period once a round is done', async () => {
    // Six monthly rounds from four months ago: the four past months are late, this month's is not yet.
    const local = new Date(Date.now() + 7 * 3_600_000);
    const first = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 4, 1));
    const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 2, 0));
    const start = first.toISOString().slice(0, 10);
    const end = last.toISOString().slice(0, 10);
    const p = await ok(
      'POST',
      '/api/monitoring-programs',
      program({
        lines: [{ point_id: site.points[0]?.id, parameter_id: param.ph ?? param.cod, frequency: 'monthly' }],
        start_date: start,
        end_date: end,
      }),
      201,
    );
    expect(p.rounds).toHaveLength(6);
    expect(p.progress).toEqual({ rounds: 6, done: 0, late: 4 });
    const [jan, feb] = p.rounds;
    const done = await ok(
      'POST',
      `/api/monitoring-programs/${p.id}/rounds/${jan.id}/done`,
      { version: jan.version },
      200,
      editor.token,
    );
    expect(done.rounds[0]).toMatchObject({ status: 'done', late: false, done_by: { id: editor.id } });
    expect(done.progress).toEqual({ rounds: 6, done: 1, late: 3 });
    expectError(await call('POST', `/api/monitoring-programs/${p.id}/rounds/${jan.id}/done`, {}), 409, 'CONFLICT');
    expectError(await call('POST', `/api/monitoring-programs/${p.id}/rounds/${feb.id}/done`, { version: 9 }), 409, 'CONFLICT');
    const cancelled = await ok('POST', `/api/monitoring-programs/${p.id}/rounds/${feb.id}/cancel`, {});
    expect(cancelled.progress).toEqual({ rounds: 5, done: 1, late: 2 });
    expect(
      (await call('GET', `/api/monitoring-programs?late=1&site_id=${site.id}`)).json().data.map((x: { id: number }) => x.id),
    ).toContain(p.id);
    const reopened = await ok('POST', `/api/monitoring-programs/${p.id}/rounds/${feb.id}/reopen`, {});
    expect(reopened.rounds[1].status).toBe('planned');
    expectError(await call('POST', `/api/monitoring-programs/${p.id}/rounds/${feb.id}/done`, {}, reader.token), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/monitoring-programs/${p.id}/rounds/999999/done`, {}), 404, 'NOT_FOUND');
    // The period is fixed now; the name may still change.
    const body = { ...program(), code: p.code, version: reopened.version, start_date: start, end_date: end };
    const moved = await call('PUT', `/api/monitoring-programs/${p.id}`, {
      ...body,
      start_date: first.toISOString().slice(0, 8) + '02',
    });
    expectError(moved, 409, 'PROGRAM_STARTED');
    const renamed = await ok('PUT', `/api/monitoring-programs/${p.id}`, { ...body, name: 'Quan trắc hằng tháng' });
    expect(renamed.rounds[0]).toMatchObject({ id: jan.id, status: 'done' });
    const history = await auditOf(t, 'monitoring_programs', p.id);
    expect(history.map((h) => h.action)).toEqual(['update', 'round_planned', 'round_cancelled', 'round_done', 'create']);
  });

  it('regenerates the rounds when a programme not started changes its period', async () => {
    const p = await ok('POST', '/api/monitoring-programs', program({ contract_id: null }), 201);
    const half = await ok('PUT', `/api/monitoring-programs/${p.id}`, {
      ...program({ contract_id: null }),
      code: p.code,
      end_date: '2027-06-30',
      version: p.version,
    });
    expect(half.rounds.map((r: { name: string }) => r.name)).toEqual(['Quý I/2027', 'Quý II/2027']);
    expect(half.contract).toBeNull();
    expectError(
      await call('PUT', `/api/monitoring-programs/${p.id}`, { ...program(), code: p.code, version: p.version }),
      409,
      'CONFLICT',
    );
  });

  it("keeps the site's points and parameters a programme names; lists, exports; deletes", async () => {
    const detail = (await call('GET', `/api/sites/${site.id}`)).json();
    const dropKT1 = await call('PUT', `/api/sites/${site.id}`, {
      code: detail.code,
      name: detail.name,
      customer_id: customerId,
      version: detail.version,
      points: [{ ...detail.points[0], plan: [{ parameter_id: param.cod, frequency: 'quarterly' }] }],
    });
    expectError(dropKT1, 422, 'VALIDATION_FAILED', 'points');
    expect(dropKT1.json().message).toMatch(/Không thể bỏ điểm KT1 vì đang thuộc chương trình quan trắc/);
    expectError(await call('DELETE', `/api/sites/${site.id}`), 409, 'IN_USE');
    expectError(await call('DELETE', `/api/parameters/${param.so2}`), 409, 'IN_USE');
    const rows = await expectXlsx(
      await t.call({ method: 'GET', url: '/api/monitoring-programs', token: reader.token, headers: { 'x-export': 'xlsx' } }),
      'chuong-trinh-quan-trac-',
    );
    expect(rows[0]).toContain('Trễ hạn');
    expect(rows.length).toBeGreaterThan(2);
    const list = await call('GET', `/api/monitoring-programs?customer_id=${customerId}&sort=code`, undefined, reader.token);
    expect(list.statusCode).toBe(200);
    for (const p of list.json().data as { id: number }[]) {
      expectError(await call('DELETE', `/api/monitoring-programs/${p.id}`, undefined, reader.token), 403, 'FORBIDDEN');
      expect((await call('DELETE', `/api/monitoring-programs/${p.id}`, undefined, editor.token)).statusCode).toBe(204);
    }
    expect((await call('DELETE', `/api/sites/${site.id}`)).statusCode).toBe(204);
  });

  it("offers the site's customer's signed contracts, or the one a link names, to whoever may make a programme", async () => {
    const res = await call('GET', `/api/monitoring-programs/contract-options?customer_id=${customerId}`, undefined, editor.token);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as { id: number; pricing: boolean }[]).map((c) => c.id);
    expect(ids).toContain(signedContract);
    expect(ids).not.toContain(draftContract);
    expect(ids).not.toContain(otherContract);
    // One contract by id (the link from a contract's page), with whether it may price a programme.
    const one = await call('GET', `/api/monitoring-programs/contract-options?id=${draftContract}`, undefined, editor.token);
    expect(one.json()).toEqual([
      expect.objectContaining({ id: draftContract, pricing: false, customer: expect.objectContaining({ id: customerId }) }),
    ]);
    const signed = await call('GET', `/api/monitoring-programs/contract-options?id=${signedContract}`, undefined, editor.token);
    expect(signed.json()).toEqual([expect.objectContaining({ id: signedContract, pricing: true, status: 'signed' })]);
    expect((await call('GET', '/api/monitoring-programs/contract-options?id=999999', undefined, editor.token)).json()).toEqual(
      [],
    );
    expectError(
      await call('GET', `/api/monitoring-programs/contract-options?customer_id=${customerId}`, undefined, reader.token),
      403,
      'FORBIDDEN',
    );
    expect((await t.call({ method: 'GET', url: '/api/monitoring-programs/contract-options' })).statusCode).toBe(401);
  });

  it('answers 401 without a token, 403 without the keys, 404 for none', async () => {
    expect((await t.call({ method: 'GET', url: '/api/monitoring-programs' })).statusCode).toBe(401);
    expectError(await call('GET', '/api/monitoring-programs', undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/monitoring-programs', program(), reader.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/monitoring-programs/999999', undefined, editor.token), 404, 'NOT_FOUND');
  });
});
