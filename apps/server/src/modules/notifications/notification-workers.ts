import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectKind } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { ChannelDrivers } from '../../integrations/channels';
import { Background } from '../../lib/background';
import { Outbox } from '../../lib/outbox';
import type { RealtimeHub } from '../../lib/realtime/hub';
import type { NotificationSettingsService } from '../notification-settings/notification-settings.service';
import { NotificationDispatcher } from './notification-dispatcher';

export interface NotificationWorkers {
  dispatcher: NotificationDispatcher;
  outbox: Outbox;
  /** The loops; started by main.ts when WORKERS is on, never by buildApp (tests run the passes themselves). */
  background: Background;
}

declare module 'fastify' {
  interface FastifyInstance {
    workers: NotificationWorkers;
  }
}

/** Polls of the idle loops: an event reaches the dispatcher within a quarter second. */
export const DISPATCH_IDLE_MS = 250;
export const OUTBOX_IDLE_MS = 1000;

export function createNotificationWorkers(deps: {
  db: Kysely<DB>;
  kind: DialectKind;
  hub: RealtimeHub;
  drivers: ChannelDrivers;
  settings: NotificationSettingsService;
  log: FastifyBaseLogger;
  /** The outbox's lease (OUTBOX_LEASE_MS); 60 s when unset. */
  outboxLeaseMs?: number;
  /** PUBLIC_URL: makes `{{link}}` a whole address in messages that leave the app. */
  publicUrl?: string;
}): NotificationWorkers {
  const dispatcher = new NotificationDispatcher(deps.db, deps.kind, deps.settings, deps.hub, deps.log, deps.publicUrl);
  const outbox = new Outbox(deps.db, deps.kind, deps.drivers, { log: deps.log, leaseMs: deps.outboxLeaseMs });
  const background = new Background(
    [
      { name: 'dispatcher', runOnce: () => dispatcher.runOnce(), idleMs: DISPATCH_IDLE_MS },
      { name: 'outbox', runOnce: () => outbox.runOnce(), idleMs: OUTBOX_IDLE_MS },
    ],
    deps.log,
  );
  dispatcher.onDeliveries = () => background.kick('outbox');
  return { dispatcher, outbox, background };
}
