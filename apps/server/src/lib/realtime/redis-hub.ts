import type { RedisClientType } from '@redis/client';
import { LocalListeners, RESYNC, type RealtimeHub, type RealtimeListener, type RealtimeMessage } from './hub';

export const REDIS_CHANNEL = 'qlcv:realtime';

/**
 * Several instances sharing a Redis: publish on one channel, and one subscriber connection per instance hands each
 * message to the local listeners (the publisher's own instance included). node-redis reconnects and resubscribes on
 * its own; the streams are told to resync after it did.
 */
export class RedisHub implements RealtimeHub {
  private readonly listeners = new LocalListeners();
  private subscriber: RedisClientType | null = null;
  private ready = false;

  constructor(
    private readonly publisher: RedisClientType,
    private readonly channel = REDIS_CHANNEL,
  ) {}

  async start(): Promise<void> {
    const subscriber = this.publisher.duplicate() as RedisClientType;
    subscriber.on('error', () => {});
    subscriber.on('ready', () => {
      // The first ready is the start; any later one follows a lost connection.
      if (this.ready) this.listeners.deliverAll(RESYNC);
      this.ready = true;
    });
    await subscriber.connect();
    await subscriber.subscribe(this.channel, (payload) => {
      try {
        const wire = JSON.parse(payload) as { u: number; m: RealtimeMessage };
        if (typeof wire.u === 'number' && wire.m && typeof wire.m.type === 'string') this.listeners.deliver(wire.u, wire.m);
      } catch {}
    });
    this.subscriber = subscriber;
  }

  async publish(userId: number, message: RealtimeMessage): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify({ u: userId, m: message }));
  }

  subscribe(userId: number, listener: RealtimeListener): () => void {
    return this.listeners.add(userId, listener);
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber?.isOpen) await subscriber.close().catch(() => {});
  }
}
