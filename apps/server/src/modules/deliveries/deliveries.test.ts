import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDeliveries } from '../../lib/outbox';
import { expectError } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

interface Row {
  id: number;
  event: string;
  event_label: string;
  user: { id: number; name: string } | null;
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  provider_response: string | null;
  last_error: string | null;
  fallback_of: number | null;
}

describe('deliveries (the delivery log)', () => {
  let t: TestApp;
  let viewer: { id: number; token: string };
  let editor: { id: number; token: string };
  let person: { id: number; token: string };
  const ids: Record<string, number> = {};

  const list = async (query: string, token = viewer.token) => {
    const res = await t.call({ method: 'GET', url: `/api/deliveries?${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; meta: { total: number } };
  };
  const resend = (id: number | string, token = editor.token) =>
    t.call({ method: 'POST', url: `/api/deliveries/${id}/resend`, token });
  const setRow = (id: number, values: Record<string, unknown>) =>
    t.database.db.updateTable('deliveries').set(values).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await t.userWith(['setting_notifications.index']);
    editor = await t.userWith(['setting_notifications.index', 'setting_notifications.edit']);
    person = await t.userWith([], { name: 'Trần Thị Bích Ngọc' });
    const now = new Date().toISOString();
    const base = { eventId: null, userId: null, subject: null, data: null };
    await enqueueDeliveries(
      t.database.db,
      [
        {
          ...base,
          event: 'work.assigned',
          channel: 'email',
          recipient: 'ngoc.tran@example.vn',
          userId: person.id,
          subject: 'Việc mới',
          body: 'A',
          idempotencyKey: 'k-sent',
        },
        { ...base, event: 'request.received', channel: 'sms', recipient: '0912000001', body: 'B', idempotencyKey: 'k-dead' },
        { ...base, event: 'request.completed', channel: 'zalo', recipient: '0912000002', body: 'C', idempotencyKey: 'k-failed' },
        { ...base, event: 'request.completed', channel: 'sms', recipient: '0912000003', body: 'D', idempotencyKey: 'k-pending' },
      ],
      now,
    );
    const rows = await t.database.db.selectFrom('deliveries').select(['id', 'idempotency_key']).execute();
    for (const r of rows) ids[r.idempotency_key.slice(2)] = r.id;
    await setRow(ids.sent!, { status: 'sent', attempts: 1, provider_response: '{"messageId":"<abc@qlcv>"}', sent_at: now });
    await setRow(ids.dead!, {
      status: 'dead',
      attempts: 5,
      last_error: 'Sai số điện thoại',
      provider_response: '{"CodeResult":"99"}',
    });
    await setRow(ids.failed!, { status: 'failed', attempts: 2, last_error: 'HTTP 503' });
  });
  afterAll(() => t.close());

  it('lists every send, newest first, with channel, recipient, status, tries and the provider’s answer', async () => {
    const page = await list('');
    expect(page.meta.total).toBe(4);
    expect(page.data.map((d) => d.id)).toEqual([ids.pending, ids.failed, ids.dead, ids.sent]);
    const sent = page.data.find((d) => d.id === ids.sent);
    expect(sent).toMatchObject({
      event_label: 'Được giao công việc',
      user: { id: person.id, name: 'Trần Thị Bích Ngọc' },
      channel: 'email',
      recipient: 'ngoc.tran@example.vn',
      status: 'sent',
      attempts: 1,
      provider_response: '{"messageId":"<abc@qlcv>"}',
    });
  });

  it('filters by channel, status and event, and searches the recipient or the person’s name', async () => {
    expect((await list('channel=sms')).data.map((d) => d.id).sort()).toEqual([ids.dead, ids.pending].sort());
    expect((await list('status=dead,failed')).data.map((d) => d.id).sort()).toEqual([ids.dead, ids.failed].sort());
    expect((await list('event=request.completed')).meta.total).toBe(2);
    expect((await list('search=0912000002')).data.map((d) => d.id)).toEqual([ids.failed]);
    expect((await list('search=bich ngoc')).data.map((d) => d.id)).toEqual([ids.sent]);
    expect((await list('search=NGOC.TRAN')).data.map((d) => d.id)).toEqual([ids.sent]);
    expect((await list('sort=attempts&per_page=1')).data[0]?.id).toBe(ids.pending);
    expectError(
      await t.call({ method: 'GET', url: '/api/deliveries?status=lost', token: viewer.token }),
      422,
      'VALIDATION_FAILED',
      'status.0',
    );
    expectError(
      await t.call({ method: 'GET', url: '/api/deliveries?sort=body', token: viewer.token }),
      422,
      'VALIDATION_FAILED',
      'sort',
    );
  });

  it('sends a dead delivery again as a new delivery, keeping the old one in the log', async () => {
    const res = await resend(ids.dead!);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as Row;
    expect(copy).toMatchObject({
      channel: 'sms',
      recipient: '0912000001',
      status: 'pending',
      attempts: 0,
      fallback_of: ids.dead,
    });
    expect(copy.id).not.toBe(ids.dead);
    const old = (await list(`search=0912000001`)).data.find((d) => d.id === ids.dead);
    expect(old?.status).toBe('dead');
    const keys = await t.database.db
      .selectFrom('deliveries')
      .select('idempotency_key')
      .where('id', 'in', [copy.id, ids.dead!])
      .execute();
    expect(new Set(keys.map((k) => k.idempotency_key)).size).toBe(2);
    const audit = await t.database.db.selectFrom('audit_logs').selectAll().where('entity', '=', 'deliveries').execute();
    expect(audit.map((a) => [a.entity_id, a.action, a.user_id])).toContainEqual([ids.dead, 'resend', editor.id]);
  });

  it('closes a failed delivery as it is sent again (it will not retry by itself), and sends a sent one again', async () => {
    expect((await resend(ids.failed!)).statusCode).toBe(201);
    const rows = await list('status=dead');
    expect(rows.data.find((d) => d.id === ids.failed)?.last_error).toContain('đã gửi lại thủ công');
    expect((await resend(ids.sent!)).statusCode).toBe(201);
  });

  it('refuses one still waiting to be sent (409), an unknown one (404), and the callers without the keys', async () => {
    expectError(await resend(ids.pending!), 409, 'CONFLICT');
    expectError(await resend(99999999), 404, 'NOT_FOUND');
    expectError(await resend(ids.dead!, viewer.token), 403, 'FORBIDDEN');
    expectError(await resend(ids.dead!, person.token), 403, 'FORBIDDEN');
    expectError(await resend(ids.dead!, null as never), 401, 'UNAUTHENTICATED');
    expectError(await t.call({ method: 'GET', url: '/api/deliveries', token: person.token }), 403, 'FORBIDDEN');
    expectError(await t.call({ method: 'GET', url: '/api/deliveries', token: null }), 401, 'UNAUTHENTICATED');
  });

  it('the resent delivery goes out through the outbox', async () => {
    const sent = await t.app.workers.outbox.runOnce();
    expect(sent).toBeGreaterThanOrEqual(3);
    const copies = (await list('')).data.filter((d) => d.fallback_of !== null);
    expect(copies.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    expect(copies.every((d) => (d.provider_response ?? '').includes('"driver":"log"'))).toBe(true);
  });
});
