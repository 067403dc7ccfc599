import { createHash } from 'node:crypto';
import { normalizeMobile } from '@qlcv/common/vi-text';
import type { ChannelDriver, OutboundMessage, SendResult } from '../channels';
import { networkFailure, retryableStatus } from '../http';
import { sendZnsTemplate, type ZaloAnswer, ZaloTokenError } from './zalo-api';

/** What the driver needs of the stored Zalo settings (implemented by modules/zalo-settings/zalo-account.ts). */
export interface ZaloAccount {
  /** The settings a send uses, or null when Zalo is not set up. */
  connection(): Promise<ZaloConnection | null>;
  /**
   * A valid access token: the stored one, refreshed first when it runs out within the hour. With `refused`, the token
   * Zalo just refused: a new one is fetched unless another caller already replaced it. Throws ZaloTokenError.
   */
  accessToken(refused?: string): Promise<string>;
  /**
   * Whether Zalo may be set up, answered at once from the settings this process last read (read again in the
   * background once 30 s old; true while unknown): a direct send skips Zalo without waiting for the database.
   */
  mayBeConfigured(): boolean;
}

export interface ZaloConnection {
  apiBase: string;
  /** Message kind → approved ZNS template id. */
  templates: Record<string, string>;
  /** Whether a message Zalo cannot deliver goes by SMS instead. */
  smsFallback: boolean;
}

// Zalo's "access token invalid/expired" answers: refresh and try once more.
const TOKEN_ERRORS = new Set([-124, -216]);
// Zalo's own trouble ("unknown error, try again later").
const TRANSIENT_ERRORS = new Set([-100]);

/** Zalo's phone format: 84xxxxxxxxx. */
export const zaloPhone = (mobile: string) => `84${mobile.slice(1)}`;

/** Zalo keeps tracking_id up to 48 characters: a longer idempotency key is hashed to fit, the same on every try. */
const trackingId = (key: string) => (key.length <= 48 ? key : createHash('sha256').update(key).digest('hex').slice(0, 48));

/**
 * ZNS template data: `data.template_data` when the sender built it, else every field of `data` but `kind`, with
 * `_` for `.` in the names (ZNS parameters are `request_code`, placeholders `request.code`) and values as text.
 */
export function znsTemplateData(data: Record<string, unknown> | null): Record<string, string> {
  const given = data?.template_data;
  const source = given && typeof given === 'object' ? (given as Record<string, unknown>) : (data ?? {});
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if ((source === data && key === 'kind') || value === null || value === undefined || typeof value === 'object') continue;
    out[key.replace(/\./g, '_')] = String(value);
  }
  return out;
}

/**
 * Zalo ZNS: the approved template of the message's kind (`data.kind`), sent to the phone as 84xxxxxxxxx with the
 * idempotency key as tracking_id. Zalo's transient failures (network, HTTP 5xx/429, -100) are tried again; any other
 * refusal (no Zalo account, a template not approved, out of quota, a phone Zalo cannot reach…) is final for Zalo and,
 * with the SMS fallback on, says `fallbackToSms`. Zalo not set up, or no template for the kind, falls back the same way.
 */
export function zaloZnsDriver(account: ZaloAccount): ChannelDriver {
  return {
    async send(message: OutboundMessage): Promise<SendResult> {
      const mobile = normalizeMobile(message.recipient);
      if (!mobile) return { ok: false, retryable: false, error: 'Số điện thoại không hợp lệ' };
      let connection: ZaloConnection | null;
      try {
        connection = await account.connection();
      } catch (err) {
        // A stored address the rules no longer take: nothing goes there; meanwhile, SMS.
        if (!(err instanceof ZaloTokenError)) throw err;
        return { ok: false, retryable: false, error: err.message, fallbackToSms: true };
      }
      const kind = typeof message.data?.kind === 'string' ? message.data.kind : null;
      const templateId = kind ? connection?.templates[kind] : undefined;
      if (!connection || !templateId) {
        const error = connection ? `Chưa có mẫu ZNS cho loại tin "${kind ?? '?'}"` : 'Zalo chưa được cấu hình';
        return { ok: false, retryable: false, error, fallbackToSms: connection?.smsFallback ?? true };
      }
      const payload = {
        phone: zaloPhone(mobile),
        template_id: templateId,
        template_data: znsTemplateData(message.data),
        tracking_id: trackingId(message.idempotencyKey),
      };
      let answer: ZaloAnswer;
      try {
        let token = await account.accessToken();
        answer = await sendZnsTemplate(connection.apiBase, token, payload);
        if (answer.error !== null && TOKEN_ERRORS.has(answer.error)) {
          token = await account.accessToken(token);
          answer = await sendZnsTemplate(connection.apiBase, token, payload);
        }
      } catch (err) {
        if (err instanceof ZaloTokenError) {
          // A refresh refused for good (a revoked app, a used refresh token) needs a person; meanwhile, SMS.
          return {
            ok: false,
            retryable: err.retryable,
            error: err.message,
            providerResponse: err.providerResponse ?? undefined,
            fallbackToSms: !err.retryable && connection.smsFallback,
          };
        }
        return networkFailure(err);
      }
      // Only the fields Zalo documents are kept in the delivery log.
      const providerResponse = answer.shown ?? undefined;
      if (answer.status === 200 && answer.error === 0) return { ok: true, providerResponse: providerResponse ?? '' };
      const transient =
        retryableStatus(answer.status) || (answer.error === null ? answer.status === 200 : TRANSIENT_ERRORS.has(answer.error));
      if (transient) {
        return {
          ok: false,
          retryable: true,
          error: `Zalo ${answer.error ?? `HTTP ${answer.status}`}: ${answer.message}`,
          providerResponse,
        };
      }
      return {
        ok: false,
        retryable: false,
        error: `Zalo ${answer.error}: ${answer.message || 'từ chối gửi'}`,
        providerResponse,
        fallbackToSms: connection.smsFallback,
      };
    },
  };
}
