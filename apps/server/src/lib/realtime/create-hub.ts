import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { openRedis } from '../redis';
import type { RealtimeHub } from './hub';
import { MemoryHub } from './memory-hub';
import { PostgresHub } from './postgres-hub';
import { RedisHub } from './redis-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's hub (tests and tools publish through it). */
    realtime: RealtimeHub;
  }
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The hub for this deployment: Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY when the database is
 * PostgreSQL (several instances may share it), in process otherwise (SQLite is one instance).
 */
export async function createRealtimeHub(config: Config, database: Database, log?: Log): Promise<RealtimeHub> {
  if (config.redisUrl) {
    const publisher = await openRedis(config.redisUrl, log);
    const hub = new RedisHub(publisher);
    await hub.start();
    return {
      publish: (userId, message) => hub.publish(userId, message),
      subscribe: (userId, listener) => hub.subscribe(userId, listener),
      async close() {
        await hub.close();
        if (publisher.isOpen) await publisher.close().catch(() => {});
      },
    };
  }
  if (config.database.kind === 'postgres') {
    const hub = new PostgresHub(database.db, config.database.url, log);
    await hub.start();
    return hub;
  }
  return new MemoryHub();
}
