import type { FastifyBaseLogger } from 'fastify';
import type { ChannelDriver } from '../channels';
import { logChannelDriver } from '../log-channel';

/** E-mail in development: written to `<data dir>/email-log.jsonl`. */
export const logMailDriver = (dataDir: string, log: FastifyBaseLogger): ChannelDriver => logChannelDriver('email', dataDir, log);
