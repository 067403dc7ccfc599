/**
 * Live events to the open browsers of a user (issue 9). A notification made on one instance reaches a stream held by
 * any instance: in process (one instance), through PostgreSQL LISTEN/NOTIFY, or Redis pub/sub (create-hub.ts).
 *
 * Messages the stream route understands (modules/notifications/notification-stream.routes.ts):
 * - `{ type: 'notification', id: '<notification id>' }`: a new notification; the stream reads it from the database
 *   (so `data` may be anything, or null when it was too large for the transport);
 * - `{ type: 'read', id: '' }`: notifications were marked read elsewhere (another tab): the stream sends the new
 *   unread count.
 */
export interface RealtimeMessage {
  /** The SSE event id (a notification id), so a reconnect can resume with Last-Event-ID. */
  id: string;
  /** `notification` for a new one, `read` when some were marked read elsewhere. */
  type: string;
  data: unknown;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

export interface RealtimeHub {
  /** Delivers the message to every listener of the user, on every instance. Resolves once handed to the transport. */
  publish(userId: number, message: RealtimeMessage): Promise<void>;
  /** Listens to the user's messages on this instance; returns the unsubscribe. */
  subscribe(userId: number, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

/** Sent to every local listener when the transport reconnected and may have missed messages: replay from the last id. */
export const RESYNC: RealtimeMessage = { id: '', type: 'resync', data: null };

/** Keeps this instance's listeners per user; the transports feed it. */
export class LocalListeners {
  private readonly byUser = new Map<number, Set<RealtimeListener>>();

  add(userId: number, listener: RealtimeListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  deliver(userId: number, message: RealtimeMessage): void {
    for (const listener of this.byUser.get(userId) ?? []) {
      // One failing stream must not stop the others.
      try {
        listener(message);
      } catch {}
    }
  }

  deliverAll(message: RealtimeMessage): void {
    for (const userId of this.byUser.keys()) this.deliver(userId, message);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}
