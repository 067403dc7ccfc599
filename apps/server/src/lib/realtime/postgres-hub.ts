import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../../db/schema';
import { LocalListeners, RESYNC, type RealtimeHub, type RealtimeListener, type RealtimeMessage } from './hub';

export const PG_CHANNEL = 'qlcv_realtime';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

interface Wire {
  u: number;
  m: RealtimeMessage;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Several instances on one PostgreSQL: publish is a NOTIFY through the pool; one dedicated connection per instance
 * LISTENs and hands each message to the local listeners (the publisher's own instance included, so nothing is
 * delivered twice). A lost connection is reopened with backoff, then the streams are told to resync.
 */
export class PostgresHub implements RealtimeHub {
  private readonly listeners = new LocalListeners();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly url: string,
    private readonly log?: Log,
  ) {}

  /** Opens the listening connection; resolves once LISTEN is in place. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => this.receive(n.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    await client.connect();
    await client.query(`listen ${PG_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = 250;
  }

  private lost(client: pg.Client, err: Error | null) {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.log?.warn({ err: err?.message }, 'realtime: PostgreSQL listener lost, reconnecting');
    this.reconnect();
  }

  private reconnect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connect()
        // Messages sent while nobody listened are in the database: the streams replay from their last id.
        .then(() => this.listeners.deliverAll(RESYNC))
        .catch((err) => {
          this.log?.warn({ err: (err as Error).message }, 'realtime: PostgreSQL listener reconnect failed');
          this.retryMs = Math.min(this.retryMs * 2, 10_000);
          if (!this.closed) this.reconnect();
        });
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private receive(payload: string | undefined) {
    if (!payload) return;
    try {
      const wire = JSON.parse(payload) as Wire;
      if (typeof wire.u === 'number' && wire.m && typeof wire.m.type === 'string') this.listeners.deliver(wire.u, wire.m);
    } catch {}
  }

  async publish(userId: number, message: RealtimeMessage): Promise<void> {
    let payload = JSON.stringify({ u: userId, m: message } satisfies Wire);
    // Too large for NOTIFY: send the reference only; the stream reads the record itself.
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ u: userId, m: { ...message, data: null } });
    await sql`select pg_notify(${PG_CHANNEL}, ${payload})`.execute(this.db);
  }

  subscribe(userId: number, listener: RealtimeListener): () => void {
    return this.listeners.add(userId, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
