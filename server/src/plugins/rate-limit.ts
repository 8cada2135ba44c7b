import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
  /** Shared counters across instances when Redis is configured. */
  redis?: Redis;
  redisPrefix: string;
}

/** Per-IP request limit; 429 with the envelope and a translated message. */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  await app.register(rateLimit, {
    max: options.max,
    timeWindow: options.timeWindowMs,
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.redisPrefix}rl:` } : {}),
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
    errorResponseBuilder(request, context) {
      const error = new Error(request.t('api.tooManyRequests', { seconds: Math.ceil(context.ttl / 1000) })) as Error & {
        statusCode: number;
      };
      error.statusCode = 429;
      return error;
    },
  });
});
