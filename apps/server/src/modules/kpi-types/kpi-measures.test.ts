import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabWorld, labWorld, receivedSample } from '../../test/analysis-fixtures';
import { insertKpiType, insertOpenEvaluation } from '../../test/evaluation-fixtures';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { measureActual } from './kpi-measures';

// October 2026 in Vietnam: 2026-09-30T17:00Z up to (not including) 2026-10-31T17:00Z.
const OCT = { from: '2026-10-01', to: '2026-10-31' };
const SNAPSHOT = JSON.stringify({
  process: { id: 1, code: 'QT', name: 'Quan trắc', version: 1 },
  steps: [
    {
      id: 1,
      position: 1,
      name: 'Lấy mẫu',
      department_id: null,
      default_assignee_id: null,
      duration_hours: 8,
      produces_result: false,
    },
    {
      id: 2,
      position: 2,
      name: 'Phân tích',
      department_id: null,
      default_assignee_id: null,
      duration_hours: 24,
      produces_result: false,
    },
    {
      id: 3,
      position: 3,
      name: 'Trả kết quả',
      department_id: null,
      default_assignee_id: null,
      duration_hours: 0,
      produces_result: true,
    },
  ],
});

describe('computed KPI measures', () => {
  let t: TestApp;
  let emp: number;
  let other: number;
  let stepper: number;
  let idle: number;
  let seq = 0;
  const w: Record<string, number> = {};
  const r: Record<string, number> = {};

  const db = () => t.database.db;
  const work = async (key: string, f: Record<string, unknown>) => {
    seq += 1;
    const created = (f.created_at as string | undefined) ?? '2026-09-01T01:00:00.000Z';
    const row = await db()
      .insertInto('works')
      .values({ code: `CVT-${seq}`, title: `Công việc ${key}`, search_text: '', updated_at: created, ...f, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    w[key] = row.id;
  };
  const request = async (key: string, status: string, completedAt: string | null, typeId: number) => {
    seq += 1;
    const row = await db()
      .insertInto('requests')
      .values({
        code: `YCT-${seq}`,
        tracking_code: `TRK-${seq}`,
        request_type_id: typeId,
        process_snapshot: SNAPSHOT,
        requester_name: 'Nguyễn Văn An',
        requester_phone: '0912345678',
        title: `Yêu cầu ${key}`,
        source: 'staff',
        status,
        completed_at: completedAt,
        search_text: '',
        created_at: '2026-09-01T01:00:00.000Z',
        updated_at: '2026-09-01T01:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    r[key] = row.id;
  };
  const ids = (...keys: string[]) => keys.map((k) => w[k] as number).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    emp = (await t.userWith([])).id;
    other = (await t.userWith([])).id;
    stepper = (await t.userWith([])).id;
    idle = (await t.userWith([])).id;

    // Plain works of `emp`.
    const done = (at: string, deadline: string | null, assignee = emp) => ({
      assignee_id: assignee,
      status: 'done',
      completed_at: at,
      deadline,
    });
    await work('atDeadline', done('2026-10-05T03:00:00.000Z', '2026-10-05T03:00:00.000Z'));
    await work('late', done('2026-10-10T05:00:00.000Z', '2026-10-09T16:59:59.000Z'));
    await work('noDeadline', done('2026-10-12T05:00:00.000Z', null));
    await work('beforePeriod', done('2026-09-30T16:59:59.999Z', '2026-10-30T16:59:59.000Z'));
    await work('lastMinute', done('2026-10-31T16:59:00.000Z', '2026-11-05T16:59:59.000Z'));
    await work('afterPeriodLate', done('2026-10-31T17:00:00.000Z', '2026-10-20T16:59:59.000Z'));
    await work('othersLate', done('2026-10-10T05:00:00.000Z', '2026-10-01T16:59:59.000Z', other));
    await work('cancelledDone', { ...done('2026-10-10T05:00:00.000Z', '2026-10-01T16:59:59.000Z'), status: 'cancelled' });
    await work('cancelledOpen', { assignee_id: emp, status: 'cancelled', deadline: '2026-10-02T16:59:59.000Z' });
    await work('openOverdue', { assignee_id: emp, status: 'in_progress', deadline: '2026-10-15T16:59:59.000Z' });
    await work('heldOverdue', { assignee_id: emp, status: 'on_hold', deadline: '2026-10-25T16:59:59.000Z' });
    await work('openNotDue', { assignee_id: emp, status: 'todo', deadline: '2026-11-15T16:59:59.000Z' });
    await work('dueAtEnd', { assignee_id: emp, status: 'todo', deadline: '2026-10-31T17:00:00.000Z' });
    await work('createdAfter', {
      assignee_id: emp,
      status: 'todo',
      deadline: '2026-10-20T16:59:59.000Z',
      created_at: '2026-11-02T01:00:00.000Z',
    });

    // Requests with process-step works (SLA: step 1 = 8 h, step 2 = 24 h, step 3 = 0 h).
    const type = await db()
      .insertInto('request_types')
      .values({
        code: 'QTMT',
        name: 'Quan trắc môi trường',
        search_text: '',
        created_at: '2026-09-01T00:00:00.000Z',
        updated_at: '2026-09-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const step = (
      req: string,
      index: number | null,
      assignee: number,
      status: string,
      created: string,
      completed: string | null,
    ) => ({
      request_id: r[req],
      step_index: index,
      assignee_id: assignee,
      status,
      created_at: created,
      completed_at: completed,
    });
    await request('r1', 'completed', '2026-10-15T02:00:00.000Z', type.id);
    await work('a1', step('r1', 1, stepper, 'done', '2026-10-14T01:00:00.000Z', '2026-10-14T05:00:00.000Z')); // 50 %
    await work('a2', step('r1', 2, other, 'done', '2026-10-14T05:00:00.000Z', '2026-10-15T02:00:00.000Z'));
    await request('r2', 'completed', '2026-10-20T02:00:00.000Z', type.id);
    await work('a3', step('r2', 1, other, 'done', '2026-10-09T00:00:00.000Z', '2026-10-10T00:00:00.000Z'));
    await work('a4', step('r2', 2, stepper, 'done', '2026-10-10T00:00:00.000Z', '2026-10-11T12:00:00.000Z')); // 150 %
    await request('r3', 'completed', '2026-11-02T02:00:00.000Z', type.id);
    await work('a5', step('r3', 1, stepper, 'done', '2026-11-01T01:00:00.000Z', '2026-11-01T05:00:00.000Z'));
    await request('r4', 'completed', '2026-10-25T02:00:00.000Z', type.id);
    await work('a6', step('r4', 1, stepper, 'cancelled', '2026-10-20T01:00:00.000Z', null));
    await work('a7', step('r4', 1, other, 'done', '2026-10-21T01:00:00.000Z', '2026-10-22T01:00:00.000Z'));
    await work('a8', step('r4', null, stepper, 'done', '2026-10-21T01:00:00.000Z', '2026-10-22T01:00:00.000Z'));
    await request('r5', 'in_progress', null, type.id);
    await work('a9', step('r5', 1, stepper, 'done', '2026-10-05T00:00:00.000Z', '2026-10-05T08:00:00.000Z')); // 100 %
    await request('r6', 'completed', '2026-10-28T02:00:00.000Z', type.id);
    await work('a10', step('r6', 3, stepper, 'done', '2026-10-27T00:00:00.000Z', '2026-10-28T02:00:00.000Z')); // no SLA
    await request('r7', 'cancelled', '2026-10-28T02:00:00.000Z', type.id);
    await work('a11', step('r7', 1, stepper, 'done', '2026-10-27T00:00:00.000Z', '2026-10-27T04:00:00.000Z')); // 50 %
  });
  afterAll(async () => {
    await t?.close();
  });

  const measure = (m: Parameters<typeof measureActual>[1], employeeId: number, period = OCT) =>
    measureActual(db(), m, { employeeId, ...period });

  it('works_done counts the works completed in the period, day bounds in Vietnam time', async () => {
    const res = await measure('works_done', emp);
    expect(res).toEqual({
      value: 4,
      count: 4,
      records: { entity: 'works', ids: ids('atDeadline', 'late', 'noDeadline', 'lastMinute') },
    });
    // One day: 31/10 in Vietnam keeps the work done at 23:59 and drops the one done at 00:00 on 01/11.
    expect((await measure('works_done', emp, { from: '2026-10-31', to: '2026-10-31' })).records.ids).toEqual(ids('lastMinute'));
    expect((await measure('works_done', emp, { from: '2026-09-30', to: '2026-09-30' })).records.ids).toEqual(ids('beforePeriod'));
  });

  it('works_on_time_rate: done exactly at the deadline and without one are on time, after it is late', async () => {
    const res = await measure('works_on_time_rate', emp);
    expect(res.value).toBe(75);
    expect(res.count).toBe(4);
    expect(res.records.ids).toEqual(ids('atDeadline', 'late', 'noDeadline', 'lastMinute'));
    expect((await measure('works_on_time_rate', emp, { from: '2026-10-10', to: '2026-10-10' })).value).toBe(0);
  });

  it('works_overdue: open past the deadline at the period end, plus done late in the period', async () => {
    const res = await measure('works_overdue', emp);
    expect(res.value).toBe(4);
    expect(res.records).toEqual({ entity: 'works', ids: ids('late', 'afterPeriodLate', 'openOverdue', 'heldOverdue') });
    // Up to the 9th: the work due on the 9th and done on the 10th was still open, past its deadline, at the end.
    const early = await measure('works_overdue', emp, { from: '2026-10-01', to: '2026-10-09' });
    expect(early.records.ids).toEqual(ids('late'));
    // The 16th: only the work due on the 15th is open past its deadline.
    const mid = await measure('works_overdue', emp, { from: '2026-10-16', to: '2026-10-16' });
    expect(mid.records.ids).toEqual(ids('openOverdue'));
  });

  it('requests_completed: completed in the period with a done step work of the employee', async () => {
    const res = await measure('requests_completed', stepper);
    expect(res.value).toBe(3);
    expect(res.records).toEqual({ entity: 'requests', ids: [r.r1, r.r2, r.r6].sort((a, b) => (a as number) - (b as number)) });
    expect((await measure('requests_completed', other)).records.ids).toEqual(
      [r.r1, r.r2, r.r4].sort((a, b) => (a as number) - (b as number)),
    );
  });

  it('step_time_vs_sla: average of step work duration over the step SLA, in %', async () => {
    const res = await measure('step_time_vs_sla', stepper);
    // a1 4 h of 8 h, a4 36 h of 24 h, a9 8 h of 8 h, a11 4 h of 8 h; a10 has no SLA, a5 is outside, a8 is no step.
    expect(res.value).toBe(87.5);
    expect(res.records).toEqual({ entity: 'works', ids: ids('a1', 'a4', 'a9', 'a11') });
    expect(res.count).toBe(4);
    const one = await measure('step_time_vs_sla', stepper, { from: '2026-10-11', to: '2026-10-11' });
    expect(one.value).toBe(150);
  });

  it('nothing to measure: rates are null, counts are zero, manual is null', async () => {
    expect(await measure('works_on_time_rate', idle)).toEqual({ value: null, count: 0, records: { entity: 'works', ids: [] } });
    expect((await measure('step_time_vs_sla', idle)).value).toBeNull();
    expect(await measure('works_done', idle)).toEqual({ value: 0, count: 0, records: { entity: 'works', ids: [] } });
    expect((await measure('works_overdue', idle)).value).toBe(0);
    expect((await measure('requests_completed', idle)).value).toBe(0);
    expect((await measure('manual', emp)).value).toBeNull();
  });
});

// Issue 25 part 5: the laboratory's measures. COD has a 3-day turnaround, coliforms none; every receipt, verification
// and signature is written at a fixed instant of October 2026 (Vietnam), so on time and late are exact.
describe('computed KPI measures of the laboratory', () => {
  let t: TestApp;
  let analyst: number;
  let other: number;
  let signer: number;
  let idle: number;
  let roundSigner: number;
  const an: Record<string, number> = {};
  const rep: Record<string, number> = {};
  let reportSeq = 0;

  const db = () => t.database.db;
  const customerOf = async (w: LabWorld) =>
    (
      await db()
        .selectFrom('site_points as sp')
        .innerJoin('sites as si', 'si.id', 'sp.site_id')
        .select('si.customer_id')
        .where('sp.id', '=', w.pointId)
        .executeTakeFirstOrThrow()
    ).customer_id;
  /** A received sample of `w` whose COD and coliform analyses are set as given (keys `cod`/`coli` of `an`). */
  const sample = async (
    w: LabWorld,
    set: { cod?: [string, Record<string, unknown>]; coli?: [string, Record<string, unknown>] },
    qc_kind = 'normal',
  ) => {
    const s = await receivedSample(t, w, { qc_kind });
    for (const [which, param] of [
      ['cod', w.cod.id],
      ['coli', w.coliform.id],
    ] as const) {
      const spec = set[which];
      const id = s.analyses.get(param)?.id as number;
      if (!spec) continue;
      an[spec[0]] = id;
      await db().updateTable('analyses').set(spec[1]).where('id', '=', id).execute();
    }
  };
  const state = (st: string, analystId: number, createdAt: string, verifiedAt: string | null): Record<string, unknown> => ({
    state: st,
    analyst_id: analystId,
    created_at: createdAt,
    verified_at: verifiedAt,
    released_at: st === 'released' ? verifiedAt : null,
  });
  const report = async (
    key: string,
    w: { tripId: number; customerId: number; roundId?: number },
    f: { version?: number; state?: string; signedBy?: number | null; signedAt?: string | null },
  ) => {
    reportSeq += 1;
    const at = '2026-10-01T00:00:00.000Z';
    const row = await db()
      .insertInto('test_reports')
      .values({
        number: `${String(reportSeq).padStart(3, '0')}/2026/KPI`,
        report_version: f.version ?? 1,
        trip_id: w.tripId,
        customer_id: w.customerId,
        round_id: w.roundId ?? null,
        state: f.state ?? 'signed',
        signed_by: f.signedBy ?? null,
        signed_at: f.signedAt ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rep[key] = row.id;
  };
  const sorted = (keys: string[], from: Record<string, number>) => keys.map((k) => from[k] as number).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    analyst = (await t.userWith([])).id;
    other = (await t.userWith([])).id;
    signer = (await t.userWith([])).id;
    idle = (await t.userWith([])).id;
    roundSigner = (await t.userWith([])).id;
    const a = await labWorld(t);
    const b = await labWorld(t);
    const c = await labWorld(t);
    for (const w of [a, b, c])
      await db().updateTable('parameters').set({ turnaround_days: 3 }).where('id', '=', w.cod.id).execute();

    // Analyses of `analyst` (COD due 3 days after receipt).
    await sample(a, {
      cod: ['atDue', state('verified', analyst, '2026-10-01T03:00:00.000Z', '2026-10-04T03:00:00.000Z')],
      coli: ['noTarget', state('released', analyst, '2026-10-01T03:00:00.000Z', '2026-10-20T03:00:00.000Z')],
    });
    await sample(a, {
      cod: ['late', state('released', analyst, '2026-10-05T03:00:00.000Z', '2026-10-08T03:00:01.000Z')],
      coli: ['notVerified', { ...state('entered', analyst, '2026-10-01T03:00:00.000Z', null) }],
    });
    await sample(a, {
      cod: ['beforePeriod', state('released', analyst, '2026-09-20T03:00:00.000Z', '2026-09-30T16:59:59.999Z')],
      coli: ['othersLate', state('verified', other, '2026-10-01T03:00:00.000Z', '2026-10-02T03:00:00.000Z')],
    });
    await sample(a, {
      cod: ['othersCodLate', state('verified', other, '2026-10-01T03:00:00.000Z', '2026-10-05T03:00:00.000Z')],
      coli: ['lastMinute', state('verified', analyst, '2026-10-30T03:00:00.000Z', '2026-10-31T16:59:59.000Z')],
    });

    // Reports: trip A's latest released COD is due 2026-10-08T03:00Z, so its report is due 2026-10-10T03:00Z.
    const wa = { tripId: a.tripId, customerId: await customerOf(a) };
    await report('onTime', wa, { signedBy: signer, signedAt: '2026-10-10T03:00:00.000Z' });
    await report('correction', wa, { version: 2, signedBy: signer, signedAt: '2026-10-25T03:00:00.000Z' });
    await report('draft', wa, { state: 'draft' });
    await report('afterPeriod', wa, { signedBy: signer, signedAt: '2026-10-31T17:00:00.000Z' });
    // Trip B: its COD received 2026-10-01 is due on the 4th, the report on the 6th; a later duplicate (QC) is no
    // result of the report and must not move the day.
    const wb = { tripId: b.tripId, customerId: await customerOf(b) };
    await sample(b, { cod: ['b1', state('released', other, '2026-10-01T03:00:00.000Z', '2026-10-03T03:00:00.000Z')] });
    await sample(
      b,
      { cod: ['bQc', state('released', other, '2026-10-20T03:00:00.000Z', '2026-10-21T03:00:00.000Z')] },
      'field_blank',
    );
    await report('lateReport', wb, { signedBy: signer, signedAt: '2026-10-06T03:00:01.000Z' });
    await report('othersReport', wb, { signedBy: other, signedAt: '2026-10-06T03:00:00.000Z' });
    // Trip C: only coliforms released (no target): on time whenever signed.
    const wc = { tripId: c.tripId, customerId: await customerOf(c) };
    await sample(c, { coli: ['c1', state('released', other, '2026-10-01T03:00:00.000Z', '2026-10-02T03:00:00.000Z')] });
    await report('noTarget', wc, { signedBy: signer, signedAt: '2026-10-30T03:00:00.000Z' });
    // Trip D carries two rounds: the first round's COD is due on the 4th, the second's on the 13th. A report of the
    // first round alone is due on the 6th, however late the trip's other round is.
    const d = await labWorld(t);
    await db().updateTable('parameters').set({ turnaround_days: 3 }).where('id', '=', d.cod.id).execute();
    await sample(d, { cod: ['d1', state('released', roundSigner, '2026-10-01T03:00:00.000Z', '2026-10-02T03:00:00.000Z')] });
    await sample(d, { cod: ['d2', state('released', roundSigner, '2026-10-10T03:00:00.000Z', '2026-10-11T03:00:00.000Z')] });
    const program = await db()
      .selectFrom('monitoring_rounds')
      .select('program_id')
      .where('id', '=', d.roundId)
      .executeTakeFirstOrThrow();
    const second = await db()
      .selectFrom('monitoring_rounds')
      .select('id')
      .where('program_id', '=', program.program_id)
      .where('id', '<>', d.roundId)
      .executeTakeFirstOrThrow();
    const d2Sample = await db()
      .selectFrom('analyses')
      .select('sample_id')
      .where('id', '=', an.d2 as number)
      .executeTakeFirstOrThrow();
    await db().updateTable('samples').set({ round_id: second.id }).where('id', '=', d2Sample.sample_id).execute();
    const wd = { tripId: d.tripId, customerId: await customerOf(d) };
    await report('roundLate', { ...wd, roundId: d.roundId }, { signedBy: roundSigner, signedAt: '2026-10-07T03:00:00.000Z' });
    await report('tripOnTime', wd, { signedBy: roundSigner, signedAt: '2026-10-15T03:00:00.000Z' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const measure = (m: Parameters<typeof measureActual>[1], employeeId: number, period = OCT) =>
    measureActual(db(), m, { employeeId, ...period });

  it.each([
    // [case, employee, period, value, counted analyses]
    [
      'at the due moment, late, no target, to the last minute',
      () => analyst,
      OCT,
      75,
      ['atDue', 'late', 'noTarget', 'lastMinute'],
    ],
    ['one day: only the late one', () => analyst, { from: '2026-10-08', to: '2026-10-08' }, 0, ['late']],
    ['the day before the period is outside it', () => analyst, { from: '2026-09-30', to: '2026-09-30' }, 0, ['beforePeriod']],
    // Coliforms (no target), b1 and the blank's COD on time; a COD verified a day after its due moment.
    ['another analyst: theirs only', () => other, OCT, 80, ['othersLate', 'othersCodLate', 'b1', 'bQc', 'c1']],
  ] as const)('analyses_on_time_rate — %s', async (_, who, period, value, keys) => {
    const res = await measure('analyses_on_time_rate', who(), period);
    expect(res).toEqual({ value, count: keys.length, records: { entity: 'analyses', ids: sorted([...keys], an) } });
  });

  it.each([
    ['exactly at its due moment, late by a second, no target', () => signer, OCT, 66.7, ['onTime', 'lateReport', 'noTarget']],
    ['one day: only the late one', () => signer, { from: '2026-10-06', to: '2026-10-06' }, 0, ['lateReport']],
    ['a correction (version 2) is not measured', () => signer, { from: '2026-10-25', to: '2026-10-25' }, null, []],
    ['signed after the period', () => signer, { from: '2026-11-01', to: '2026-11-01' }, 0, ['afterPeriod']],
    ['another signer: theirs only', () => other, OCT, 100, ['othersReport']],
    [
      'a round’s report is due by its round’s results, the whole trip’s by all',
      () => roundSigner,
      OCT,
      50,
      ['roundLate', 'tripOnTime'],
    ],
  ] as const)('reports_on_time_rate — %s', async (_, who, period, value, keys) => {
    const res = await measure('reports_on_time_rate', who(), period);
    expect(res).toEqual({ value, count: keys.length, records: { entity: 'test_reports', ids: sorted([...keys], rep) } });
  });

  it('nothing to measure: both rates are null', async () => {
    expect(await measure('analyses_on_time_rate', idle)).toEqual({
      value: null,
      count: 0,
      records: { entity: 'analyses', ids: [] },
    });
    expect(await measure('reports_on_time_rate', idle)).toEqual({
      value: null,
      count: 0,
      records: { entity: 'test_reports', ids: [] },
    });
  });

  it('due_on on an analysis read: receipt + turnaround as a Vietnam day, null without a target', async () => {
    const get = async (id: number) => {
      const res = await t.call({ method: 'GET', url: `/api/analyses/${id}`, token: t.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { due_on: string | null };
    };
    // Received 2026-10-05T03:00Z (10:00 in Vietnam) + 3 days.
    expect((await get(an.late as number)).due_on).toBe('2026-10-08');
    expect((await get(an.noTarget as number)).due_on).toBeNull();
    // Received at 23:00 in Vietnam: due three days later, still 23:00 there.
    await db()
      .updateTable('analyses')
      .set({ created_at: '2026-10-05T16:00:00.000Z' })
      .where('id', '=', an.atDue as number)
      .execute();
    expect((await get(an.atDue as number)).due_on).toBe('2026-10-08');
    await db()
      .updateTable('analyses')
      .set({ created_at: '2026-10-01T03:00:00.000Z' })
      .where('id', '=', an.atDue as number)
      .execute();
  });

  it('an evaluation criterion of each measure is computed through the API, with links to what it counted', async () => {
    const dept = (await createDepartment(t, { code: uniq('PTN'), name: 'Phòng thí nghiệm' })).id;
    for (const [m, who, value, keys, from, entity] of [
      ['analyses_on_time_rate', analyst, 75, ['atDue', 'late', 'noTarget', 'lastMinute'], an, 'analyses'],
      ['reports_on_time_rate', signer, 66.7, ['onTime', 'lateReport', 'noTarget'], rep, 'test_reports'],
    ] as const) {
      const kpi = await insertKpiType(t, { name: `KPI ${m}`, measure: m, unit: '%' });
      const { ids } = await insertOpenEvaluation(t, {
        departmentId: dept,
        kpiTypeId: kpi,
        createdBy: analyst,
        people: [{ employeeId: who, reviewerId: null }],
      });
      const res = await t.call({
        method: 'POST',
        url: `/api/user-evaluations/${ids[0]}/refresh-actuals`,
        token: t.adminToken,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      const crit = (res.json().criteria as { kpi_type: { id: number }; actual: number | null; records: unknown }[]).find(
        (c) => c.kpi_type.id === kpi,
      );
      expect(crit).toMatchObject({ actual: value, actual_count: keys.length, records: { entity, ids: sorted([...keys], from) } });
    }
  });
});
