import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Background } from '../../lib/background';
import { type ScheduledJob, Scheduler } from '../../lib/scheduler';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildWorld, caller, createRequest, type Person, person, receive, type World } from '../../test/request-helpers';
import { DUE_SOON_MS, WorkDeadlinesJob } from './work-deadlines.job';

const silent = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child: () => silent, level: 'silent' };
const HOUR = 3600_000;
const REMINDERS = ['work.due_soon', 'work.overdue', 'work.escalated'];

describe('work deadlines: reminders, escalation and the scheduler lease', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let world: World;
  let job: WorkDeadlinesJob;
  let head: { id: number; token: string };
  let alice: { id: number; token: string };
  let clerk: Person;
  let receiver: Person;
  /** The test's "now": deadlines are set relative to it and the job is run at chosen hours after it. */
  const T0 = Date.now();
  const at = (hours: number) => new Date(T0 + hours * HOUR);
  const iso = (hours: number) => at(hours).toISOString();

  const db = () => t.database.db;
  const remindersOf = async (workId: number) =>
    (
      await db()
        .selectFrom('domain_events')
        .select('type')
        .where('entity', '=', 'works')
        .where('entity_id', '=', workId)
        .where('type', 'in', REMINDERS)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);
  const toldOf = async (workId: number, event: string) =>
    (
      await db()
        .selectFrom('notifications')
        .select('user_id')
        .where('entity', '=', 'works')
        .where('entity_id', '=', workId)
        .where('event', '=', event)
        .execute()
    )
      .map((n) => n.user_id)
      .sort((a, b) => a - b);
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  const createWork = async (deadlineHours: number, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/works', {
      title: 'Hiệu chuẩn máy đo bụi',
      assignee_id: alice.id,
      deadline: iso(deadlineHours),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string; version: number };
  };
  /** A request received: its first step's work (sampling, Đội hiện trường, 24 h from now). */
  const stepWorkOf = async (token: string, receiverToken = t.adminToken) => {
    const r = await createRequest(t, world, {}, token);
    const received = await receive(t, r.id, receiverToken);
    const w = received.works.find((x) => x.step_index === 1);
    expect(w).toBeDefined();
    return { requestId: r.id, work: w as { id: number; code: string; deadline: string | null } };
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    job = new WorkDeadlinesJob(db());
    head = await t.userWith([]);
    await db().updateTable('departments').set({ head_id: head.id }).where('id', '=', world.tech.id).execute();
    alice = await t.userWith([], { department_id: world.sales.id });
    clerk = await person(t, ['requests.index', 'requests.create', 'requests.show'], world.sales.id);
    receiver = await person(t, ['requests.index', 'requests.create', 'requests.show', 'requests.edit'], world.sales.id);
  });
  afterAll(() => t.close());

  it('reminds a work due within 24 h once, however often and by however many runners the job runs', async () => {
    const w = await createWork(23);
    const far = await createWork(30);
    expect(await job.runOnce(at(0))).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(w.id)).toEqual(['work.due_soon']);
    expect(await remindersOf(far.id)).toEqual([]);
    await job.runOnce(at(0));
    await job.runOnce(at(0.5));
    await new WorkDeadlinesJob(db()).runOnce(at(1));
    expect(await remindersOf(w.id)).toEqual(['work.due_soon']);

    // The dispatcher tells the assignee, with the default Vietnamese text.
    await t.app.workers.dispatcher.runOnce(10_000);
    const told = await db()
      .selectFrom('notifications')
      .select(['user_id', 'title', 'body'])
      .where('entity_id', '=', w.id)
      .where('event', '=', 'work.due_soon')
      .execute();
    expect(told).toEqual([expect.objectContaining({ user_id: alice.id, title: `Công việc ${w.code} sắp đến hạn` })]);
    expect(told[0]?.body).toContain('"Hiệu chuẩn máy đo bụi" đến hạn lúc');
  });

  it('says a standalone work is overdue once, and escalates it to nobody', async () => {
    const w = await createWork(1);
    await job.runOnce(at(2));
    await job.runOnce(at(3));
    // Its deadline passed before any run saw it coming: no "due soon" afterwards.
    expect(await remindersOf(w.id)).toEqual(['work.overdue']);
    await t.app.workers.dispatcher.runOnce(10_000);
    // The assignee and the creator (the admin: no actor to leave out, the scheduler acted).
    expect(await toldOf(w.id, 'work.overdue')).toEqual(sorted(alice.id, 1));
  });

  it('escalates an overdue step work to the head of its step’s department and the request’s creator', async () => {
    const { work } = await stepWorkOf(clerk.token);
    expect(new Date(work.deadline as string).getTime()).toBeLessThan(T0 + 25 * HOUR);
    // Due 24 h after it was received, a few seconds after T0.
    await job.runOnce(at(0));
    expect(await remindersOf(work.id)).toEqual([]);
    await job.runOnce(at(1));
    expect(await remindersOf(work.id)).toEqual(['work.due_soon']);
    await job.runOnce(at(25));
    await job.runOnce(at(26));
    expect(await remindersOf(work.id)).toEqual(['work.due_soon', 'work.overdue', 'work.escalated']);

    await t.app.workers.dispatcher.runOnce(10_000);
    expect(await toldOf(work.id, 'work.due_soon')).toEqual([world.sampler.id]);
    // Overdue: the assignee and the work's creator (the admin, who received the request).
    expect(await toldOf(work.id, 'work.overdue')).toEqual(sorted(world.sampler.id, 1));
    // Escalated: the head of Đội hiện trường and the request's owner, its creator.
    expect(await toldOf(work.id, 'work.escalated')).toEqual(sorted(head.id, clerk.id));
    const escalated = await db()
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('entity_id', '=', work.id)
      .where('event', '=', 'work.escalated')
      .executeTakeFirstOrThrow();
    expect(escalated.title).toBe(`Công việc ${work.code} quá hạn cần xử lý`);
    expect(escalated.body).toContain('Đội hiện trường');
  });

  it('escalates a request nobody on staff created (a public one) to the staff who received it', async () => {
    const r = await createRequest(t, world);
    await db().updateTable('requests').set({ created_by: null }).where('id', '=', r.id).execute();
    const received = await receive(t, r.id, receiver.token);
    const work = received.works.find((x) => x.step_index === 1) as { id: number };
    await job.runOnce(at(30));
    expect(await remindersOf(work.id)).toEqual(['work.overdue', 'work.escalated']);
    await t.app.workers.dispatcher.runOnce(10_000);
    expect(await toldOf(work.id, 'work.escalated')).toEqual(sorted(head.id, receiver.id));
  });

  it('never reminds a done, cancelled or held work, nor one of a request on hold; a resumed one is', async () => {
    const done = await createWork(1);
    expect((await call('POST', `/api/works/${done.id}/complete`, { result_note: 'Đã hiệu chuẩn xong.' })).statusCode).toBe(200);
    const cancelled = await createWork(1);
    expect((await call('POST', `/api/works/${cancelled.id}/cancel`, { reason: 'Trùng việc' })).statusCode).toBe(200);
    const held = await createWork(1);
    expect((await call('POST', `/api/works/${held.id}/hold`, { reason: 'Chờ thiết bị' })).statusCode).toBe(200);
    const undated = await createWork(1, { deadline: null });
    const { requestId, work: step } = await stepWorkOf(clerk.token);
    expect((await call('POST', `/api/requests/${requestId}/hold`, { reason: 'Khách hẹn lại' })).statusCode).toBe(200);

    await job.runOnce(at(0));
    await job.runOnce(at(48));
    for (const w of [done, cancelled, held, undated, step]) expect(await remindersOf(w.id)).toEqual([]);

    // Resumed, their clocks run again: the held work's deadline has passed; the request's works moved later by the
    // time it was held (here, moments), so they have too.
    expect((await call('POST', `/api/works/${held.id}/resume`)).statusCode).toBe(200);
    expect((await call('POST', `/api/requests/${requestId}/resume`)).statusCode).toBe(200);
    await job.runOnce(at(48));
    expect(await remindersOf(held.id)).toEqual(['work.overdue']);
    expect(await remindersOf(step.id)).toEqual(['work.overdue', 'work.escalated']);
  });

  it('reminds again when the deadline moves later, not when it moves earlier', async () => {
    const w = await createWork(10);
    await job.runOnce(at(0));
    expect(await remindersOf(w.id)).toEqual(['work.due_soon']);
    const later = await call('PUT', `/api/works/${w.id}`, {
      title: 'Hiệu chuẩn máy đo bụi',
      assignee_id: alice.id,
      deadline: iso(40),
      version: w.version,
    });
    expect(later.statusCode, later.body).toBe(200);
    await job.runOnce(at(5));
    expect(await remindersOf(w.id)).toEqual(['work.due_soon']);
    await job.runOnce(at(20));
    await job.runOnce(at(21));
    expect(await remindersOf(w.id)).toEqual(['work.due_soon', 'work.due_soon']);

    const earlier = await call('PUT', `/api/works/${w.id}`, {
      title: 'Hiệu chuẩn máy đo bụi',
      assignee_id: alice.id,
      deadline: iso(30),
      version: later.json().version,
    });
    expect(earlier.statusCode, earlier.body).toBe(200);
    await job.runOnce(at(21));
    expect(await remindersOf(w.id)).toEqual(['work.due_soon', 'work.due_soon']);
    await job.runOnce(at(31));
    await job.runOnce(at(32));
    expect(await remindersOf(w.id)).toEqual(['work.due_soon', 'work.due_soon', 'work.overdue']);
    const row = await db()
      .selectFrom('work_reminders')
      .select('deadline')
      .where('work_id', '=', w.id)
      .where('kind', '=', 'due_soon')
      .executeTakeFirstOrThrow();
    expect(row.deadline).toBe(iso(40));
  });

  it('lets requests through between batches of a backlog (an HTTP call answers before the job ends)', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => createWork(-5 - i / 10)));
    let done = false;
    let answeredFirst = false;
    const run = new WorkDeadlinesJob(db(), 2).runOnce(at(100)).then((n) => {
      done = true;
      return n;
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    answeredFirst = !done;
    expect(res.statusCode).toBe(200);
    expect(await run).toBeGreaterThanOrEqual(10);
    expect(answeredFirst).toBe(true);
  });

  it('reads the candidates a slice at a time without skipping works that share a deadline', async () => {
    // Seven works on one deadline, a held one among them, and slices of two: the cursor is (deadline, id).
    const works = [];
    for (let i = 0; i < 7; i++) works.push(await createWork(-200));
    await db()
      .updateTable('works')
      .set({ status: 'on_hold' })
      .where('id', '=', works[3]?.id ?? 0)
      .execute();
    await new WorkDeadlinesJob(db(), 2).runOnce(at(-199));
    for (const [i, w] of works.entries()) expect(await remindersOf(w.id), `work ${i}`).toEqual(i === 3 ? [] : ['work.overdue']);
  });

  it('raises each reminder once when several runners race (small batches, many works)', async () => {
    const works = await Promise.all(Array.from({ length: 12 }, (_, i) => createWork(2 + i / 10)));
    const steps = [await stepWorkOf(clerk.token), await stepWorkOf(clerk.token)].map((s) => s.work);
    const runners = Array.from({ length: 4 }, () => new WorkDeadlinesJob(db(), 3));
    const soonCounts = await Promise.all(runners.map((r) => r.runOnce(at(1))));
    const lateCounts = await Promise.all(runners.map((r) => r.runOnce(at(50))));
    // Racing runners may be at different kinds: the order of one work's overdue and escalation may vary.
    for (const w of works) expect((await remindersOf(w.id)).sort()).toEqual(['work.due_soon', 'work.overdue']);
    for (const w of steps) {
      expect((await remindersOf(w.id)).sort()).toEqual(['work.due_soon', 'work.escalated', 'work.overdue']);
    }
    // What the runners say they raised is what exists: nothing was counted twice.
    const ids = [...works, ...steps].map((w) => w.id);
    const raised = await db()
      .selectFrom('domain_events')
      .select('id')
      .where('entity', '=', 'works')
      .where('entity_id', 'in', ids)
      .where('type', 'in', REMINDERS)
      .execute();
    expect(raised).toHaveLength(works.length * 2 + steps.length * 3);
    expect(soonCounts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(works.length + steps.length);
    expect(lateCounts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(works.length + steps.length * 2);
  });

  describe('the scheduler lease', () => {
    let clock = T0;
    const scheduler = (holder: string, jobs: ScheduledJob[] = [], leaseMs = 60_000) =>
      new Scheduler(db(), jobs, { log: silent as never, holder, leaseMs, now: () => clock });
    const holderOf = async (name: string) =>
      (await db().selectFrom('job_leases').select('holder').where('name', '=', name).executeTakeFirst())?.holder ?? null;

    it('is held by one holder until it runs out, renewed by its holder, and free once released', async () => {
      const a = scheduler('runner-a');
      const b = scheduler('runner-b');
      expect(await a.acquire('lease-test')).toBe(true);
      expect(await b.acquire('lease-test')).toBe(false);
      clock += 50_000;
      // A renews: its lease now runs to T0 + 110 s.
      expect(await a.acquire('lease-test')).toBe(true);
      clock += 59_000;
      expect(await b.acquire('lease-test')).toBe(false);
      clock += 2_000;
      // A stopped renewing (a dead instance): B takes over, and A no longer holds it.
      expect(await b.acquire('lease-test')).toBe(true);
      expect(await a.acquire('lease-test')).toBe(false);
      expect(await holderOf('lease-test')).toBe('runner-b');
      await a.release(['lease-test']);
      expect(await holderOf('lease-test')).toBe('runner-b');
      await b.release(['lease-test']);
      expect(await holderOf('lease-test')).toBeNull();
      expect(await a.acquire('lease-test')).toBe(true);
    });

    it('goes to exactly one of several instances asking at once', async () => {
      const many = Array.from({ length: 6 }, (_, i) => scheduler(`racer-${i}`));
      const got = await Promise.all(many.map((s) => s.acquire('race-test')));
      expect(got.filter(Boolean)).toHaveLength(1);
      const winner = many[got.indexOf(true)] as Scheduler;
      expect(await holderOf('race-test')).toBe(winner.holder);
    });

    it('runs each job on the holder only, and a failing job does not stop the others', async () => {
      const ran: string[] = [];
      const jobs = (who: string): ScheduledJob[] => [
        {
          name: 'failing-test',
          runOnce: async () => {
            throw new Error('boom');
          },
        },
        {
          name: 'counting-test',
          runOnce: async (now) => {
            ran.push(`${who}@${now.getTime() - clock}`);
            return 1;
          },
        },
      ];
      const a = scheduler('jobs-a', jobs('a'));
      const b = scheduler('jobs-b', jobs('b'));
      const done = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(ran).toHaveLength(1);
      expect(done.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
      // Its clock is the scheduler's.
      expect(ran[0]).toMatch(/@0$/);
      const winner = ran[0]?.startsWith('a') ? a : b;
      const loser = winner === a ? b : a;
      await winner.close();
      expect(await holderOf('counting-test')).toBeNull();
      await loser.runOnce();
      expect(ran).toHaveLength(2);
      expect(await holderOf('counting-test')).toBe(loser.holder);
      // Closed, it runs nothing more.
      expect(await winner.runOnce()).toBe(0);
      await loser.close();
    });

    it('raises the deadline reminders once when two instances’ schedulers race', async () => {
      clock = Date.now();
      const w = await createWork(20);
      const a = new Scheduler(db(), [new WorkDeadlinesJob(db())], { log: silent as never, holder: 'inst-a' });
      const b = new Scheduler(db(), [new WorkDeadlinesJob(db())], { log: silent as never, holder: 'inst-b' });
      await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(await remindersOf(w.id)).toEqual(['work.due_soon']);
      expect(await holderOf('work-deadlines')).toMatch(/^inst-[ab]$/);
      await a.close();
      await b.close();
    });

    it('runs in the background loop every interval until stopped', async () => {
      const w = await createWork(DUE_SOON_MS / HOUR - 1);
      let passes = 0;
      const counting: ScheduledJob = {
        name: 'loop-test',
        runOnce: async () => {
          passes += 1;
          return 0;
        },
      };
      const s = new Scheduler(db(), [new WorkDeadlinesJob(db()), counting], {
        log: silent as never,
        holder: 'loop',
        intervalMs: 20,
      });
      const loops = new Background([s.loop()], silent as never);
      loops.start();
      for (let i = 0; i < 200 && passes < 3; i += 1) await new Promise((r) => setTimeout(r, 10));
      await loops.stop();
      await s.close();
      expect(passes).toBeGreaterThanOrEqual(3);
      expect(await remindersOf(w.id)).toEqual(['work.due_soon']);
      expect(await holderOf('loop-test')).toBeNull();
    });
  });
});
