import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText } from '../../lib/docx-build';
import { type LabWorld, labWorld, receivedSample } from '../../test/analysis-fixtures';
import { expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 25 part 4, "per round or per trip and customer" (decision 40.31) through HTTP: a trip carrying two rounds of
// the customer's programme; a report of one round holds only that round's released results, keeps its round through a
// correction, and a round that is not the trip's or not the customer's is refused on the field.

type Who = { id: number; token: string };

describe('test reports per round', () => {
  let t: TestApp;
  let w: LabWorld;
  let analyst: Who;
  let verifier: Who;
  let head: Who;
  let reader: Who;
  let plain: Who;
  let customerId: number;
  let round2: number;
  /** A round of the same programme the trip does not carry. */
  let offTrip: number;
  /** A round the trip carries, of another customer's programme. */
  let otherCustomerRound: number;
  let otherCustomerId: number;
  let sample1: string;
  let sample2: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, status = 200) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json();
  };

  /** A sample of `roundId` received, entered, verified and released. */
  async function releaseSample(roundId: number) {
    const s = await receivedSample(t, { ...w, roundId });
    const rows = [...s.analyses.values()];
    const assigned = await ok('POST', '/api/analyses/assign', t.adminToken, { analyst_id: analyst.id, rows });
    const entered = await ok('POST', '/api/analyses/results', analyst.token, {
      rows: assigned.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version, value: '12.5' })),
    });
    const verified = await ok('POST', '/api/analyses/verify', verifier.token, {
      rows: entered.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version })),
    });
    await ok('POST', '/api/analyses/release', verifier.token, {
      rows: verified.map((a: { id: number; version: number }) => ({ id: a.id, version: a.version })),
    });
    return s.code;
  }

  const create = (body: Record<string, unknown>, token = head.token) =>
    call('POST', '/api/test-reports', token, { trip_id: w.tripId, customer_id: customerId, ...body });
  const codes = (d: { rows: { sample_code: string }[] }) => [...new Set(d.rows.map((r) => r.sample_code))].sort();

  beforeAll(async () => {
    t = await createTestApp();
    w = await labWorld(t);
    analyst = await t.userWith(['lab.analyse']);
    verifier = await t.userWith(['lab.verify']);
    head = await t.userWith(['lab.receive', 'lab.approve']);
    reader = await t.userWith(['lab.index']);
    plain = await t.userWith([]);
    const db = t.database.db;
    const round1 = await db
      .selectFrom('monitoring_rounds as r')
      .innerJoin('monitoring_programs as m', 'm.id', 'r.program_id')
      .innerJoin('sites as s', 's.id', 'm.site_id')
      .select(['r.program_id', 's.customer_id'])
      .where('r.id', '=', w.roundId)
      .executeTakeFirstOrThrow();
    customerId = round1.customer_id;
    const others = await db
      .selectFrom('monitoring_rounds')
      .select('id')
      .where('program_id', '=', round1.program_id)
      .where('id', '!=', w.roundId)
      .orderBy('seq')
      .execute();
    expect(others.length).toBeGreaterThanOrEqual(2);
    round2 = others[0]!.id;
    offTrip = others[1]!.id;
    // The trip carries a second round of the same programme (the trips' link, as a trip's edit writes it).
    await db.insertInto('sampling_trip_rounds').values({ trip_id: w.tripId, round_id: round2 }).execute();

    // Another customer's programme, one of whose rounds the trip also carries.
    const customer = await ok(
      'POST',
      '/api/customers',
      t.adminToken,
      { type: 'organization', name: 'Công ty CP Bia Sài Gòn' },
      201,
    );
    otherCustomerId = customer.id;
    const site = await ok(
      'POST',
      '/api/sites',
      t.adminToken,
      {
        code: uniq('CS'),
        name: 'Nhà máy bia',
        customer_id: customer.id,
        points: [
          {
            code: 'NT1',
            name: 'Nước thải',
            medium: 'wastewater',
            plan: [{ parameter_id: w.cod.id, frequency: 'quarterly' }],
          },
        ],
      },
      201,
    );
    const program = await ok(
      'POST',
      '/api/monitoring-programs',
      t.adminToken,
      { code: uniq('CT'), name: 'Quan trắc nhà máy bia', site_id: site.id, start_date: '2027-01-01', end_date: '2027-12-31' },
      201,
    );
    otherCustomerRound = program.rounds[0].id;
    await db.insertInto('sampling_trip_rounds').values({ trip_id: w.tripId, round_id: otherCustomerRound }).execute();

    sample1 = await releaseSample(w.roundId);
    sample2 = await releaseSample(round2);
  }, 120_000);
  afterAll(() => t?.close());

  it('offers the trip’s rounds of the customer', async () => {
    const rounds = await ok('GET', `/api/test-reports/rounds?trip_id=${w.tripId}&customer_id=${customerId}`, head.token);
    expect(rounds.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      [w.roundId, round2].sort((a, b) => a - b),
    );
    expect(rounds[0]).toMatchObject({ name: expect.any(String), program: { code: expect.any(String) } });
    const other = await ok('GET', `/api/test-reports/rounds?trip_id=${w.tripId}&customer_id=${otherCustomerId}`, head.token);
    expect(other.map((r: { id: number }) => r.id)).toEqual([otherCustomerRound]);
    expect(await ok('GET', `/api/test-reports/rounds?trip_id=999999&customer_id=${customerId}`, head.token)).toEqual([]);
    expectError(
      await call('GET', `/api/test-reports/rounds?trip_id=x&customer_id=${customerId}`, head.token),
      422,
      'VALIDATION_FAILED',
    );
    expect((await call('GET', `/api/test-reports/rounds?trip_id=${w.tripId}&customer_id=${customerId}`, null)).statusCode).toBe(
      401,
    );
    expectError(
      await call('GET', `/api/test-reports/rounds?trip_id=${w.tripId}&customer_id=${customerId}`, plain.token),
      403,
      'FORBIDDEN',
    );
    // Reading reports is not drafting them.
    expectError(
      await call('GET', `/api/test-reports/rounds?trip_id=${w.tripId}&customer_id=${customerId}`, reader.token),
      403,
      'FORBIDDEN',
    );
  });

  it('a whole-trip report holds both rounds; a per-round report only its own', async () => {
    const whole = await create({});
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().round).toBeNull();
    expect(codes(whole.json())).toEqual([sample1, sample2].sort());

    const res = await create({ round_id: round2 });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(codes(d)).toEqual([sample2]);
    expect(d.round).toMatchObject({ id: round2, name: expect.any(String), program_code: expect.any(String) });

    const first = await create({ round_id: w.roundId, note: null });
    expect(first.statusCode, first.body).toBe(201);
    expect(codes(first.json())).toEqual([sample1]);

    // Read back: the page and the list name the round.
    expect((await ok('GET', `/api/test-reports/${d.id}`, reader.token)).round.id).toBe(round2);
    const list = await ok('GET', `/api/test-reports?trip_id=${w.tripId}`, reader.token);
    expect(list.find((r: { id: number }) => r.id === d.id).round.id).toBe(round2);
    expect(list.find((r: { id: number }) => r.id === whole.json().id).round).toBeNull();
  });

  it('refuses a round not of the trip or not the customer’s, on the field', async () => {
    expectError(await create({ round_id: offTrip }), 422, 'VALIDATION_FAILED', 'round_id');
    expectError(await create({ round_id: otherCustomerRound }), 422, 'VALIDATION_FAILED', 'round_id');
    expectError(await create({ round_id: 999999 }), 422, 'VALIDATION_FAILED', 'round_id');
    expectError(await create({ round_id: 0 }), 422, 'VALIDATION_FAILED', 'round_id');
    expectError(await create({ round_id: 'một' }), 422, 'VALIDATION_FAILED', 'round_id');
    const msg = (await create({ round_id: offTrip })).json().errors[0].message as string;
    expect(msg).toMatch(/Đợt quan trắc/);
    // The other customer's round, asked for with that customer: a round with no released result (422, said so).
    expectError(
      await call('POST', '/api/test-reports', head.token, {
        trip_id: w.tripId,
        customer_id: otherCustomerId,
        round_id: otherCustomerRound,
      }),
      422,
      'NO_RELEASED_RESULTS',
    );
  });

  it('signs a per-round report and its correction keeps the round', async () => {
    const d = (await create({ round_id: round2 })).json();
    const signed = await ok('POST', `/api/test-reports/${d.id}/sign`, head.token, { version: d.version });
    expect(signed.round.id).toBe(round2);
    const doc = await call('GET', `/api/test-reports/${d.id}/document`, reader.token);
    expect(doc.statusCode).toBe(200);
    const text = docxText(doc.rawPayload);
    expect(text).toContain(`Đợt: ${signed.round.name} (${signed.round.program_code})`);
    expect(text).toContain(sample2);
    expect(text).not.toContain(sample1);

    const v2 = await ok(
      'POST',
      `/api/test-reports/${d.id}/correct`,
      head.token,
      { version: signed.version, reason: 'Sửa đơn vị' },
      201,
    );
    expect(v2.report_version).toBe(2);
    expect(v2.round).toEqual(signed.round);
    expect(codes(v2)).toEqual([sample2]);
    const row = await t.database.db
      .selectFrom('test_reports')
      .select('round_id')
      .where('id', '=', v2.id)
      .executeTakeFirstOrThrow();
    expect(row.round_id).toBe(round2);
    const history = await ok('GET', `/api/test-reports/${v2.id}/history`, reader.token);
    expect(history.map((h: { round: { id: number } | null }) => h.round?.id)).toEqual([round2, round2]);
  });

  it('keeps 401, 403 and 404', async () => {
    expect((await create({ round_id: round2 }, null as unknown as string)).statusCode).toBe(401);
    expectError(await create({ round_id: round2 }, plain.token), 403, 'FORBIDDEN');
    expectError(await create({ round_id: round2 }, reader.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/test-reports/999999', reader.token), 404, 'NOT_FOUND');
  });
});
