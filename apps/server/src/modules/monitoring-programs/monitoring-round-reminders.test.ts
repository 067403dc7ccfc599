import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepartment, uniq } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProgramme } from '../../test/monitoring-fixtures';
import { MonitoringRoundRemindersJob } from './monitoring-round-reminders.job';

// Issue 24 part 7: a planned round due within 7 days is reminded of once — to the programme's author and the head of
// their department — and never when it is done, cancelled or already late.

type Who = { id: number; token: string };

describe('monitoring round reminders', () => {
  let t: TestApp;
  let owner: Who;
  let head: Who;
  let programme: Awaited<ReturnType<typeof createProgramme>>;
  let job: MonitoringRoundRemindersJob;

  const events = (roundId: number) =>
    t.database.db
      .selectFrom('domain_events')
      .selectAll()
      .where('type', '=', 'monitoring_round.due')
      .where('entity_id', '=', roundId)
      .execute();
  const notesOf = async (who: Who) =>
    (await t.call({ method: 'GET', url: '/api/notifications?per_page=100', token: who.token })).json().data as {
      event: string;
      entity_id: number;
      title: string;
      body: string;
      link: string;
    }[];
  const round = (name: string) => {
    const r = programme.rounds.find((x) => x.name === name);
    if (!r) throw new Error(`no round ${name}`);
    return r;
  };
  const move = async (roundId: number, verb: 'done' | 'cancel') => {
    const res = await t.call({
      method: 'POST',
      url: `/api/monitoring-programs/${programme.id}/rounds/${roundId}/${verb}`,
      token: t.adminToken,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const dept = await createDepartment(t, { code: uniq('QT'), name: 'Phòng Quan trắc' });
    owner = await t.userWith(['monitoring.index', 'monitoring.show', 'monitoring.create', 'monitoring.edit'], {
      department_id: dept.id,
    });
    head = await t.userWith([], { department_id: dept.id });
    await t.database.db.updateTable('departments').set({ head_id: head.id }).where('id', '=', dept.id).execute();
    programme = await createProgramme(t, { start: '2027-01-01', end: '2027-12-31', token: owner.token });
    job = new MonitoringRoundRemindersJob(t.database.db);
    await t.app.workers.dispatcher.runOnce();
  }, 60_000);
  afterAll(() => t?.close());

  it('reminds of a round 7 days before its due date, once, to the author and their head, with code and link', async () => {
    const q1 = round('Quý I/2027');
    expect(q1.due_date).toBe('2027-03-31');
    // 23/03 in Vietnam until 23:59: the due date is 8 days away.
    expect(await job.runOnce(new Date('2027-03-23T16:59:00Z'))).toBe(0);
    expect(await job.runOnce(new Date('2027-03-23T17:00:00Z'))).toBe(1); // 24/03 in Vietnam
    expect(await job.runOnce(new Date('2027-03-23T17:00:00Z'))).toBe(0);
    expect(await job.runOnce(new Date('2027-03-30T02:00:00Z'))).toBe(0);
    const [event, ...more] = await events(q1.id);
    expect(more).toHaveLength(0);
    expect(JSON.parse(String(event?.payload))).toMatchObject({
      code: programme.code,
      creator_id: owner.id,
      head_ids: [head.id],
      vars: {
        'program.code': programme.code,
        'program.name': 'Quan trắc nước thải định kỳ',
        'round.name': 'Quý I/2027',
        'round.due_date': '31/03/2027',
        'round.days_left': '7',
        'site.name': 'Hệ thống xử lý nước thải Dệt may Phố Nối',
      },
      link: `/admin/monitoring/programs/${programme.id}`,
    });
    await t.app.workers.dispatcher.runOnce();
    for (const who of [owner, head]) {
      const notes = (await notesOf(who)).filter((n) => n.event === 'monitoring_round.due' && n.entity_id === q1.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]?.title).toBe(`Đợt Quý I/2027 của ${programme.code} sắp đến hạn`);
      expect(notes[0]?.body).toContain('31/03/2027 (còn 7 ngày)');
      expect(notes[0]?.link).toBe(`/admin/monitoring/programs/${programme.id}`);
    }
  });

  it('does not remind of a cancelled or a done round, nor of a late one', async () => {
    await move(round('Quý II/2027').id, 'cancel');
    await move(round('Quý III/2027').id, 'done');
    expect(await job.runOnce(new Date('2027-06-28T02:00:00Z'))).toBe(0);
    expect(await job.runOnce(new Date('2027-09-28T02:00:00Z'))).toBe(0);
    // Quý IV is never reminded in its window here: once late it is the list's and the dashboard's.
    expect(await job.runOnce(new Date('2028-01-03T02:00:00Z'))).toBe(0);
    for (const name of ['Quý II/2027', 'Quý III/2027', 'Quý IV/2027']) expect(await events(round(name).id), name).toHaveLength(0);
  });

  it('two runners at once raise a round once', async () => {
    const other = await createProgramme(t, { start: '2028-01-01', end: '2028-03-31', token: owner.token });
    const at = new Date('2028-03-28T02:00:00Z');
    const both = await Promise.allSettled([job.runOnce(at), new MonitoringRoundRemindersJob(t.database.db).runOnce(at)]);
    const raised = both.map((r) => (r.status === 'fulfilled' ? r.value : 0));
    expect(raised.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await events(other.rounds[0]!.id)).toHaveLength(1);
  });
});
