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
