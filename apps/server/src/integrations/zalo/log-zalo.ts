import type { FastifyBaseLogger } from 'fastify';
import type { ChannelDriver } from '../channels';
import { logChannelDriver } from '../log-channel';

/** Zalo ZNS in development: written to `<data dir>/zalo-log.jsonl`. */
export const logZaloDriver = (dataDir: string, log: FastifyBaseLogger): ChannelDriver => logChannelDriver('zalo', dataDir, log);
