/**
 * Live messages to one user's open browsers. The dispatcher publishes a new notification; the stream route
 * subscribes per connection. Implementations: in process (one instance), PostgreSQL LISTEN/NOTIFY or Redis pub/sub
 * (several instances share one database).
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
  publish(userId: number, message: RealtimeMessage): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(userId: number, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}
