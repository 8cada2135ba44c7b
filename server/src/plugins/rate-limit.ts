import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ApiError } from '../shared/errors.ts';
import { redisWithLocalFallback } from './rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `providerRoute` (provider-routes.ts): this limit skips the route, which has its own. */
    providerRoute?: boolean;
  }
}

export interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
  /** Shared counters across instances when Redis is configured. */
  redis?: Redis;
  redisPrefix: string;
}

/** Load-balancer probes are never limited; provider-facing routes have their own limit (provider-routes.ts, decision 025). */
const EXEMPT_PATHS = new Set(['/healthz', '/readyz']);
const isExempt = (request: FastifyRequest) => EXEMPT_PATHS.has(request.url.split('?')[0]!);

/**
 * Per-IP request limit over everything the server answers (API, pages, assets, unknown
 * routes); 429 with the envelope and a translated message.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  await app.register(rateLimit, {
    // One root hook instead of per-route hooks, so that unknown routes are counted as well.
    global: false,
    max: options.max,
    timeWindow: options.timeWindowMs,
    // Shared counters in Redis; while Redis is away each instance counts on its own (decision 048).
    ...(options.redis ? { store: redisWithLocalFallback(options.redis, `${options.redisPrefix}rl:`, app.log) } : {}),
    // Any other store failure must not take the site down with it.
    skipOnError: true,
    allowList: isExempt,
    errorResponseBuilder(request, context) {
      return new ApiError('api.tooManyRequests', {
        httpStatus: 429,
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      });
    },
  });
  // Provider-facing routes skip this hook: their own limit (route config) must be the one that runs,
  // and the limiter runs once per request.
  const limit = app.rateLimit();
  app.addHook('onRequest', (request, reply) => (request.routeOptions.config?.providerRoute === true ? Promise.resolve() : limit.call(app, request, reply)));
});
