import { z } from 'zod';
import { digitsInt, INT32_MAX } from './common';
import type { Notification } from './notifications';

/**
 * The live stream of notifications (Server-Sent Events). `POST /api/notifications/stream-ticket` with the Bearer token
 * gives a single-use ticket; `GET /api/notifications/stream?ticket=…` opens the stream (the ticket is its only
 * credential, so the token never travels in a URL). A reconnect passes the last id seen as `last_event_id` (a new
 * EventSource, since it needs a new ticket) or the `Last-Event-ID` header.
 */
export const streamTicket = z.object({ ticket: z.string(), expires_in: z.number().int() });
export type StreamTicket = z.infer<typeof streamTicket>;

export const streamQuery = z.object({
  ticket: z.string().min(20).max(100),
  last_event_id: digitsInt(0, INT32_MAX, 'Mã sự kiện không hợp lệ').optional(),
});

/** A notification as the stream sends it: the same object as the list (`GET /api/notifications`). */
export type StreamNotification = Notification;

/** `event: notification` (with `id: <notification id>`): a new notification and the unread count after it. */
export interface StreamNotificationEvent {
  notification: StreamNotification;
  unread_count: number;
}

/** `event: unread_count`: on connect, and when notifications were marked read elsewhere. */
export interface StreamUnreadCountEvent {
  unread_count: number;
}

/** `event: end`: the sign-in the stream was opened with has ended (logout, lock, expiry); do not reconnect with it. */
export interface StreamEndEvent {
  reason: 'signed_out';
}
