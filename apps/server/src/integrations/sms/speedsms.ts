import { normalizeMobile } from '@qlcv/common/vi-text';
import type { ChannelDriver, SendResult } from '../channels';
import { callProvider, clip, httpFailure, networkFailure } from '../http';

export interface SpeedSmsOptions {
  token: string;
  /** A registered brandname; null sends with SpeedSMS's default brandname. */
  sender: string | null;
  /** https://api.speedsms.vn, or a stand-in in tests. */
  baseUrl: string;
}

/**
 * SMS brandname through SpeedSMS: `POST /index.php/sms/send`, HTTP Basic `token:x`, JSON `{ to, content, sms_type,
 * sender }`; sms_type 3 sends as our brandname, 4 as SpeedSMS's default one. Success is `status: "success"` with our
 * number not listed in `data.invalidPhone`. SpeedSMS reports its own trouble as HTTP 5xx/429 (tried again); an
 * `error` answer refuses this request (a wrong number, token or content), which a retry would not change. SpeedSMS
 * takes no idempotency key: a worker killed between the send and its record may send once more.
 */
export function speedSmsDriver(options: SpeedSmsOptions): ChannelDriver {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/index.php/sms/send`;
  const auth = `Basic ${Buffer.from(`${options.token}:x`).toString('base64')}`;
  return {
    async send(message): Promise<SendResult> {
      const mobile = normalizeMobile(message.recipient);
      if (!mobile) return { ok: false, retryable: false, error: 'Số điện thoại không hợp lệ' };
      const phone = `84${mobile.slice(1)}`;
      let answer: Awaited<ReturnType<typeof callProvider>>;
      try {
        answer = await callProvider(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: auth },
          body: JSON.stringify({
            to: [phone],
            content: message.body,
            sms_type: options.sender ? 3 : 4,
            ...(options.sender ? { sender: options.sender } : {}),
          }),
        });
      } catch (err) {
        return networkFailure(err);
      }
      const body = answer.json as {
        status?: string;
        code?: string;
        message?: string;
        data?: { invalidPhone?: string[] };
        invalidPhone?: string[];
      } | null;
      if (answer.status !== 200 || !body?.status) return httpFailure(answer, 'SpeedSMS trả lời không hợp lệ');
      const invalid = [...(body.data?.invalidPhone ?? []), ...(body.invalidPhone ?? [])].map(String);
      if (invalid.includes(phone) || invalid.includes(mobile)) {
        return {
          ok: false,
          retryable: false,
          error: 'SpeedSMS: số điện thoại không hợp lệ',
          providerResponse: clip(answer.text),
        };
      }
      if (body.status === 'success') return { ok: true, providerResponse: clip(answer.text) };
      return {
        ok: false,
        retryable: false,
        error: `SpeedSMS ${body.code ?? ''}: ${body.message ?? 'bị từ chối'}`.replace(/ +:/, ':'),
        providerResponse: clip(answer.text),
      };
    },
  };
}
