import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelDriver, ChannelDrivers, ChannelName } from './channels';

/**
 * The development driver of every channel: appends what would be sent to `<data dir>/<channel>-log.jsonl` (the
 * stand-in for the inbox or the phone) and logs one line without the body. It always succeeds.
 */
export function logChannelDriver(channel: ChannelName, dataDir: string, log: FastifyBaseLogger): ChannelDriver {
  const file = path.join(dataDir, `${channel}-log.jsonl`);
  return {
    async send(message) {
      const at = new Date().toISOString();
      await appendFile(
        file,
        `${JSON.stringify({
          id: message.id,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          data: message.data,
          key: message.idempotencyKey,
          at,
        })}\n`,
        { mode: 0o600 },
      );
      log.info({ channel, delivery: message.id, to: message.recipient }, `${channel} (log driver)`);
      return { ok: true, providerResponse: JSON.stringify({ driver: 'log', file: path.basename(file), at }) };
    },
  };
}

/** Every channel on its log driver: the development default. */
export const logChannelDrivers = (dataDir: string, log: FastifyBaseLogger): ChannelDrivers => ({
  email: logChannelDriver('email', dataDir, log),
  sms: logChannelDriver('sms', dataDir, log),
  zalo: logChannelDriver('zalo', dataDir, log),
  push: logChannelDriver('push', dataDir, log),
});
