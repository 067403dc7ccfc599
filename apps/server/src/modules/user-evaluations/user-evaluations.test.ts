import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDoneWork, insertKpiType, insertOpenEvaluation, quarterBody } from '../../test/evaluation-fixtures';
import { auditOf, createDepartment, expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

type Who = { id: number; token: string };
const STAFF = ['user_evaluations.index', 'user_evaluations.show'] as const;
const HR = ['evaluations.index', 'evaluations.show', 'evaluations.create', 'evaluations.edit', 'user_evaluations.edit'] as const;

interface Detail {
  id: number;
  status: string;
  total: number | null;
  grade: string | null;
  version: number;
  self_late: boolean;
  return_note: string | null;
  criteria: {
    id: number;
    kpi_type: { id: number };
    actual: number | null;
    self_score: number | null;
    reviewer_score: number | null;
  }[];
  can: Record<string, boolean>;
}

describe('user evaluations API', () => {
  let t: TestApp;
  let hr: Who;
  let director: Who;
  let headA: Who;
  let empA: Who;
  let empA2: Who;
  let empSub: Who;
  let outsider: Who;
  let noKey: Who;
  let deptA: number;
  let subA: number;
  let kDone: number;
  let kManual: number;
  let evaluationId: number;
  const ue = { headA: 0, empA: 0, empA2: 0, empSub: 0, outsider: 0, noKey: 0 };

  const db = () => t.database.db;
  const get = (who: Who, url: string) => t.call({ method: 'GET', url, token: who.token });
  const post = (who: Who, url: string, payload: Record<string, unknown> = {}) =>
    t.call({ method: 'POST', url, token: who.token, payload });
  const detail = async (who: Who, id: number): Promise<Detail> => {
    const res = await get(who, `/api/user-evaluations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const crit = (d: Detail, kpi: number) => d.criteria.find((c) => c.kpi_type.id === kpi) as Detail['criteria'][number];
  const save = async (who: Who, id: number, scores: Record<string, unknown>[]) => {
    const d = await detail(hr, id);
    return t.call({
      method: 'PUT',
      url: `/api/user-evaluations/${id}`,
      token: who.token,
      payload: { scores, version: d.version },
    });
  };
  const ids = async (who: Who, query: string) => {
    const res = await get(who, `/api/user-evaluations?evaluation_id=${evaluationId}&per_page=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };
  const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    const root = (await createDepartment(t, { code: uniq('BGD'), name: 'Ban giám đốc' })).id;
    deptA = (await createDepartment(t, { code: uniq('QT'), name: 'Phòng Quan trắc', parent_id: root })).id;
    subA = (await createDepartment(t, { code: uniq('PT'), name: 'Tổ Phân tích', parent_id: deptA })).id;
    const deptB = (await createDepartment(t, { code: uniq('KT'), name: 'Phòng Kế toán', parent_id: root })).id;
    hr = await t.userWith(HR);
    director = await t.userWith(STAFF, { department_id: root });
    headA = await t.userWith(STAFF, { department_id: deptA });
    empA = await t.userWith(STAFF, { department_id: deptA });
    empA2 = await t.userWith(STAFF, { department_id: deptA });
    empSub = await t.userWith(STAFF, { department_id: subA });
    outsider = await t.userWith(STAFF, { department_id: deptB });
    noKey = await t.userWith([], { department_id: deptA });
    await db().updateTable('departments').set({ head_id: director.id }).where('id', '=', root).execute();
    await db().updateTable('departments').set({ head_id: headA.id }).where('id', '=', deptA).execute();
    // The sub-department has its own head's department above it: headA heads deptA, nobody heads subA.
    kDone = await insertKpiType(t, { name: 'Số công việc hoàn thành', measure: 'works_done' });
    kManual = await insertKpiType(t, { name: 'Số báo cáo đúng hạn', unit: 'báo cáo' });
    await insertDoneWork(t, empA.id, '2026-10-20T03:00:00.000Z');
    const created = await post(
      hr,
      '/api/evaluations',
      quarterBody(
        [deptA, deptB],
        [
          { kpi_type_id: kDone, weight: 60, target: 5 },
          { kpi_type_id: kManual, weight: 40, target: 12 },
        ],
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    evaluationId = created.json().id;
    expect((await post(hr, `/api/evaluations/${evaluationId}/open`)).statusCode).toBe(200);
    const rows = (await get(hr, `/api/user-evaluations?evaluation_id=${evaluationId}&per_page=100`)).json().data as {
      id: number;
      employee: { id: number };
    }[];
    for (const [name, who] of Object.entries({ headA, empA, empA2, empSub, outsider, noKey })) {
      const row = rows.find((r) => r.employee.id === who.id);
      if (!row) throw new Error(`no user evaluation of ${name}: ${JSON.stringify(rows)}`);
      ue[name as keyof typeof ue] = row.id;
    }
  });
  afterAll(() => t.close());

  it('answers 401 without a token, 403 without a key, 404 outside the scope or unknown', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user-evaluations' })).statusCode).toBe(401);
    expectError(await get(noKey, '/api/user-evaluations'), 403, 'FORBIDDEN');
    expectError(await get(empA, `/api/user-evaluations/${ue.empA2}`), 404, 'NOT_FOUND');
    expectError(await get(outsider, `/api/user-evaluations/${ue.empA}`), 404, 'NOT_FOUND');
    expectError(await get(empA, '/api/user-evaluations/999999'), 404, 'NOT_FOUND');
    expectError(await post(outsider, `/api/user-evaluations/${ue.empA}/submit-self`), 404, 'NOT_FOUND');
    const history = await t.call({
      method: 'GET',
      url: `/api/audit-logs?entity=user_evaluations&entity_id=${ue.empA}`,
      token: outsider.token,
    });
    expect([403, 404]).toContain(history.statusCode);
  });

  it('scopes: own; the reviewer; the head sees the department and its sub-departments; the head above sees the head; HR all', async () => {
    expect(await ids(empA, '')).toEqual([ue.empA]);
    expect(await ids(empA, '&tab=to_review')).toEqual([]);
    expect(await ids(headA, '')).toEqual(sorted(ue.headA, ue.empA, ue.empA2, ue.empSub, ue.noKey));
    expect(await ids(headA, '&tab=to_review')).toEqual(sorted(ue.empA, ue.empA2, ue.empSub, ue.noKey));
    expect(await ids(headA, '&tab=mine')).toEqual([ue.headA]);
    expect(await ids(headA, `&department_id=${subA}`)).toEqual([ue.empSub]);
    // The director heads the root: every department under it.
    expect(await ids(director, '')).toEqual(sorted(ue.headA, ue.empA, ue.empA2, ue.empSub, ue.outsider, ue.noKey));
    expect(await ids(director, '&tab=to_review')).toEqual(sorted(ue.headA, ue.outsider));
    expect((await ids(hr, '')).length).toBe(6);
    expect(await ids(hr, `&employee_id=${empSub.id}`)).toEqual([ue.empSub]);
    expect((await detail(headA, ue.empSub)).can).toMatchObject({ self_assess: false, review: false });
    // The employee's history over periods.
    const mine = await get(empA, `/api/user-evaluations?employee_id=${empA.id}&sort=-period_start`);
    expect(mine.json().data.map((r: { id: number }) => r.id)).toEqual([ue.empA]);
    expect((await get(empA, `/api/user-evaluations?employee_id=${empA2.id}`)).json().data).toEqual([]);
    expect((await get(empA, '/api/user-evaluations?search=quy iv')).json().meta.total).toBe(1);
  });

  it('walks draft → self-assessed → reviewed → approved, each by the right person, with totals and grades', async () => {
    const id = ue.empA;
    let d = await detail(empA, id);
    expect(d).toMatchObject({ status: 'draft', total: null, grade: null });
    expect(d.can).toMatchObject({ edit: true, self_assess: true, review: false, approve: false, return: false });
    expect(crit(d, kDone).actual).toBe(1);

    // Only the employee submits; all self scores are needed.
    expectError(await post(headA, `/api/user-evaluations/${id}/submit-self`), 403, 'FORBIDDEN');
    expectError(await post(hr, `/api/user-evaluations/${id}/submit-self`), 403, 'FORBIDDEN');
    const missing = expectError(await post(empA, `/api/user-evaluations/${id}/submit-self`), 422, 'SCORES_MISSING', 'scores');
    expect(missing.message).toContain('Số công việc hoàn thành');

    // The employee writes self scores, not the reviewer's nor a computed actual.
    expectError(await save(empA, id, [{ criterion_id: crit(d, kDone).id, reviewer_score: 50 }]), 403, 'FORBIDDEN');
    expectError(
      await save(empA, id, [{ criterion_id: crit(d, kDone).id, actual: 9 }]),
      422,
      'VALIDATION_FAILED',
      'scores.0.actual',
    );
    expectError(
      await save(empA, id, [{ criterion_id: 999999, self_score: 50 }]),
      422,
      'VALIDATION_FAILED',
      'scores.0.criterion_id',
    );
    expectError(await save(empA, id, [{ criterion_id: crit(d, kDone).id, self_score: 101 }]), 422, 'VALIDATION_FAILED');
    expectError(await save(headA, id, [{ criterion_id: crit(d, kDone).id, self_score: 50 }]), 409, 'INVALID_STATE');
    const saved = await save(empA, id, [
      { criterion_id: crit(d, kDone).id, self_score: 100, note: 'Hoàn thành đủ công việc' },
      { criterion_id: crit(d, kManual).id, self_score: 90 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ total: 96, grade: 'A' });
    const stale = await t.call({
      method: 'PUT',
      url: `/api/user-evaluations/${id}`,
      token: empA.token,
      payload: { scores: [], version: d.version },
    });
    expectError(stale, 409, 'CONFLICT');
    d = (await post(empA, `/api/user-evaluations/${id}/submit-self`)).json();
    expect(d).toMatchObject({ status: 'self_assessed', self_late: false });
    expect(d.can).toMatchObject({ edit: false, self_assess: false });
    expectError(await post(empA, `/api/user-evaluations/${id}/submit-self`), 409, 'INVALID_STATE');

    // The reviewer scores (a manual actual too) and reviews; the employee may not, nor a colleague.
    expectError(await post(empA, `/api/user-evaluations/${id}/review`), 403, 'FORBIDDEN');
    expectError(await post(empSub, `/api/user-evaluations/${id}/review`), 404, 'NOT_FOUND');
    expectError(await save(empA, id, [{ criterion_id: crit(d, kDone).id, self_score: 10 }]), 409, 'INVALID_STATE');
    expectError(await save(headA, id, [{ criterion_id: crit(d, kDone).id, self_score: 10 }]), 403, 'FORBIDDEN');
    const partial = await save(headA, id, [
      { criterion_id: crit(d, kDone).id, reviewer_score: 89.99 },
      { criterion_id: crit(d, kManual).id, actual: 11, self_score: 90 },
    ]);
    expect(partial.statusCode, partial.body).toBe(200);
    // 60 × 89.99 (reviewer) + 40 × 90 (self, no reviewer score yet) = 89.994 → 89.99, a B.
    expect(partial.json()).toMatchObject({ total: 89.99, grade: 'B' });
    expect(crit(partial.json(), kManual).actual).toBe(11);
    expectError(await post(headA, `/api/user-evaluations/${id}/review`), 422, 'SCORES_MISSING', 'scores');
    expect((await save(headA, id, [{ criterion_id: crit(d, kManual).id, reviewer_score: 89.99 }])).json()).toMatchObject({
      total: 89.99,
      grade: 'B',
    });
    d = (await post(headA, `/api/user-evaluations/${id}/review`, { note: 'Đạt yêu cầu' })).json();
    expect(d).toMatchObject({ status: 'reviewed', total: 89.99, grade: 'B' });
    const reviewed = await db()
      .selectFrom('domain_events')
      .select(['payload'])
      .where('type', '=', 'evaluation.reviewed')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(reviewed.payload))).toMatchObject({
      assignee_id: empA.id,
      vars: { 'evaluation.score': '89,99' },
      link: `/admin/user-evaluations/${id}`,
    });

    // HR approves; the reviewer may not. HR returns it a step with a note, then approves again.
    expectError(await post(headA, `/api/user-evaluations/${id}/approve`), 403, 'FORBIDDEN');
    expectError(await post(hr, `/api/user-evaluations/${id}/return`, {}), 422, 'VALIDATION_FAILED', 'note');
    d = (await post(hr, `/api/user-evaluations/${id}/approve`)).json();
    expect(d).toMatchObject({ status: 'approved', approved_by: { id: hr.id } });
    expect(d.can.refresh_actuals).toBe(false);
    expect(
      await db()
        .selectFrom('domain_events')
        .select('id')
        .where('type', '=', 'evaluation.approved')
        .where('entity_id', '=', id)
        .execute(),
    ).toHaveLength(1);
    expectError(await post(headA, `/api/user-evaluations/${id}/return`, { note: 'Xem lại' }), 403, 'FORBIDDEN');
    d = (await post(hr, `/api/user-evaluations/${id}/return`, { note: 'Cần xem lại điểm thái độ' })).json();
    expect(d).toMatchObject({ status: 'reviewed', approved_by: null, return_note: 'Cần xem lại điểm thái độ' });
    expect((await post(hr, `/api/user-evaluations/${id}/approve`)).json().status).toBe('approved');

    // The dispatcher turns the events into the employee's notifications (the catalogue's defaults: the assignee).
    await t.app.workers.dispatcher.runOnce();
    const notes = (await t.call({ method: 'GET', url: '/api/notifications?per_page=100', token: empA.token })).json().data as {
      event: string;
      link: string;
      body: string;
    }[];
    const link = `/admin/user-evaluations/${id}`;
    for (const event of ['evaluation.opened', 'evaluation.reviewed', 'evaluation.approved'])
      expect(notes.some((n) => n.event === event && n.link === link)).toBe(true);
    expect(notes.find((n) => n.event === 'evaluation.reviewed')?.body).toContain('89,99 điểm');

    const history = await auditOf(t, 'user_evaluations', id, empA.token);
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'submit_self', 'review', 'approve', 'return']),
    );
  });

  it('thresholds through the API: 90 is A, 60 is C, 59.9 is D', async () => {
    const id = ue.empA2;
    const d = await detail(empA2, id);
    const both = (score: number) =>
      save(empA2, id, [
        { criterion_id: crit(d, kDone).id, self_score: score },
        { criterion_id: crit(d, kManual).id, self_score: score },
      ]);
    expect((await both(90)).json()).toMatchObject({ total: 90, grade: 'A' });
    expect((await both(60)).json()).toMatchObject({ total: 60, grade: 'C' });
    expect((await both(59.9)).json()).toMatchObject({ total: 59.9, grade: 'D' });
  });

  it('a reviewer returns a self-assessment to the employee; a late submission is marked', async () => {
    const id = ue.empSub;
    const d = await detail(empSub, id);
    await save(
      empSub,
      id,
      d.criteria.map((c) => ({ criterion_id: c.id, self_score: 80 })),
    );
    await db().updateTable('evaluations').set({ self_deadline: '2026-10-02' }).where('id', '=', evaluationId).execute();
    const sent = (await post(empSub, `/api/user-evaluations/${id}/submit-self`)).json();
    expect(sent).toMatchObject({ status: 'self_assessed', self_late: true });
    await db().updateTable('evaluations').set({ self_deadline: '2027-01-05' }).where('id', '=', evaluationId).execute();
    expectError(await post(empSub, `/api/user-evaluations/${id}/return`, { note: 'Tự trả' }), 403, 'FORBIDDEN');
    const back = (await post(headA, `/api/user-evaluations/${id}/return`, { note: 'Bổ sung minh chứng' })).json();
    expect(back).toMatchObject({ status: 'draft', return_note: 'Bổ sung minh chứng', self_submitted_at: null });
    expect(back.can.self_assess).toBe(false);
    expect((await detail(empSub, id)).can.self_assess).toBe(true);
  });

  it('approves once under concurrent calls: one 200, the rest 409, one event', async () => {
    const { ids: made } = await insertOpenEvaluation(t, {
      departmentId: deptA,
      kpiTypeId: kManual,
      createdBy: hr.id,
      people: [{ employeeId: empA2.id, reviewerId: headA.id, status: 'reviewed' }],
    });
    const id = made[0] as number;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(hr, `/api/user-evaluations/${id}/approve`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const events = await db()
      .selectFrom('domain_events')
      .select('id')
      .where('type', '=', 'evaluation.approved')
      .where('entity_id', '=', id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('refreshes computed actuals on demand, and on read once they are older than five minutes', async () => {
    const id = ue.outsider;
    expect(crit(await detail(outsider, id), kDone).actual).toBe(0);
    await insertDoneWork(t, outsider.id, '2026-11-02T03:00:00.000Z');
    // Fresh: a read keeps the cached value.
    expect(crit(await detail(outsider, id), kDone).actual).toBe(0);
    const refreshed = await post(outsider, `/api/user-evaluations/${id}/refresh-actuals`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(crit(refreshed.json(), kDone)).toMatchObject({ actual: 1, actual_count: 1 });
    await insertDoneWork(t, outsider.id, '2026-11-03T03:00:00.000Z');
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    await db()
      .updateTable('user_evaluation_scores')
      .set({ actual_updated_at: old })
      .where('user_evaluation_id', '=', id)
      .execute();
    expect(crit(await detail(outsider, id), kDone).actual).toBe(2);
  });
});
