import type { Redis } from 'ioredis';

/**
 * Optional shared state between instances (rate limits, cache invalidation). ioredis is
 * loaded only when REDIS_URL is set, to keep start-up lean without Redis.
 */
export async function openRedis(url: string | undefined): Promise<Redis | undefined> {
  if (!url) return undefined;
  const { Redis } = await import('ioredis');
  let connected = false;
  let lastError: Error | undefined;
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    lazyConnect: true,
    // While Redis is away a command fails at once instead of waiting for a reconnect: callers fall
    // back (rate limits count locally, captchas go to the database, broadcasts are logged and
    // caches run out by their TTL) and requests keep their speed (decision 048).
    enableOfflineQueue: false,
    // Fail fast when Redis is unreachable at start; reconnect with back-off once it has worked.
    retryStrategy: (times) => (connected ? Math.min(times * 200, 2_000) : null),
  });
  // Without a listener ioredis reports every reconnect failure as an unhandled error event;
  // commands still fail (and the rate limiter skips) while Redis is away.
  redis.on('error', (err: Error) => (lastError = err));
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw lastError ?? err;
  }
  connected = true;
  return redis;
}

type Logger = { warn(obj: object, msg: string): void; info(msg: string): void };

/**
 * Say in the log when the connection to Redis is lost (once) and when it is back: ioredis
 * reconnects by itself with back-off (decision 048).
 */
export function logRedisAvailability(redis: Redis, log: Logger): void {
  let lost = false;
  redis.on('close', () => {
    if (lost || redis.status === 'end') return;
    lost = true;
    log.warn({ status: redis.status }, 'lost the connection to Redis: reconnecting; meanwhile rate limits count per instance and caches expire by their TTL');
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info('reconnected to Redis');
  });
}
