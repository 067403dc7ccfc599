import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../sms/sms';
import { type ZaloAccount, zaloZnsDriver } from './zalo-zns';

/**
 * A direct send (the OTP) that goes by Zalo first when the message names a ZNS template kind, by SMS when Zalo cannot
 * deliver it. Direct, not through the outbox: the code must never be stored, in clear or not, and it is worth nothing
 * after its 5 minutes, so a failed Zalo send goes by SMS at once, a transient failure included (the person asks
 * again after 60 s if both fail). While Zalo is known not to be set up, the SMS leaves at once, without a database
 * read first. Nothing here logs the text or the template data.
 */
export function zaloFirst(sms: SmsSender, account: ZaloAccount, log: FastifyBaseLogger): SmsSender {
  const zalo = zaloZnsDriver(account);
  return {
    async send(message) {
      if (message.zalo && account.mayBeConfigured()) {
        const result = await zalo.send({
          id: 0,
          channel: 'zalo',
          recipient: message.to,
          subject: null,
          body: message.safeText,
          data: { kind: message.zalo.kind, template_data: message.zalo.data },
          idempotencyKey: `direct-${randomUUID()}`,
        });
        if (result.ok) {
          log.info({ to: message.to, kind: message.zalo.kind }, 'zalo message sent');
          return;
        }
        if (!result.fallbackToSms && !result.retryable) {
          log.warn({ to: message.to, kind: message.zalo.kind, err: result.error }, 'zalo message failed, no SMS fallback');
          return;
        }
        log.info({ to: message.to, kind: message.zalo.kind, err: result.error }, 'zalo message not sent, sending by SMS');
      }
      await sms.send(message);
    },
  };
}
