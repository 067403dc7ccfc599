import type { Dashboard, DashboardCardKey } from '@qlcv/common/schemas/dashboard';
import { REQUEST_STATUSES } from '@qlcv/common/schemas/requests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMs, vnDayEnd, vnDayStart, vnToday } from '../../lib/vn-time';
import { labWorld, receivedSample } from '../../test/analysis-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildWorld, caller, createRequest, type Person, person, type WorkDetail, type World } from '../../test/request-helpers';
import { last12Months, vnWeek } from './dashboard.parts';

const DAY = 86_400_000;
// The list API each web route of a card reads.
const API_OF: Record<string, string> = {
  'requests.index': '/api/requests',
  'works.index': '/api/works',
  'works.my_work': '/api/works/my',
  'leaves.index': '/api/leaves',
  'contracts.index': '/api/contracts',
  'user_evaluations.index': '/api/user-evaluations',
  'monitoring.programs.index': '/api/monitoring-programs',
  'monitoring.trips.index': '/api/sampling-trips',
  'monitoring.samples.index': '/api/samples',
  'monitoring.analyses.index': '/api/analyses',
};

describe('dashboard', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let world: World;
  let x: number;
  let y: number;
  let plain: Person;
  let other: Person;
  let headX: Person;
  let boss: Person;
  const stamp = () => new Date().toISOString();

  const dashboard = async (token: string): Promise<Dashboard> => {
    const res = await call('GET', '/api/dashboard', undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const createWork = async (payload: Record<string, unknown>, token = t.adminToken): Promise<WorkDetail> => {
    const res = await call('POST', '/api/works', payload, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const setWork = (id: number, values: Record<string, string | null>) =>
    t.database.db.updateTable('works').set(values).where('id', '=', id).execute();
  /** The total of the list a card's link opens, for the same viewer. */
  const listTotal = async (link: { route: string; query: Record<string, string> }, token: string) => {
    const api = API_OF[link.route];
    expect(api, link.route).toBeDefined();
    const res = await call('GET', `${api}?${new URLSearchParams(link.query)}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().meta.total as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    x = world.tech.id;
    y = world.lab.id;
    plain = await person(t, [], x);
    other = await person(t, [], y);
    headX = await person(t, ['works.department', 'leaves.index', 'leaves.departments', 'user_evaluations.index'], x);
    await t.database.db.updateTable('departments').set({ head_id: headX.id }).where('id', '=', x).execute();
    boss = await person(t, ['works.all', 'requests.index'], null);

    const now = Date.now();
    const week = vnWeek(vnToday());
    // Works: two of plain's due this week (one done), one overdue of plain, one overdue in Y, two done in X.
    const dueWeek = await createWork({ title: 'Lấy mẫu nước thải', assignee_id: plain.id, deadline: week.to });
    const doneWeek = await createWork({ title: 'Bàn giao mẫu', assignee_id: plain.id, deadline: week.to });
    await setWork(doneWeek.id, { status: 'done', completed_at: stamp() });
    const late = await createWork({ title: 'Báo cáo hiện trường', assignee_id: plain.id });
    // Before this week, whatever the weekday: "due this week" counts open works of the week, overdue ones too.
    await setWork(late.id, {
      deadline: new Date(Math.min(now - 2 * DAY, Date.parse(vnDayStart(week.from)) - DAY)).toISOString(),
    });
    const lateY = await createWork({ title: 'Kiểm kê hóa chất', assignee_id: other.id });
    await setWork(lateY.id, { deadline: new Date(now - DAY).toISOString() });
    const onTime = await createWork({ title: 'Hiệu chuẩn máy đo pH', assignee_id: other.id, department_id: x });
    await setWork(onTime.id, {
      status: 'done',
      deadline: new Date(now + DAY).toISOString(),
      completed_at: new Date(now - DAY).toISOString(),
    });
    const lateDone = await createWork({ title: 'Vệ sinh thiết bị', assignee_id: plain.id });
    await setWork(lateDone.id, {
      status: 'done',
      deadline: new Date(now - 5 * DAY).toISOString(),
      completed_at: new Date(now - 3 * DAY).toISOString(),
    });
    void dueWeek;

    // Requests: three, one overdue (received, past due), one created by plain.
    const r1 = await createRequest(t, world);
    await t.database.db
      .updateTable('requests')
      .set({ status: 'received', due_at: new Date(now - DAY).toISOString() })
      .where('id', '=', r1.id)
      .execute();
    await createRequest(t, world, { priority: 'high' });
    const mine = await createRequest(t, world);
    await t.database.db
      .updateTable('requests')
      .set({ created_by: plain.id, status: 'received', due_at: new Date(now + 3 * DAY).toISOString() })
      .where('id', '=', mine.id)
      .execute();

    // Leaves this year: plain 2 days annual approved, 1 day pending awaiting headX; other (Y) 3 days.
    const annual = await t.database.db
      .selectFrom('leave_types')
      .select('id')
      .where('code', '=', 'annual')
      .executeTakeFirstOrThrow();
    const year = vnToday().slice(0, 4);
    const leave = (code: string, userId: number, start: string, end: string, halfDays: number, status: string) =>
      t.database.db
        .insertInto('leaves')
        .values({
          code,
          user_id: userId,
          leave_type_id: annual.id,
          start_date: start,
          start_half: 'full',
          end_date: end,
          end_half: 'full',
          half_days: halfDays,
          status,
          approver_id: headX.id,
          created_at: stamp(),
          updated_at: stamp(),
          created_by: userId,
        })
        .execute();
    await leave('NP-D1', plain.id, `${year}-03-02`, `${year}-03-03`, 4, 'approved');
    await leave('NP-D2', plain.id, `${year}-04-06`, `${year}-04-06`, 2, 'pending');
    await leave('NP-D3', other.id, `${year}-05-04`, `${year}-05-06`, 6, 'approved');
    // Decided by someone else: outside headX's leaves scope (own, approver, departments).
    await t.database.db.updateTable('leaves').set({ approver_id: null }).where('code', '=', 'NP-D3').execute();

    // An open evaluation: plain must self-assess, headX must review other's self-assessment.
    const ev = await t.database.db
      .insertInto('evaluations')
      .values({
        name: 'Đánh giá tháng',
        period_type: 'month',
        period_start: `${year}-01-01`,
        period_end: `${year}-01-31`,
        self_deadline: vnToday(),
        review_deadline: vnToday(),
        status: 'open',
        opened_at: stamp(),
        closed_at: null,
        created_at: stamp(),
        updated_at: stamp(),
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ue = (employeeId: number, dept: number, status: string) => ({
      evaluation_id: ev.id,
      employee_id: employeeId,
      department_id: dept,
      reviewer_id: headX.id,
      status,
      total: null,
      grade: null,
      self_submitted_at: null,
      reviewed_at: null,
      approved_at: null,
      approved_by: null,
      return_note: null,
      self_due_deadline: null,
      created_at: stamp(),
      updated_at: stamp(),
      created_by: null,
    });
    await t.database.db
      .insertInto('user_evaluations')
      .values([ue(plain.id, x, 'draft'), ue(other.id, y, 'self_assessed')])
      .execute();

    // Notifications: six of plain's, one of other's.
    for (let i = 1; i <= 6; i++) {
      await t.database.db
        .insertInto('notifications')
        .values({
          user_id: plain.id,
          event: 'work.assigned',
          event_id: null,
          entity: 'works',
          entity_id: late.id,
          title: `Thông báo ${i}`,
          body: 'Bạn được giao việc.',
          link: null,
          read_at: null,
          created_at: new Date(now - (10 - i) * 60_000).toISOString(),
        })
        .execute();
    }
    await t.database.db
      .insertInto('notifications')
      .values({
        user_id: other.id,
        event: 'work.assigned',
        event_id: null,
        entity: null,
        entity_id: null,
        title: 'Của người khác',
        body: 'x',
        link: null,
        read_at: null,
        created_at: stamp(),
      })
      .execute();
  });
  afterAll(() => t?.close());

  it('needs a sign-in', async () => {
    expect((await call('GET', '/api/dashboard', undefined, null)).statusCode).toBe(401);
  });

  it('gives a user with no keys only their own parts', async () => {
    const d = await dashboard(plain.token);
    expect(d.cards.requests_by_status).toBeNull();
    expect(d.cards.requests_overdue).toBeNull();
    expect(d.cards.leaves_to_approve).toBeNull();
    expect(d.cards.contracts_expiring).toBeNull();
    expect(d.cards.evaluations_to_do).toBeNull();
    expect(d.charts).toEqual({ requests_per_month: null, works_on_time_by_department: null, leave_days_by_type: null });
    expect(d.cards.my_works_due_week).toBe(1);
    expect(d.cards.works_overdue).toBe(1);
    expect(d.links.requests_by_status).toBeNull();
    expect(d.links.works_overdue).toEqual({ route: 'works.my_work', query: { tab: 'assigned', overdue: '1' } });
  });

  it("shows a department head their department's works and not another's", async () => {
    const d = await dashboard(headX.token);
    // Overdue: plain's late work in X; other's in Y is not counted.
    expect(d.cards.works_overdue).toBe(1);
    expect(d.links.works_overdue).toEqual({ route: 'works.index', query: { overdue: '1' } });
    const chart = d.charts.works_on_time_by_department ?? [];
    expect(chart.map((c) => c.department.id)).toEqual([x]);
    expect(chart[0]).toMatchObject({ done: 3, on_time: 2, rate: 66.7 });
    expect(d.cards.leaves_to_approve).toBe(1);
    expect(d.cards.evaluations_to_do).toBe(1);
    // Leave days within the head's departments only: plain's 2 approved days.
    expect(d.charts.leave_days_by_type).toEqual([{ type: expect.objectContaining({ code: 'annual', symbol: 'P' }), days: 2 }]);
    expect(d.cards.requests_by_status).toBeNull();
  });

  it('shows the admin everything', async () => {
    const d = await dashboard(t.adminToken);
    const counts = d.cards.requests_by_status;
    expect(counts).not.toBeNull();
    expect(Object.values(counts ?? {}).reduce((a, b) => a + b, 0)).toBe(3);
    expect(d.cards.requests_overdue).toBe(1);
    expect(d.cards.works_overdue).toBe(2);
    expect(d.charts.works_on_time_by_department?.map((c) => c.department.id)).toEqual([x]);
    expect(d.charts.leave_days_by_type?.find((l) => l.type.code === 'annual')?.days).toBe(5);
  });

  it("makes every card's number the total of the list its link opens", async () => {
    for (const who of [t.adminToken, plain.token, headX.token, boss.token, other.token]) {
      const d = await dashboard(who);
      for (const [key, link] of Object.entries(d.links) as [DashboardCardKey, Dashboard['links'][DashboardCardKey]][]) {
        const card = d.cards[key];
        if (link === null) {
          expect(card, key).toBeNull();
          continue;
        }
        const value = typeof card === 'number' ? card : Object.values(card ?? {}).reduce((a, b) => a + b, 0);
        expect(await listTotal(link, who), `${key} ${JSON.stringify(link)}`).toBe(value);
      }
    }
  });

  it('filters user evaluations to what I must do now (tab=to_do)', async () => {
    const res = await call('GET', '/api/user-evaluations?tab=to_do', undefined, headX.token);
    expect(res.statusCode, res.body).toBe(200);
    // headX reviews other's self-assessment; plain's draft waits for plain, not for the reviewer.
    expect(res.json().data.map((r: { employee: { id: number }; status: string }) => [r.employee.id, r.status])).toEqual([
      [other.id, 'self_assessed'],
    ]);
  });

  it('charts requests per month over 12 months ending this one', async () => {
    const d = await dashboard(boss.token);
    const months = d.charts.requests_per_month ?? [];
    expect(months).toHaveLength(12);
    expect(months.map((m) => m.month)).toEqual(last12Months(vnToday()).map((m) => m.month));
    expect(months[11]?.month).toBe(vnToday().slice(0, 7));
    const thisMonth = months[11]?.counts;
    if (!thisMonth) throw new Error('no current month');
    expect(Object.keys(thisMonth).sort()).toEqual([...REQUEST_STATUSES].sort());
    expect(Object.values(thisMonth).reduce((a: number, b: number) => a + b, 0)).toBe(3);
    expect(thisMonth.received).toBe(2);
  });

  it('lists my next deadlines, soonest first, mine only', async () => {
    const d = await dashboard(plain.token);
    const list = d.lists.next_deadlines;
    expect(list.map((l) => l.kind).sort()).toEqual(['evaluation', 'request', 'work', 'work']);
    const deadlines = list.map((l) => l.deadline);
    expect(deadlines).toEqual([...deadlines].sort());
    expect(list[0]).toMatchObject({ kind: 'work', title: 'Báo cáo hiện trường', overdue: true });
    expect(list.find((l) => l.kind === 'evaluation')).toMatchObject({
      code: null,
      title: 'Đánh giá tháng',
      deadline: addMs(vnDayEnd(vnToday()), -1000),
    });
    expect(list.every((l) => l.title !== 'Kiểm kê hóa chất')).toBe(true);
    // headX reviews other's self-assessment: that is their deadline, not plain's draft.
    const head = await dashboard(headX.token);
    expect(head.lists.next_deadlines.map((l) => l.kind)).toEqual(['evaluation']);
  });

  it("names the employee of each review in a reviewer's deadlines", async () => {
    const { name } = await t.database.db.selectFrom('users').select('name').where('id', '=', other.id).executeTakeFirstOrThrow();
    const head = await dashboard(headX.token);
    expect(head.lists.next_deadlines).toEqual([
      expect.objectContaining({ kind: 'evaluation', title: `Đánh giá ${name} — Đánh giá tháng` }),
    ]);
  });

  it('shows my latest five notifications only', async () => {
    const d = await dashboard(plain.token);
    expect(d.lists.notifications.map((n) => n.title)).toEqual([6, 5, 4, 3, 2].map((i) => `Thông báo ${i}`));
    const o = await dashboard(other.token);
    expect(o.lists.notifications.map((n) => n.title)).toEqual(['Của người khác']);
  });

  // Last: it writes. The requests' parts are kept while the data is unchanged; every write shows at once.
  it('shows a write on the next dashboard at once', async () => {
    const byStatus = async () => {
      const counts = (await dashboard(t.adminToken)).cards.requests_by_status;
      if (!counts) throw new Error('no requests by status');
      return counts;
    };
    const thisMonth = async () => {
      const counts = (await dashboard(boss.token)).charts.requests_per_month?.[11]?.counts;
      if (!counts) throw new Error('no requests this month');
      return counts;
    };
    const before = await byStatus();
    expect(await byStatus()).toEqual(before);
    const monthBefore = await thisMonth();
    const created = await createRequest(t, world);
    const status = created.status as keyof typeof before;
    expect((await byStatus())[status]).toBe(before[status] + 1);
    expect((await thisMonth())[status]).toBe(monthBefore[status] + 1);
    // A change straight in the database (another instance, a script) too.
    await t.database.db.updateTable('requests').set({ status: 'cancelled' }).where('id', '=', created.id).execute();
    const after = await byStatus();
    expect(after[status]).toBe(before[status]);
    expect(after.cancelled).toBe(before.cancelled + 1);
    expect((await thisMonth()).cancelled).toBe(monthBefore.cancelled + 1);

    // Overdue works are the open ones: on hold past its deadline counts, cancelled does not.
    const overdue = async () => (await dashboard(t.adminToken)).cards.works_overdue ?? 0;
    const overdueBefore = await overdue();
    const held = await createWork({ title: 'Đo tiếng ồn', assignee_id: other.id });
    await setWork(held.id, { status: 'on_hold', deadline: new Date(Date.now() - DAY).toISOString() });
    expect(await overdue()).toBe(overdueBefore + 1);
    expect(await listTotal({ route: 'works.index', query: { overdue: '1' } }, t.adminToken)).toBe(overdueBefore + 1);
    await setWork(held.id, { status: 'cancelled' });
    expect(await overdue()).toBe(overdueBefore);
  });

  it('counts a request overdue when its due time passes, with no write in between', async () => {
    const overdue = async () => (await dashboard(t.adminToken)).cards.requests_overdue ?? 0;
    const r = await createRequest(t, world);
    const due = Date.now() + 1500;
    await t.database.db
      .updateTable('requests')
      .set({ status: 'in_progress', due_at: new Date(due).toISOString() })
      .where('id', '=', r.id)
      .execute();
    const before = await overdue();
    expect(await overdue()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, due - Date.now() + 50));
    expect(await overdue()).toBe(before + 1);
    expect(await listTotal({ route: 'requests.index', query: { overdue: '1' } }, t.adminToken)).toBe(before + 1);
  });

  it('names the on-time chart by the departments as they are now', async () => {
    const chart = async () => (await dashboard(t.adminToken)).charts.works_on_time_by_department ?? [];
    expect((await chart()).map((c) => c.department.id)).toContain(x);
    // A rename is not a works write: the chart still shows the new name at once.
    await t.database.db.updateTable('departments').set({ name: 'Phòng Quan trắc hiện trường' }).where('id', '=', x).execute();
    expect((await chart()).find((c) => c.department.id === x)?.department.name).toBe('Phòng Quan trắc hiện trường');
  });

  it("counts the programmes with a round due this month and this week's trips, as the lists they open", async () => {
    const post = async (url: string, payload: Record<string, unknown>, token = t.adminToken) => {
      const res = await call('POST', url, payload, token);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const field = await person(t, ['sampling.index'], x);
    const before = await dashboard(t.adminToken);
    const customer = await post('/api/customers', { type: 'organization', name: 'Nhà máy bia' });
    const cod = await post('/api/parameters', {
      code: 'COD-DASH',
      name: 'COD',
      medium: 'wastewater',
      unit: 'mg/L',
      method: 'SMEWW 5220C',
      place: 'lab',
    });
    const site = await post('/api/sites', {
      code: 'CS-DASH',
      name: 'Nhà máy bia',
      customer_id: customer.id,
      points: [{ code: 'NT1', name: 'Đầu ra', medium: 'wastewater', plan: [{ parameter_id: cod.id, frequency: 'monthly' }] }],
    });
    const today = vnToday();
    const year = Number(today.slice(0, 4));
    // A monthly programme over this year and next: its rounds of past months are late, this month's is due.
    const program = await post('/api/monitoring-programs', {
      code: 'CT-DASH',
      name: 'Quan trắc nước thải',
      site_id: site.id,
      start_date: `${year}-01-01`,
      end_date: `${year + 1}-12-31`,
    });
    const week = vnWeek(today);
    await post('/api/sampling-trips', {
      name: 'Lấy mẫu nhà máy bia',
      start_date: week.to,
      end_date: week.to,
      leader_id: field.id,
      round_ids: [program.rounds.find((r: { due_date: string }) => r.due_date >= today).id],
    });
    const admin = await dashboard(t.adminToken);
    expect(admin.cards.rounds_due_month).toBe((before.cards.rounds_due_month ?? 0) + 1);
    expect(admin.cards.trips_week).toBe((before.cards.trips_week ?? 0) + 1);
    expect(await listTotal(admin.links.rounds_due_month!, t.adminToken)).toBe(admin.cards.rounds_due_month);
    expect(await listTotal(admin.links.trips_week!, t.adminToken)).toBe(admin.cards.trips_week);
    // The leader sees their trip, not the programmes; someone without the keys, neither card.
    const mine = await dashboard(field.token);
    expect(mine.cards.trips_week).toBe(1);
    expect(mine.cards.rounds_due_month).toBeNull();
    expect(await listTotal(mine.links.trips_week!, field.token)).toBe(1);
    const none = await dashboard(other.token);
    expect(none.cards.trips_week).toBeNull();
    expect(none.links.trips_week).toBeNull();
  });
  it('counts the samples handed over and not yet received, for the laboratory, as the list it opens', async () => {
    const post = async (url: string, payload: Record<string, unknown>, token = t.adminToken, status = 201) => {
      const res = await call('POST', url, payload, token);
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const lab = await person(t, ['lab.receive'], x);
    const field = await person(t, ['sampling.index'], x);
    const before = (await dashboard(lab.token)).cards.samples_awaiting_lab ?? 0;
    const customer = await post('/api/customers', { type: 'organization', name: 'Bệnh viện đa khoa tỉnh' });
    const ph = await post('/api/parameters', {
      code: 'PH-LAB-DASH',
      name: 'pH',
      medium: 'wastewater',
      unit: '-',
      method: 'TCVN 6492:2011',
      place: 'field',
    });
    const site = await post('/api/sites', {
      code: 'CS-LAB-DASH',
      name: 'Bệnh viện đa khoa tỉnh',
      customer_id: customer.id,
      points: [
        { code: 'NT1', name: 'Nước thải y tế', medium: 'wastewater', plan: [{ parameter_id: ph.id, frequency: 'quarterly' }] },
      ],
    });
    const program = await post('/api/monitoring-programs', {
      code: 'CT-LAB-DASH',
      name: 'Quan trắc nước thải y tế',
      site_id: site.id,
      start_date: '2027-01-01',
      end_date: '2027-12-31',
    });
    const today = vnToday();
    const trip = await post('/api/sampling-trips', {
      name: 'Lấy mẫu bệnh viện',
      start_date: today,
      end_date: today,
      leader_id: field.id,
      round_ids: [program.rounds[0].id],
    });
    const sample = (code: string) =>
      post(
        '/api/samples',
        {
          trip_id: trip.id,
          round_id: program.rounds[0].id,
          point_id: site.points[0].id,
          code,
          taken_at: new Date().toISOString(),
        },
        field.token,
      );
    const handed = await sample('BV-DASH-1');
    await sample('BV-DASH-2');
    await post(`/api/samples/${handed.id}/hand-over`, { to_user_id: lab.id, temperature: '4' }, field.token, 200);
    const seen = await dashboard(lab.token);
    expect(seen.cards.samples_awaiting_lab).toBe(before + 1);
    expect(await listTotal(seen.links.samples_awaiting_lab!, lab.token)).toBe(before + 1);
    // The field team sees its trips, not the laboratory's card.
    expect((await dashboard(field.token)).cards.samples_awaiting_lab).toBeNull();
  });

  it('counts the analyses awaiting entry, awaiting verification and late by turnaround, as the lists they open', async () => {
    const w = await labWorld(t);
    const head = await t.userWith(['lab.index', 'lab.receive']);
    const analyst = await t.userWith(['lab.analyse']);
    const before = (await dashboard(head.token)).cards;
    // Microbiology: 7 days from receipt; COD keeps no target (never late).
    await t.database.db.updateTable('parameters').set({ turnaround_days: 7 }).where('id', '=', w.coliform.id).execute();
    const old = await receivedSample(t, w, { token: head.token });
    const fresh = await receivedSample(t, w, { token: head.token });
    const rows = [...old.analyses.values(), ...fresh.analyses.values()].map((a) => ({ id: a.id, version: a.version }));
    const assigned = await call('POST', '/api/analyses/assign', { analyst_id: analyst.id, rows }, head.token);
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Received 8 days ago: its coliform analysis is late, its COD is not; the fresh sample's are not.
    await t.database.db
      .updateTable('analyses')
      .set({ created_at: new Date(Date.now() - 8 * DAY).toISOString() })
      .where('sample_id', '=', old.id)
      .execute();
    const lab = await dashboard(head.token);
    expect(lab.cards.analyses_to_enter).toBe((before.analyses_to_enter ?? 0) + 4);
    expect(lab.cards.analyses_to_verify).toBe(before.analyses_to_verify ?? 0);
    expect(lab.cards.analyses_late).toBe((before.analyses_late ?? 0) + 1);
    for (const key of ['analyses_to_enter', 'analyses_to_verify', 'analyses_late'] as const)
      expect(await listTotal(lab.links[key]!, head.token), key).toBe(lab.cards[key]);
    // The analyst holding only lab.analyse: their own, the same as the list opened.
    const mine = await dashboard(analyst.token);
    expect(mine.cards.analyses_to_enter).toBe(4);
    expect(mine.cards.analyses_late).toBe(1);
    for (const key of ['analyses_to_enter', 'analyses_to_verify', 'analyses_late'] as const)
      expect(await listTotal(mine.links[key]!, analyst.token), key).toBe(mine.cards[key]);
    const none = await dashboard(other.token);
    expect(none.cards.analyses_late).toBeNull();
    expect(none.links.analyses_to_enter).toBeNull();
    // The list's late filter: 401 signed out, 403 without a laboratory key, 422 on a bad value.
    expect((await call('GET', '/api/analyses?late=true', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/analyses?late=true', undefined, other.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/analyses?late=maybe', undefined, head.token)).statusCode).toBe(422);
  });
});
