import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/harness';
import { openSse, type SseEvent } from '../../test/sse';

// The live stream of notifications (issue 9, part 3) through a real socket: tickets, scope, replay, logout, shutdown.

const HEARTBEAT_MS = 300;
const t: TestApp = await createTestApp({ streamHeartbeatMs: HEARTBEAT_MS });
let base = '';
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  alice = await t.userWith([]);
  bob = await t.userWith([]);
});
afterAll(() => t.close());

async function ticketFor(token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/notifications/stream-ticket', token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket;
}

/** A notification row as the dispatcher makes it, then its live message. */
async function notify(userId: number, title = 'Bạn được giao công việc', publish = true): Promise<number> {
  const row = await t.database.db
    .insertInto('notifications')
    .values({
      user_id: userId,
      event: 'work.assigned',
      entity: 'works',
      entity_id: 7,
      title,
      body: 'Công việc “Lấy mẫu nước thải” được giao cho bạn.',
      link: '/works/7',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (publish) await t.app.realtime.publish(userId, { id: String(row.id), type: 'notification', data: null });
  return row.id;
}

const isNotification = (e: SseEvent) => e.event === 'notification';
const payload = (e: SseEvent) => e.data as { notification: { id: number; title: string }; unread_count: number };

describe('POST /api/notifications/stream-ticket', () => {
  it('answers 401 without a sign-in', async () => {
    const res = await t.call({ method: 'POST', url: '/api/notifications/stream-ticket' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('UNAUTHENTICATED');
  });

  it('gives a 30-second ticket kept only as a hash', async () => {
    const res = await t.call({ method: 'POST', url: '/api/notifications/stream-ticket', token: alice.token });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.expires_in).toBe(30);
    expect(body.ticket).toMatch(/^[\w-]{43}$/);
    const rows = await t.database.db.selectFrom('stream_tickets').selectAll().where('user_id', '=', alice.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.ticket_hash).not.toBe(body.ticket);
  });
});

describe('GET /api/notifications/stream', () => {
  it('refuses a missing ticket (422), an unknown, used or expired one (401)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/notifications/stream' })).statusCode).toBe(422);
    const unknown = await t.call({ method: 'GET', url: `/api/notifications/stream?ticket=${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Unauthenticated.', errors: [], error_code: 'UNAUTHENTICATED' });

    const ticket = await ticketFor(alice.token);
    const first = await openSse(`${base}/api/notifications/stream?ticket=${ticket}`);
    expect(first.status).toBe(200);
    first.close();
    const again = await openSse(`${base}/api/notifications/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
    again.close();

    const old = await ticketFor(alice.token);
    await t.database.db.updateTable('stream_tickets').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    const expired = await openSse(`${base}/api/notifications/stream?ticket=${old}`);
    expect(expired.status).toBe(401);
    expired.close();
  });

  it('refuses a ticket whose sign-in has ended meanwhile', async () => {
    const token = await t.login((await userName(bob.id)) ?? '');
    const ticket = await ticketFor(token);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    const res = await t.call({ method: 'GET', url: `/api/notifications/stream?ticket=${ticket}` });
    expect(res.statusCode).toBe(401);
  });

  it('streams the user’s own notifications with the unread count, and no one else’s', async () => {
    const sse = await openSse(`${base}/api/notifications/stream?ticket=${await ticketFor(alice.token)}`);
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(sse.headers['cache-control']).toContain('no-cache');
    expect(sse.headers['x-accel-buffering']).toBe('no');
    expect(sse.headers['x-content-type-options']).toBe('nosniff');
    const start = await sse.next();
    expect(start.event).toBe('unread_count');
    const unreadBefore = (start.data as { unread_count: number }).unread_count;

    await notify(bob.id, 'Thông báo của người khác');
    // Someone else's notification id sent to Alice's channel is not hers: nothing is sent.
    const foreign = await notify(bob.id, 'Không phải của Alice', false);
    await t.app.realtime.publish(alice.id, { id: String(foreign), type: 'notification', data: null });
    const id = await notify(alice.id);
    const got = await sse.next(isNotification);
    expect(got.id).toBe(String(id));
    expect(payload(got).notification).toMatchObject({ id, title: 'Bạn được giao công việc', link: '/works/7', read_at: null });
    expect(payload(got).unread_count).toBe(unreadBefore + 1);
    expect(sse.events.filter(isNotification)).toHaveLength(1);

    // Marked read in another tab: the new count follows.
    await t.database.db.updateTable('notifications').set({ read_at: nowIso() }).where('user_id', '=', alice.id).execute();
    await t.app.realtime.publish(alice.id, { id: '', type: 'read', data: null });
    const count = await sse.next((e) => e.event === 'unread_count');
    expect(count.data).toEqual({ unread_count: 0 });
    sse.close();
  });

  it('replays what was missed after last_event_id or Last-Event-ID, then goes live', async () => {
    const seen = await notify(alice.id, 'Đã xem');
    const missed = [await notify(alice.id, 'Bỏ lỡ 1', false), await notify(alice.id, 'Bỏ lỡ 2', false)];

    const byQuery = await openSse(
      `${base}/api/notifications/stream?ticket=${await ticketFor(alice.token)}&last_event_id=${seen}`,
    );
    const replayed = [await byQuery.next(isNotification), await byQuery.next(isNotification)];
    expect(replayed.map((e) => Number(e.id))).toEqual(missed);
    expect(payload(replayed[1] as SseEvent).notification.title).toBe('Bỏ lỡ 2');
    const live = await notify(alice.id, 'Trực tiếp');
    expect(Number((await byQuery.next(isNotification)).id)).toBe(live);
    byQuery.close();

    const byHeader = await openSse(`${base}/api/notifications/stream?ticket=${await ticketFor(alice.token)}`, {
      'last-event-id': String(missed[1]),
    });
    expect(Number((await byHeader.next(isNotification)).id)).toBe(live);
    byHeader.close();
  });

  it('replays at most 100', async () => {
    const from = await notify(alice.id, 'Mốc', false);
    for (let i = 0; i < 105; i++) await notify(alice.id, `Loạt ${i}`, false);
    const sse = await openSse(`${base}/api/notifications/stream?ticket=${await ticketFor(alice.token)}&last_event_id=${from}`);
    await sse.next((e) => e.event === 'unread_count', 5000);
    expect(sse.events.filter(isNotification)).toHaveLength(100);
    sse.close();
  });

  it('sends a heartbeat and ends the stream at the next one once the sign-in is gone', async () => {
    const token = await t.login((await userName(alice.id)) ?? '');
    const sse = await openSse(`${base}/api/notifications/stream?ticket=${await ticketFor(token)}`);
    await sse.next();
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 1.5));
    expect(sse.comments).toBeGreaterThan(0);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
    const end = await sse.next((e) => e.event === 'end', HEARTBEAT_MS * 4);
    expect(end.data).toEqual({ reason: 'signed_out' });
    await sse.ended;
  });

  it('ends a locked user’s stream', async () => {
    const carol = await t.userWith([]);
    const sse = await openSse(`${base}/api/notifications/stream?ticket=${await ticketFor(carol.token)}`);
    await sse.next();
    const lock = await t.call({ method: 'POST', url: `/api/users/${carol.id}/lock`, token: t.adminToken });
    expect(lock.statusCode, lock.body).toBeLessThan(300);
    await sse.next((e) => e.event === 'end', HEARTBEAT_MS * 4);
    await sse.ended;
  });
});

describe('shutdown', () => {
  it('closes open streams so the server exits promptly', async () => {
    const own = await createTestApp();
    const url = await own.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await own.userWith([]);
    const res = await own.call({ method: 'POST', url: '/api/notifications/stream-ticket', token: user.token });
    const sse = await openSse(`${url}/api/notifications/stream?ticket=${res.json().ticket}`);
    await sse.next();
    // app.close() waits for every open connection: it returns at once only because the streams were ended first.
    const started = performance.now();
    await own.app.close();
    const ms = performance.now() - started;
    await sse.ended;
    await own.close();
    expect(ms).toBeLessThan(2000);
  });
});

async function userName(id: number): Promise<string | undefined> {
  const row = await t.database.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
  return row?.username ?? undefined;
}
