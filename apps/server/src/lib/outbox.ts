import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../db/dialect';
import type { DB, DeliveriesTable } from '../db/schema';
import type { ChannelDrivers, ChannelName, OutboundMessage, SendResult } from '../integrations/channels';
import { sha256 } from './crypto';
import { parseJsonObject } from './json';

/** A message to queue: one recipient on one outside channel. */
export interface NewDelivery {
  eventId: number | null;
  event: string;
  userId: number | null;
  channel: ChannelName;
  recipient: string;
  subject: string | null;
  body: string;
  data: Record<string, unknown> | null;
  /** Unique: a second enqueue with the same key inserts nothing. */
  idempotencyKey: string;
  maxAttempts?: number;
}

export type DeliveryRow = Omit<DeliveriesTable, 'id' | 'status' | 'attempts' | 'max_attempts'> & {
  id: number;
  status: string;
  attempts: number;
  max_attempts: number;
};

/** Waits after the 1st, 2nd, 3rd, 4th and later failed tries. */
export const BACKOFF_SECONDS = [30, 120, 600, 3600] as const;
export const backoffMs = (attempts: number) =>
  (BACKOFF_SECONDS[Math.min(Math.max(attempts, 1), BACKOFF_SECONDS.length) - 1] ?? 3600) * 1000;

/** Keys are at most 64 characters (the column): a longer one is shortened to a hash of itself. */
export const fitKey = (key: string) => (key.length <= 64 ? key : `h:${sha256(key).slice(0, 62)}`);

const clip = (text: string | null | undefined, max = 2000) => (text == null ? null : text.slice(0, max));

/**
 * Queues deliveries inside the caller's transaction (the dispatcher's, for an event), each due now. A key already
 * queued is skipped, so dispatching an event twice sends nothing twice. Returns how many were queued.
 */
export async function enqueueDeliveries(db: Kysely<DB>, rows: NewDelivery[], now: string): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('deliveries')
    .values(
      rows.map((d) => ({
        event_id: d.eventId,
        event: d.event,
        user_id: d.userId,
        channel: d.channel,
        recipient: d.recipient,
        subject: d.subject,
        body: d.body,
        data: d.data ? JSON.stringify(d.data) : null,
        status: 'pending',
        attempts: 0,
        max_attempts: d.maxAttempts ?? 5,
        next_attempt_at: now,
        idempotency_key: fitKey(d.idempotencyKey),
        fallback_of: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export interface OutboxOptions {
  log: FastifyBaseLogger;
  /** Who holds a lease (`locked_by`): unique per process. */
  instanceId?: string;
  /** How long a claimed delivery is this instance's; past it, another may take it again. */
  leaseMs?: number;
  /** Deliveries claimed, and sent side by side, per pass. */
  batchSize?: number;
  /** A driver that has not answered by then counts as a failed try (well inside the lease). */
  sendTimeoutMs?: number;
  /** Whether a Zalo message that cannot reach someone goes again by SMS (Zalo settings); on by default. */
  smsFallback?: () => Promise<boolean>;
  /** The time, for tests that move it. */
  now?: () => number;
}

/**
 * The outbox worker (issue 9, "durable outbox"). Each pass claims due deliveries — pending or failed and due, or
 * `sending` with an expired lease (a worker died mid-send) — by setting them `sending` with a lease and this instance
 * as holder, in one statement that commits before any driver is called (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so two
 * instances never claim one row). Then each is sent and its result recorded: `sent`; `failed` with exponential
 * backoff; `dead` after the last try or at once for an error no retry can fix; a Zalo message that cannot reach the
 * person becomes a new SMS delivery (`fallback_of`). A worker killed mid-send leaves the row `sending`: once its lease
 * expires it is sent once more with the same idempotency key, so a message is never lost and at most repeated once.
 */
export class Outbox {
  readonly instanceId: string;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly sendTimeoutMs: number;
  private readonly now: () => number;
  private readonly log: FastifyBaseLogger;
  private readonly smsFallback: () => Promise<boolean>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: DialectKind,
    private readonly drivers: ChannelDrivers,
    opts: OutboxOptions,
  ) {
    this.instanceId = opts.instanceId ?? `w-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.batchSize = opts.batchSize ?? 20;
    this.sendTimeoutMs = opts.sendTimeoutMs ?? Math.floor(this.leaseMs / 2);
    this.now = opts.now ?? Date.now;
    this.log = opts.log;
    this.smsFallback = opts.smsFallback ?? (() => this.zaloFallbackSetting());
  }

  private iso(offsetMs = 0) {
    return new Date(this.now() + offsetMs).toISOString();
  }

  /** Claims and sends one batch; returns how many deliveries it handled. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((row) => this.deliver(row)));
    return claimed.length;
  }

  /** Sets up to a batch of due deliveries `sending` under this instance's lease; committed when it returns. */
  async claim(): Promise<DeliveryRow[]> {
    const now = this.iso();
    let due = this.db
      .selectFrom('deliveries')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', ['pending', 'failed']), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(this.batchSize);
    if (this.kind === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await this.db
      .updateTable('deliveries')
      .set({
        status: 'sending',
        attempts: sql`attempts + 1`,
        lease_until: this.iso(this.leaseMs),
        locked_by: this.instanceId,
        updated_at: now,
      })
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return (rows as DeliveryRow[]).sort((a, b) => a.id - b.id);
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    const channel = row.channel as ChannelName;
    const driver = this.drivers[channel];
    let result: SendResult;
    if (!driver) {
      result = { ok: false, retryable: false, error: `Không có trình gửi cho kênh ${row.channel}.` };
    } else {
      const message: OutboundMessage = {
        id: row.id,
        channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        data: parseJsonObject(row.data),
        idempotencyKey: row.idempotency_key,
      };
      result = await this.send(driver.send.bind(driver), message);
    }
    try {
      await this.record(row, result);
    } catch (err) {
      // The lease runs out and the delivery is tried again: at most once more, never lost.
      this.log.error({ err, delivery: row.id }, 'outbox: could not record a send result');
    }
  }

  private async send(send: (m: OutboundMessage) => Promise<SendResult>, message: OutboundMessage): Promise<SendResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<SendResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, retryable: true, error: `Quá thời gian chờ (${this.sendTimeoutMs} ms).` }),
        this.sendTimeoutMs,
      );
    });
    try {
      return await Promise.race([send(message), timeout]);
    } catch (err) {
      return { ok: false, retryable: true, error: err instanceof Error ? err.message : String(err) };
    } finally {
      clearTimeout(timer);
    }
  }

  private async record(row: DeliveryRow, result: SendResult) {
    const now = this.iso();
    // Only while the lease is still this instance's: a row taken over after an expired lease is the new holder's.
    const mine = (db: Kysely<DB>) =>
      db
        .updateTable('deliveries')
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .where('locked_by', '=', this.instanceId);
    const released = { lease_until: null, locked_by: null, updated_at: now };
    if (result.ok) {
      await mine(this.db)
        .set({ ...released, status: 'sent', sent_at: now, provider_response: clip(result.providerResponse), last_error: null })
        .execute();
      return;
    }
    const failure = { last_error: clip(result.error, 1000), provider_response: clip(result.providerResponse) };
    if (result.fallbackToSms && row.channel === 'zalo' && (await this.smsFallback())) {
      await this.db.transaction().execute(async (trx) => {
        const res = await mine(trx)
          .set({ ...released, ...failure, status: 'dead', last_error: clip(`${result.error} — chuyển sang SMS`, 1000) })
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) return;
        await trx
          .insertInto('deliveries')
          .values({
            event_id: row.event_id,
            event: row.event,
            user_id: row.user_id,
            channel: 'sms',
            recipient: row.recipient,
            subject: null,
            body: row.body,
            data: row.data,
            status: 'pending',
            attempts: 0,
            max_attempts: row.max_attempts,
            next_attempt_at: now,
            idempotency_key: fitKey(`${row.idempotency_key}:sms`),
            fallback_of: row.id,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('idempotency_key').doNothing())
          .execute();
      });
      return;
    }
    const dead = !result.retryable || row.attempts >= row.max_attempts;
    await mine(this.db)
      .set({
        ...released,
        ...failure,
        status: dead ? 'dead' : 'failed',
        ...(dead ? {} : { next_attempt_at: this.iso(backoffMs(row.attempts)) }),
      })
      .execute();
    if (dead) this.log.warn({ delivery: row.id, channel: row.channel, error: result.error }, 'outbox: delivery dead');
  }

  private async zaloFallbackSetting(): Promise<boolean> {
    const row = await this.db.selectFrom('zalo_settings').select('sms_fallback').orderBy('id').limit(1).executeTakeFirst();
    return row ? Boolean(row.sms_fallback) : true;
  }
}
