import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment, expectError, expectXlsx, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipart, PNG } from '../../test/multipart';
import { entitlementHalfDays } from './leave-balances.service';

type Who = { id: number; token: string };
const EMPLOYEE = ['leaves.index', 'leaves.create'] as const;
const HEAD = ['leaves.index', 'leaves.create', 'leaves.departments'] as const;

describe('leaves API', () => {
  let t: TestApp;
  let annual: number;
  let sick: number;
  let root: number;
  let deptA: number;
  let deptB: number;
  let director: Who;
  let head: Who;
  let emp: Who;
  let emp2: Who;
  let sub: Who;
  let outsider: Who;
  let hr: Who;
  let manager: Who;

  const db = () => t.database.db;
  const setHead = (dept: number, userId: number) =>
    db().updateTable('departments').set({ head_id: userId }).where('id', '=', dept).execute();
  const apply = (who: Who, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/leaves', token: who.token, payload });
  const preview = (who: Who, q: Record<string, string | number>) =>
    t.call({
      method: 'GET',
      url: `/api/leaves/preview?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
      token: who.token,
    });
  const act = (who: Who, id: number, verb: string, payload: Record<string, unknown> = {}) =>
    t.call({ method: 'POST', url: `/api/leaves/${id}/${verb}`, token: who.token, payload });
  const balance = async (who: Who, year: number, userId?: number) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/leaves/balance?year=${year}${userId ? `&user_id=${userId}` : ''}`,
      token: who.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const holidays = async (year: number, days: { date: string; name: string; kind: string }[]) => {
    const cur = await t.call({ method: 'GET', url: `/api/settings/company/holidays?year=${year}`, token: t.adminToken });
    const res = await t.call({
      method: 'PUT',
      url: '/api/settings/company/holidays',
      token: t.adminToken,
      payload: { year, version: cur.json().version ?? 0, days },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const types = (await t.call({ method: 'GET', url: '/api/leave-types', token: t.adminToken })).json().data;
    annual = types.find((x: { code: string }) => x.code === 'annual').id;
    sick = types.find((x: { code: string }) => x.code === 'sick').id;
    root = (await createDepartment(t, { code: uniq('BGD'), name: 'Ban giám đốc' })).id;
    deptA = (await createDepartment(t, { code: uniq('QT'), name: 'Phòng Quan trắc', parent_id: root })).id;
    deptB = (await createDepartment(t, { code: uniq('KT'), name: 'Phòng Kế toán', parent_id: root })).id;
    director = await t.userWith(HEAD, { department_id: root, joined_at: '2010-01-05' });
    head = await t.userWith(HEAD, { department_id: deptA, joined_at: '2020-02-01' });
    emp = await t.userWith(EMPLOYEE, { department_id: deptA, joined_at: '2015-03-01' });
    emp2 = await t.userWith(EMPLOYEE, { department_id: deptA, joined_at: '2027-07-15' });
    sub = await t.userWith(EMPLOYEE, { department_id: deptA, joined_at: '2019-01-01' });
    outsider = await t.userWith(EMPLOYEE, { department_id: deptB, joined_at: '2018-01-01' });
    hr = await t.userWith(['leaves.index', 'leaves.all'], { department_id: root });
    manager = await t.userWith(['leaves.index', 'leaves.department'], { department_id: deptA });
    await setHead(root, director.id);
    await setHead(deptA, head.id);
    await holidays(2026, []);
    await holidays(2027, [
      { date: '2027-01-01', name: 'Tết Dương lịch', kind: 'holiday' },
      { date: '2027-04-30', name: 'Ngày Chiến thắng', kind: 'holiday' },
      { date: '2027-05-03', name: 'Nghỉ bù Quốc tế Lao động', kind: 'compensatory_off' },
    ]);
  });
  afterAll(() => t?.close());

  it('counts working days from the company calendar (half days, Saturday mornings, holidays across a month end)', async () => {
    const cases: [string, string, string, string, number | null][] = [
      ['2027-03-01', 'full', '2027-03-01', 'full', 1],
      ['2027-03-01', 'morning', '2027-03-01', 'morning', 0.5],
      ['2027-03-01', 'afternoon', '2027-03-01', 'afternoon', 0.5],
      ['2027-03-01', 'afternoon', '2027-03-02', 'morning', 1],
      ['2027-03-01', 'full', '2027-03-06', 'full', 5.5],
      ['2027-03-06', 'morning', '2027-03-06', 'morning', 0.5],
      ['2027-03-06', 'afternoon', '2027-03-06', 'afternoon', 0],
      ['2027-03-07', 'full', '2027-03-07', 'full', 0],
      ['2027-04-29', 'full', '2027-05-04', 'full', 2.5],
      ['2026-12-31', 'full', '2027-01-04', 'full', 2.5],
    ];
    for (const [start_date, start_half, end_date, end_half, days] of cases) {
      const res = await preview(emp, { leave_type_id: annual, start_date, start_half, end_date, end_half });
      expect(res.statusCode, `${start_date} ${start_half} ${res.body}`).toBe(200);
      expect(res.json().days, `${start_date} ${start_half}–${end_date} ${end_half}`).toBe(days);
    }
    // Halves that make no sense are refused.
    expectError(
      await preview(emp, {
        leave_type_id: annual,
        start_date: '2027-03-01',
        start_half: 'morning',
        end_date: '2027-03-01',
        end_half: 'afternoon',
      }),
      422,
      'VALIDATION_FAILED',
      'end_half',
    );
    expectError(
      await preview(emp, { leave_type_id: annual, start_date: '2027-03-02', end_date: '2027-03-01' }),
      422,
      'VALIDATION_FAILED',
      'end_date',
    );
    expectError(
      await apply(emp, { leave_type_id: annual, start_date: '2027-03-07', end_date: '2027-03-07' }),
      422,
      'LEAVE_NO_WORKING_DAYS',
      'end_date',
    );
  });

  it('computes the entitlement: 12 days, +1 per full 5 years, prorated by month in the joining year', async () => {
    expect(entitlementHalfDays(null, 2027)).toBe(24);
    expect(entitlementHalfDays('2015-03-01', 2027)).toBe(28);
    expect(entitlementHalfDays('2022-01-10', 2027)).toBe(26);
    expect(entitlementHalfDays('2022-01-10', 2026)).toBe(24);
    expect(entitlementHalfDays('2027-07-15', 2027)).toBe(12);
    expect(entitlementHalfDays('2027-08-20', 2027)).toBe(10);
    expect(entitlementHalfDays('2028-01-01', 2027)).toBe(0);
    expect((await balance(emp, 2027)).entitlement).toBe(14);
    expect((await balance(emp2, 2027)).entitlement).toBe(6);
    // Written once, however often read.
    await balance(emp, 2027);
    const rows = await db()
      .selectFrom('leave_ledger')
      .select('id')
      .where('user_id', '=', emp.id)
      .where('year', '=', 2027)
      .where('kind', '=', 'entitlement')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('applies, names the approver, refuses overlaps precisely, and is approved by the head', async () => {
    const res = await apply(emp, {
      leave_type_id: annual,
      start_date: '2027-03-01',
      start_half: 'full',
      end_date: '2027-03-02',
      end_half: 'morning',
      reason: 'Việc gia đình',
    });
    expect(res.statusCode, res.body).toBe(201);
    const leave = res.json();
    expect(leave).toMatchObject({
      status: 'pending',
      days: 1.5,
      approver: { id: head.id },
      created_by: emp.id,
      can: { edit: true, cancel: true, approve: false },
    });
    expect(leave.code).toMatch(/^NP\d{4}-\d{4}$/);
    // The afternoon of 02/03 is free; the morning is not.
    const overlap = await apply(emp, {
      leave_type_id: sick,
      start_date: '2027-03-02',
      start_half: 'morning',
      end_date: '2027-03-02',
      end_half: 'morning',
    });
    expectError(overlap, 422, 'LEAVE_OVERLAP', 'start_date');
    expect(overlap.json().message).toContain(leave.code);
    const pm = await apply(emp, {
      leave_type_id: sick,
      start_date: '2027-03-02',
      start_half: 'afternoon',
      end_date: '2027-03-02',
      end_half: 'afternoon',
    });
    expect(pm.statusCode, pm.body).toBe(201);

    const b0 = await balance(emp, 2027);
    expect(b0).toMatchObject({ remaining: 14, pending: 1.5, available: 12.5 });
    // Not the employee's own, not an outsider (404), not a colleague who sees it (403 — colleagues do not see it: 404).
    expectError(await act(emp, leave.id, 'approve'), 403, 'FORBIDDEN');
    expectError(await act(outsider, leave.id, 'approve'), 404, 'NOT_FOUND');
    const ok = await act(head, leave.id, 'approve', { note: 'Đồng ý' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', decided_by: { id: head.id }, decision_note: 'Đồng ý' });
    const b1 = await balance(emp, 2027);
    expect(b1).toMatchObject({ remaining: 12.5, used: 1.5, pending: 0 });
    expect(b1.ledger.map((r: { kind: string }) => r.kind)).toEqual(['entitlement', 'leave']);
    expectError(await act(head, leave.id, 'approve'), 409, 'INVALID_STATE');
  });

  it('sends a head’s own leave to the parent head, and an employee of a department with no head to its parent', async () => {
    const own = (await apply(head, { leave_type_id: annual, start_date: '2027-03-08', end_date: '2027-03-08' })).json();
    expect(own.approver).toMatchObject({ id: director.id });
    const other = (await apply(outsider, { leave_type_id: annual, start_date: '2027-03-08', end_date: '2027-03-08' })).json();
    expect(other.approver).toMatchObject({ id: director.id });
    expectError(await act(head, own.id, 'approve'), 403, 'FORBIDDEN');
    expect((await act(director, own.id, 'reject', { note: 'Cần người trực' })).json()).toMatchObject({ status: 'rejected' });
    expectError(await act(director, other.id, 'reject', {}), 422, 'VALIDATION_FAILED', 'note');
  });

  it('lets a substitute decide the pending leaves of their approver, those submitted before too', async () => {
    const before = (await apply(emp, { leave_type_id: annual, start_date: '2027-03-10', end_date: '2027-03-10' })).json();
    expectError(await act(sub, before.id, 'approve'), 404, 'NOT_FOUND');
    expect((await t.call({ method: 'GET', url: '/api/leaves/approval-count', token: sub.token })).json().count).toBe(0);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    // Only the approver (a head) or HR names one.
    expectError(
      await t.call({
        method: 'POST',
        url: '/api/leave-substitutes',
        token: emp.token,
        payload: { substitute_id: sub.id, start_date: today, end_date: '2027-12-31' },
      }),
      403,
      'FORBIDDEN',
    );
    const named = await t.call({
      method: 'POST',
      url: '/api/leave-substitutes',
      token: head.token,
      payload: { substitute_id: sub.id, start_date: today, end_date: '2027-12-31', note: 'Đi công tác' },
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ approver: { id: head.id }, substitute: { id: sub.id }, active: true });
    const list = await t.call({ method: 'GET', url: '/api/leaves?tab=approval', token: sub.token });
    expect(list.json().data.map((l: { id: number }) => l.id)).toContain(before.id);
    expect((await t.call({ method: 'GET', url: '/api/leaves/approval-count', token: sub.token })).json().count).toBeGreaterThan(
      0,
    );
    const shown = await t.call({ method: 'GET', url: `/api/leaves/${before.id}`, token: sub.token });
    expect(shown.json().can.approve).toBe(true);
    expect((await act(sub, before.id, 'approve')).json()).toMatchObject({ status: 'approved', decided_by: { id: sub.id } });
    const subs = await t.call({ method: 'GET', url: '/api/leave-substitutes', token: sub.token });
    expect(subs.json().data).toHaveLength(1);
    expectError(
      await t.call({ method: 'DELETE', url: `/api/leave-substitutes/${named.json().id}`, token: emp.token }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await t.call({ method: 'DELETE', url: `/api/leave-substitutes/${named.json().id}`, token: head.token })).statusCode,
    ).toBe(204);
  });

  it('refuses annual leave beyond the balance unless the policy allows a negative balance', async () => {
    const big = { leave_type_id: annual, start_date: '2027-06-01', end_date: '2027-06-30' };
    const res = await apply(emp2, big);
    expectError(res, 422, 'LEAVE_BALANCE_EXCEEDED', 'end_date');
    expect(res.json().message).toContain('còn 6 ngày');
    const policy = (await t.call({ method: 'GET', url: '/api/leaves/policy', token: hr.token })).json();
    expectError(await t.call({ method: 'GET', url: '/api/leaves/policy', token: emp.token }), 403, 'FORBIDDEN');
    const put = await t.call({
      method: 'PUT',
      url: '/api/leaves/policy',
      token: hr.token,
      payload: { ...policy, allow_negative_balance: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const ok = await apply(emp2, big);
    expect(ok.statusCode, ok.body).toBe(201);
    await t.call({
      method: 'PUT',
      url: '/api/leaves/policy',
      token: hr.token,
      payload: { ...(put.json() as object), allow_negative_balance: false },
    });
    expect((await act(emp2, ok.json().id, 'cancel')).json().status).toBe('cancelled');
  });

  it('splits a leave over the new year between the two years’ balances', async () => {
    const res = await apply(emp, { leave_type_id: annual, start_date: '2026-12-31', end_date: '2027-01-04' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().days).toBe(2.5);
    expect((await act(head, res.json().id, 'approve')).statusCode).toBe(200);
    const y26 = await balance(emp, 2026);
    const y27 = await balance(emp, 2027);
    expect(y26.ledger.find((r: { leave_id: number }) => r.leave_id === res.json().id).days).toBe(-1);
    expect(y27.ledger.find((r: { leave_id: number }) => r.leave_id === res.json().id).days).toBe(-1.5);
  });

  it('recounts approved leave when a holiday changes after approval', async () => {
    const res = await apply(emp, { leave_type_id: annual, start_date: '2027-09-06', end_date: '2027-09-08' });
    expect(res.json().days).toBe(3);
    await act(head, res.json().id, 'approve');
    const before = (await balance(emp, 2027)).remaining;
    await holidays(2027, [
      { date: '2027-01-01', name: 'Tết Dương lịch', kind: 'holiday' },
      { date: '2027-04-30', name: 'Ngày Chiến thắng', kind: 'holiday' },
      { date: '2027-05-03', name: 'Nghỉ bù Quốc tế Lao động', kind: 'compensatory_off' },
      { date: '2027-09-07', name: 'Nghỉ Quốc khánh', kind: 'holiday' },
    ]);
    const after = await balance(emp, 2027);
    expect(after.remaining).toBe(before + 1);
    const recount = after.ledger.find((r: { kind: string }) => r.kind === 'recount');
    expect(recount).toMatchObject({ days: 1, leave_id: res.json().id });
    expect(recount.note).toContain('Tính lại');
    expect((await t.call({ method: 'GET', url: `/api/leaves/${res.json().id}`, token: emp.token })).json().days).toBe(2);
    // Cancelling gives back what the leave holds now, recount included.
    expect((await act(hr, res.json().id, 'cancel')).json().status).toBe('cancelled');
    expect((await balance(emp, 2027)).remaining).toBe(before + 3);
  });

  it('cancel rules: own pending any time, approved only before it starts; others 403/404', async () => {
    const p = (await apply(emp, { leave_type_id: sick, start_date: '2027-10-04', end_date: '2027-10-04' })).json();
    expectError(await act(head, p.id, 'cancel'), 403, 'FORBIDDEN');
    expectError(await act(outsider, p.id, 'cancel'), 404, 'NOT_FOUND');
    expect((await act(emp, p.id, 'cancel')).json().status).toBe('cancelled');
    expectError(await act(emp, p.id, 'cancel'), 409, 'INVALID_STATE');
    // A leave that already began (inserted as approved in the past) cannot be cancelled by the employee.
    const past = (await apply(emp, { leave_type_id: sick, start_date: '2026-11-02', end_date: '2026-11-02' })).json();
    await act(head, past.id, 'approve');
    expectError(await act(emp, past.id, 'cancel'), 409, 'INVALID_STATE');
    expect((await act(hr, past.id, 'cancel')).json().status).toBe('cancelled');
  });

  it('scopes: mine, all by key, 401/403/404', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/leaves' }), 401, 'UNAUTHENTICATED');
    const none = await t.userWith([]);
    expectError(await t.call({ method: 'GET', url: '/api/leaves', token: none.token }), 403, 'FORBIDDEN');
    expectError(await apply(none, { leave_type_id: annual, start_date: '2027-03-01', end_date: '2027-03-01' }), 403, 'FORBIDDEN');
    const ids = async (who: Who, tab: string) =>
      (await t.call({ method: 'GET', url: `/api/leaves?tab=${tab}&per_page=100`, token: who.token }))
        .json()
        .data.map((l: { user_id: number }) => l.user_id);
    expect(new Set(await ids(emp, 'mine'))).toEqual(new Set([emp.id]));
    expect(new Set(await ids(emp, 'all'))).toEqual(new Set([emp.id]));
    const deptUsers = new Set(await ids(manager, 'all'));
    expect(deptUsers.has(emp.id) && deptUsers.has(head.id)).toBe(true);
    expect(deptUsers.has(outsider.id)).toBe(false);
    const headed = new Set(await ids(director, 'all'));
    expect(headed.has(outsider.id) && headed.has(emp.id)).toBe(true);
    expect(new Set(await ids(hr, 'all')).has(outsider.id)).toBe(true);
    const outsiderLeave = (await t.call({ method: 'GET', url: '/api/leaves?tab=mine', token: outsider.token })).json().data[0];
    expectError(await t.call({ method: 'GET', url: `/api/leaves/${outsiderLeave.id}`, token: emp.token }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'GET', url: '/api/leaves/999999', token: hr.token }), 404, 'NOT_FOUND');
    expectError(
      await t.call({ method: 'GET', url: `/api/leaves/balance?user_id=${outsider.id}`, token: manager.token }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/leaves/balance?user_id=${emp.id}&year=2027`, token: manager.token })).statusCode,
    ).toBe(200);
    const found = await t.call({ method: 'GET', url: '/api/leaves?tab=all&search=nguoi dung', token: hr.token });
    expect(found.json().meta.total).toBeGreaterThan(0);
    const filtered = await t.call({
      method: 'GET',
      url: `/api/leaves?tab=all&month=2027-03&leave_type_id=${annual}&status=approved&department_id=${deptA}`,
      token: hr.token,
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    for (const l of filtered.json().data) expect(l).toMatchObject({ status: 'approved', leave_type_id: annual });
    const rows = await expectXlsx(
      await t.call({ method: 'GET', url: '/api/leaves?tab=all', token: hr.token, headers: { 'x-export': 'xlsx' } }),
      'nghi-phep',
    );
    expect(rows[0]).toContain('Mã đơn');
    expect(rows.length).toBeGreaterThan(3);
  });

  it('creates leave for an employee: approved by its creator, the employee notified', async () => {
    expectError(
      await t.call({
        method: 'POST',
        url: '/api/leaves/for-employee',
        token: manager.token,
        payload: { user_id: outsider.id, leave_type_id: sick, start_date: '2027-11-01', end_date: '2027-11-01' },
      }),
      422,
      'VALIDATION_FAILED',
      'user_id',
    );
    expectError(
      await t.call({
        method: 'POST',
        url: '/api/leaves/for-employee',
        token: emp.token,
        payload: { user_id: sub.id, leave_type_id: sick, start_date: '2027-11-01', end_date: '2027-11-01' },
      }),
      403,
      'FORBIDDEN',
    );
    const res = await t.call({
      method: 'POST',
      url: '/api/leaves/for-employee',
      token: manager.token,
      payload: {
        user_id: sub.id,
        leave_type_id: annual,
        start_date: '2027-11-01',
        end_date: '2027-11-02',
        reason: 'Nghỉ theo kế hoạch',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'approved',
      user_id: sub.id,
      created_by_user: { id: manager.id },
      decided_by: { id: manager.id },
    });
    expect((await balance(sub, 2027)).used).toBe(2);
    await t.app.workers.dispatcher.runOnce();
    const notes = (await t.call({ method: 'GET', url: '/api/notifications', token: sub.token })).json().data;
    expect(
      notes.some(
        (n: { event: string; link: string }) =>
          n.event === 'leave.created_for_you' && n.link === `/admin/leaves/${res.json().id}`,
      ),
    ).toBe(true);
  });

  it('dispatches submitted to the approver and substitutes, approved to the employee', async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    await t.call({
      method: 'POST',
      url: '/api/leave-substitutes',
      token: head.token,
      payload: { substitute_id: sub.id, start_date: today, end_date: today },
    });
    const l = (await apply(emp, { leave_type_id: sick, start_date: '2027-11-15', end_date: '2027-11-15', reason: 'Sốt' })).json();
    await t.app.workers.dispatcher.runOnce();
    const of = async (who: Who) =>
      (await t.call({ method: 'GET', url: '/api/notifications?per_page=100', token: who.token })).json().data;
    for (const who of [head, sub]) {
      expect(
        (await of(who)).some(
          (n: { event: string; link: string }) => n.event === 'leave.submitted' && n.link === `/admin/leaves/${l.id}`,
        ),
      ).toBe(true);
    }
    await act(sub, l.id, 'approve');
    await t.app.workers.dispatcher.runOnce();
    expect(
      (await of(emp)).some(
        (n: { event: string; link: string }) => n.event === 'leave.approved' && n.link === `/admin/leaves/${l.id}`,
      ),
    ).toBe(true);
  });

  it('dispatches cancelled to the approver (and the substitute who approved it), not to the employee', async () => {
    const of = async (who: Who) =>
      (await t.call({ method: 'GET', url: '/api/notifications?per_page=100', token: who.token })).json().data as {
        event: string;
        link: string;
        title: string;
      }[];
    const cancelledOf = async (who: Who, id: number) =>
      (await of(who)).filter((n) => n.event === 'leave.cancelled' && n.link === `/admin/leaves/${id}`);
    // Pending, cancelled by the employee: the approver hears of it.
    const pending = (await apply(emp, { leave_type_id: sick, start_date: '2027-11-22', end_date: '2027-11-22' })).json();
    expect((await act(emp, pending.id, 'cancel', { note: 'Đã khỏi' })).statusCode).toBe(200);
    await t.app.workers.dispatcher.runOnce();
    const forHead = await cancelledOf(head, pending.id);
    expect(forHead).toHaveLength(1);
    expect(forHead[0]?.title).toContain('đã hủy');
    expect(await cancelledOf(emp, pending.id)).toHaveLength(0);
    expect(await cancelledOf(outsider, pending.id)).toHaveLength(0);
    // Approved by the substitute, cancelled before it starts: approver and substitute both.
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    await t.call({
      method: 'POST',
      url: '/api/leave-substitutes',
      token: head.token,
      payload: { substitute_id: sub.id, start_date: today, end_date: today },
    });
    const approved = (await apply(emp, { leave_type_id: sick, start_date: '2027-11-23', end_date: '2027-11-23' })).json();
    expect((await act(sub, approved.id, 'approve')).statusCode).toBe(200);
    expect((await act(emp, approved.id, 'cancel')).statusCode).toBe(200);
    await t.app.workers.dispatcher.runOnce();
    expect(await cancelledOf(head, approved.id)).toHaveLength(1);
    expect(await cancelledOf(sub, approved.id)).toHaveLength(1);
    const event = await db()
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'leave.cancelled')
      .where('entity_id', '=', approved.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(event.payload)).head_ids.sort()).toEqual([head.id, sub.id].sort());
  });

  it('tells a head in /api/auth/info which departments they head, leave keys or not', async () => {
    const keyless = await t.userWith([], { department_id: deptB });
    const info = async (who: Who) =>
      (await t.call({ method: 'GET', url: '/api/auth/info', token: who.token })).json().user.headed_department_ids;
    expect(await info(keyless)).toEqual([]);
    await setHead(deptB, keyless.id);
    try {
      expect(await info(keyless)).toEqual([deptB]);
      expect(await info(director)).toEqual([root]);
      // The substitute drawer is theirs: a keyless head names a substitute.
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      const res = await t.call({
        method: 'POST',
        url: '/api/leave-substitutes',
        token: keyless.token,
        payload: { substitute_id: outsider.id, start_date: today, end_date: today },
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await db().updateTable('departments').set({ head_id: null }).where('id', '=', deptB).execute();
    }
    expect((await t.call({ method: 'GET', url: '/api/auth/info' })).statusCode).toBe(401);
  });

  it('makes one transition of 20 concurrent approvals', async () => {
    const l = (await apply(emp, { leave_type_id: annual, start_date: '2027-12-06', end_date: '2027-12-06' })).json();
    const results = await Promise.all(Array.from({ length: 20 }, () => act(head, l.id, 'approve')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const rows = await db().selectFrom('leave_ledger').select('id').where('leave_id', '=', l.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('edits a pending leave with its version, recounted', async () => {
    const l = (await apply(emp, { leave_type_id: annual, start_date: '2027-12-13', end_date: '2027-12-13' })).json();
    const put = (version: number, who = emp) =>
      t.call({
        method: 'PUT',
        url: `/api/leaves/${l.id}`,
        token: who.token,
        payload: { leave_type_id: annual, start_date: '2027-12-13', end_date: '2027-12-14', version },
      });
    const ok = await put(l.version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().days).toBe(2);
    expectError(await put(l.version), 409, 'CONFLICT');
    expectError(await put(ok.json().version, outsider), 404, 'NOT_FOUND');
  });

  it('HR adjusts a balance and closes the year idempotently, carrying up to the cap', async () => {
    expectError(
      await t.call({
        method: 'POST',
        url: '/api/leaves/balance-adjustments',
        token: head.token,
        payload: { user_id: emp.id, year: 2027, days: 1, note: 'x' },
      }),
      403,
      'FORBIDDEN',
    );
    const adj = await t.call({
      method: 'POST',
      url: '/api/leaves/balance-adjustments',
      token: hr.token,
      payload: { user_id: emp.id, year: 2027, days: 0.5, note: 'Thưởng nửa ngày' },
    });
    expect(adj.statusCode, adj.body).toBe(201);
    expect(adj.json().adjustments).toBe(0.5);
    expect(adj.json().ledger.find((r: { kind: string }) => r.kind === 'adjustment')).toMatchObject({
      days: 0.5,
      note: 'Thưởng nửa ngày',
      created_by: hr.id,
      created_by_name: expect.any(String),
    });
    const close = () => t.call({ method: 'POST', url: '/api/leaves/year-end-close', token: hr.token, payload: { year: 2027 } });
    const first = await close();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().carried).toBeGreaterThan(0);
    expect((await close()).json().carried).toBe(0);
    const next = await balance(emp, 2028);
    expect(next.carried_over).toBe(5);
    expect(next.ledger.find((r: { kind: string }) => r.kind === 'carry_over').expires_on).toBe('2028-03-31');
    // Both show in the employee's history.
    const history = await t.call({
      method: 'GET',
      url: `/api/audit-logs?entity=users&entity_id=${emp.id}&per_page=100`,
      token: t.adminToken,
    });
    expect(history.statusCode, history.body).toBe(200);
    const actions = history.json().data.map((e: { action: string }) => e.action);
    expect(actions).toContain('leave_adjustment');
    expect(actions.filter((a: string) => a === 'leave_carry_over')).toHaveLength(1);
  });

  it('refuses an adjustment of one’s own balance (403, nothing written); another HR person or the administrator makes it', async () => {
    const adjust = (who: { token: string }, userId: number) =>
      t.call({
        method: 'POST',
        url: '/api/leaves/balance-adjustments',
        token: who.token,
        payload: { user_id: userId, year: 2027, days: 3, note: 'Tự cộng thêm' },
      });
    const before = await balance(hr, 2027);
    const own = expectError(await adjust(hr, hr.id), 403, 'FORBIDDEN');
    expect(own.message).toBe('Không thể tự điều chỉnh số ngày phép của chính mình. Hãy nhờ một người khác của bộ phận nhân sự.');
    expect((await balance(hr, 2027)).remaining).toBe(before.remaining);
    const adminId = (await t.call({ method: 'GET', url: '/api/auth/info', token: t.adminToken })).json().user.id;
    expectError(await adjust({ token: t.adminToken }, adminId), 403, 'FORBIDDEN');
    const hr2 = await t.userWith(['leaves.index', 'leaves.all'], { department_id: root });
    const other = await adjust(hr2, hr.id);
    expect(other.statusCode, other.body).toBe(201);
    expect((await balance(hr, 2027)).remaining).toBe(before.remaining + 3);
    expect((await adjust({ token: t.adminToken }, hr2.id)).statusCode).toBe(201);
  });

  it('leave types: read by anyone signed in, changed with settings.edit, kept while used', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/leave-types', token: emp.token }))
        .json()
        .data.map((x: { symbol: string }) => x.symbol),
    ).toEqual(['P', 'Ô', 'KL', 'TS', 'KH', 'TG', 'K', 'CT']);
    expectError(
      await t.call({
        method: 'POST',
        url: '/api/leave-types',
        token: emp.token,
        payload: { code: 'study', name: 'Nghỉ học', symbol: 'H' },
      }),
      403,
      'FORBIDDEN',
    );
    const created = await t.call({
      method: 'POST',
      url: '/api/leave-types',
      token: t.adminToken,
      payload: { code: 'study', name: 'Nghỉ học', symbol: 'H', paid: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/leave-types/${created.json().id}`, token: t.adminToken })).statusCode,
    ).toBe(204);
    expectError(await t.call({ method: 'DELETE', url: `/api/leave-types/${annual}`, token: t.adminToken }), 409, 'IN_USE');
  });
  it('attaches uploaded files; they and the history follow the leave’s scope', async () => {
    const form = multipart([{ name: 'files[]', filename: 'giay-kham.png', data: PNG, contentType: 'image/png' }]);
    const up = await t.call({
      method: 'POST',
      url: '/api/documents',
      token: emp.token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(up.statusCode, up.body).toBe(201);
    const docId = up.json().data[0].id;
    const res = await apply(emp, {
      leave_type_id: sick,
      start_date: '2027-12-20',
      end_date: '2027-12-20',
      attachment_ids: [docId],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attachments.map((a: { id: number }) => a.id)).toEqual([docId]);
    expect((await t.call({ method: 'GET', url: `/api/documents/${docId}/download`, token: head.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/documents/${docId}/download`, token: outsider.token })).statusCode).toBe(
      404,
    );
    const history = (who: Who) =>
      t.call({ method: 'GET', url: `/api/audit-logs?entity=leaves&entity_id=${res.json().id}`, token: who.token });
    const own = await history(emp);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((e: { action: string }) => e.action)).toContain('create');
    expect((await history(outsider)).statusCode).toBe(404);
  });

  it('takes back the unused part of carried-over days once they expire', async () => {
    const annualRow = {
      user_id: outsider.id,
      leave_type_id: annual,
      year: 2026,
      leave_id: null,
      created_by: null,
      created_at: new Date().toISOString(),
    };
    await db()
      .insertInto('leave_ledger')
      .values({ ...annualRow, kind: 'carry_over', half_days: 6, note: 'Chuyển từ 2025', expires_on: '2026-03-31' })
      .execute();
    const b = await balance(outsider, 2026);
    expect(b.carried_over).toBe(3);
    expect(b.ledger.filter((r: { kind: string }) => r.kind === 'expiry')).toMatchObject([{ days: -3 }]);
    // Once only.
    expect((await balance(outsider, 2026)).ledger.filter((r: { kind: string }) => r.kind === 'expiry')).toHaveLength(1);
  });

  // Last: it changes the company's working week for the rest of the file.
  it('recounts when the working week changes: a Saturday morning no longer worked is given back', async () => {
    const l = (await apply(emp, { leave_type_id: annual, start_date: '2027-10-15', end_date: '2027-10-18' })).json();
    expect(l.days).toBe(2.5);
    await act(head, l.id, 'approve');
    const before = (await balance(emp, 2027)).remaining;
    const settings = (await t.call({ method: 'GET', url: '/api/settings/company', token: t.adminToken })).json();
    const put = await t.call({
      method: 'PUT',
      url: '/api/settings/company',
      token: t.adminToken,
      payload: { ...settings, working_days: [1, 2, 3, 4, 5], saturday_half: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/leaves/${l.id}`, token: emp.token })).json().days).toBe(2);
    const after = await balance(emp, 2027);
    expect(
      after.ledger.filter((r: { leave_id: number; kind: string }) => r.leave_id === l.id && r.kind === 'recount'),
    ).toMatchObject([{ days: 0.5 }]);
    // Every approved leave with a Saturday morning got its half day back (this one and the one over the new year).
    expect(after.remaining).toBe(before + 1);
  });
});
