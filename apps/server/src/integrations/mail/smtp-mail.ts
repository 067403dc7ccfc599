import { createHash } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ChannelDriver, SendResult } from '../channels';
import { clip } from '../http';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  /** `QLCV <no-reply@congty.vn>` */
  from: string;
}

// Failures a later try can cure: the server was unreachable, slow or busy (SMTP 4xx). A 5xx reply (no such
// mailbox, refused sender) or a refused login stays refused.
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY']);
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** The domain of the sender, for the Message-ID. */
const domainOf = (from: string) => /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'qlcv.local';

/**
 * E-mail over SMTP with nodemailer: plain text (a body a user typed never becomes HTML). The delivery's idempotency key
 * makes the Message-ID (stable across retries, so a receiving system can drop a copy sent again after a crash) and an
 * `X-QLCV-Delivery` header. One connection per message: no socket outlives a send or holds up a shutdown.
 */
export function smtpMailDriver(options: SmtpOptions): ChannelDriver {
  // nodemailer is loaded at the first e-mail: a server that sends none never pays for its memory.
  let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    ));
  const domain = domainOf(options.from);
  return {
    async send(message): Promise<SendResult> {
      if (!EMAIL.test(message.recipient)) return { ok: false, retryable: false, error: 'Địa chỉ e-mail không hợp lệ' };
      const keyHash = createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32);
      try {
        const info = await (await transporter()).sendMail({
          from: options.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          messageId: `<${keyHash}@${domain}>`,
          headers: { 'X-QLCV-Delivery': message.idempotencyKey },
        });
        if (info.rejected.length > 0) {
          return { ok: false, retryable: false, error: 'Máy chủ thư từ chối người nhận', providerResponse: clip(info.response) };
        }
        return { ok: true, providerResponse: clip(`${info.messageId} ${info.response}`) };
      } catch (err) {
        const e = err as Error & { code?: string; responseCode?: number; response?: string };
        const retryable = e.responseCode ? e.responseCode < 500 : TRANSIENT_CODES.has(e.code ?? '');
        return {
          ok: false,
          retryable,
          error: `SMTP ${e.responseCode ?? e.code ?? ''}: ${e.code === 'EAUTH' ? 'sai tài khoản đăng nhập máy chủ thư' : e.message}`,
          ...(e.response ? { providerResponse: clip(e.response) } : {}),
        };
      }
    },
  };
}
