import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race, statusCounts } from '../../test/concurrency';
import { auditOf, expectError, expectXlsx, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 24 part 5: samples through HTTP — taken by a trip's team at a point of its checklist, with field measurements,
// photos and GPS; a code used once; the chain of custody one step at a time, in order; the trip's scope or the lab.

const PNG = `data:image/png;base64,${Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
]).toString('base64')}`;
const vnDay = (offsetDays = 0) => new Date(Date.now() + 7 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('samples', () => {
  let t: TestApp;
  let leader: { id: number; token: string };
  let member: { id: number; token: string };
  let head: { id: number; token: string };
  let other: { id: number; token: string };
  let lab: { id: number; token: string };
  let plain: { id: number; token: string };
  let tripId: number;
  let tripCode: string;
  let roundId: number;
  let pointId: number;
  let ph: number;
  let cod: number;
  let meter: number;
  let spare: number;
  let taken: number;
  const stamp = uniq('M')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, status = 200, token = t.adminToken) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const sample = (over: Record<string, unknown> = {}) => ({
    trip_id: tripId,
    round_id: roundId,
    point_id: pointId,
    code: `${stamp}-NT1`,
    qc_kind: 'normal',
    taken_at: new Date().toISOString(),
    container: 'Chai nhựa PE 1 L',
    preservation: 'H₂SO₄ đến pH < 2, bảo quản 4 °C',
    measurements: [{ parameter_id: ph, value: '7,25', equipment_id: meter }],
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const field = await ok('POST', '/api/departments', { code: uniq('QT'), name: 'Quan trắc hiện trường' }, 201);
    leader = await t.userWith(['sampling.index'], { department_id: field.id });
    member = await t.userWith(['sampling.index'], { department_id: field.id });
    head = await t.userWith(['sampling.index', 'sampling.department'], { department_id: field.id });
    other = await t.userWith(['sampling.index']);
    lab = await t.userWith(['lab.index', 'lab.receive']);
    plain = await t.userWith([]);
    const customer = await ok('POST', '/api/customers', { type: 'organization', name: 'Dệt nhuộm Thành Công' }, 201);
    cod = (
      await ok(
        'POST',
        '/api/parameters',
        {
          code: uniq('COD'),
          name: 'COD',
          medium: 'wastewater',
          unit: 'mg/L',
          method: 'SMEWW 5220C:2017',
          place: 'lab',
          holding_hours: 168,
        },
        201,
      )
    ).id;
    const coliform = await ok(
      'POST',
      '/api/parameters',
      {
        code: uniq('COLI'),
        name: 'Tổng Coliform',
        medium: 'wastewater',
        unit: 'MPN/100mL',
        method: 'TCVN 6187-2:2020',
        place: 'lab',
        holding_hours: 24,
      },
      201,
    );
    ph = (
      await ok(
        'POST',
        '/api/parameters',
        { code: uniq('PH'), name: 'pH', medium: 'wastewater', unit: '-', method: 'TCVN 6492:2011', place: 'field' },
        201,
      )
    ).id;
    const site = await ok(
      'POST',
      '/api/sites',
      {
        code: uniq('CS'),
        name: 'Nhà máy dệt nhuộm Thành Công',
        customer_id: customer.id,
        points: [
          {
            code: 'NT1',
            name: 'Nước thải sau xử lý',
            medium: 'wastewater',
            latitude: 10.9,
            longitude: 106.8,
            plan: [
              { parameter_id: ph, frequency: 'quarterly' },
              { parameter_id: cod, frequency: 'quarterly' },
              { parameter_id: coliform.id, frequency: 'quarterly' },
            ],
          },
        ],
      },
      201,
    );
    pointId = site.points[0].id;
    const program = await ok(
      'POST',
      '/api/monitoring-programs',
      { code: uniq('CT'), name: 'Quan trắc 2027', site_id: site.id, start_date: '2027-01-01', end_date: '2027-12-31' },
      201,
    );
    roundId = program.rounds[0].id;
    const instrument = (code: string) =>
      ok('POST', '/api/equipment', { code: uniq(code), name: `${code} kiểm thử`, kind: 'instrument' }, 201).then(
        (e) => e.id as number,
      );
    meter = await instrument('PH');
    spare = await instrument('DO');
    const trip = await ok(
      'POST',
      '/api/sampling-trips',
      {
        name: 'Lấy mẫu nước thải',
        start_date: vnDay(-1),
        end_date: vnDay(1),
        leader_id: leader.id,
        member_ids: [member.id],
        equipment_ids: [meter],
        round_ids: [roundId],
      },
      201,
    );
    tripId = trip.id;
    tripCode = trip.code;
  }, 60_000);
  afterAll(() => t?.close());

  it('asks for a sign-in, and a key to read or write samples', async () => {
    expect((await t.call({ method: 'GET', url: `/api/samples?trip_id=${tripId}` })).statusCode).toBe(401);
    expectError(await call('GET', `/api/samples?trip_id=${tripId}`, plain.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/samples', plain.token, sample()), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/samples/1/receive', member.token, { intact: true, temperature: '4' }), 403, 'FORBIDDEN');
  });

  it('takes a sample on the team: code in capitals, measurement as written, holding time of its laboratory parameters', async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const made = await ok(
      'POST',
      '/api/samples',
      sample({
        code: `${stamp.toLowerCase()}-nt1`,
        taken_at: at,
        latitude: 10.9001,
        longitude: 106.8,
        accuracy_m: 8,
        photos: [PNG],
      }),
      201,
      member.token,
    );
    taken = made.id;
    expect(made).toMatchObject({
      code: `${stamp}-NT1`,
      status: 'taken',
      trip: { id: tripId, code: tripCode },
      point: { id: pointId, code: 'NT1' },
      medium: 'wastewater',
      taken_by: { id: member.id },
      taken_at: at,
      // Coliforms hold 24 h, COD 168 h: the shortest decides.
      hold_until: new Date(Date.parse(at) + 24 * 3_600_000).toISOString(),
      overdue: false,
      far_from_point: false,
      measurements: [{ parameter: { id: ph }, value: '7.25', equipment: { id: meter } }],
      can: { edit: true, 'hand-over': true, receive: false },
    });
    expect(made.distance_m).toBeLessThan(20);
    expect(made.lab_parameters.map((p: { id: number }) => p.id).sort()).toEqual([cod, expect.any(Number)].sort());
    expect(made.events).toEqual([
      expect.objectContaining({ status: 'taken', at, by: expect.objectContaining({ id: member.id }) }),
    ]);
    const photo = await call('GET', made.photos[0].url, lab.token);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('warns when the GPS fix is far from the point, and reads a sample by its label code', async () => {
    const far = await ok(
      'POST',
      '/api/samples',
      sample({ code: `${stamp}-NT1-L`, qc_kind: 'duplicate', latitude: 10.91, longitude: 106.8 }),
      201,
      leader.token,
    );
    expect(far.far_from_point).toBe(true);
    expect(far.distance_m).toBeGreaterThan(1000);
    expect(
      (await ok('GET', `/api/samples/code/${encodeURIComponent(far.code.toLowerCase())}`, undefined, 200, lab.token)).id,
    ).toBe(far.id);
    expectError(await call('GET', '/api/samples/code/KHONG-CO', lab.token), 404, 'NOT_FOUND');
    const labels = await ok('GET', `/api/samples/labels?trip_id=${tripId}`, undefined, 200, member.token);
    expect(labels.map((l: { code: string }) => l.code)).toEqual([`${stamp}-NT1`, `${stamp}-NT1-L`]);
    expect(labels[0].lab_parameters).toHaveLength(2);
  });

  it('refuses a code used before (naming its trip), a point off the checklist, a laboratory parameter measured on site', async () => {
    const reused = expectError(await call('POST', '/api/samples', member.token, sample()), 409, 'SAMPLE_CODE_TAKEN', 'code');
    expect(reused.message).toContain(tripCode);
    expectError(
      await call('POST', '/api/samples', member.token, sample({ code: `${stamp}-X1`, point_id: 999_999 })),
      422,
      'VALIDATION_FAILED',
      'point_id',
    );
    expectError(
      await call(
        'POST',
        '/api/samples',
        member.token,
        sample({ code: `${stamp}-X2`, measurements: [{ parameter_id: cod, value: '12' }] }),
      ),
      422,
      'VALIDATION_FAILED',
      'measurements.0.parameter_id',
    );
    expectError(
      await call(
        'POST',
        '/api/samples',
        member.token,
        sample({ code: `${stamp}-X3`, measurements: [{ parameter_id: ph, value: '7', equipment_id: spare }] }),
      ),
      422,
      'VALIDATION_FAILED',
      'measurements.0.equipment_id',
    );
    expectError(
      await call('POST', '/api/samples', member.token, sample({ code: `${stamp}-X4`, taken_at: `${vnDay(-5)}T09:00:00+07:00` })),
      422,
      'VALIDATION_FAILED',
      'taken_at',
    );
    expectError(
      await call(
        'POST',
        '/api/samples',
        member.token,
        sample({ code: `${stamp}-X5`, measurements: [{ parameter_id: ph, value: '7.2.1' }] }),
      ),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await call(
        'POST',
        '/api/samples',
        member.token,
        sample({ code: `${stamp}-X6`, photos: ['data:image/png;base64,SGVsbG8='] }),
      ),
      422,
      'VALIDATION_FAILED',
      'photos',
    );
    expectError(
      await call('POST', '/api/samples', member.token, sample({ code: 'có dấu cách' })),
      422,
      'VALIDATION_FAILED',
      'code',
    );
  });

  it('makes one sample of a queued entry sent twice (the same client key)', async () => {
    const body = sample({ code: `${stamp}-TT`, qc_kind: 'field_blank', measurements: [], client_key: `k-${stamp}-0001` });
    const first = await ok('POST', '/api/samples', body, 201, member.token);
    const again = await ok('POST', '/api/samples', body, 200, member.token);
    expect(again.id).toBe(first.id);
  });

  it('lets the team write, the department head read, and hides the trip from others', async () => {
    expectError(await call('POST', '/api/samples', head.token, sample({ code: `${stamp}-H1` })), 403, 'FORBIDDEN');
    expect((await ok('GET', `/api/samples/${taken}`, undefined, 200, head.token)).can.edit).toBe(false);
    expectError(await call('GET', `/api/samples/${taken}`, other.token), 404, 'NOT_FOUND');
    expectError(await call('POST', '/api/samples', other.token, sample({ code: `${stamp}-O1` })), 404, 'NOT_FOUND');
    expectError(await call('GET', `/api/samples?trip_id=${tripId}`, other.token), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/samples', member.token), 422, 'VALIDATION_FAILED', 'trip_id');
    expectError(await call('GET', `/api/samples/${taken}/photos/1`, other.token), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/samples/999999', lab.token), 404, 'NOT_FOUND');
    const mine = await ok('GET', `/api/samples?trip_id=${tripId}`, undefined, 200, member.token);
    expect(mine.meta.total).toBe(3);
    const all = await ok('GET', `/api/samples?search=${stamp}&qc_kind=duplicate`, undefined, 200, lab.token);
    expect(all.data.map((s: { code: string }) => s.code)).toEqual([`${stamp}-NT1-L`]);
    const sheet = await expectXlsx(
      await t.call({ method: 'GET', url: `/api/samples?trip_id=${tripId}`, token: lab.token, headers: { 'x-export': 'xlsx' } }),
      'mau-',
    );
    expect(sheet).toHaveLength(4);
  });

  it('edits with its version while with the team; an old version is told so', async () => {
    const s = await ok('GET', `/api/samples/${taken}`, undefined, 200, member.token);
    const body = {
      ...sample({ code: s.code, taken_at: s.taken_at, notes: 'Mẫu lấy sau mưa' }),
      trip_id: undefined,
      add_photos: [PNG],
      remove_photo_ids: [s.photos[0].id],
      version: s.version,
    };
    const edited = await ok('PUT', `/api/samples/${taken}`, body, 200, member.token);
    expect(edited.notes).toBe('Mẫu lấy sau mưa');
    expect(edited.photos).toHaveLength(1);
    expect(edited.photos[0].id).not.toBe(s.photos[0].id);
    expectError(await call('PUT', `/api/samples/${taken}`, member.token, body), 409, 'CONFLICT');
    const history = await auditOf(t, 'samples', taken, lab.token);
    expect(history.map((h) => h.action)).toEqual(['update', 'create']);
    expect(
      (await t.call({ method: 'GET', url: `/api/audit-logs?entity=samples&entity_id=${taken}`, token: other.token })).statusCode,
    ).toBe(404);
  });

  it('moves along the chain of custody in order, each step an event with its person', async () => {
    expectError(
      await call('POST', `/api/samples/${taken}/receive`, lab.token, { intact: true, temperature: '4' }),
      409,
      'SAMPLE_STEP_ORDER',
    );
    expectError(
      await call('POST', `/api/samples/${taken}/hand-over`, member.token, {
        to_user_id: lab.id,
        temperature: '4,5',
        at: '2020-01-01T00:00:00Z',
      }),
      422,
      'VALIDATION_FAILED',
      'at',
    );
    const handed = await ok(
      'POST',
      `/api/samples/${taken}/hand-over`,
      { to_user_id: lab.id, temperature: '4,5' },
      200,
      member.token,
    );
    expect(handed.status).toBe('handed_over');
    expect(handed.events.at(-1)).toMatchObject({
      status: 'handed_over',
      by: { id: member.id },
      to: { id: lab.id },
      temperature: '4.5',
    });
    expectError(
      await call('PUT', `/api/samples/${taken}`, member.token, { ...sample(), version: handed.version }),
      409,
      'SAMPLE_HANDED_OVER',
    );
    expectError(await call('DELETE', `/api/samples/${taken}`, member.token), 409, 'SAMPLE_HANDED_OVER');
    expectError(
      await call('POST', `/api/samples/${taken}/receive`, lab.token, { intact: false, temperature: '4' }),
      422,
      'VALIDATION_FAILED',
      'notes',
    );
    const awaiting = await ok('GET', `/api/samples?status=handed_over&search=${stamp}`, undefined, 200, lab.token);
    expect(awaiting.data.map((s: { id: number }) => s.id)).toEqual([taken]);
    const received = await ok('POST', `/api/samples/${taken}/receive`, { intact: true, temperature: '5.0' }, 200, lab.token);
    expect(received.events.at(-1)).toMatchObject({ status: 'received', by: { id: lab.id }, intact: true, within_holding: true });
    expectError(
      await call('POST', `/api/samples/${taken}/receive`, lab.token, { intact: true, temperature: '4' }),
      409,
      'SAMPLE_STEP_ORDER',
    );
    for (const step of ['analyse', 'store', 'dispose']) await ok('POST', `/api/samples/${taken}/${step}`, {}, 200, lab.token);
    const done = await ok('GET', `/api/samples/${taken}`, undefined, 200, member.token);
    expect(done.events.map((e: { status: string }) => e.status)).toEqual([
      'taken',
      'handed_over',
      'received',
      'in_analysis',
      'stored',
      'disposed',
    ]);
    expect(done.can).toMatchObject({ edit: false, delete: false, dispose: false });
  });

  it('marks a sample held past its holding time', async () => {
    const old = await ok(
      'POST',
      '/api/samples',
      sample({ code: `${stamp}-CU`, taken_at: `${vnDay(-1)}T00:00:00+07:00`, measurements: [] }),
      201,
      member.token,
    );
    // 24 h after midnight yesterday has passed by now (Vietnam's time).
    expect(old.overdue).toBe(true);
    const overdue = await ok('GET', `/api/samples?overdue=true&search=${stamp}`, undefined, 200, lab.token);
    expect(overdue.data.map((s: { id: number }) => s.id)).toEqual([old.id]);
    await ok('POST', `/api/samples/${old.id}/hand-over`, { to_user_id: lab.id, temperature: '4' }, 200, member.token);
    const late = await ok('POST', `/api/samples/${old.id}/receive`, { intact: true, temperature: '4' }, 200, lab.token);
    expect(late.events.at(-1).within_holding).toBe(false);
  });

  it('deletes a sample still with the team; a cancelled trip takes no more samples', async () => {
    const spoilt = await ok('POST', '/api/samples', sample({ code: `${stamp}-HONG`, measurements: [] }), 201, member.token);
    expect((await call('DELETE', `/api/samples/${spoilt.id}`, member.token)).statusCode).toBe(204);
    expectError(await call('GET', `/api/samples/${spoilt.id}`, lab.token), 404, 'NOT_FOUND');
    const later = await ok(
      'POST',
      '/api/sampling-trips',
      { name: 'Chuyến bị hủy', start_date: vnDay(5), end_date: vnDay(5), leader_id: leader.id, round_ids: [roundId] },
      201,
    );
    await ok('POST', `/api/sampling-trips/${later.id}/cancel`, {}, 200);
    expectError(
      await call('POST', '/api/samples', leader.token, sample({ trip_id: later.id, code: `${stamp}-HUY` })),
      409,
      'TRIP_CANCELLED',
    );
  });

  it('moves a sample once when the laboratory receives it twice at once; a code is taken once by samples sent at once', async () => {
    const s = await ok('POST', '/api/samples', sample({ code: `${stamp}-RACE`, measurements: [] }), 201, member.token);
    await ok('POST', `/api/samples/${s.id}/hand-over`, { to_user_id: lab.id, temperature: '4' }, 200, member.token);
    const receipts = await race(t, 5, () => ({
      method: 'POST',
      url: `/api/samples/${s.id}/receive`,
      token: lab.token,
      payload: { intact: true, temperature: '4' },
    }));
    expect(statusCounts(receipts)).toEqual({ 200: 1, 409: 4 });
    const after = await ok('GET', `/api/samples/${s.id}`, undefined, 200, lab.token);
    expect(after.events.filter((e: { status: string }) => e.status === 'received')).toHaveLength(1);
    const codes = await race(t, 6, () => ({
      method: 'POST',
      url: '/api/samples',
      token: member.token,
      payload: sample({ code: `${stamp}-SAME`, measurements: [] }),
    }));
    expect(statusCounts(codes)).toEqual({ 201: 1, 409: 5 });
    for (const a of codes.filter((x) => x.status === 409)) expect(a.body.error_code).toBe('SAMPLE_CODE_TAKEN');
    const queued = await race(t, 4, () => ({
      method: 'POST',
      url: '/api/samples',
      token: member.token,
      payload: sample({ code: `${stamp}-Q`, measurements: [], client_key: `k-${stamp}-race` }),
    }));
    // One makes it; the others answer the same sample.
    expect(statusCounts(queued)).toEqual({ 201: 1, 200: 3 });
    expect(new Set(queued.map((a) => a.body.id)).size).toBe(1);
  });
});
