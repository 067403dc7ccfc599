import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelDriver, ChannelDrivers, OutboundMessage, SendResult } from '../integrations/channels';
import { createTestApp, type TestApp } from '../test/harness';
import { BACKOFF_SECONDS, enqueueDeliveries, type NewDelivery, Outbox, type OutboxOptions } from './outbox';

const silent = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child: () => silent, level: 'silent' };
const T0 = Date.parse('2026-11-20T02:00:00.000Z');

/** A driver that answers from a script and counts what it was given. */
function scripted(answer: (m: OutboundMessage, n: number) => SendResult | Promise<SendResult>) {
  const calls: OutboundMessage[] = [];
  const driver: ChannelDriver = {
    async send(m) {
      calls.push(m);
      return answer(m, calls.length);
    },
  };
  return { driver, calls };
}

const ok = (): SendResult => ({ ok: true, providerResponse: '{"code":"100"}' });

describe('outbox', () => {
  let t: TestApp;
  let now: number;
  let seq = 0;
  const clock = () => now;

  const db = () => t.database.db;
  const rows = () => db().selectFrom('deliveries').selectAll().orderBy('id').execute();
  const one = async () => (await rows())[0]!;
  const enqueue = async (n = 1, extra: Partial<NewDelivery> = {}) => {
    const list: NewDelivery[] = [];
    for (let i = 0; i < n; i++) {
      seq += 1;
      list.push({
        eventId: null,
        event: 'work.assigned',
        userId: null,
        channel: 'sms',
        recipient: `09${String(10_000_000 + seq)}`,
        subject: null,
        body: `Bạn được giao công việc CV-${seq}`,
        data: null,
        idempotencyKey: `test:${seq}`,
        ...extra,
      });
    }
    return enqueueDeliveries(db(), list, new Date(now).toISOString());
  };
  const outbox = (drivers: Partial<ChannelDrivers>, opts: Partial<OutboxOptions> = {}) => {
    const never: ChannelDriver = { send: async () => ({ ok: false, retryable: false, error: 'unexpected channel' }) };
    return new Outbox(
      db(),
      t.database.kind,
      { email: never, sms: never, zalo: never, push: never, ...drivers },
      { log: silent as never, now: clock, ...opts },
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = T0;
    await db().deleteFrom('deliveries').execute();
  });

  it('sends a pending delivery once and records the provider’s answer', async () => {
    await enqueue(1, { channel: 'email', recipient: 'an@example.vn', subject: 'Việc mới' });
    const mail = scripted(ok);
    expect(await outbox({ email: mail.driver }).runOnce()).toBe(1);
    expect(mail.calls).toHaveLength(1);
    expect(mail.calls[0]).toMatchObject({ channel: 'email', recipient: 'an@example.vn', subject: 'Việc mới' });
    expect(mail.calls[0]?.idempotencyKey).toMatch(/^test:\d+$/);
    expect(await one()).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_response: '{"code":"100"}',
      lease_until: null,
      locked_by: null,
      sent_at: new Date(T0).toISOString(),
    });
    expect(await outbox({ email: mail.driver }).runOnce()).toBe(0);
    expect(mail.calls).toHaveLength(1);
  });

  it('a second enqueue of one key queues nothing', async () => {
    expect(await enqueue(1, { idempotencyKey: 'same-key' })).toBe(1);
    expect(await enqueue(1, { idempotencyKey: 'same-key' })).toBe(0);
    expect(await rows()).toHaveLength(1);
  });

  it('retries a failed send with growing waits, then gives up (dead) after the last try', async () => {
    await enqueue(1);
    const sms = scripted(() => ({ ok: false, retryable: true, error: 'HTTP 503', providerResponse: 'busy' }));
    const box = outbox({ sms: sms.driver });
    const max = 5;
    for (let attempt = 1; attempt <= max; attempt++) {
      expect(await box.runOnce(), `try ${attempt}`).toBe(1);
      const row = await one();
      expect(row.attempts).toBe(attempt);
      if (attempt < max) {
        const wait = BACKOFF_SECONDS[Math.min(attempt, BACKOFF_SECONDS.length) - 1]! * 1000;
        expect(row).toMatchObject({ status: 'failed', last_error: 'HTTP 503', provider_response: 'busy' });
        expect(row.next_attempt_at).toBe(new Date(now + wait).toISOString());
        // Not due yet: nothing is claimed a moment before the wait is over.
        now += wait - 1000;
        expect(await box.runOnce()).toBe(0);
        now += 1000;
      } else {
        expect(row.status).toBe('dead');
      }
    }
    expect(sms.calls).toHaveLength(max);
    now += 24 * 3600_000;
    expect(await box.runOnce()).toBe(0);
  });

  it('gives up at once on an error no retry can fix', async () => {
    await enqueue(1);
    const sms = scripted(() => ({ ok: false, retryable: false, error: 'Số điện thoại không hợp lệ' }));
    await outbox({ sms: sms.driver }).runOnce();
    expect(await one()).toMatchObject({ status: 'dead', attempts: 1, last_error: 'Số điện thoại không hợp lệ' });
  });

  it('counts a driver that throws or never answers as a failed try', async () => {
    await enqueue(2);
    const sms = scripted((_, n) => (n === 1 ? Promise.reject(new Error('ECONNRESET')) : new Promise<SendResult>(() => {})));
    await outbox({ sms: sms.driver }, { sendTimeoutMs: 50, batchSize: 2 }).runOnce();
    const [a, b] = await rows();
    expect(a).toMatchObject({ status: 'failed', last_error: 'ECONNRESET' });
    expect(b?.status).toBe('failed');
    expect(b?.last_error).toContain('Quá thời gian chờ');
  });

  it('sends a Zalo message that cannot reach the person again by SMS, linked to it', async () => {
    await enqueue(1, { channel: 'zalo', data: { kind: 'work_assigned', template_data: { work_code: 'CV-1' } } });
    const zalo = scripted(() => ({
      ok: false,
      retryable: false,
      fallbackToSms: true,
      error: 'Người nhận không dùng Zalo',
      providerResponse: '{"error":-118}',
    }));
    const sms = scripted(ok);
    const box = outbox({ zalo: zalo.driver, sms: sms.driver });
    expect(await box.runOnce()).toBe(1);
    const [first, fallback] = await rows();
    expect(first).toMatchObject({ channel: 'zalo', status: 'dead', provider_response: '{"error":-118}' });
    expect(first?.last_error).toContain('chuyển sang SMS');
    expect(fallback).toMatchObject({
      channel: 'sms',
      status: 'pending',
      fallback_of: first?.id,
      recipient: first?.recipient,
      body: first?.body,
      idempotency_key: `${first?.idempotency_key}:sms`,
    });
    expect(await box.runOnce()).toBe(1);
    expect(sms.calls.map((m) => m.recipient)).toEqual([first?.recipient]);
    expect((await rows())[1]?.status).toBe('sent');
  });

  it('keeps Zalo failures on Zalo when the SMS fallback is off', async () => {
    await enqueue(1, { channel: 'zalo' });
    const zalo = scripted(() => ({ ok: false, retryable: true, fallbackToSms: true, error: 'ZNS quota' }));
    await outbox({ zalo: zalo.driver }, { smsFallback: async () => false }).runOnce();
    expect(await rows()).toHaveLength(1);
    expect((await one()).status).toBe('failed');
  });

  it('after a worker died mid-send, sends the delivery once more when the lease expires, never lost', async () => {
    await enqueue(1);
    const sms = scripted(ok);
    // Worker A claims and dies before sending anything: the row stays `sending` under A's lease.
    const a = outbox({ sms: sms.driver }, { instanceId: 'worker-a' });
    expect(await a.claim()).toHaveLength(1);
    expect(await one()).toMatchObject({ status: 'sending', attempts: 1, locked_by: 'worker-a' });
    const b = outbox({ sms: sms.driver }, { instanceId: 'worker-b' });
    now += 59_000;
    expect(await b.runOnce()).toBe(0);
    now += 2_000;
    expect(await b.runOnce()).toBe(1);
    expect(sms.calls).toHaveLength(1);
    expect(await one()).toMatchObject({ status: 'sent', attempts: 2, locked_by: null });
  });

  it('when a worker died after the provider took the message, the retry carries the same key and A’s late answer is ignored', async () => {
    await enqueue(1);
    let release: (r: SendResult) => void = () => {};
    const provider = scripted((_, n) => (n === 1 ? new Promise<SendResult>((r) => (release = r)) : ok()));
    const a = outbox({ sms: provider.driver }, { instanceId: 'worker-a', sendTimeoutMs: 10 * 60_000 });
    const aRun = a.runOnce();
    await new Promise((r) => setTimeout(r, 20));
    // A hangs past its lease; B takes the delivery over and sends it again.
    now += 61_000;
    const b = outbox({ sms: provider.driver }, { instanceId: 'worker-b' });
    expect(await b.runOnce()).toBe(1);
    release(ok());
    await aRun;
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[0]?.idempotencyKey).toBe(provider.calls[1]?.idempotencyKey);
    expect(await one()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two workers side by side never send one delivery twice', async () => {
    await enqueue(120);
    const counts = new Map<number, number>();
    const slow: ChannelDriver = {
      async send(m) {
        counts.set(m.id, (counts.get(m.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
        return ok();
      },
    };
    const a = outbox({ sms: slow }, { instanceId: 'worker-a', batchSize: 7 });
    const b = outbox({ sms: slow }, { instanceId: 'worker-b', batchSize: 7 });
    const drain = async (box: Outbox) => {
      let total = 0;
      for (let n = await box.runOnce(); n > 0; n = await box.runOnce()) total += n;
      return total;
    };
    const [na, nb] = await Promise.all([drain(a), drain(b)]);
    expect(na + nb).toBe(120);
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    const statuses = new Set((await rows()).map((r) => r.status));
    expect([...statuses]).toEqual(['sent']);
    if (t.database.kind === 'postgres') {
      // Both workers really ran at once on PostgreSQL.
      expect(na).toBeGreaterThan(0);
      expect(nb).toBeGreaterThan(0);
    }
  });
});
