import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race, statusCounts } from '../../test/concurrency';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// The leave rules that span rows — no two live leaves of one person overlap, an annual balance never goes below zero
// when the policy forbids it — under N identical requests at once (docs/architecture.md, "Rules across rows").

const EMPLOYEE = ['leaves.index', 'leaves.create'] as const;
const HEAD = ['leaves.index', 'leaves.create', 'leaves.departments'] as const;

/** The first `n` weekdays from `from` (2027 has no holidays in this app until some are set). */
function weekdays(from: string, n: number): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  while (out.length < n) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

describe('leave rules under concurrent requests', () => {
  let t: TestApp;
  let annual: number;
  let sick: number;
  let dept: number;
  let hr: { id: number; token: string };
  let head: { id: number; token: string };

  const leavesOf = (userId: number) =>
    t.database.db.selectFrom('leaves').selectAll().where('user_id', '=', userId).where('status', '!=', 'cancelled').execute();
  const available = async (token: string, year: number) =>
    (await t.call({ method: 'GET', url: `/api/leaves/balance?year=${year}`, token })).json().available as number;

  beforeAll(async () => {
    t = await createTestApp();
    const types = (await t.call({ method: 'GET', url: '/api/leave-types', token: t.adminToken })).json().data;
    annual = types.find((x: { code: string }) => x.code === 'annual').id;
    sick = types.find((x: { code: string }) => x.code === 'sick').id;
    dept = (await createDepartment(t, { code: uniq('QT'), name: 'Phòng Quan trắc' })).id;
    head = await t.userWith(HEAD, { department_id: dept, joined_at: '2018-01-01' });
    await t.database.db.updateTable('departments').set({ head_id: head.id }).where('id', '=', dept).execute();
    hr = await t.userWith(['leaves.index', 'leaves.all'], { joined_at: '2018-01-01' });
    const policy = (await t.call({ method: 'GET', url: '/api/leaves/policy', token: hr.token })).json();
    const put = await t.call({
      method: 'PUT',
      url: '/api/leaves/policy',
      token: hr.token,
      payload: { ...policy, allow_negative_balance: false },
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('stores one leave of 20 concurrent applications for the same day; the others are told of the overlap', async () => {
    const emp = await t.userWith(EMPLOYEE, { department_id: dept, joined_at: '2016-01-01' });
    const answers = await race(t, 20, () => ({
      method: 'POST',
      url: '/api/leaves',
      token: emp.token,
      payload: { leave_type_id: sick, start_date: '2027-03-03', end_date: '2027-03-03', reason: 'Ốm' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 422: 19 });
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.error_code).toBe('LEAVE_OVERLAP');
    expect(await leavesOf(emp.id)).toHaveLength(1);
  });

  it('stores no more annual days than available out of 30 concurrent one-day leaves (negative balance off)', async () => {
    const emp = await t.userWith(EMPLOYEE, { department_id: dept, joined_at: '2016-01-01' });
    // Exactly 15 days available in 2027.
    const adjust = await t.call({
      method: 'POST',
      url: '/api/leaves/balance-adjustments',
      token: hr.token,
      payload: { user_id: emp.id, year: 2027, days: 15 - (await available(emp.token, 2027)), note: 'Đặt số dư để thử' },
    });
    expect(adjust.statusCode, adjust.body).toBe(201);
    expect(await available(emp.token, 2027)).toBe(15);
    const days = weekdays('2027-07-05', 30);
    const answers = await race(t, 30, (i) => ({
      method: 'POST',
      url: '/api/leaves',
      token: emp.token,
      payload: { leave_type_id: annual, start_date: days[i], end_date: days[i] },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 15, 422: 15 });
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.error_code).toBe('LEAVE_BALANCE_EXCEEDED');
    expect(await leavesOf(emp.id)).toHaveLength(15);
    expect(await available(emp.token, 2027)).toBe(0);
  });

  it('lets one of two pending leaves move onto the same day when both are edited at once', async () => {
    const emp = await t.userWith(EMPLOYEE, { department_id: dept, joined_at: '2016-01-01' });
    const ids: { id: number; version: number }[] = [];
    for (const day of ['2027-05-10', '2027-05-11', '2027-05-12', '2027-05-13']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/leaves',
        token: emp.token,
        payload: { leave_type_id: sick, start_date: day, end_date: day },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push({ id: res.json().id, version: res.json().version });
    }
    const answers = await race(t, ids.length, (i) => ({
      method: 'PUT',
      url: `/api/leaves/${ids[i]?.id}`,
      token: emp.token,
      payload: {
        leave_type_id: sick,
        start_date: '2027-05-20',
        start_half: 'full',
        end_date: '2027-05-20',
        end_half: 'full',
        version: ids[i]?.version,
      },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 422: 3 });
    const live = await leavesOf(emp.id);
    expect(live.filter((l) => l.start_date === '2027-05-20')).toHaveLength(1);
  });

  it('keeps the balance when a head records approved leave for an employee while the employee applies', async () => {
    const emp = await t.userWith(EMPLOYEE, { department_id: dept, joined_at: '2016-01-01' });
    const adjust = await t.call({
      method: 'POST',
      url: '/api/leaves/balance-adjustments',
      token: hr.token,
      payload: { user_id: emp.id, year: 2027, days: 3 - (await available(emp.token, 2027)), note: 'Đặt số dư để thử' },
    });
    expect(adjust.statusCode, adjust.body).toBe(201);
    const days = weekdays('2027-06-07', 10);
    const answers = await race(t, 10, (i) => ({
      method: 'POST',
      url: i % 2 ? '/api/leaves' : '/api/leaves/for-employee',
      token: i % 2 ? emp.token : head.token,
      payload: { leave_type_id: annual, start_date: days[i], end_date: days[i], ...(i % 2 ? {} : { user_id: emp.id }) },
    }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(await available(emp.token, 2027)).toBe(0);
  });
});
