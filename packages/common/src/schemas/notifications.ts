import { z } from 'zod';
import { listQuery } from './common';
import { NOTIFICATION_CHANNELS } from './notification-settings';

// A person's in-app notifications (`/api/notifications`) and their own channel opt-outs
// (`/api/profile/notification-preferences`).

export const notificationSchema = z.object({
  id: z.number(),
  event: z.string(),
  event_label: z.string(),
  /** The record it is about (`requests`, `works`…), for the link. */
  entity: z.string().nullable(),
  entity_id: z.number().nullable(),
  title: z.string(),
  body: z.string(),
  /** The record's page in the app, e.g. `/admin/requests/12`. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_STATUSES = ['read', 'unread'] as const;
export const notificationListQuery = listQuery.extend({
  status: z.enum(NOTIFICATION_STATUSES, { error: 'Trạng thái không hợp lệ (read hoặc unread)' }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const unreadCountSchema = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readAllSchema = z.object({ updated: z.number(), count: z.number() });
export type ReadAllResult = z.infer<typeof readAllSchema>;

// Preferences: a matrix event × channel; only the channels each event's setting sends through.

export const notificationPreferenceRow = z.object({
  event: z.string(),
  event_label: z.string(),
  group: z.string(),
  channels: z.array(z.object({ channel: z.enum(NOTIFICATION_CHANNELS), enabled: z.boolean() })),
});
export const notificationPreferencesSchema = z.object({ events: z.array(notificationPreferenceRow) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        event: z.string().max(50),
        channel: z.enum(NOTIFICATION_CHANNELS, { error: 'Kênh gửi không hợp lệ' }),
        enabled: z.boolean({ error: 'Giá trị bật/tắt không hợp lệ' }),
      }),
    )
    .max(200),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;
