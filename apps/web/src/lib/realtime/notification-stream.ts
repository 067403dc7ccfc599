import { truncateWords } from '@qlcv/common/format/text';
import type { StreamNotificationEvent, StreamTicket, StreamUnreadCountEvent } from '@qlcv/common/schemas/notification-stream';
import { api } from '../api/requester';
import { notifyInfo } from '../notify/notify';
import { queryClient } from '../query-client';
import { queryKeys } from '../query-keys';
import { createStore } from '../store';

/** Reconnect delays: 1 s, doubling, at most 30 s. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'retrying';

/** The live connection's state, for a hint in the header and for tests. */
export const streamState = createStore<{ status: StreamStatus; lastEventId: number }>({ status: 'idle', lastEventId: 0 });

/**
 * The live notifications of the signed-in user over Server-Sent Events. EventSource cannot send the Bearer header,
 * so each connection first takes a single-use ticket with it; a dropped connection is opened again with a new ticket
 * and the last id seen, after 1, 2, 4… seconds (at most 30). Each event updates the badge and the lists in the query
 * cache (and the dashboard); a new notification also shows a toast.
 */
class NotificationStream {
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = FIRST_RETRY_MS;
  private running = false;
  /** Bumped on every start/stop, so a ticket that arrives after a stop opens nothing. */
  private generation = 0;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.generation += 1;
    void this.connect(this.generation);
  }

  stop(): void {
    this.running = false;
    this.generation += 1;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    streamState.set({ status: 'idle', lastEventId: 0 });
  }

  private async connect(generation: number): Promise<void> {
    streamState.set({ status: 'connecting' });
    let ticket: StreamTicket;
    try {
      // A 401 here ends the session through the API client's handler, which stops this stream.
      ticket = await api.post<StreamTicket>('/api/notifications/stream-ticket', undefined, { display: 'ignore' });
    } catch {
      if (generation === this.generation) this.retry(generation);
      return;
    }
    if (generation !== this.generation) return;
    const last = streamState.get().lastEventId;
    const params = new URLSearchParams({ ticket: ticket.ticket });
    if (last > 0) params.set('last_event_id', String(last));
    const source = new EventSource(`/api/notifications/stream?${params}`);
    this.source = source;
    // What a reconnect replays is not news: no toast until the first unread count closes the replay.
    let replaying = last > 0;

    source.onopen = () => {
      this.retryMs = FIRST_RETRY_MS;
      streamState.set({ status: 'open' });
    };
    source.addEventListener('notification', (e) => {
      const { notification, unread_count } = JSON.parse((e as MessageEvent<string>).data) as StreamNotificationEvent;
      streamState.set({ lastEventId: Math.max(streamState.get().lastEventId, notification.id) });
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), { count: unread_count });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists() });
      // A notification follows a change the dashboard counts (a work assigned, a leave to approve…).
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
      if (!replaying) notifyInfo(notification.title, { description: truncateWords(notification.body), timeout: 6000 });
    });
    source.addEventListener('unread_count', (e) => {
      const { unread_count } = JSON.parse((e as MessageEvent<string>).data) as StreamUnreadCountEvent;
      replaying = false;
      const before = queryClient.getQueryData<{ count: number }>(queryKeys.notifications.unreadCount());
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), { count: unread_count });
      // Read elsewhere (another tab): the lists' read marks changed too.
      if (before && before.count !== unread_count) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists() });
      }
    });
    // The sign-in ended (logout elsewhere, lock): the next ticket request answers 401 and ends the session here.
    source.addEventListener('end', () => this.drop(source, generation));
    // EventSource would retry with the same, now used, ticket: close it and reconnect with a new one.
    source.onerror = () => this.drop(source, generation);
  }

  private drop(source: EventSource, generation: number) {
    source.close();
    if (this.source === source) this.source = null;
    if (generation === this.generation) this.retry(generation);
  }

  private retry(generation: number) {
    if (!this.running) return;
    streamState.set({ status: 'retrying' });
    clearTimeout(this.timer);
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.timer = setTimeout(() => {
      if (generation === this.generation) void this.connect(generation);
    }, delay);
  }
}

export const notificationStream = new NotificationStream();
