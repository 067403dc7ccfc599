import type { FastifyBaseLogger } from 'fastify';
import type { ChannelDriver } from '../channels';
import { logChannelDriver } from '../log-channel';

/** SMS in development: written to `<data dir>/sms-log.jsonl`, the file the OTP's log sender (sms.ts) also writes. */
export const logSmsDriver = (dataDir: string, log: FastifyBaseLogger): ChannelDriver => logChannelDriver('sms', dataDir, log);
