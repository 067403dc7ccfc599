import type { Notification } from '@qlcv/common/schemas/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/audit';
import { isoIn, nowIso } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import type { RealtimeHub, RealtimeMessage } from '../../lib/realtime/hub';
import { notificationStreamRepository as repo } from './notification-stream.repository';
import type { NotificationsService } from './notifications.service';

export const TICKET_TTL_SECONDS = 30;
/** Notifications replayed on a reconnect, at most (older ones are in the list page). */
export const REPLAY_LIMIT = 100;
const SWEEP_MS = 60_000;
/** Ids already sent on one stream, remembered so a replay and a live message never send one twice. */
const SENT_MEMORY = 500;

/** Who a redeemed ticket opens a stream for. */
export interface StreamSession {
  userId: number;
  tokenId: number;
}

/** The raw response of one stream. */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
}

const frame = (event: string, data: unknown, id?: number) =>
  `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Server-Sent Events of the user's notifications. The browser's EventSource cannot send a Bearer header, so it first
 * takes a single-use ticket with its token (kept hashed in the database, so any instance accepts it), then opens the
 * stream with the ticket. A reconnect names the last id it saw and gets what it missed before the live events.
 */
export class NotificationStreamService {
  private readonly streams = new Set<() => void>();
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly hub: RealtimeHub,
    private readonly notifications: NotificationsService,
    private readonly opts: { heartbeatMs: number; log: FastifyBaseLogger },
  ) {}

  async issueTicket(actor: Actor): Promise<{ ticket: string; expires_in: number }> {
    const now = Date.now();
    if (now - this.lastSweep > SWEEP_MS) {
      this.lastSweep = now;
      await repo.deleteExpiredTickets(this.db, nowIso());
    }
    const ticket = newToken();
    await repo.insertTicket(this.db, {
      ticket_hash: sha256(ticket),
      user_id: actor.id,
      token_id: actor.tokenId,
      expires_at: isoIn(TICKET_TTL_SECONDS * 1000),
    });
    return { ticket, expires_in: TICKET_TTL_SECONDS };
  }

  /** The ticket dies on use; an unknown, used or expired one, or one whose sign-in has ended, answers null. */
  async redeem(ticket: string): Promise<StreamSession | null> {
    const row = await repo.takeTicket(this.db, sha256(ticket));
    const now = nowIso();
    if (!row || row.token_id === null || row.expires_at <= now) return null;
    if (!(await repo.tokenAlive(this.db, row.token_id, row.user_id, now))) return null;
    return { userId: row.user_id, tokenId: row.token_id };
  }

  /** Open streams on this instance. */
  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Runs one stream until the client leaves, the token dies (checked at each heartbeat) or the server shuts down.
   * Returns the function that ends it.
   */
  connect(session: StreamSession, lastEventId: number | null, sink: StreamSink): () => void {
    const { userId } = session;
    const sent = new Set<number>();
    let lastSent = lastEventId ?? 0;
    let closed = false;
    // One job at a time, so frames never interleave and the replay goes out before live events.
    let chain: Promise<void> = Promise.resolve();
    const run = (job: () => Promise<void>) => {
      chain = chain
        .then(() => (closed ? undefined : job()))
        .catch((err) => {
          this.opts.log.warn({ err: (err as Error).message, userId }, 'notification stream failed');
          close();
        });
    };
    const write = (chunk: string) => {
      if (!closed) sink.write(chunk);
    };
    const sendNotifications = async (rows: Notification[]) => {
      const fresh = rows.filter((n) => !sent.has(n.id));
      if (fresh.length === 0) return;
      const unread = await this.notifications.unreadCount(userId);
      for (const n of fresh) {
        write(frame('notification', { notification: n, unread_count: unread }, n.id));
        sent.add(n.id);
        if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value as number);
        lastSent = Math.max(lastSent, n.id);
      }
    };
    const sendUnreadCount = async () =>
      write(frame('unread_count', { unread_count: await this.notifications.unreadCount(userId) }));
    const replay = async () => {
      if (lastSent > 0) await sendNotifications(await this.notifications.since(userId, lastSent, REPLAY_LIMIT));
      await sendUnreadCount();
    };

    const onMessage = (message: RealtimeMessage) => {
      if (message.type === 'notification') {
        const id = Number(message.id);
        if (!Number.isSafeInteger(id) || sent.has(id)) return;
        // Read from the database: scoped to this user, and whole even when the transport dropped a large payload.
        run(async () => {
          // Someone else's id (or one deleted meanwhile) answers 404: nothing is sent.
          const found = await this.notifications.get(userId, id).catch(() => null);
          if (found) await sendNotifications([found]);
        });
      } else if (message.type === 'read') run(sendUnreadCount);
      else if (message.type === 'resync') run(replay);
    };

    const unsubscribe = this.hub.subscribe(userId, onMessage);
    const heartbeat = setInterval(() => {
      run(async () => {
        if (await repo.tokenAlive(this.db, session.tokenId, userId, nowIso())) write(': ping\n\n');
        else {
          write(frame('end', { reason: 'signed_out' }));
          close();
        }
      });
    }, this.opts.heartbeatMs);
    heartbeat.unref();

    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      this.streams.delete(close);
      sink.end();
    };
    this.streams.add(close);

    // Reconnect after 3 s unless told otherwise; then what was missed, and the badge.
    write('retry: 3000\n\n');
    run(replay);
    return close;
  }

  /** Shutdown: every stream ends now, so the server can close its sockets and exit. */
  closeAll(): void {
    for (const close of [...this.streams]) close();
  }
}
