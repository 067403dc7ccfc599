import { gradeOf } from '@qlcv/common/schemas/evaluations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDoneWork, insertKpiType, quarterBody } from '../../test/evaluation-fixtures';
import { auditOf, createDepartment, expectError, expectXlsx, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { totalOf } from '../user-evaluations/user-evaluation-actuals';
import { EvaluationSelfDueJob } from './evaluation-self-due.job';

type Who = { id: number; token: string };
const STAFF = ['user_evaluations.index', 'user_evaluations.show'] as const;
const HR = [
  'evaluations.index',
  'evaluations.show',
  'evaluations.create',
  'evaluations.edit',
  'user_evaluations.index',
  'user_evaluations.show',
  'user_evaluations.edit',
] as const;

describe('grades and totals', () => {
  it('grades at the thresholds: 90 A, 89.99 B, 75 B, 60 C, 59.9 D', () => {
    expect(gradeOf(100)).toBe('A');
    expect(gradeOf(90)).toBe('A');
    expect(gradeOf(89.99)).toBe('B');
    expect(gradeOf(75)).toBe('B');
    expect(gradeOf(74.99)).toBe('C');
    expect(gradeOf(60)).toBe('C');
    expect(gradeOf(59.9)).toBe('D');
    expect(gradeOf(0)).toBe('D');
    expect(gradeOf(null)).toBeNull();
  });

  it('totals Σ weight × score / 100, the reviewer score first, never rounded up to a grade', () => {
    expect(totalOf([])).toBeNull();
    expect(totalOf([{ weight: 60, self_score: null, reviewer_score: null }])).toBeNull();
    expect(
      totalOf([
        { weight: 60, self_score: 100, reviewer_score: 80 },
        { weight: 40, self_score: 70, reviewer_score: null },
      ]),
    ).toBe(76);
    expect(
      totalOf([
        { weight: 60, self_score: 89.99, reviewer_score: null },
        { weight: 40, self_score: 89.99, reviewer_score: null },
      ]),
    ).toBe(89.99);
    // 89.995 stays 89.99: a B is not rounded up into an A.
    expect(totalOf([{ weight: 100, self_score: 89.995, reviewer_score: null }])).toBe(89.99);
    expect(
      totalOf([
        { weight: 33, self_score: 90, reviewer_score: null },
        { weight: 67, self_score: 90, reviewer_score: null },
      ]),
    ).toBe(90);
  });
});

describe('evaluations API', () => {
  let t: TestApp;
  let hr: Who;
  let viewer: Who;
  let director: Who;
  let headA: Who;
  let empA: Who;
  let empSub: Who;
  let outsider: Who;
  let indHead: Who;
  let indEmp: Who;
  let inactive: Who;
  let root: number;
  let deptA: number;
  let subA: number;
  let deptB: number;
  let ind: number;
  let kDone: number;
  let kManual: number;
  let kOff: number;

  const db = () => t.database.db;
  const post = (who: Who | string, url: string, payload: Record<string, unknown> = {}) =>
    t.call({ method: 'POST', url, token: typeof who === 'string' ? who : who.token, payload });
  const get = (who: Who | string, url: string) =>
    t.call({ method: 'GET', url, token: typeof who === 'string' ? who : who.token });
  const criteria = () => [
    { kpi_type_id: kDone, weight: 60, target: 10 },
    { kpi_type_id: kManual, weight: 40, target: 100 },
  ];
  const create = async (body: Record<string, unknown>) => {
    const res = await post(hr, '/api/evaluations', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const setHead = (dept: number, userId: number) =>
    db().updateTable('departments').set({ head_id: userId }).where('id', '=', dept).execute();

  beforeAll(async () => {
    t = await createTestApp();
    root = (await createDepartment(t, { code: uniq('BGD'), name: 'Ban giám đốc' })).id;
    deptA = (await createDepartment(t, { code: uniq('QT'), name: 'Phòng Quan trắc', parent_id: root })).id;
    subA = (await createDepartment(t, { code: uniq('LM'), name: 'Tổ Lấy mẫu', parent_id: deptA })).id;
    deptB = (await createDepartment(t, { code: uniq('KT'), name: 'Phòng Kế toán', parent_id: root })).id;
    ind = (await createDepartment(t, { code: uniq('DL'), name: 'Phòng Độc lập' })).id;
    hr = await t.userWith(HR);
    viewer = await t.userWith(['evaluations.index', 'evaluations.show']);
    director = await t.userWith(STAFF, { department_id: root });
    headA = await t.userWith(STAFF, { department_id: deptA });
    empA = await t.userWith(STAFF, { department_id: deptA });
    empSub = await t.userWith(STAFF, { department_id: subA });
    outsider = await t.userWith(STAFF, { department_id: deptB });
    indHead = await t.userWith(STAFF, { department_id: ind });
    indEmp = await t.userWith(STAFF, { department_id: ind });
    inactive = await t.userWith(STAFF, { department_id: deptA });
    await db().updateTable('users').set({ status: 'inactive' }).where('id', '=', inactive.id).execute();
    await setHead(root, director.id);
    await setHead(deptA, headA.id);
    await setHead(ind, indHead.id);
    kDone = await insertKpiType(t, { name: 'Số công việc hoàn thành', measure: 'works_done', unit: 'công việc' });
    kManual = await insertKpiType(t, { name: 'Thái độ làm việc' });
    kOff = await insertKpiType(t, { name: 'KPI ngừng dùng' });
    await db().updateTable('kpi_types').set({ active: 0 }).where('id', '=', kOff).execute();
  });
  afterAll(() => t.close());

  it('answers 401 without a token, 403 without the key, 404 for an unknown period', async () => {
    expect((await t.call({ method: 'GET', url: '/api/evaluations' })).statusCode).toBe(401);
    expectError(await get(empA, '/api/evaluations'), 403, 'FORBIDDEN');
    expectError(await post(viewer, '/api/evaluations', quarterBody([deptA], criteria())), 403, 'FORBIDDEN');
    expectError(await get(hr, '/api/evaluations/999999'), 404, 'NOT_FOUND');
    expectError(await post(hr, '/api/evaluations/999999/open'), 404, 'NOT_FOUND');
  });

  it('refuses weights that do not sum to 100, naming the criteria', async () => {
    const res = await post(
      hr,
      '/api/evaluations',
      quarterBody(
        [deptA],
        [
          { kpi_type_id: kDone, weight: 50, target: 10 },
          { kpi_type_id: kManual, weight: 40, target: 100 },
        ],
      ),
    );
    const body = expectError(res, 422, 'WEIGHTS_NOT_100', 'criteria');
    expect(body.message).toContain('90');
    expect(body.message).toContain('Số công việc hoàn thành (50)');
    expect(body.message).toContain('Thái độ làm việc (40)');
  });

  it('refuses no criterion, a KPI type twice, an inactive or unknown type, bad dates and departments', async () => {
    expectError(await post(hr, '/api/evaluations', quarterBody([deptA], [])), 422, 'VALIDATION_FAILED', 'criteria');
    expectError(
      await post(
        hr,
        '/api/evaluations',
        quarterBody(
          [deptA],
          [
            { kpi_type_id: kDone, weight: 50, target: 1 },
            { kpi_type_id: kDone, weight: 50, target: 2 },
          ],
        ),
      ),
      422,
      'VALIDATION_FAILED',
      'criteria.1.kpi_type_id',
    );
    expectError(
      await post(hr, '/api/evaluations', quarterBody([deptA], [{ kpi_type_id: kOff, weight: 100, target: 1 }])),
      422,
      'VALIDATION_FAILED',
      'criteria.0.kpi_type_id',
    );
    expectError(
      await post(hr, '/api/evaluations', quarterBody([deptA], [{ kpi_type_id: 987654, weight: 100, target: 1 }])),
      422,
      'VALIDATION_FAILED',
      'criteria.0.kpi_type_id',
    );
    expectError(
      await post(hr, '/api/evaluations', quarterBody([deptA], criteria(), { period_end: '2026-09-30' })),
      422,
      'VALIDATION_FAILED',
      'period_end',
    );
    expectError(
      await post(hr, '/api/evaluations', quarterBody([deptA], criteria(), { self_deadline: '2026-09-01' })),
      422,
      'VALIDATION_FAILED',
      'self_deadline',
    );
    expectError(
      await post(hr, '/api/evaluations', quarterBody([deptA], criteria(), { review_deadline: '2027-01-01' })),
      422,
      'VALIDATION_FAILED',
      'review_deadline',
    );
    expectError(await post(hr, '/api/evaluations', quarterBody([], criteria())), 422, 'VALIDATION_FAILED', 'department_ids');
    expectError(
      await post(hr, '/api/evaluations', quarterBody([987654], criteria())),
      422,
      'VALIDATION_FAILED',
      'department_ids',
    );
  });

  it('creates a draft, edits it (criteria too), lists and filters it, deletes a draft', async () => {
    const e = await create(quarterBody([deptA], criteria(), { name: 'Đánh giá quý IV/2026 thử' }));
    expect(e).toMatchObject({
      status: 'draft',
      departments: [{ id: deptA, name: 'Phòng Quan trắc' }],
      counts: { total: 0, draft: 0, self_assessed: 0, reviewed: 0, approved: 0 },
      created_by: { id: hr.id },
      version: 1,
    });
    expect(e.criteria.map((c: { kpi_type: { id: number }; weight: number }) => [c.kpi_type.id, c.weight])).toEqual([
      [kDone, 60],
      [kManual, 40],
    ]);
    const upd = await t.call({
      method: 'PUT',
      url: `/api/evaluations/${e.id}`,
      token: hr.token,
      payload: { ...quarterBody([deptA, ind], [{ kpi_type_id: kManual, weight: 100, target: 5 }]), version: 1 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().criteria).toHaveLength(1);
    expect(upd.json().departments).toHaveLength(2);
    const stale = await t.call({
      method: 'PUT',
      url: `/api/evaluations/${e.id}`,
      token: hr.token,
      payload: { ...quarterBody([deptA], criteria()), version: 1 },
    });
    expectError(stale, 409, 'CONFLICT');
    const list = await get(viewer, '/api/evaluations?search=quy iv&status=draft&year=2026&per_page=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.some((x: { id: number }) => x.id === e.id)).toBe(true);
    expect((await get(viewer, '/api/evaluations?year=2030')).json().data).toHaveLength(0);
    const history = await auditOf(t, 'evaluations', e.id, viewer.token);
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'update']));
    expect((await t.call({ method: 'DELETE', url: `/api/evaluations/${e.id}`, token: hr.token })).statusCode).toBe(204);
    expectError(await get(hr, `/api/evaluations/${e.id}`), 404, 'NOT_FOUND');
  });

  it('opens: one user evaluation per active employee of the departments and sub-departments, reviewed by the head above', async () => {
    await insertDoneWork(t, empA.id, '2026-10-15T03:00:00.000Z');
    await insertDoneWork(t, empA.id, '2026-11-20T03:00:00.000Z');
    await insertDoneWork(t, empA.id, '2026-09-20T03:00:00.000Z');
    const e = await create(quarterBody([deptA, ind], criteria()));
    const opened = await post(hr, `/api/evaluations/${e.id}/open`, { version: 1 });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'open', counts: { total: 5, draft: 5 } });
    const rows = (await get(hr, `/api/user-evaluations?evaluation_id=${e.id}&per_page=100`)).json().data as {
      id: number;
      employee: { id: number };
      reviewer: { id: number } | null;
      department: { id: number } | null;
    }[];
    const reviewerOf = new Map(rows.map((r) => [r.employee.id, r.reviewer?.id ?? null]));
    expect([...reviewerOf.keys()].sort((a, b) => a - b)).toEqual(
      [headA.id, empA.id, empSub.id, indHead.id, indEmp.id].sort((a, b) => a - b),
    );
    expect(reviewerOf.get(empA.id)).toBe(headA.id);
    // The sub-department has no head: the head of its parent reviews.
    expect(reviewerOf.get(empSub.id)).toBe(headA.id);
    // A head is reviewed by the head of the parent department.
    expect(reviewerOf.get(headA.id)).toBe(director.id);
    expect(reviewerOf.get(indEmp.id)).toBe(indHead.id);
    // A head with no department above: the period's creator.
    expect(reviewerOf.get(indHead.id)).toBe(hr.id);
    expect(reviewerOf.has(inactive.id)).toBe(false);
    expect(reviewerOf.has(outsider.id)).toBe(false);

    const mine = rows.find((r) => r.employee.id === empA.id) as { id: number };
    const detail = (await get(empA, `/api/user-evaluations/${mine.id}`)).json();
    const done = detail.criteria.find((c: { kpi_type: { id: number } }) => c.kpi_type.id === kDone);
    expect(done).toMatchObject({ actual: 2, actual_count: 2, records: { entity: 'works' } });
    expect(done.records.ids).toHaveLength(2);
    expect(done.actual_updated_at).toBeTruthy();
    const manual = detail.criteria.find((c: { kpi_type: { id: number } }) => c.kpi_type.id === kManual);
    expect(manual).toMatchObject({ actual: null, records: null });

    const events = await db()
      .selectFrom('domain_events')
      .select(['entity', 'entity_id', 'payload'])
      .where('type', '=', 'evaluation.opened')
      .execute();
    const ours = events.filter((ev) => rows.some((r) => r.id === ev.entity_id));
    expect(ours).toHaveLength(5);
    const payload = JSON.parse(String(ours.find((ev) => ev.entity_id === mine.id)?.payload));
    expect(payload).toMatchObject({
      assignee_id: empA.id,
      head_ids: [headA.id],
      vars: { 'evaluation.name': e.name },
      link: `/admin/user-evaluations/${mine.id}`,
    });

    // Someone who joins a covered department later is added by hand, once; outside the departments: 422.
    const late = await t.userWith(STAFF, { department_id: subA });
    const added = await post(hr, `/api/evaluations/${e.id}/employees`, { employee_id: late.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ employee: { id: late.id }, reviewer: { id: headA.id }, status: 'draft' });
    expect(added.json().criteria).toHaveLength(2);
    expectError(await post(hr, `/api/evaluations/${e.id}/employees`, { employee_id: late.id }), 409, 'ALREADY_EVALUATED');
    expectError(
      await post(hr, `/api/evaluations/${e.id}/employees`, { employee_id: outsider.id }),
      422,
      'VALIDATION_FAILED',
      'employee_id',
    );
    expectError(await post(viewer, `/api/evaluations/${e.id}/employees`, { employee_id: late.id }), 403, 'FORBIDDEN');
    // Gone again, so the later periods of this file count the same people.
    await db().updateTable('users').set({ status: 'inactive' }).where('id', '=', late.id).execute();

    // Opening twice, and editing criteria or departments once open, are refused; the name and deadlines may change.
    expectError(await post(hr, `/api/evaluations/${e.id}/open`), 409, 'INVALID_STATE');
    const put = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/evaluations/${e.id}`, token: hr.token, payload });
    const same = { ...quarterBody([deptA, ind], criteria()), period_end: e.period_end, version: 2 };
    expectError(
      await put({ ...same, criteria: [{ kpi_type_id: kManual, weight: 100, target: 1 }] }),
      422,
      'VALIDATION_FAILED',
      'criteria',
    );
    expectError(await put({ ...same, department_ids: [deptA] }), 422, 'VALIDATION_FAILED', 'criteria');
    const renamed = await put({ ...same, name: 'Quý IV/2026 (đã đổi tên)', self_deadline: '2027-01-06' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Quý IV/2026 (đã đổi tên)', self_deadline: '2027-01-06', status: 'open' });
    expectError(await t.call({ method: 'DELETE', url: `/api/evaluations/${e.id}`, token: hr.token }), 409, 'INVALID_STATE');
  });

  it('refuses to open a period whose departments have no active employee', async () => {
    const empty = (await createDepartment(t, { code: uniq('TR'), name: 'Phòng trống' })).id;
    const e = await create(quarterBody([empty], criteria()));
    expectError(await post(hr, `/api/evaluations/${e.id}/open`), 422, 'NO_EMPLOYEES', 'department_ids');
  });

  it('reminds each draft once, two days before the self deadline (evaluation.self_due)', async () => {
    const e = await create(quarterBody([ind], criteria(), { self_deadline: '2027-02-10', review_deadline: '2027-02-20' }));
    expect((await post(hr, `/api/evaluations/${e.id}/open`)).statusCode).toBe(200);
    const ids = (await get(hr, `/api/user-evaluations?evaluation_id=${e.id}`)).json().data.map((r: { id: number }) => r.id);
    const job = new EvaluationSelfDueJob(db());
    const eventsOf = async () =>
      (await db().selectFrom('domain_events').select('entity_id').where('type', '=', 'evaluation.self_due').execute())
        .map((r) => r.entity_id)
        .filter((id) => ids.includes(id));
    await job.runOnce(new Date('2027-02-07T02:00:00.000Z'));
    expect(await eventsOf()).toHaveLength(0);
    await job.runOnce(new Date('2027-02-08T02:00:00.000Z'));
    expect((await eventsOf()).sort()).toEqual([...ids].sort());
    await job.runOnce(new Date('2027-02-09T02:00:00.000Z'));
    expect(await eventsOf()).toHaveLength(2);
  });

  it('shows the results with the distribution, exports them, and locks everything once closed', async () => {
    const e = await create(quarterBody([deptA], [{ kpi_type_id: kManual, weight: 100, target: 100 }]));
    expect((await post(hr, `/api/evaluations/${e.id}/open`)).statusCode).toBe(200);
    const list = (await get(hr, `/api/user-evaluations?evaluation_id=${e.id}&per_page=100`)).json().data as {
      id: number;
      employee: { id: number };
    }[];
    const ueOf = (who: Who) => (list.find((r) => r.employee.id === who.id) as { id: number }).id;
    // Scores straight into the table: the user-evaluation tests walk the steps; here the results are read.
    const scores: [Who, number | null][] = [
      [empA, 90],
      [empSub, 59.9],
      [headA, null],
    ];
    for (const [who, score] of scores) {
      const id = ueOf(who);
      await db().updateTable('user_evaluation_scores').set({ self_score: score }).where('user_evaluation_id', '=', id).execute();
      await db()
        .updateTable('user_evaluations')
        .set({ total: score, grade: gradeOf(score) })
        .where('id', '=', id)
        .execute();
    }
    const res = await get(viewer, `/api/evaluations/${e.id}/results`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.rows).toHaveLength(3);
    expect(r.rows[0]).toMatchObject({ employee: { id: empA.id }, total: 90, grade: 'A', status: 'draft' });
    expect(r.distribution.by_grade).toEqual({ A: 1, B: 0, C: 0, D: 1 });
    const byDept = new Map(r.distribution.by_department.map((d: { department: { id: number } }) => [d.department.id, d]));
    expect(byDept.get(deptA)).toMatchObject({ count: 2, average: 90, A: 1, D: 0 });
    expect(byDept.get(subA)).toMatchObject({ count: 1, average: 59.9, D: 1 });
    const sub = (await get(viewer, `/api/evaluations/${e.id}/results?department_id=${subA}`)).json();
    expect(sub.rows).toHaveLength(1);
    expectError(await get(empA, `/api/evaluations/${e.id}/results`), 403, 'FORBIDDEN');

    const file = await t.call({
      method: 'GET',
      url: `/api/evaluations/${e.id}/results`,
      token: viewer.token,
      headers: { 'x-export': 'xlsx' },
    });
    const sheet = await expectXlsx(file, 'ket-qua-danh-gia');
    expect(sheet[0]).toEqual([
      'STT',
      'Mã nhân viên',
      'Nhân viên',
      'Phòng ban',
      'Người đánh giá',
      'Điểm',
      'Xếp loại',
      'Trạng thái',
    ]);
    expect(sheet).toHaveLength(4);
    expect(sheet[1]?.[5]).toBe(90);
    expect(sheet[1]?.[6]).toBe('A – Xuất sắc');

    const closed = await post(hr, `/api/evaluations/${e.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect(closed.json().closed_at).toBeTruthy();
    const lockedMsg = (res2: { statusCode: number; body: string; json: () => { message: string } }) => {
      expectError(res2 as never, 409, 'EVALUATION_LOCKED');
      expect(res2.json().message).toBe('Kỳ đánh giá đã khóa');
    };
    lockedMsg(await post(hr, `/api/evaluations/${e.id}/close`));
    lockedMsg(await post(hr, `/api/evaluations/${e.id}/open`));
    lockedMsg(
      await t.call({
        method: 'PUT',
        url: `/api/evaluations/${e.id}`,
        token: hr.token,
        payload: { ...quarterBody([deptA], [{ kpi_type_id: kManual, weight: 100, target: 100 }]), version: 3 },
      }),
    );
    lockedMsg(await t.call({ method: 'DELETE', url: `/api/evaluations/${e.id}`, token: hr.token }));
    const mine = ueOf(empA);
    const d = (await get(empA, `/api/user-evaluations/${mine}`)).json();
    expect(d.evaluation.status).toBe('closed');
    expect(d.can).toEqual({
      edit: false,
      self_assess: false,
      review: false,
      approve: false,
      return: false,
      refresh_actuals: false,
    });
    lockedMsg(
      await t.call({
        method: 'PUT',
        url: `/api/user-evaluations/${mine}`,
        token: empA.token,
        payload: { scores: [{ criterion_id: d.criteria[0].id, self_score: 10 }], version: d.version },
      }),
    );
    lockedMsg(await post(empA, `/api/user-evaluations/${mine}/submit-self`));
    lockedMsg(await post(empA, `/api/user-evaluations/${mine}/refresh-actuals`));
    lockedMsg(await post(hr, `/api/user-evaluations/${mine}/return`, { note: 'Trả lại' }));
    const history = await auditOf(t, 'evaluations', e.id);
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['create', 'open', 'close']));
  });
});
