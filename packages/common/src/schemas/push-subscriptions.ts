import { z } from 'zod';

// Web Push (issue 23): the browsers a user turned notifications on in (`/api/profile/push-subscriptions`) and the
// application server's public key the browser subscribes with (`/api/push/public-key`).

/** Longest endpoint kept (the column); push services' addresses are 150–500 characters. */
export const PUSH_ENDPOINT_MAX = 1000;

/** base64url as browsers give it; a trailing `=` padding some send is dropped. */
const b64url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .transform((s) => s.replace(/=+$/, ''))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), message));

/** The browser's `PushSubscription.toJSON()` (its `expirationTime` is dropped: browsers leave it null) and a name for the device. */
export const pushSubscribeBody = z.object({
  endpoint: z
    .string({ error: 'Thiếu địa chỉ nhận thông báo của trình duyệt' })
    .trim()
    .min(1, 'Thiếu địa chỉ nhận thông báo của trình duyệt')
    .max(PUSH_ENDPOINT_MAX, `Địa chỉ nhận thông báo tối đa ${PUSH_ENDPOINT_MAX} ký tự`),
  keys: z.object(
    {
      p256dh: b64url(65, 'Khoá p256dh của trình duyệt không hợp lệ'),
      auth: b64url(16, 'Khoá auth của trình duyệt không hợp lệ'),
    },
    { error: 'Thiếu khoá của trình duyệt' },
  ),
  device_label: z
    .string({ error: 'Vui lòng đặt tên thiết bị' })
    .trim()
    .min(1, 'Vui lòng đặt tên thiết bị')
    .max(100, 'Tên thiết bị tối đa 100 ký tự'),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBody>;

export const pushSubscriptionSchema = z.object({
  id: z.number(),
  device_label: z.string(),
  user_agent: z.string().nullable(),
  /** This browser's address at its push service: the page compares it with its own to say "this device". */
  endpoint: z.string(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  failures: z.number(),
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionListSchema = z.object({ data: z.array(pushSubscriptionSchema) });

export const pushPublicKeySchema = z.object({ public_key: z.string() });
