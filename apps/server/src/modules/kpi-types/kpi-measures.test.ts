import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
