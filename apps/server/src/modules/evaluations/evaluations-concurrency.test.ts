import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusals, race, statusCounts } from '../../test/concurrency';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Rules across rows of evaluations (docs/architecture.md, "Rules across rows"): a period is unique by name and by type
// + dates; its criteria weigh 100 in all; one user evaluation per employee and period; opening hands them out once; a
// closed period takes no more writes — under N identical requests at once.

const HR = ['evaluations.index', 'evaluations.create', 'evaluations.edit', 'user_evaluations.create'] as const;

describe('evaluations under concurrent requests', () => {
  let t: TestApp;
  let hr: { id: number; token: string };
  let dept: number;
  let kpiA: number;
  let kpiB: number;
  let day = 0;

  /** A period of its own name and dates unless told otherwise. */
  const body = (over: Record<string, unknown> = {}) => {
    day += 1;
    const end = new Date(Date.UTC(2032, 0, 1 + day)).toISOString().slice(0, 10);
    return {
      name: `Đánh giá KPI ${uniq('k')}`,
      period_type: 'month',
      period_start: '2032-01-01',
      period_end: end,
      self_deadline: '2033-02-05',
      review_deadline: '2033-02-10',
      department_ids: [dept],
      criteria: [
        { kpi_type_id: kpiA, weight: 60, target: 10 },
        { kpi_type_id: kpiB, weight: 40, target: 5 },
      ],
      ...over,
    };
  };
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await t.call({ method: 'POST', url: '/api/evaluations', token: hr.token, payload: body(over) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; version: number; name: string };
  };
  const kpi = async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/kpi-types',
      token: t.adminToken,
      payload: { code: uniq('KPI'), name: `Chỉ tiêu ${uniq('c')}`, direction: 'higher' },
    });
    return res.json().id as number;
  };
  const employee = () =>
    t.userWith(['user_evaluations.index', 'user_evaluations.edit'], { department_id: dept, joined_at: '2020-01-01' });

  beforeAll(async () => {
    t = await createTestApp();
    hr = await t.userWith(HR);
    dept = (await createDepartment(t, { code: uniq('PB'), name: 'Phòng Quan trắc' })).id;
    [kpiA, kpiB] = [await kpi(), await kpi()];
    for (let i = 0; i < 3; i++) await employee();
  });
  afterAll(() => t?.close());

  it('creates one of 12 periods sent at once with the same name (issue 21, part 10)', async () => {
    const name = `Đánh giá KPI quý I/2032 ${uniq('q')}`;
    const answers = await race(t, 12, () => ({
      method: 'POST',
      url: '/api/evaluations',
      token: hr.token,
      payload: body({ name }),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(answers, 201, { status: 422, field: 'name', message: 'Đã có kỳ đánh giá mang tên này.' });
  });

  it('creates one of 12 periods sent at once with the same type and dates (issue 21, part 10)', async () => {
    const dates = { period_type: 'quarter', period_start: '2032-04-01', period_end: '2032-06-30' };
    const answers = await race(t, 12, () => ({
      method: 'POST',
      url: '/api/evaluations',
      token: hr.token,
      payload: body(dates),
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 11 });
    expectRefusals(answers, 201, {
      status: 422,
      field: 'period_start',
      message: 'Đã có kỳ đánh giá cùng loại kỳ với cùng ngày bắt đầu và ngày kết thúc.',
    });
  });

  it('keeps the criteria of one edit, weighing 100, when 10 edits of a draft are sent at once', async () => {
    const e = await create();
    const answers = await race(t, 10, (i) => ({
      method: 'PUT',
      url: `/api/evaluations/${e.id}`,
      token: hr.token,
      payload: {
        ...body({ name: e.name, period_end: '2032-01-31' }),
        criteria: [
          { kpi_type_id: kpiA, weight: 10 + i * 5, target: 10 },
          { kpi_type_id: kpiB, weight: 90 - i * 5, target: 5 },
        ],
        version: e.version,
      },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
    const weights = await t.database.db
      .selectFrom('evaluation_criteria')
      .select('weight')
      .where('evaluation_id', '=', e.id)
      .execute();
    expect(weights).toHaveLength(2);
    expect(weights.reduce((s, w) => s + Number(w.weight), 0)).toBe(100);
  });

  it('hands out one user evaluation per employee when a period is opened 10 times at once', async () => {
    const e = await create();
    const answers = await race(t, 10, () => ({
      method: 'POST',
      url: `/api/evaluations/${e.id}/open`,
      token: hr.token,
      payload: {},
    }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expectRefusals(answers, 200, { status: 409 });
    const employees = await t.database.db.selectFrom('users').select('id').where('department_id', '=', dept).execute();
    const handed = await t.database.db
      .selectFrom('user_evaluations')
      .select('employee_id')
      .where('evaluation_id', '=', e.id)
      .execute();
    expect(handed.map((h) => h.employee_id).sort()).toEqual(employees.map((u) => u.id).sort());
  });

  it('adds a newcomer once when 10 adds of the same employee are sent at once', async () => {
    const e = await create();
    const opened = await t.call({ method: 'POST', url: `/api/evaluations/${e.id}/open`, token: hr.token, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    const newcomer = await employee();
    const name = (await t.database.db.selectFrom('users').select('name').where('id', '=', newcomer.id).executeTakeFirstOrThrow())
      .name;
    const answers = await race(t, 10, () => ({
      method: 'POST',
      url: `/api/evaluations/${e.id}/employees`,
      token: hr.token,
      payload: { employee_id: newcomer.id },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 9 });
    expectRefusals(answers, 201, {
      status: 409,
      code: 'ALREADY_EVALUATED',
      message: `${name} đã có phiếu đánh giá trong kỳ này.`,
    });
  });

  it('takes no user evaluation write once the period is closed, when the close races the writes', async () => {
    for (let round = 0; round < 2; round++) {
      const people = await Promise.all(Array.from({ length: 6 }, () => employee()));
      const e = await create();
      const opened = await t.call({ method: 'POST', url: `/api/evaluations/${e.id}/open`, token: hr.token, payload: {} });
      expect(opened.statusCode, opened.body).toBe(200);
      const rows = await t.database.db
        .selectFrom('user_evaluations as ue')
        .innerJoin('user_evaluation_scores as s', 's.user_evaluation_id', 'ue.id')
        .select(['ue.id', 'ue.employee_id', 'ue.version', 's.criterion_id'])
        .where('ue.evaluation_id', '=', e.id)
        .execute();
      const writes = people.map((p) => {
        const mine = rows.filter((r) => r.employee_id === p.id);
        return {
          token: p.token,
          id: mine[0]?.id as number,
          version: mine[0]?.version as number,
          scores: mine.map((r) => ({ criterion_id: r.criterion_id, self_score: 4 })),
        };
      });
      const answers = await race(t, writes.length + 1, (i) => {
        if (i === 3) return { method: 'POST', url: `/api/evaluations/${e.id}/close`, token: hr.token, payload: {} };
        const w = writes[i < 3 ? i : i - 1] as (typeof writes)[number];
        return {
          method: 'PUT',
          url: `/api/user-evaluations/${w.id}`,
          token: w.token,
          payload: { scores: w.scores, version: w.version },
        };
      });
      expect(answers[3]?.status, JSON.stringify(answers[3]?.body)).toBe(200);
      const saved = answers.filter((a, i) => i !== 3 && a.status === 200).length;
      expectRefusals(
        answers.filter((_, i) => i !== 3),
        200,
        { status: 409, code: 'EVALUATION_LOCKED' },
      );
      // Every write that was taken is written before the close (in the history's order).
      const audits = await t.database.db
        .selectFrom('audit_logs')
        .select(['id', 'entity', 'action'])
        .where((eb) =>
          eb.or([
            eb.and([eb('entity', '=', 'evaluations'), eb('entity_id', '=', e.id), eb('action', '=', 'close')]),
            eb.and([
              eb('entity', '=', 'user_evaluations'),
              eb(
                'entity_id',
                'in',
                writes.map((w) => w.id),
              ),
              eb('action', '=', 'update'),
            ]),
          ]),
        )
        .execute();
      const close = audits.find((a) => a.action === 'close')?.id as number;
      const updates = audits.filter((a) => a.action === 'update');
      expect(updates).toHaveLength(saved);
      for (const u of updates) expect(u.id).toBeLessThan(close);
    }
  });
});
