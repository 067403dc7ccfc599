import { statSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PushServiceStandIn, startPushServiceStandIn, testBrowser } from '../../integrations/push/push-service-stand-in';
import { vapidFile } from '../../integrations/push/vapid-keys';
import { expectFieldError, expectUnauthenticated } from '../../test/auth-helpers';
import { race } from '../../test/concurrency';
import { createTestApp, type TestApp } from '../../test/harness';
import { caller } from '../../test/request-helpers';
import { MAX_DEVICES_PER_USER } from './push-subscriptions.service';

describe('Web Push: devices and the push channel through the outbox', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let push: PushServiceStandIn;
  let me: { id: number; token: string };
  let other: { id: number; token: string };
  const url = '/api/profile/push-subscriptions';
  let seq = 0;
  const subscribe = (token: string, name = `b${++seq}`, label = 'Điện thoại Android') => {
    const sub = push.subscribe(name);
    return call('POST', url, { ...sub, expirationTime: null, device_label: label }, token);
  };
  const db = () => t.database.db;
  /** Events → deliveries → sends, as the background loops do. */
  const runWorkers = async () => {
    await t.app.workers.dispatcher.runOnce(10_000);
    await t.app.workers.outbox.runOnce();
  };
  const pushDeliveries = () => db().selectFrom('deliveries').selectAll().where('channel', '=', 'push').orderBy('id').execute();
  const setWorkAssigned = async (channels: string[]) => {
    const s = (await call('GET', '/api/notification-settings?event=work.assigned')).json().data[0];
    const res = await call('PUT', `/api/notification-settings/${s.id}`, {
      event: s.event,
      active: true,
      channels,
      recipients: s.recipients,
      title_template: s.title_template,
      body_template: s.body_template,
      version: s.version,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const assignWork = async (assigneeId: number) => {
    const res = await call('POST', '/api/works', { title: 'Lấy mẫu nước thải đầu ra', assignee_id: assigneeId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    push = await startPushServiceStandIn();
    me = await t.userWith([]);
    other = await t.userWith([]);
    await setWorkAssigned(['in_app', 'push']);
    await runWorkers();
  });
  afterAll(async () => {
    await push.close();
    await t.close();
  });
  beforeEach(() => push.answer(201));

  it('asks for a sign-in on every route (401)', async () => {
    expectUnauthenticated(await call('GET', '/api/push/public-key', undefined, null));
    expectUnauthenticated(await call('GET', url, undefined, null));
    expectUnauthenticated(await call('POST', url, { ...push.subscribe('anon'), device_label: 'x' }, null));
    expectUnauthenticated(await call('DELETE', `${url}/1`, undefined, null));
  });

  it('gives the VAPID public key, made once into DATA_DIR readable by the server only', async () => {
    const res = await call('GET', '/api/push/public-key', undefined, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(statSync(vapidFile(t.config.dataDir)).mode & 0o777).toBe(0o600);
  });

  it('subscribes a browser (201), again from the same browser updates its row (200), lists only my own', async () => {
    const sub = push.subscribe('mine-1');
    const first = await call('POST', url, { ...sub, device_label: 'Điện thoại' }, me.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      device_label: 'Điện thoại',
      endpoint: sub.endpoint,
      failures: 0,
      last_success_at: null,
    });
    const again = await call('POST', url, { ...sub, device_label: 'Điện thoại của tôi' }, me.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const mine = (await call('GET', url, undefined, me.token)).json().data;
    expect(mine.filter((d: { endpoint: string }) => d.endpoint === sub.endpoint)).toEqual([
      expect.objectContaining({ id: first.json().id, device_label: 'Điện thoại của tôi' }),
    ]);
    expect((await call('GET', url, undefined, other.token)).json().data).toEqual([]);
    expect(JSON.stringify(mine)).not.toContain(sub.keys.auth);
    await call('DELETE', `${url}/${first.json().id}`, undefined, me.token);
  });

  it('removes my device (204); another user’s id answers 404 and stays', async () => {
    const mine = (await subscribe(me.token)).json();
    const theirs = (await subscribe(other.token)).json();
    const stolen = await call('DELETE', `${url}/${theirs.id}`, undefined, me.token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Không tìm thấy thiết bị.');
    expect((await call('GET', url, undefined, other.token)).json().data.map((d: { id: number }) => d.id)).toContain(theirs.id);
    expect((await call('DELETE', `${url}/${mine.id}`, undefined, me.token)).statusCode).toBe(204);
    expect((await call('DELETE', `${url}/${mine.id}`, undefined, me.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/abc`, undefined, me.token)).statusCode).toBe(422);
    await call('DELETE', `${url}/${theirs.id}`, undefined, other.token);
  });

  it('refuses a bad subscription with a Vietnamese 422: not https, an inner address, too long, bad keys, no label', async () => {
    const keys = testBrowser().keys;
    const post = (body: Record<string, unknown>) => call('POST', url, { keys, device_label: 'Máy', ...body }, me.token);
    expectFieldError(await post({ endpoint: 'http://push.example.com/x' }), 'endpoint');
    expect((await post({ endpoint: 'http://push.example.com/x' })).json().message).toContain('https://');
    expectFieldError(await post({ endpoint: 'https://192.168.1.10/x' }), 'endpoint');
    expectFieldError(await post({ endpoint: `https://push.example.com/${'a'.repeat(1000)}` }), 'endpoint');
    expectFieldError(await post({ endpoint: 'không phải địa chỉ' }), 'endpoint');
    expectFieldError(await post({ endpoint: 'https://push.example.com/x', keys: { ...keys, auth: 'AAAA' } }), 'keys.auth');
    expectFieldError(
      await post({ endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: `BA${'A'.repeat(85)}` } }),
      'keys.p256dh',
    );
    expectFieldError(await post({ endpoint: 'https://push.example.com/x', device_label: '  ' }), 'device_label');
    expectFieldError(await call('POST', url, { endpoint: 'https://push.example.com/x' }, me.token), 'keys');
  });

  it('holds one row per endpoint when the same browser subscribes many times at once, and caps devices per user', async () => {
    const u = await t.userWith([]);
    const sub = push.subscribe('raced');
    const answers = await race(t, 8, () => ({
      method: 'POST',
      url,
      token: u.token,
      payload: { ...sub, device_label: 'Máy tính' },
    }));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const rows = await db().selectFrom('push_subscriptions').select('id').where('endpoint', '=', sub.endpoint).execute();
    expect(rows).toHaveLength(1);
    // Up to the cap, even when they arrive together; the next is refused.
    const more = await race(t, MAX_DEVICES_PER_USER + 3, (i) => ({
      method: 'POST',
      url,
      token: u.token,
      payload: { ...push.subscribe(`cap-${i}`), device_label: `Máy ${i}` },
    }));
    expect(more.filter((a) => a.status === 201)).toHaveLength(MAX_DEVICES_PER_USER - 1);
    expect(more.filter((a) => a.status === 422)).toHaveLength(4);
    expect(more.find((a) => a.status === 422)?.body.message).toContain('tối đa');
  });

  it('a work assigned to a subscribed user reaches each of their browsers, decrypted, with the work’s title and page', async () => {
    const phone = (await subscribe(me.token, 'assign-phone', 'Điện thoại')).json();
    const laptop = (await subscribe(me.token, 'assign-laptop', 'Máy tính')).json();
    const before = push.received.length;
    const work = await assignWork(me.id);
    await runWorkers();
    const got = push.received.slice(before);
    expect(push.refused).toEqual([]);
    expect(got.map((r) => r.path).sort()).toEqual(['/push/assign-laptop', '/push/assign-phone']);
    const key = (await call('GET', '/api/push/public-key', undefined, me.token)).json().public_key;
    for (const r of got) {
      expect(r.vapid.key).toBe(key);
      expect(JSON.parse(r.payload)).toEqual({
        title: `Bạn được giao công việc ${work.code}`,
        body: expect.stringContaining('Lấy mẫu nước thải đầu ra'),
        url: `/admin/works/${work.id}`,
        tag: `works-${work.id}`,
      });
    }
    const sent = (await pushDeliveries()).filter((d) => d.user_id === me.id && d.status === 'sent');
    expect(sent.map((d) => d.recipient).sort()).toEqual([String(phone.id), String(laptop.id)].sort());
    const listed = (await call('GET', url, undefined, me.token)).json().data;
    expect(listed.find((d: { id: number }) => d.id === phone.id).last_success_at).toEqual(expect.any(String));
    // The deliveries log offers and filters the channel.
    const log = await call('GET', '/api/deliveries?channel=push');
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.length).toBeGreaterThanOrEqual(2);
    await call('DELETE', `${url}/${phone.id}`, undefined, me.token);
    await call('DELETE', `${url}/${laptop.id}`, undefined, me.token);
  });

  it('sends nothing by push to someone who turned push off for that event; in-app still comes', async () => {
    const u = await t.userWith([]);
    await subscribe(u.token, 'opted-out');
    const prefs = await call(
      'PUT',
      '/api/profile/notification-preferences',
      { preferences: [{ event: 'work.assigned', channel: 'push', enabled: false }] },
      u.token,
    );
    expect(prefs.statusCode, prefs.body).toBe(200);
    const pushChannel = prefs
      .json()
      .events.find((e: { event: string }) => e.event === 'work.assigned')
      .channels.find((c: { channel: string }) => c.channel === 'push');
    expect(pushChannel).toEqual({ channel: 'push', enabled: false });
    const before = push.received.length;
    await assignWork(u.id);
    await runWorkers();
    expect(push.received.slice(before).filter((r) => r.path === '/push/opted-out')).toEqual([]);
    expect((await pushDeliveries()).filter((d) => d.user_id === u.id)).toEqual([]);
    const inApp = await db().selectFrom('notifications').select('id').where('user_id', '=', u.id).execute();
    expect(inApp).toHaveLength(1);
  });

  it('a 410 from the push service removes the subscription and ends the delivery; 404 too', async () => {
    for (const status of [410, 404]) {
      const u = await t.userWith([]);
      const sub = (await subscribe(u.token, `gone-${status}`)).json();
      push.answer(status);
      await assignWork(u.id);
      await runWorkers();
      const [delivery] = (await pushDeliveries()).filter((d) => d.user_id === u.id);
      expect(delivery).toMatchObject({ status: 'dead', attempts: 1, recipient: String(sub.id) });
      expect(delivery?.last_error).toContain(`HTTP ${status}`);
      expect((await call('GET', url, undefined, u.token)).json().data).toEqual([]);
    }
  });

  it('tries again on 429 and 5xx (the outbox backs off), ends at once on another 4xx; counts the failures', async () => {
    for (const [status, expected] of [
      [503, 'failed'],
      [429, 'failed'],
      [400, 'dead'],
    ] as const) {
      const u = await t.userWith([]);
      const sub = (await subscribe(u.token, `fail-${status}`)).json();
      push.answer(status);
      await assignWork(u.id);
      await runWorkers();
      const [delivery] = (await pushDeliveries()).filter((d) => d.user_id === u.id);
      expect(delivery?.status, String(status)).toBe(expected);
      const [listed] = (await call('GET', url, undefined, u.token)).json().data;
      expect(listed).toMatchObject({ id: sub.id, failures: 1, last_failure_at: expect.any(String) });
    }
  });

  it('a removed user takes their subscriptions along (cascade)', async () => {
    const u = await t.userWith([]);
    const sub = (await subscribe(u.token, 'cascade')).json();
    await db().deleteFrom('access_tokens').where('user_id', '=', u.id).execute();
    await db().deleteFrom('notifications').where('user_id', '=', u.id).execute();
    await db().deleteFrom('users').where('id', '=', u.id).execute();
    expect(await db().selectFrom('push_subscriptions').select('id').where('id', '=', sub.id).execute()).toEqual([]);
  });
});
