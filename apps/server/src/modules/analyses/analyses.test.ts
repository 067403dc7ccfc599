import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handedOverSample, type LabWorld, labWorld, receivedSample, vnDay } from '../../test/analysis-fixtures';
import { race, statusCounts } from '../../test/concurrency';
import { auditOf, expectError, expectXlsx, looksVietnamese } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 25 part 2: the laboratory's analyses through HTTP — made once when a sample is received, assigned, entered
// one by one or a worksheet at once (all or nothing, decimals as written), verified by a second person (never the
// analyst), returned with a reason and entered again, released; one transition of two at once.

type Who = { id: number; token: string };
type Detail = {
  id: number;
  version: number;
  state: string;
  value: string | null;
  qualifier: string | null;
  unit: string;
  method: string;
  analysed_on: string | null;
  late_for_holding: boolean;
  hold_until: string | null;
  analyst: { id: number } | null;
  return_reason: string | null;
  history: { state: string; reason: string | null; result: string | null; by: { id: number } | null }[];
  can: Record<string, boolean>;
};

describe('analyses', () => {
  let t: TestApp;
  let w: LabWorld;
  let head: Who;
  let analyst: Who;
  let other: Who;
  /** Holds both keys: may verify others' results, never their own. */
  let analystVerifier: Who;
  let verifier: Who;
  let reader: Who;
  let plain: Who;
  let field: Who;

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const get = (id: number, token = t.adminToken): Promise<Detail> => ok('GET', `/api/analyses/${id}`, token);
  const assign = async (ids: number[], to: Who) => {
    const rows = [];
    for (const id of ids) rows.push({ id, version: (await get(id)).version });
    return ok('POST', '/api/analyses/assign', head.token, { analyst_id: to.id, rows }) as Promise<Detail[]>;
  };
  const enter = async (id: number, who: Who, body: Record<string, unknown>) =>
    ok('POST', `/api/analyses/${id}/result`, who.token, { version: (await get(id)).version, ...body }) as Promise<Detail>;
  const domainEvents = (type: string, id: number) =>
    t.database.db.selectFrom('domain_events').selectAll().where('type', '=', type).where('entity_id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp();
    w = await labWorld(t);
    head = await t.userWith(['lab.index', 'lab.receive']);
    analyst = await t.userWith(['lab.analyse']);
    other = await t.userWith(['lab.analyse']);
    analystVerifier = await t.userWith(['lab.analyse', 'lab.verify']);
    verifier = await t.userWith(['lab.verify']);
    reader = await t.userWith(['lab.index']);
    plain = await t.userWith([]);
    field = await t.userWith(['sampling.index', 'sampling.all']);
  }, 60_000);
  afterAll(() => t?.close());

  it('makes one analysis per laboratory parameter when the sample is received, once when two receive it at once', async () => {
    const taken = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const s = await receivedSample(t, w, { taken_at: taken, token: head.token });
    expect([...s.analyses.keys()].sort()).toEqual([w.cod.id, w.coliform.id].sort());
    const cod = await get(s.analyses.get(w.cod.id)?.id as number, head.token);
    expect(cod).toMatchObject({
      state: 'pending',
      analyst: null,
      value: null,
      unit: 'mg/L',
      method: 'SMEWW 5220C:2017',
      hold_until: new Date(Date.parse(taken) + 168 * 3_600_000).toISOString(),
      late_for_holding: false,
      can: { assign: true, enter: true, verify: false },
    });
    expect(cod.history.map((h) => h.state)).toEqual(['pending']);

    const raced = await handedOverSample(t, w);
    const answers = await race(t, 5, () => ({
      method: 'POST',
      url: `/api/samples/${raced.id}/receive`,
      token: head.token,
      payload: { intact: true, temperature: '4' },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 4 });
    const made = await ok('GET', `/api/analyses?sample_id=${raced.id}`, head.token);
    expect(made.meta.total).toBe(2);
  });

  it('asks for a sign-in and a laboratory key; an analyst reads only what is assigned to them', async () => {
    const s = await receivedSample(t, w);
    const cod = s.analyses.get(w.cod.id)?.id as number;
    expect((await call('GET', '/api/analyses', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/analyses/verify', null, { rows: [{ id: cod, version: 1 }] })).statusCode).toBe(401);
    for (const who of [plain, field]) {
      expectError(await call('GET', '/api/analyses', who.token), 403, 'FORBIDDEN');
      expectError(await call('GET', `/api/analyses/${cod}`, who.token), 403, 'FORBIDDEN');
      expectError(await call('GET', `/api/analyses/worksheet?parameter_id=${w.cod.id}`, who.token), 403, 'FORBIDDEN');
    }
    expectError(
      await call('POST', '/api/analyses/assign', analyst.token, { analyst_id: analyst.id, rows: [{ id: cod, version: 1 }] }),
      403,
      'FORBIDDEN',
    );
    expectError(await call('POST', '/api/analyses/verify', analyst.token, { rows: [{ id: cod, version: 1 }] }), 403, 'FORBIDDEN');
    expectError(
      await call('POST', '/api/analyses/release', analyst.token, { rows: [{ id: cod, version: 1 }] }),
      403,
      'FORBIDDEN',
    );
    expectError(await call('POST', `/api/analyses/${cod}/return`, head.token, { reason: 'Sai', version: 1 }), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/analyses/${cod}/result`, verifier.token, { value: '1', version: 1 }), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/analyses/analysts', analyst.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/analyses/999999', head.token), 404, 'NOT_FOUND');
    expectError(await call('POST', '/api/analyses/999999/result', head.token, { value: '1', version: 1 }), 404, 'NOT_FOUND');
    expectError(
      await call('POST', '/api/analyses/verify', verifier.token, { rows: [{ id: 999_999, version: 1 }] }),
      404,
      'NOT_FOUND',
      'rows.0.id',
    );
    // Not assigned to the analyst: out of their sight.
    expectError(await call('GET', `/api/analyses/${cod}`, analyst.token), 404, 'NOT_FOUND');
    expectError(await call('POST', `/api/analyses/${cod}/result`, analyst.token, { value: '1', version: 1 }), 404, 'NOT_FOUND');
    expect((await ok('GET', `/api/analyses?sample_id=${s.id}`, analyst.token)).meta.total).toBe(0);
    expect((await ok('GET', `/api/analyses?sample_id=${s.id}`, reader.token)).meta.total).toBe(2);
    await assign([cod], analyst);
    expect((await ok('GET', `/api/analyses?sample_id=${s.id}`, analyst.token)).meta.total).toBe(1);
    expect((await get(cod, analyst.token)).can).toMatchObject({ enter: true, assign: false, verify: false });
    expectError(await call('GET', `/api/analyses/${cod}`, other.token), 404, 'NOT_FOUND');
    expect((await call('GET', `/api/audit-logs?entity=analyses&entity_id=${cod}`, other.token)).statusCode).toBe(404);
    const history = await auditOf(t, 'analyses', cod, analyst.token);
    expect(history.map((h) => h.action)).toEqual(['assign', 'create']);
  });

  it('assigns a worksheet to an analyst (a holder of lab.analyse), with its versions, and tells the analyst once', async () => {
    const s = await receivedSample(t, w);
    const ids = [...s.analyses.values()].map((a) => a.id);
    const options = await ok('GET', '/api/analyses/analysts', head.token);
    expect(options.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([analyst.id, other.id]));
    expect(options.map((u: { id: number }) => u.id)).not.toContain(verifier.id);
    const bad = expectError(
      await call('POST', '/api/analyses/assign', head.token, {
        analyst_id: verifier.id,
        rows: ids.map((id) => ({ id, version: 1 })),
      }),
      422,
      'VALIDATION_FAILED',
      'analyst_id',
    );
    expect(looksVietnamese(bad.message)).toBe(true);
    expectError(
      await call('POST', '/api/analyses/assign', head.token, {
        analyst_id: analyst.id,
        rows: [
          { id: ids[0], version: 1 },
          { id: ids[1], version: 7 },
        ],
      }),
      409,
      'CONFLICT',
      'rows.1.version',
    );
    // All or nothing: the first row was not assigned either.
    expect((await get(ids[0] as number)).state).toBe('pending');
    const done = await assign(ids, analyst);
    expect(done.map((a) => [a.state, a.analyst?.id])).toEqual(ids.map(() => ['assigned', analyst.id]));
    const events = await t.database.db.selectFrom('domain_events').selectAll().where('type', '=', 'analysis.assigned').execute();
    const mine = events.filter((e) => JSON.parse(String(e.payload)).assignee_ids[0] === analyst.id && ids.includes(e.entity_id));
    expect(mine).toHaveLength(1);
    expect(JSON.parse(String(mine[0]?.payload)).vars['analysis.count']).toBe('2');
    // Reassigned before a result is entered.
    const again = await assign([ids[0] as number], other);
    expect(again[0]?.analyst?.id).toBe(other.id);
  });

  it('enters a worksheet at once, all or nothing: decimals kept as written, a bad one refused in Vietnamese', async () => {
    const a = await receivedSample(t, w);
    const b = await receivedSample(t, w);
    const ra = a.analyses.get(w.cod.id)?.id as number;
    const rb = b.analyses.get(w.cod.id)?.id as number;
    await assign([ra, rb], analyst);
    const va = (await get(ra)).version;
    const vb = (await get(rb)).version;
    const refused = expectError(
      await call('POST', '/api/analyses/results', analyst.token, {
        rows: [
          { id: ra, version: va, value: '0.050' },
          { id: rb, version: vb, value: '1,2,3' },
        ],
      }),
      422,
      'VALIDATION_FAILED',
      'rows.1.value',
    );
    expect(looksVietnamese(refused.errors.find((e) => e.field === 'rows.1.value')?.message ?? '')).toBe(true);
    expectError(
      await call('POST', '/api/analyses/results', analyst.token, { rows: [{ id: ra, version: va, value: 0.05 }] }),
      422,
      'VALIDATION_FAILED',
      'rows.0.value',
    );
    expectError(
      await call('POST', '/api/analyses/results', analyst.token, {
        rows: [{ id: ra, version: va, value: '1234567890' }],
      }),
      422,
      'VALIDATION_FAILED',
      'rows.0.value',
    );
    const dated = expectError(
      await call('POST', '/api/analyses/results', analyst.token, {
        rows: [
          { id: ra, version: va, value: '0.050', analysed_on: vnDay(-10) },
          { id: rb, version: vb, value: '12', analysed_on: vnDay(1), equipment_id: w.vehicleId },
        ],
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect(dated.errors.map((e) => e.field).sort()).toEqual(['rows.0.analysed_on', 'rows.1.analysed_on', 'rows.1.equipment_id']);
    expectError(
      await call('POST', '/api/analyses/results', analyst.token, {
        rows: [
          { id: ra, version: va, value: '0.050' },
          { id: rb, version: vb + 5, value: '12' },
        ],
      }),
      409,
      'CONFLICT',
      'rows.1.version',
    );
    for (const id of [ra, rb]) expect((await get(id)).state).toBe('assigned');

    const saved = (await ok('POST', '/api/analyses/results', analyst.token, {
      rows: [
        { id: ra, version: va, value: '0,050', uncertainty: '0,005', equipment_id: w.instrumentId },
        { id: rb, version: vb, qualifier: '<', value: '2.0', unit: 'mg/l', method: 'TCVN 6491:1999' },
      ],
    })) as Detail[];
    expect(saved[0]).toMatchObject({
      state: 'entered',
      qualifier: null,
      value: '0.050',
      unit: 'mg/L',
      method: 'SMEWW 5220C:2017',
      analysed_on: vnDay(0),
      late_for_holding: false,
    });
    expect(saved[1]).toMatchObject({ qualifier: '<', value: '2.0', unit: 'mg/l', method: 'TCVN 6491:1999' });
    expect(saved[0]?.history.at(-1)).toMatchObject({ state: 'entered', result: '0.050 mg/L', by: { id: analyst.id } });
    // Corrected before verification: the same analyst enters again.
    const fixed = await enter(ra, analyst, { value: '0.0500' });
    expect(fixed.value).toBe('0.0500');
    // Someone else's analysis is not the analyst's to enter; the head may enter any.
    const c = await receivedSample(t, w);
    const rc = c.analyses.get(w.cod.id)?.id as number;
    await assign([rc], other);
    expectError(await call('POST', `/api/analyses/${rc}/result`, analyst.token, { value: '1', version: 2 }), 404, 'NOT_FOUND');
    expect((await enter(rc, head, { value: '7.5' })).state).toBe('entered');
  });

  it('marks a result analysed past the sample’s holding time of that parameter, without refusing it', async () => {
    const s = await receivedSample(t, w, { taken_at: `${vnDay(-2)}T08:00:00+07:00` });
    const coli = s.analyses.get(w.coliform.id)?.id as number;
    const cod = s.analyses.get(w.cod.id)?.id as number;
    await assign([coli, cod], analyst);
    const late = await enter(coli, analyst, { value: '4600' });
    expect(late.late_for_holding).toBe(true);
    expect((await enter(cod, analyst, { value: '35' })).late_for_holding).toBe(false);
    expect((await ok('GET', `/api/analyses?late_for_holding=true&sample_id=${s.id}`, head.token)).data).toHaveLength(1);
    const history = await auditOf(t, 'analyses', coli);
    expect(history[0]?.changes?.late_for_holding).toBeDefined();
  });

  it('is verified by a second person only: never the analyst who entered it; a stale version is told so', async () => {
    const s = await receivedSample(t, w);
    const cod = s.analyses.get(w.cod.id)?.id as number;
    await assign([cod], analystVerifier);
    const entered = await enter(cod, analystVerifier, { value: '48' });
    expect(entered.can.verify).toBe(false);
    const own = expectError(
      await call('POST', '/api/analyses/verify', analystVerifier.token, { rows: [{ id: cod, version: entered.version }] }),
      403,
      'SAME_ANALYST',
    );
    expect(looksVietnamese(own.message)).toBe(true);
    expectError(
      await call('POST', '/api/analyses/verify', verifier.token, { rows: [{ id: cod, version: entered.version - 1 }] }),
      409,
      'CONFLICT',
      'rows.0.version',
    );
    const [verified] = (await ok('POST', '/api/analyses/verify', verifier.token, {
      rows: [{ id: cod, version: entered.version }],
    })) as Detail[];
    expect(verified).toMatchObject({ state: 'verified', verified_by: { id: verifier.id } });
    expectError(
      await call('POST', '/api/analyses/verify', verifier.token, { rows: [{ id: cod, version: verified?.version }] }),
      409,
      'ANALYSIS_STATE',
    );
    expectError(
      await call('POST', `/api/analyses/${cod}/result`, analystVerifier.token, { value: '50', version: verified?.version }),
      409,
      'ANALYSIS_STATE',
    );
  });

  it('returns a result to the analyst with a reason, kept in the history; entered again, verified and released', async () => {
    const s = await receivedSample(t, w);
    const cod = s.analyses.get(w.cod.id)?.id as number;
    await assign([cod], analyst);
    const entered = await enter(cod, analyst, { value: '120' });
    expectError(
      await call('POST', `/api/analyses/${cod}/return`, verifier.token, { reason: ' ', version: entered.version }),
      422,
      'VALIDATION_FAILED',
      'reason',
    );
    expectError(
      await call('POST', '/api/analyses/release', head.token, { rows: [{ id: cod, version: entered.version }] }),
      409,
      'ANALYSIS_STATE',
    );
    const returned = (await ok('POST', `/api/analyses/${cod}/return`, verifier.token, {
      reason: 'Đường chuẩn chưa đạt, phân tích lại',
      version: entered.version,
    })) as Detail;
    expect(returned).toMatchObject({ state: 'returned', return_reason: 'Đường chuẩn chưa đạt, phân tích lại' });
    const [told] = await domainEvents('analysis.returned', cod);
    expect(JSON.parse(String(told?.payload))).toMatchObject({
      assignee_ids: [analyst.id],
      link: `/admin/monitoring/analyses/${cod}`,
      vars: { 'analysis.reason': 'Đường chuẩn chưa đạt, phân tích lại', 'analysis.result': '120 mg/L' },
    });
    expect((await get(cod, analyst.token)).can.enter).toBe(true);
    const again = await enter(cod, analyst, { value: '112' });
    expect(again.state).toBe('entered');
    expect(again.history.map((h) => [h.state, h.reason])).toEqual([
      ['pending', null],
      ['assigned', null],
      ['entered', null],
      ['returned', 'Đường chuẩn chưa đạt, phân tích lại'],
      ['entered', null],
    ]);
    const [verified] = (await ok('POST', '/api/analyses/verify', verifier.token, {
      rows: [{ id: cod, version: again.version }],
    })) as Detail[];
    // A verified result may still be returned; here it is released by the laboratory's head.
    const [released] = (await ok('POST', '/api/analyses/release', head.token, {
      rows: [{ id: cod, version: verified?.version }],
    })) as Detail[];
    expect(released).toMatchObject({ state: 'released', value: '112', released_by: { id: head.id } });
    expectError(
      await call('POST', `/api/analyses/${cod}/return`, verifier.token, { reason: 'Muộn', version: released?.version }),
      409,
      'ANALYSIS_STATE',
    );
    const history = await auditOf(t, 'analyses', cod, reader.token);
    expect(history.map((h) => h.action)).toEqual(['release', 'verify', 'enter', 'return', 'enter', 'assign', 'create']);
    const sheet = await expectXlsx(
      await t.call({
        method: 'GET',
        url: `/api/analyses?sample_id=${s.id}`,
        token: reader.token,
        headers: { 'x-export': 'xlsx' },
      }),
      'phan-tich-',
    );
    expect(sheet).toHaveLength(3);
  });

  it('moves an analysis once when two verify it at once', async () => {
    const s = await receivedSample(t, w);
    const cod = s.analyses.get(w.cod.id)?.id as number;
    await assign([cod], analyst);
    const entered = await enter(cod, analyst, { value: '9.5' });
    const verifiers = [verifier, await t.userWith(['lab.verify']), await t.userWith(['lab.verify'])];
    const answers = await race(t, 6, (i) => ({
      method: 'POST',
      url: '/api/analyses/verify',
      token: (verifiers[i % 3] as Who).token,
      payload: { rows: [{ id: cod, version: entered.version }] },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 5 });
    const after = await get(cod);
    expect(after.history.filter((h) => h.state === 'verified')).toHaveLength(1);
    expect(after.version).toBe(entered.version + 1);
    // Two worksheets naming the same analyses in opposite orders, at once: one verifies both, never a deadlock.
    const x = await receivedSample(t, w);
    const y = await receivedSample(t, w);
    const pair = [x, y].map((s) => s.analyses.get(w.cod.id)?.id as number);
    await assign(pair, analyst);
    const rows: { id: number; version: number }[] = [];
    for (const id of pair) rows.push({ id, version: (await enter(id, analyst, { value: '3.1' })).version });
    const crossed = await race(t, 4, (i) => ({
      method: 'POST',
      url: '/api/analyses/verify',
      token: (verifiers[i % 3] as Who).token,
      payload: { rows: i % 2 ? [...rows].reverse() : rows },
    }));
    expect(statusCounts(crossed)).toEqual({ 200: 1, 409: 3 });
  });

  it('lists one parameter’s worksheet with its QC flags: a blank above the LOD, a duplicate pair beyond 20 %', async () => {
    const stamp = `WS${Date.now() % 100_000}`;
    const normal = await receivedSample(t, w, { code: `${stamp}-NT1` });
    const dup = await receivedSample(t, w, { code: `${stamp}-NT1-L`, qc_kind: 'duplicate' });
    const blank = await receivedSample(t, w, { code: `${stamp}-TT`, qc_kind: 'field_blank' });
    const clean = await receivedSample(t, w, { code: `${stamp}-TV`, qc_kind: 'trip_blank' });
    const id = (s: { analyses: Map<number, { id: number }> }) => s.analyses.get(w.cod.id)?.id as number;
    await assign([id(normal), id(dup), id(blank), id(clean)], analyst);
    const sheet = async () => {
      const ws = await ok('GET', `/api/analyses/worksheet?parameter_id=${w.cod.id}`, analyst.token);
      const byId = new Map<number, { qc: Record<string, unknown>; version: number }>(
        ws.rows.map((r: { id: number }) => [r.id, r]),
      );
      return { ws, byId };
    };
    const first = await sheet();
    expect(first.ws.parameter).toMatchObject({ id: w.cod.id, lod: '2', unit: 'mg/L' });
    expect(first.ws.allowed_rpd).toBe('20');
    expect(first.ws.rows.map((r: { sample: { code: string } }) => r.sample.code)).toEqual(
      expect.arrayContaining([`${stamp}-NT1`, `${stamp}-NT1-L`, `${stamp}-TT`, `${stamp}-TV`]),
    );
    expect(first.byId.get(id(dup))?.qc).toEqual({
      blank_above_lod: false,
      pair: { id: id(normal), sample_code: `${stamp}-NT1` },
      rpd: null,
      rpd_exceeded: false,
    });
    const rows = [
      { id: id(normal), value: '10' },
      { id: id(dup), value: '13' },
      { id: id(blank), value: '2.5' },
      { id: id(clean), value: '2', qualifier: '<' },
    ].map((r) => ({ ...r, version: first.byId.get(r.id)?.version }));
    await ok('POST', '/api/analyses/results', analyst.token, { rows });
    const flagged = await sheet();
    // |10 − 13| / 11.5 × 100 = 26.1 % > 20 %.
    expect(flagged.byId.get(id(dup))?.qc).toMatchObject({ rpd: '26.1', rpd_exceeded: true });
    expect(flagged.byId.get(id(normal))?.qc).toMatchObject({ pair: { id: id(dup) }, rpd: '26.1', rpd_exceeded: true });
    expect(flagged.byId.get(id(blank))?.qc).toMatchObject({ blank_above_lod: true });
    expect(flagged.byId.get(id(clean))?.qc).toMatchObject({ blank_above_lod: false });
    await enter(id(dup), analyst, { value: '11' });
    await enter(id(blank), analyst, { value: '2.0' });
    const fine = await sheet();
    // |10 − 11| / 10.5 × 100 = 9.5 %; a blank equal to the LOD is not above it.
    expect(fine.byId.get(id(dup))?.qc).toMatchObject({ rpd: '9.5', rpd_exceeded: false });
    expect(fine.byId.get(id(blank))?.qc).toMatchObject({ blank_above_lod: false });
    // Another analyst's worksheet shows none of these; a parameter with no open analysis gives an empty sheet.
    const theirs = await ok('GET', `/api/analyses/worksheet?parameter_id=${w.cod.id}`, other.token);
    expect(theirs.rows.map((r: { id: number }) => r.id)).not.toContain(id(dup));
    expectError(await call('GET', '/api/analyses/worksheet?parameter_id=999999', head.token), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/analyses/worksheet', head.token), 422, 'VALIDATION_FAILED', 'parameter_id');
  });
});
