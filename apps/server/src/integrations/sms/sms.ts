import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  to: string;
  text: string;
  /** What the log may show instead of the text (an OTP never reaches a log). */
  safeText: string;
  /** Sent first as this ZNS template when Zalo is set up (integrations/zalo/zalo-first.ts); the SMS is the fallback. */
  zalo?: { kind: string; data: Record<string, string> };
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development driver: appends what would be sent to `<data dir>/sms-log.jsonl` (the stand-in for the phone)
 * and logs a line without the secret part.
 */
export function logSmsSender(dataDir: string, log: FastifyBaseLogger): SmsSender {
  const file = path.join(dataDir, 'sms-log.jsonl');
  return {
    async send(message) {
      await appendFile(file, `${JSON.stringify({ to: message.to, text: message.text, at: new Date().toISOString() })}\n`, {
        mode: 0o600,
      });
      log.info({ to: message.to, text: message.safeText }, 'sms (log driver)');
    },
  };
}
