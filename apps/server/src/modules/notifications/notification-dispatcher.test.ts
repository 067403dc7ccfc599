import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '../../lib/realtime/hub';
import { MemoryHub } from '../../lib/realtime/memory-hub';
import { createDepartment, createRole } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildWorld, caller, requestPayload, type World } from '../../test/request-helpers';
import { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import type { NotificationPush } from './notification-dispatcher';
import { NotificationDispatcher } from './notification-dispatcher';

const silent = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child: () => silent, level: 'silent' };

describe('notification dispatcher', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let world: World;
  let hub: MemoryHub;
  let dispatcher: NotificationDispatcher;
  let pushed: { userId: number; message: RealtimeMessage }[];
  let alice: { id: number; token: string };
  let bao: { id: number; token: string };
  let head: { id: number; token: string };

  const db = () => t.database.db;
  const notificationsOf = (userId: number) =>
    db().selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const deliveriesOf = (event: string) =>
    db().selectFrom('deliveries').selectAll().where('event', '=', event).orderBy('id').execute();
  const settingOf = async (event: string) =>
    (await call('GET', `/api/notification-settings?event=${event}`)).json().data[0] as Record<string, unknown> & {
      id: number;
      version: number;
    };
  const updateSetting = async (event: string, patch: Record<string, unknown>) => {
    const s = await settingOf(event);
    const res = await call('PUT', `/api/notification-settings/${s.id}`, {
      event: s.event,
      active: s.active,
      channels: s.channels,
      recipients: s.recipients,
      title_template: s.title_template,
      body_template: s.body_template,
      version: s.version,
      ...patch,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const createWork = async (assigneeId: number, token = t.adminToken, extra: Record<string, unknown> = {}) => {
    const res = await call(
      'POST',
      '/api/works',
      { title: 'Lấy mẫu khí thải ống khói số 2', assignee_id: assigneeId, ...extra },
      token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    world = await buildWorld(t);
    hub = new MemoryHub();
    dispatcher = new NotificationDispatcher(db(), t.database.kind, new NotificationSettingsService(db()), hub, silent as never);
    const dep = await createDepartment(t, { code: 'MT', name: 'Phòng Môi trường' });
    head = await t.userWith(['works.create'], { email: 'truong.phong@example.vn', mobile: '0901000001' });
    await call('PUT', `/api/departments/${dep.id}`, {
      code: 'MT',
      name: 'Phòng Môi trường',
      head_id: head.id,
      version: 1,
    });
    alice = await t.userWith(['works.create'], { email: 'alice@example.vn', mobile: '0901000002', department_id: dep.id });
    bao = await t.userWith([], { email: 'bao@example.vn', mobile: '0901000003', department_id: dep.id });
    // The setup made events of its own (works, requests): start from a clean queue.
    await dispatcher.runOnce(10_000);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    pushed = [];
    hub.subscribe(alice.id, (message) => pushed.push({ userId: alice.id, message }));
    hub.subscribe(bao.id, (message) => pushed.push({ userId: bao.id, message }));
  });

  it('turns a work assignment into the assignee’s notification and e-mail, pushed live, and marks the event done', async () => {
    const work = await createWork(alice.id);
    expect(await dispatcher.runOnce()).toBeGreaterThan(0);
    const mine = await notificationsOf(alice.id);
    const last = mine.at(-1);
    expect(last).toMatchObject({
      event: 'work.assigned',
      entity: 'works',
      entity_id: work.id,
      title: `Bạn được giao công việc ${work.code}`,
      link: `/admin/works/${work.id}`,
      read_at: null,
    });
    expect(last?.body).toContain('Quản trị viên giao cho bạn công việc "Lấy mẫu khí thải ống khói số 2"');
    const mails = (await deliveriesOf('work.assigned')).filter((d) => d.user_id === alice.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', recipient: 'alice@example.vn', status: 'pending', attempts: 0 });
    expect(mails[0]?.subject).toBe(`Bạn được giao công việc ${work.code}`);
    expect(mails[0]?.idempotency_key).toBe(`${last?.event_id}:u${alice.id}:email`);
    // Pushed to Alice's open pages, with her unread count.
    const push = pushed.find((p) => p.message.type === 'notification');
    expect(push?.message.id).toBe(String(last?.id));
    const data = push?.message.data as NotificationPush;
    expect(data.unread_count).toBe(mine.length);
    expect(data.notification.title).toBe(last?.title);
    const pending = await db().selectFrom('domain_events').select('id').where('processed_at', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it('writes the whole address of the record in messages that leave the app when PUBLIC_URL is set', async () => {
    const withUrl = new NotificationDispatcher(
      db(),
      t.database.kind,
      new NotificationSettingsService(db()),
      hub,
      silent as never,
      'https://qlcv.congty.vn',
    );
    const before = (await settingOf('work.assigned')).body_template;
    await updateSetting('work.assigned', { body_template: 'Mở {{link}}' });
    try {
      const work = await createWork(alice.id);
      await withUrl.runOnce();
      const mail = (await deliveriesOf('work.assigned')).filter((d) => d.user_id === alice.id).at(-1);
      expect(mail?.body).toBe(`Mở https://qlcv.congty.vn/admin/works/${work.id}`);
      const note = (await notificationsOf(alice.id)).at(-1);
      expect(note?.link).toBe(`/admin/works/${work.id}`);
      expect(note?.body).toBe(`Mở /admin/works/${work.id}`);
    } finally {
      await updateSetting('work.assigned', { body_template: before });
    }
  });

  it('never tells the actor of their own action', async () => {
    const before = (await notificationsOf(alice.id)).length;
    await createWork(alice.id, alice.token);
    await dispatcher.runOnce();
    expect(await notificationsOf(alice.id)).toHaveLength(before);
  });

  it('skips the channels a user turned off for that event, and only those', async () => {
    const off = await call(
      'PUT',
      '/api/profile/notification-preferences',
      { preferences: [{ event: 'work.assigned', channel: 'email', enabled: false }] },
      bao.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    const work = await createWork(bao.id);
    await dispatcher.runOnce();
    expect((await notificationsOf(bao.id)).map((n) => n.entity_id)).toContain(work.id);
    expect((await deliveriesOf('work.assigned')).filter((d) => d.user_id === bao.id)).toEqual([]);
    await call(
      'PUT',
      '/api/profile/notification-preferences',
      { preferences: [{ event: 'work.assigned', channel: 'email', enabled: true }] },
      bao.token,
    );
  });

  it('sends nothing for an inactive setting, and nothing for events no setting names', async () => {
    await updateSetting('work.assigned', { active: false });
    const before = (await notificationsOf(bao.id)).length;
    await createWork(bao.id);
    const started = await createWork(bao.id);
    await call('POST', `/api/works/${started.id}/start`, undefined, bao.token);
    await dispatcher.runOnce();
    expect(await notificationsOf(bao.id)).toHaveLength(before);
    await updateSetting('work.assigned', { active: true });
  });

  it('reaches roles, departments and users, each person once, on every channel of the setting', async () => {
    const role = await createRole(t, { code: 'dieu_phoi', name: 'Điều phối' });
    const coordinator = await t.userWith([], { role_id: role.id });
    await db().updateTable('users').set({ role_id: role.id, mobile: '0901000009' }).where('id', '=', coordinator.id).execute();
    const dep = (await db().selectFrom('users').select('department_id').where('id', '=', alice.id).executeTakeFirstOrThrow())
      .department_id as number;
    await updateSetting('work.assigned', {
      channels: ['in_app', 'sms', 'zalo'],
      recipients: { roles: [role.id], departments: [dep], users: [alice.id], dynamic: ['assignee', 'department_head'] },
    });
    const work = await createWork(bao.id);
    await dispatcher.runOnce();
    const event = await db()
      .selectFrom('domain_events')
      .select('id')
      .where('type', '=', 'work.assigned')
      .where('entity_id', '=', work.id)
      .executeTakeFirstOrThrow();
    const told = await db().selectFrom('notifications').select('user_id').where('event_id', '=', event.id).execute();
    // Alice and Bảo (department, user, assignee), the head (dynamic), the coordinator (role); the admin acted.
    expect(told.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(
      [alice.id, bao.id, head.id, coordinator.id].sort((a, b) => a - b),
    );
    const sent = await db().selectFrom('deliveries').selectAll().where('event_id', '=', event.id).execute();
    expect(sent.map((d) => `${d.channel}:${d.recipient}`).sort()).toEqual(
      [
        'sms:0901000001',
        'sms:0901000002',
        'sms:0901000003',
        'sms:0901000009',
        'zalo:0901000001',
        'zalo:0901000002',
        'zalo:0901000003',
        'zalo:0901000009',
      ].sort(),
    );
    const zalo = sent.find((d) => d.channel === 'zalo' && d.user_id === bao.id);
    const data = JSON.parse(String(zalo?.data));
    expect(data.kind).toBe('work_assigned');
    expect(data.template_data.work_code).toBe(work.code);
    expect(data.template_data.recipient_name).toMatch(/^Người dùng/);
    expect(zalo?.subject).toBeNull();
    await updateSetting('work.assigned', {
      channels: ['in_app', 'email'],
      recipients: { roles: [], departments: [], users: [], dynamic: ['assignee'] },
    });
  });

  it('makes nothing twice when an event is dispatched again', async () => {
    await createWork(alice.id);
    await dispatcher.runOnce();
    const event = await db()
      .selectFrom('domain_events')
      .selectAll()
      .where('type', '=', 'work.assigned')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const count = async () => ({
      n: (await db().selectFrom('notifications').select('id').where('event_id', '=', event.id).execute()).length,
      d: (await db().selectFrom('deliveries').select('id').where('event_id', '=', event.id).execute()).length,
    });
    const first = await count();
    expect(first).toEqual({ n: 1, d: 1 });
    // As if an instance died after sending but before marking the event: it is claimed and dispatched again.
    await db().updateTable('domain_events').set({ processed_at: null }).where('id', '=', event.id).execute();
    expect(await dispatcher.runOnce()).toBe(1);
    expect(await count()).toEqual(first);
  });

  it('two dispatchers side by side make each notification once', async () => {
    const works = [];
    for (let i = 0; i < 30; i++) works.push(await createWork(i % 2 ? alice.id : bao.id));
    const other = new NotificationDispatcher(db(), t.database.kind, new NotificationSettingsService(db()), hub, silent as never);
    const [a, b] = await Promise.all([dispatcher.runOnce(), other.runOnce()]);
    expect(a + b).toBeGreaterThanOrEqual(30);
    const ids = works.map((w) => w.id);
    const rows = await db()
      .selectFrom('notifications')
      .select(['entity_id', 'user_id'])
      .where('entity', '=', 'works')
      .where('entity_id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.entity_id)).size).toBe(30);
  });

  it('sets a faulty event aside after three passes, and the events around it go through', async () => {
    const before = await createWork(alice.id);
    const faulty = await createWork(alice.id);
    const after = await createWork(alice.id);
    const eventOf = async (workId: number) =>
      (
        await db()
          .selectFrom('domain_events')
          .select('id')
          .where('type', '=', 'work.assigned')
          .where('entity_id', '=', workId)
          .executeTakeFirstOrThrow()
      ).id;
    const bad = await eventOf(faulty.id);
    const broken = new NotificationDispatcher(db(), t.database.kind, new NotificationSettingsService(db()), hub, silent as never);
    const real = broken.dispatch.bind(broken);
    broken.dispatch = async (trx, event) => {
      if (event.id === bad) throw new Error('a record the dispatcher cannot read');
      return real(trx, event);
    };
    const told = async () =>
      (await db().selectFrom('notifications').select('entity_id').where('user_id', '=', alice.id).execute()).map(
        (n) => n.entity_id,
      );
    await broken.runOnce();
    expect(await told()).toContain(before.id);
    expect(await told()).not.toContain(faulty.id);
    await broken.runOnce();
    await broken.runOnce();
    const marked = await db().selectFrom('domain_events').select('processed_at').where('id', '=', bad).executeTakeFirstOrThrow();
    expect(marked.processed_at).not.toBeNull();
    await broken.runOnce();
    expect(await told()).toContain(after.id);
    expect(await told()).not.toContain(faulty.id);
  });

  describe('the request flow', () => {
    it('tells the head of the first step of a new request, the requester by SMS when it is received, the next step’s people when it moves', async () => {
      const chief = await t.userWith([], { email: 'chief@example.vn' });
      await call('PUT', `/api/departments/${world.tech.id}`, {
        code: world.tech.code,
        name: world.tech.name,
        head_id: chief.id,
        version: world.tech.version,
      });
      const labChief = await t.userWith([]);
      await call('PUT', `/api/departments/${world.lab.id}`, {
        code: world.lab.code,
        name: world.lab.name,
        head_id: labChief.id,
        version: world.lab.version,
      });
      const created = await call('POST', '/api/requests', requestPayload(world));
      expect(created.statusCode, created.body).toBe(201);
      const request = created.json() as { id: number; code: string; tracking_code: string; requester_phone: string };
      await dispatcher.runOnce();
      const chiefs = await notificationsOf(chief.id);
      expect(chiefs.at(-1)).toMatchObject({
        event: 'request.created',
        title: `Yêu cầu mới ${request.code}`,
        link: `/admin/requests/${request.id}`,
      });

      const received = await call('POST', `/api/requests/${request.id}/receive`);
      expect(received.statusCode, received.body).toBe(200);
      await dispatcher.runOnce();
      const sms = (await deliveriesOf('request.received')).filter((d) => d.recipient === request.requester_phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]?.channel).toBe('sms');
      expect(sms[0]?.user_id).toBeNull();
      expect(sms[0]?.body).toContain(request.tracking_code);
      // The first step's default assignee was given its work.
      const samplerNotes = await notificationsOf(world.sampler.id);
      expect(samplerNotes.map((n) => n.event)).toContain('work.assigned');

      const work = received.json().works[0] as { id: number };
      const done = await call('POST', `/api/works/${work.id}/complete`, { result_note: 'Đã lấy đủ mẫu' });
      expect(done.statusCode, done.body).toBe(200);
      await dispatcher.runOnce();
      const moved = (await notificationsOf(world.analyst.id)).filter((n) => n.event === 'request.step_changed');
      expect(moved).toHaveLength(1);
      expect(moved[0]?.title).toBe(`Yêu cầu ${request.code} chuyển sang bước "Phân tích mẫu"`);
      expect((await notificationsOf(labChief.id)).map((n) => n.event)).toContain('request.step_changed');
    });

    it('reaches the customer by phone and e-mail when the setting names them', async () => {
      const customer = await call('POST', '/api/customers', {
        type: 'organization',
        name: 'Công ty CP Nước sạch Sông Đà',
        phone: '02412345678',
        email: 'lienhe@nuocsach.example.vn',
      });
      expect(customer.statusCode, customer.body).toBe(201);
      await updateSetting('request.rejected', { channels: ['email', 'sms'], recipients: { dynamic: ['customer', 'requester'] } });
      const created = await call('POST', '/api/requests', requestPayload(world, { customer_id: customer.json().id }));
      const rejected = await call('POST', `/api/requests/${created.json().id}/reject`, { reason: 'Ngoài phạm vi dịch vụ' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      await dispatcher.runOnce();
      const event = await db()
        .selectFrom('domain_events')
        .select('id')
        .where('type', '=', 'request.rejected')
        .where('entity_id', '=', created.json().id)
        .executeTakeFirstOrThrow();
      const sent = await db().selectFrom('deliveries').selectAll().where('event_id', '=', event.id).execute();
      expect(sent.map((d) => `${d.channel}:${d.recipient}`).sort()).toEqual(
        [
          'email:an.nguyen@example.vn',
          'email:lienhe@nuocsach.example.vn',
          `sms:${created.json().requester_phone}`,
          'sms:02412345678',
        ].sort(),
      );
      expect(sent.every((d) => d.body.includes('Ngoài phạm vi dịch vụ'))).toBe(true);
    });
  });
});
