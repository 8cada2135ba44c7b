import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redisWithLocalFallback } from '../../src/plugins/rate-limit-store.ts';
import rateLimit from '@fastify/rate-limit';

/** Decision 048: with Redis away the limit is counted on the instance (not skipped), and the log says so. */
describe('rate limits while Redis is away', () => {
  it('count on this instance and say so once', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    // A client that never connected (nothing listens there): its status is not 'ready'.
    const redis = new Redis({ host: '127.0.0.1', port: 9599, lazyConnect: true, enableOfflineQueue: false });
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(rateLimit, { max: 3, timeWindow: 60_000, store: redisWithLocalFallback(redis, 'fc-instances-test:rl:', app.log), skipOnError: true });
    app.get('/x', async () => 'ok');
    app.get('/y', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => 'ok');
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await app.inject({ url: '/x' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // A route's own limit too (the store's child).
      expect([(await app.inject({ url: '/y' })).statusCode, (await app.inject({ url: '/y' })).statusCode]).toEqual([200, 429]);
      const warnings = lines.filter((l) => l.includes('Redis is unavailable: rate limits are counted on this instance'));
      expect(warnings).toHaveLength(1);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });
});
