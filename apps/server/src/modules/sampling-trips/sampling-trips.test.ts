import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 24 part 4: sampling trips through HTTP — a team, a vehicle and instruments on rounds; an instrument on one trip
// at a time and never past its calibration; scopes (own, department, all); one route per state change.

describe('sampling trips', () => {
  let t: TestApp;
  let planner: { id: number; token: string };
  let leader: { id: number; token: string };
  let member: { id: number; token: string };
  let colleague: { id: number; token: string };
  let head: { id: number; token: string };
  let outsider: { id: number; token: string };
  let plain: { id: number; token: string };
  let rounds: { id: number; name: string }[];
  let programId: number;
  let vehicle: number;
  let meter: number;
  let pump: number;
  let lapsed: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = planner.token) =>
    t.call({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const ok = async (method: 'POST' | 'PUT', url: string, payload: unknown, status = 200, token = t.adminToken) => {
    const res = await call(method, url, payload, token);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const trip = (over: Record<string, unknown> = {}) => ({
    name: 'Lấy mẫu quý I — KCN Phố Nối',
    start_date: '2027-03-10',
    end_date: '2027-03-11',
    leader_id: leader.id,
    member_ids: [member.id],
    vehicle_id: vehicle,
    equipment_ids: [meter],
    round_ids: [rounds[0]!.id],
    ...over,
  });
  const equipment = (code: string, kind: string, due: string | null) =>
    ok(
      'POST',
      '/api/equipment',
      {
        code: uniq(code),
        name: `${code} kiểm thử`,
        kind,
        calibration_due: due,
        identifier: kind === 'vehicle' ? '51C-123.45' : null,
      },
      201,
    ).then((e) => e.id as number);

  beforeAll(async () => {
    t = await createTestApp();
    const field = await ok('POST', '/api/departments', { code: uniq('QT'), name: 'Quan trắc hiện trường' }, 201);
    const lab = await ok('POST', '/api/departments', { code: uniq('TN'), name: 'Phòng thí nghiệm' }, 201);
    planner = await t.userWith(['sampling.index', 'sampling.all', 'sampling.create', 'sampling.edit']);
    leader = await t.userWith(['sampling.index'], { department_id: field.id });
    member = await t.userWith(['sampling.index'], { department_id: field.id });
    colleague = await t.userWith(['sampling.index'], { department_id: field.id });
    head = await t.userWith(['sampling.index', 'sampling.department'], { department_id: field.id });
    outsider = await t.userWith(['sampling.index', 'sampling.department'], { department_id: lab.id });
    plain = await t.userWith([]);
    const customer = await ok('POST', '/api/customers', { type: 'organization', name: 'KCN Phố Nối A' }, 201);
    const cod = await ok(
      'POST',
      '/api/parameters',
      { code: uniq('COD'), name: 'COD', medium: 'wastewater', unit: 'mg/L', method: 'SMEWW 5220C', place: 'lab' },
      201,
    );
    const ph = await ok(
      'POST',
      '/api/parameters',
      { code: uniq('PH'), name: 'pH', medium: 'wastewater', unit: '-', method: 'TCVN 6492:2011', place: 'field' },
      201,
    );
    const site = await ok(
      'POST',
      '/api/sites',
      {
        code: uniq('CS'),
        name: 'Trạm xử lý nước thải tập trung',
        customer_id: customer.id,
        points: [
          {
            code: 'NT1',
            name: 'Nước thải sau xử lý',
            medium: 'wastewater',
            plan: [
              { parameter_id: cod.id, frequency: 'quarterly' },
              { parameter_id: ph.id, frequency: 'quarterly' },
            ],
          },
        ],
      },
      201,
    );
    const p = await ok(
      'POST',
      '/api/monitoring-programs',
      { code: uniq('CT'), name: 'Quan trắc 2027', site_id: site.id, start_date: '2027-01-01', end_date: '2027-12-31' },
      201,
    );
    programId = p.id;
    rounds = p.rounds;
    vehicle = await equipment('XE', 'vehicle', '2027-12-31');
    meter = await equipment('PH', 'instrument', '2027-06-30');
    pump = await equipment('BOM', 'instrument', null);
    lapsed = await equipment('DO', 'instrument', '2027-03-10');
  }, 60_000);
  afterAll(() => t?.close());

  it('plans a trip: a code by year, the team, the vehicle and instrument, the checklist of its round (field first)', async () => {
    const made = await ok('POST', '/api/sampling-trips', trip(), 201, planner.token);
    expect(made).toMatchObject({
      code: expect.stringMatching(/^CLM-2027-\d{3}$/),
      status: 'planned',
      leader: { id: leader.id },
      members: [{ id: member.id }],
      vehicle: { id: vehicle },
      members_count: 1,
      rounds: [{ id: rounds[0]!.id, name: 'Quý I/2027', program: { id: programId } }],
      can: { edit: true, start: true, finish: false, cancel: true },
    });
    expect(made.equipment.map((e: { id: number }) => e.id).sort()).toEqual([vehicle, meter].sort());
    expect(made.checklist).toHaveLength(1);
    expect(made.checklist[0].point.code).toBe('NT1');
    expect(made.checklist[0].parameters.map((p: { place: string }) => p.place)).toEqual(['field', 'lab']);
    const history = await auditOf(t, 'sampling_trips', made.id);
    expect(history.map((h) => h.action)).toEqual(['create']);
  });

  it('refuses an instrument booked on another trip of those days, naming the trip; other days are free', async () => {
    const first = await ok(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-02-01', end_date: '2027-02-03' }),
      201,
      planner.token,
    );
    const res = await call(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-02-03', end_date: '2027-02-04', vehicle_id: null }),
    );
    expectError(res, 409, 'EQUIPMENT_BOOKED');
    expect(res.json().message).toBe(
      `Thiết bị ${first.equipment.find((e: { id: number }) => e.id === meter).code} đã được đặt cho chuyến ${first.code} (01/02/2027 – 03/02/2027).`,
    );
    const vehicleRes = await call(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-02-02', end_date: '2027-02-02', equipment_ids: [pump] }),
    );
    expectError(vehicleRes, 409, 'EQUIPMENT_BOOKED');
    expect(vehicleRes.json().message).toMatch(/^Phương tiện .* đã được đặt cho chuyến/);
    await ok('POST', '/api/sampling-trips', trip({ start_date: '2027-02-04', end_date: '2027-02-04' }), 201, planner.token);
    // Cancelled, the first trip frees its instruments.
    await ok('POST', `/api/sampling-trips/${first.id}/cancel`, {}, 200, planner.token);
    await ok(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-02-02', end_date: '2027-02-02', equipment_ids: [pump] }),
      201,
      planner.token,
    );
  });

  it('refuses a person already on another trip of those days, as leader or member, naming them and the trip', async () => {
    const a = await t.userWith(['sampling.index']);
    const b = await t.userWith(['sampling.index']);
    const c = await t.userWith(['sampling.index']);
    const bare = (over: Record<string, unknown>) => trip({ vehicle_id: null, equipment_ids: [], ...over });
    const first = await ok(
      'POST',
      '/api/sampling-trips',
      bare({ start_date: '2027-07-01', end_date: '2027-07-02', leader_id: a.id, member_ids: [b.id] }),
      201,
      planner.token,
    );
    // The member of the first trip as another trip's leader, on a day they share.
    const asLeader = await call(
      'POST',
      '/api/sampling-trips',
      bare({ start_date: '2027-07-02', end_date: '2027-07-03', leader_id: b.id, member_ids: [] }),
    );
    expectError(asLeader, 409, 'PERSON_BOOKED', 'leader_id');
    const name = (await call('GET', `/api/users/${b.id}`, undefined, t.adminToken)).json().name;
    expect(asLeader.json().message).toBe(`${name} đã ở chuyến ${first.code} (01/07/2027 – 02/07/2027) trong những ngày này.`);
    // The first trip's leader as a member elsewhere.
    expectError(
      await call(
        'POST',
        '/api/sampling-trips',
        bare({ start_date: '2027-06-30', end_date: '2027-07-01', leader_id: c.id, member_ids: [a.id] }),
      ),
      409,
      'PERSON_BOOKED',
      'member_ids',
    );
    // Another day is free; the trip's own edit does not meet itself.
    await ok(
      'POST',
      '/api/sampling-trips',
      bare({ start_date: '2027-07-03', end_date: '2027-07-03', leader_id: b.id, member_ids: [] }),
      201,
      planner.token,
    );
    await ok(
      'PUT',
      `/api/sampling-trips/${first.id}`,
      {
        ...bare({ start_date: '2027-07-01', end_date: '2027-07-02', leader_id: a.id, member_ids: [b.id] }),
        name: 'Đổi tên',
        version: first.version,
      },
      200,
      planner.token,
    );
    // Cancelled, the first trip frees its people.
    await ok('POST', `/api/sampling-trips/${first.id}/cancel`, {}, 200, planner.token);
    await ok(
      'POST',
      '/api/sampling-trips',
      bare({ start_date: '2027-07-01', end_date: '2027-07-02', leader_id: c.id, member_ids: [a.id, b.id] }),
      201,
      planner.token,
    );
  });

  it('refuses a person on a leave approved for one of the days, naming the leave; a pending one or another day does not', async () => {
    const away = await t.userWith(['sampling.index', 'leaves.index', 'leaves.create']);
    const lead = await t.userWith(['sampling.index']);
    const types = (await call('GET', '/api/leave-types?per_page=all', undefined, t.adminToken)).json().data as {
      id: number;
      code: string;
      name: string;
    }[];
    const unpaid = types.find((x) => x.code === 'unpaid')!;
    // Monday 2 – Tuesday 3 August 2027.
    const leave = await ok(
      'POST',
      '/api/leaves',
      { leave_type_id: unpaid.id, start_date: '2027-08-02', end_date: '2027-08-03', reason: 'Việc gia đình' },
      201,
      away.token,
    );
    const bare = (over: Record<string, unknown>) =>
      trip({ vehicle_id: null, equipment_ids: [], leader_id: lead.id, member_ids: [away.id], ...over });
    // Pending, the leave does not hold the days; the trip is cancelled again to free its people.
    const first = await ok('POST', '/api/sampling-trips', bare({ start_date: '2027-08-03', end_date: '2027-08-03' }), 201);
    await ok('POST', `/api/sampling-trips/${first.id}/cancel`, {}, 200);
    await ok('POST', `/api/leaves/${leave.id}/approve`, {}, 200);
    const asMember = await call('POST', '/api/sampling-trips', bare({ start_date: '2027-08-03', end_date: '2027-08-04' }));
    expectError(asMember, 409, 'PERSON_ON_LEAVE', 'member_ids');
    const name = (await call('GET', `/api/users/${away.id}`, undefined, t.adminToken)).json().name;
    expect(asMember.json().message).toBe(
      `${name} nghỉ theo đơn ${leave.code} đã duyệt (${unpaid.name}, 02/08/2027 – 03/08/2027).`,
    );
    expectError(
      await call(
        'POST',
        '/api/sampling-trips',
        bare({ start_date: '2027-07-30', end_date: '2027-08-02', leader_id: away.id, member_ids: [] }),
      ),
      409,
      'PERSON_ON_LEAVE',
      'leader_id',
    );
    // The day after is free, but an edit moving that trip onto the leave is refused as well.
    const after = await ok('POST', '/api/sampling-trips', bare({ start_date: '2027-08-04', end_date: '2027-08-04' }), 201);
    expectError(
      await call('PUT', `/api/sampling-trips/${after.id}`, {
        ...bare({ start_date: '2027-08-03', end_date: '2027-08-04' }),
        version: after.version,
      }),
      409,
      'PERSON_ON_LEAVE',
      'member_ids',
    );
    // A leave approved once the person is on a trip wins in timekeeping, and the trip stays editable.
    const later = await ok(
      'POST',
      '/api/leaves',
      { leave_type_id: unpaid.id, start_date: '2027-08-04', end_date: '2027-08-04', reason: 'Khám sức khỏe' },
      201,
      away.token,
    );
    await ok('POST', `/api/leaves/${later.id}/approve`, {}, 200);
    await ok('PUT', `/api/sampling-trips/${after.id}`, {
      ...bare({ start_date: '2027-08-04', end_date: '2027-08-05', name: 'Đổi tên' }),
      version: after.version,
    });
  });

  it('refuses an instrument whose calibration lapses before the trip ends, a vehicle as an instrument, an inactive leader', async () => {
    const res = await call(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-03-10', end_date: '2027-03-11', equipment_ids: [lapsed] }),
    );
    expectError(res, 422, 'VALIDATION_FAILED', 'equipment_ids');
    expect(res.json().errors[0].message).toMatch(/hết hạn hiệu chuẩn ngày 10\/03\/2027, trước ngày kết thúc chuyến\.$/);
    // On its due date itself it is still valid (a team of its own: the first test's team is out on the 10th).
    await ok(
      'POST',
      '/api/sampling-trips',
      trip({
        start_date: '2027-03-09',
        end_date: '2027-03-10',
        leader_id: (await t.userWith(['sampling.index'])).id,
        member_ids: [],
        vehicle_id: null,
        equipment_ids: [lapsed],
      }),
      201,
      planner.token,
    );
    expectError(
      await call('POST', '/api/sampling-trips', trip({ equipment_ids: [vehicle], vehicle_id: null })),
      422,
      'VALIDATION_FAILED',
      'equipment_ids',
    );
    expectError(
      await call('POST', '/api/sampling-trips', trip({ vehicle_id: meter, equipment_ids: [] })),
      422,
      'VALIDATION_FAILED',
      'vehicle_id',
    );
    expectError(
      await call('POST', '/api/sampling-trips', trip({ member_ids: [leader.id] })),
      422,
      'VALIDATION_FAILED',
      'member_ids',
    );
    expectError(await call('POST', '/api/sampling-trips', trip({ leader_id: 999999 })), 422, 'VALIDATION_FAILED', 'leader_id');
    expectError(await call('POST', '/api/sampling-trips', trip({ round_ids: [] })), 422, 'VALIDATION_FAILED', 'round_ids');
    expectError(await call('POST', '/api/sampling-trips', trip({ round_ids: [999999] })), 422, 'VALIDATION_FAILED', 'round_ids');
    expectError(
      await call('POST', '/api/sampling-trips', trip({ end_date: '2027-03-30' })),
      422,
      'VALIDATION_FAILED',
      'end_date',
    );
    expectError(
      await call('POST', '/api/sampling-trips', trip({ end_date: '2027-03-01' })),
      422,
      'VALIDATION_FAILED',
      'end_date',
    );
  });

  it('shows each person their trips: own for a member, the department for its head, none for another department', async () => {
    const made = await ok(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-04-01', end_date: '2027-04-01', vehicle_id: null, equipment_ids: [] }),
      201,
      planner.token,
    );
    const ids = async (token: string, query = '') =>
      ((await call('GET', `/api/sampling-trips?per_page=all${query}`, undefined, token)).json().data as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await ids(member.token)).toContain(made.id);
    expect(await ids(leader.token)).toContain(made.id);
    expect(await ids(colleague.token)).not.toContain(made.id);
    expect(await ids(head.token)).toContain(made.id);
    expect(await ids(head.token, '&mine=true')).not.toContain(made.id);
    expect(await ids(outsider.token)).not.toContain(made.id);
    // Who planned a trip without being on it follows it too; "mine" stays the trips one is on.
    const desk = await t.userWith(['sampling.index', 'sampling.create']);
    const planned = await ok(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-04-02', end_date: '2027-04-02', vehicle_id: null, equipment_ids: [] }),
      201,
      desk.token,
    );
    expect(await ids(desk.token)).toContain(planned.id);
    expect(await ids(desk.token, '&mine=true')).not.toContain(planned.id);
    expect((await call('GET', `/api/sampling-trips/${planned.id}`, undefined, desk.token)).statusCode).toBe(200);
    expect(await ids(colleague.token)).not.toContain(planned.id);
    expect((await call('GET', `/api/sampling-trips/${made.id}`, undefined, member.token)).statusCode).toBe(200);
    expectError(await call('GET', `/api/sampling-trips/${made.id}`, undefined, colleague.token), 404, 'NOT_FOUND');
    expectError(
      await call('GET', `/api/audit-logs?entity=sampling_trips&entity_id=${made.id}`, undefined, outsider.token),
      404,
      'NOT_FOUND',
    );
    expect(
      (await call('GET', `/api/audit-logs?entity=sampling_trips&entity_id=${made.id}`, undefined, member.token)).statusCode,
    ).toBe(200);
  });

  it('moves by its own routes: the leader starts and finishes, a member may not; cancel is the planner’s; edits while planned', async () => {
    const made = await ok(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-05-05', end_date: '2027-05-05', vehicle_id: null, equipment_ids: [] }),
      201,
      planner.token,
    );
    expectError(await call('POST', `/api/sampling-trips/${made.id}/start`, {}, member.token), 403, 'FORBIDDEN');
    expectError(await call('POST', `/api/sampling-trips/${made.id}/cancel`, {}, leader.token), 403, 'FORBIDDEN');
    const edited = await ok(
      'PUT',
      `/api/sampling-trips/${made.id}`,
      {
        ...trip({ start_date: '2027-05-05', end_date: '2027-05-06', vehicle_id: null, equipment_ids: [] }),
        name: 'Lấy mẫu bổ sung',
        version: made.version,
      },
      200,
      planner.token,
    );
    expect(edited).toMatchObject({ name: 'Lấy mẫu bổ sung', end_date: '2027-05-06' });
    const stale = await call('PUT', `/api/sampling-trips/${made.id}`, { ...trip(), version: made.version });
    expectError(stale, 409, 'CONFLICT');
    expect(stale.json().message).toMatch(/đã được người khác cập nhật/);
    const started = await ok('POST', `/api/sampling-trips/${made.id}/start`, { version: edited.version }, 200, leader.token);
    expect(started).toMatchObject({ status: 'in_progress', can: { start: false, finish: true } });
    expectError(await call('POST', `/api/sampling-trips/${made.id}/start`, {}, leader.token), 409, 'CONFLICT');
    expectError(
      await call('PUT', `/api/sampling-trips/${made.id}`, { ...trip(), version: started.version }),
      409,
      'TRIP_STARTED',
    );
    expectError(await call('DELETE', `/api/sampling-trips/${made.id}`), 409, 'TRIP_STARTED');
    const done = await ok('POST', `/api/sampling-trips/${made.id}/finish`, {}, 200, leader.token);
    expect(done.status).toBe('done');
    const history = await auditOf(t, 'sampling_trips', made.id);
    expect(history.map((h) => h.action)).toEqual(['finish', 'start', 'update', 'create']);
  });

  it("keeps a programme's period while a trip holds one of its rounds, and refuses deleting it", async () => {
    const p = (await call('GET', `/api/monitoring-programs/${programId}`, undefined, t.adminToken)).json();
    const res = await call(
      'PUT',
      `/api/monitoring-programs/${programId}`,
      { code: p.code, name: p.name, site_id: p.site.id, start_date: '2027-01-01', end_date: '2027-06-30', version: p.version },
      t.adminToken,
    );
    expectError(res, 409, 'PROGRAM_STARTED');
    expect(res.json().message).toMatch(/đã được xếp vào chuyến lấy mẫu CLM-2027-\d{3}/);
    expectError(await call('DELETE', `/api/monitoring-programs/${programId}`, undefined, t.adminToken), 409, 'IN_USE');
  });

  it('offers planned rounds to the planner; exports; deletes a planned trip', async () => {
    const options = await call('GET', '/api/sampling-trips/round-options?search=Quan trắc 2027', undefined, planner.token);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().map((o: { id: number }) => o.id)).toContain(rounds[1]!.id);
    expectError(await call('GET', '/api/sampling-trips/round-options', undefined, member.token), 403, 'FORBIDDEN');
    const xlsx = await t.call({
      method: 'GET',
      url: '/api/sampling-trips',
      token: planner.token,
      headers: { 'x-export': 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const made = await ok(
      'POST',
      '/api/sampling-trips',
      trip({ start_date: '2027-06-01', end_date: '2027-06-01', vehicle_id: null, equipment_ids: [] }),
      201,
      planner.token,
    );
    expectError(await call('DELETE', `/api/sampling-trips/${made.id}`, undefined, member.token), 403, 'FORBIDDEN');
    expect((await call('DELETE', `/api/sampling-trips/${made.id}`)).statusCode).toBe(204);
    expectError(await call('GET', `/api/sampling-trips/${made.id}`), 404, 'NOT_FOUND');
  });

  it('answers 401 without a token, 403 without the keys, 404 for none', async () => {
    expect((await t.call({ method: 'GET', url: '/api/sampling-trips' })).statusCode).toBe(401);
    expectError(await call('GET', '/api/sampling-trips', undefined, plain.token), 403, 'FORBIDDEN');
    expectError(await call('POST', '/api/sampling-trips', trip(), member.token), 403, 'FORBIDDEN');
    expectError(await call('GET', '/api/sampling-trips/999999'), 404, 'NOT_FOUND');
    expectError(await call('POST', '/api/sampling-trips/999999/start', {}), 404, 'NOT_FOUND');
    expectError(await call('PUT', '/api/sampling-trips/999999', { ...trip(), version: 1 }), 404, 'NOT_FOUND');
  });
});
