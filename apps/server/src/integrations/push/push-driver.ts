import type { ChannelDriver, SendResult } from '../channels';
import { clip, networkFailure, PROVIDER_TIMEOUT_MS, retryableStatus } from '../http';
import { type OutboundPolicy, outboundAddressProblem } from '../outbound-address';
import type { Vapid } from './vapid-keys';
import { encryptPayload, MAX_PAYLOAD_BYTES, vapidAuthorization } from './web-push-crypto';

/** A browser's subscription, as the driver needs it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the driver reads and reports about subscriptions (modules/push-subscriptions implements it). */
export interface PushSubscriptionStore {
  target(id: number): Promise<PushTarget | null>;
  /** The push service said the subscription is gone (404/410): it is removed. */
  gone(id: number): Promise<void>;
  succeeded(id: number): Promise<void>;
  failed(id: number): Promise<void>;
}

export interface PushDeps {
  store: PushSubscriptionStore;
  vapid: Vapid;
  outbound: OutboundPolicy;
  /** Seconds since the epoch, for the VAPID token's expiry. */
  now?: () => number;
}

/** How long a push service keeps a message for a browser that is offline: a day. */
const TTL_SECONDS = 86_400;

/**
 * The Web Push driver: the delivery's recipient is a `push_subscriptions` id and its body the JSON payload the
 * service worker shows ({title, body, url, tag}). It goes straight to the browser's push service (no relay),
 * encrypted for that browser and signed with our VAPID key. 404/410: the browser dropped the subscription, which is
 * removed and the delivery ends; 408/429/5xx and network failures are tried again by the outbox; other answers are final.
 */
export function pushDriver(deps: PushDeps): ChannelDriver {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  return {
    async send(message): Promise<SendResult> {
      const id = /^\d{1,10}$/.test(message.recipient) ? Number(message.recipient) : 0;
      const target = id ? await deps.store.target(id) : null;
      if (!target) return { ok: false, retryable: false, error: 'Thiết bị đã gỡ đăng ký nhận thông báo.' };
      const problem = outboundAddressProblem(target.endpoint, deps.outbound);
      if (problem) return { ok: false, retryable: false, error: `Địa chỉ dịch vụ đẩy bị từ chối: ${problem}` };
      const payload = Buffer.from(message.body, 'utf8');
      if (payload.length > MAX_PAYLOAD_BYTES) {
        return { ok: false, retryable: false, error: `Nội dung quá dài cho thông báo đẩy (${payload.length} byte).` };
      }
      let status: number;
      let text: string;
      try {
        const res = await fetch(target.endpoint, {
          method: 'POST',
          headers: {
            authorization: vapidAuthorization(target.endpoint, deps.vapid, deps.vapid.subject, now()),
            'content-encoding': 'aes128gcm',
            'content-type': 'application/octet-stream',
            ttl: String(TTL_SECONDS),
            urgency: 'normal',
          },
          body: new Uint8Array(encryptPayload(payload, target)),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
          redirect: 'error',
        });
        status = res.status;
        text = await res.text();
      } catch (err) {
        await deps.store.failed(id);
        return networkFailure(err);
      }
      const providerResponse = clip(`HTTP ${status}${text ? ` ${text}` : ''}`);
      if (status >= 200 && status < 300) {
        await deps.store.succeeded(id);
        return { ok: true, providerResponse };
      }
      if (status === 404 || status === 410) {
        await deps.store.gone(id);
        return {
          ok: false,
          retryable: false,
          error: `Thiết bị không còn nhận thông báo (HTTP ${status}): đã gỡ đăng ký.`,
          providerResponse,
        };
      }
      await deps.store.failed(id);
      return { ok: false, retryable: retryableStatus(status), error: `Dịch vụ đẩy: HTTP ${status}`, providerResponse };
    },
  };
}

/** Before the push keys are wired (a driver set built without them): every push delivery is final. */
export const unconfiguredPushDriver: ChannelDriver = {
  send: async () => ({ ok: false, retryable: false, error: 'Chưa cấu hình thông báo đẩy.' }),
};
