import { z } from 'zod';
import { csvOf, listQuery } from './common';

// The delivery log (`/api/deliveries`): each message sent by e-mail, SMS or Zalo through the outbox, with its tries and
// the provider's answer; shown in the notification settings.

export const DELIVERY_CHANNELS = ['email', 'sms', 'zalo', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Chờ gửi',
  sending: 'Đang gửi',
  sent: 'Đã gửi',
  failed: 'Lỗi, sẽ thử lại',
  dead: 'Thất bại',
};

export const deliverySchema = z.object({
  id: z.number(),
  event: z.string(),
  event_label: z.string(),
  event_id: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  max_attempts: z.number(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  provider_response: z.string().nullable(),
  /** The delivery this one replaces: a Zalo message re-sent by SMS, or one sent again by hand. */
  fallback_of: z.number().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const DELIVERY_SORTS = ['created_at', 'updated_at', 'status', 'attempts'] as const;

export const deliveryListQuery = listQuery.extend({
  channel: csvOf(z.enum(DELIVERY_CHANNELS, { error: 'Kênh gửi không hợp lệ' })).optional(),
  status: csvOf(z.enum(DELIVERY_STATUSES, { error: 'Trạng thái không hợp lệ' })).optional(),
  event: z.string().trim().max(50).optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;
