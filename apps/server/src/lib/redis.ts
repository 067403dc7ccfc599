import type { RedisClientType } from '@redis/client';

/**
 * A connected Redis client. node-redis queues commands and reconnects on its own with backoff; errors are logged, not
 * thrown at the process. The first connection must succeed within 5 s, so a wrong REDIS_URL stops the boot.
 */
export async function openRedis(url: string, log?: { warn(obj: object, msg: string): void }): Promise<RedisClientType> {
  // Loaded on first use: a server without REDIS_URL never pays for the client's memory.
  const { createClient } = await import('@redis/client');
  const client = createClient({
    url,
    socket: { connectTimeout: 5000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
  }) as RedisClientType;
  let reported = false;
  client.on('error', (err: Error) => {
    // One line per outage, not one per retry.
    if (!reported) log?.warn({ err: err.message }, 'redis: connection error');
    reported = true;
  });
  client.on('ready', () => {
    reported = false;
  });
  await client.connect();
  return client;
}
