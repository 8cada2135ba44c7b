import { Redis } from 'ioredis';

/** Optional shared state between instances (rate limits, cache invalidation). */
export async function openRedis(url: string | undefined): Promise<Redis | undefined> {
  if (!url) return undefined;
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: true });
  await redis.connect();
  return redis;
}
