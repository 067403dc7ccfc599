import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment, expectError, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

// Whoever a leave waits for decides it, with or without leave keys (issue 21 part 8): a department head is its
// approver, a substitute stands in for them; and a leave never waits for its own applicant (part 10).

type Who = { id: number; token: string };
const EMPLOYEE = ['leaves.index', 'leaves.create'] as const;
// A role with no leave key at all (works only), as many heads' roles are.
const NO_LEAVE_KEYS = ['works.department'] as const;

const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

describe('who decides a leave', () => {
  let t: TestApp;
  let sick: number;
  let root: number;
  let dept: number;
  let director: Who;
  let head: Who;
  let emp: Who;
  let sub: Who;
  let outsider: Who;
  let day = 0;

  /** A one-day sick leave of `who` on the next free weekday of 2027. */
  const apply = async (who: Who) => {
    day += 1;
    const d = new Date(Date.UTC(2027, 6, 1 + day));
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6) {
      day += 1;
      d.setUTCDate(d.getUTCDate() + 1);
    }
    const date = d.toISOString().slice(0, 10);
    const res = await t.call({
      method: 'POST',
      url: '/api/leaves',
      token: who.token,
      payload: { leave_type_id: sick, start_date: date, end_date: date, reason: 'Khám bệnh' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; approver_id: number | null; approver: { id: number } | null };
  };
  const get = (who: Who, url: string) => t.call({ method: 'GET', url, token: who.token });
  const idsIn = async (who: Who, tab: string) =>
    (await get(who, `/api/leaves?tab=${tab}`)).json().data.map((l: { id: number }) => l.id) as number[];

  beforeAll(async () => {
    t = await createTestApp();
    const types = (await t.call({ method: 'GET', url: '/api/leave-types', token: t.adminToken })).json().data;
    sick = types.find((x: { code: string }) => x.code === 'sick').id;
    root = (await createDepartment(t, { code: uniq('BGD'), name: 'Ban giám đốc' })).id;
    dept = (await createDepartment(t, { code: uniq('QT'), name: 'Phòng Quan trắc', parent_id: root })).id;
    director = await t.userWith(NO_LEAVE_KEYS, { department_id: root, joined_at: '2010-01-01' });
    head = await t.userWith(NO_LEAVE_KEYS, { department_id: dept, joined_at: '2015-01-01' });
    emp = await t.userWith(EMPLOYEE, { department_id: dept, joined_at: '2018-01-01' });
    sub = await t.userWith(NO_LEAVE_KEYS, { department_id: dept, joined_at: '2019-01-01' });
    outsider = await t.userWith(NO_LEAVE_KEYS, { department_id: root, joined_at: '2019-01-01' });
    for (const [d, h] of [
      [root, director.id],
      [dept, head.id],
    ] as const) {
      const cur = (await t.call({ method: 'GET', url: `/api/departments/${d}`, token: t.adminToken })).json();
      const put = await t.call({
        method: 'PUT',
        url: `/api/departments/${d}`,
        token: t.adminToken,
        payload: { code: cur.code, name: cur.name, parent_id: cur.parent_id, head_id: h, version: cur.version },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
  });
  afterAll(() => t?.close());

  it('lets a head without any leave key open, list and decide the leave awaiting them, and nothing else', async () => {
    const leave = await apply(emp);
    expect(leave.approver_id).toBe(head.id);
    expect(await idsIn(head, 'approval')).toEqual([leave.id]);
    expect((await get(head, '/api/leaves/approval-count')).json().count).toBe(1);
    const shown = await get(head, `/api/leaves/${leave.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().can).toMatchObject({ approve: true, edit: false, cancel: false });
    // Without a key, only what awaits them: not a "mine" or "all" list, nor an export of those.
    expectError(await get(head, '/api/leaves?tab=mine'), 403, 'FORBIDDEN');
    expectError(await get(head, '/api/leaves?tab=all'), 403, 'FORBIDDEN');
    expectError(await get(head, '/api/leaves'), 403, 'FORBIDDEN');
    const approve = await t.call({ method: 'POST', url: `/api/leaves/${leave.id}/approve`, token: head.token, payload: {} });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved', decided_by: { id: head.id } });
    // Decided: still theirs to open (they decided it), no longer awaiting them.
    expect((await get(head, `/api/leaves/${leave.id}`)).statusCode).toBe(200);
    expect(await idsIn(head, 'approval')).toEqual([]);
    // Someone it never waited for: 404, and an empty approval tab.
    expectError(await get(outsider, `/api/leaves/${leave.id}`), 404, 'NOT_FOUND');
    expect(await idsIn(outsider, 'approval')).toEqual([]);
    expectError(await t.call({ method: 'GET', url: `/api/leaves/${leave.id}` }), 401, 'UNAUTHENTICATED');
  });

  it('lets a substitute without leave keys stand in for the head', async () => {
    const leave = await apply(emp);
    expectError(await get(sub, `/api/leaves/${leave.id}`), 404, 'NOT_FOUND');
    const named = await t.call({
      method: 'POST',
      url: '/api/leave-substitutes',
      token: head.token,
      payload: { substitute_id: sub.id, start_date: today(), end_date: '2027-12-31', note: 'Đi công tác' },
    });
    expect(named.statusCode, named.body).toBe(201);
    const info = (await get(sub, '/api/auth/info')).json();
    expect(info.user.substitute_for_ids).toEqual([head.id]);
    expect(info.permissions_code).not.toContain('leaves.index');
    expect(await idsIn(sub, 'approval')).toContain(leave.id);
    expect((await get(sub, `/api/leaves/${leave.id}`)).json().can.approve).toBe(true);
    const reject = await t.call({
      method: 'POST',
      url: `/api/leaves/${leave.id}/reject`,
      token: sub.token,
      payload: { note: 'Trùng đợt quan trắc' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    await t.call({ method: 'DELETE', url: `/api/leave-substitutes/${named.json().id}`, token: head.token });
    expect((await get(sub, '/api/auth/info')).json().user.substitute_for_ids).toEqual([]);
  });

  it('sends the leave of the head’s own substitute to the head’s approver, who decides it; the page says who', async () => {
    const named = await t.call({
      method: 'POST',
      url: '/api/leave-substitutes',
      token: head.token,
      payload: { substitute_id: emp.id, start_date: today(), end_date: '2027-12-31', note: 'Nghỉ phép dài ngày' },
    });
    expect(named.statusCode, named.body).toBe(201);
    try {
      const leave = await apply(emp);
      expect(leave.approver).toMatchObject({ id: director.id });
      // Her own leave is not hers to decide, and the absent head is no longer asked.
      expect((await get(emp, `/api/leaves/${leave.id}`)).json().can.approve).toBe(false);
      expect(await idsIn(emp, 'approval')).not.toContain(leave.id);
      expectError(await get(head, `/api/leaves/${leave.id}`), 404, 'NOT_FOUND');
      expect(await idsIn(director, 'approval')).toContain(leave.id);
      const approve = await t.call({
        method: 'POST',
        url: `/api/leaves/${leave.id}/approve`,
        token: director.token,
        payload: {},
      });
      expect(approve.statusCode, approve.body).toBe(200);
    } finally {
      await t.call({ method: 'DELETE', url: `/api/leave-substitutes/${named.json().id}`, token: head.token });
    }
  });

  it('moves a pending leave to the head’s approver when its applicant becomes the head’s substitute afterwards', async () => {
    const leave = await apply(emp);
    expect(leave.approver_id).toBe(head.id);
    const named = await t.call({
      method: 'POST',
      url: '/api/leave-substitutes',
      token: head.token,
      payload: { substitute_id: emp.id, start_date: today(), end_date: '2027-12-31' },
    });
    expect(named.statusCode, named.body).toBe(201);
    try {
      const now = (await get(director, `/api/leaves/${leave.id}`)).json();
      expect(now.approver).toMatchObject({ id: director.id });
      expect(now.can.approve).toBe(true);
      // Its history says why it moved.
      const history = await t.call({
        method: 'GET',
        url: `/api/audit-logs?entity=leaves&entity_id=${leave.id}&per_page=100`,
        token: t.adminToken,
      });
      expect(history.json().data.map((e: { action: string }) => e.action)).toContain('reroute');
      // The new approver is told.
      await t.app.workers.dispatcher.runOnce();
      const notes = (await get(director, '/api/notifications')).json().data as { link: string | null }[];
      expect(notes.some((n) => n.link === `/admin/leaves/${leave.id}`)).toBe(true);
    } finally {
      await t.call({ method: 'DELETE', url: `/api/leave-substitutes/${named.json().id}`, token: head.token });
    }
  });
});
