import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface InnerStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): InnerStore;
}
type InnerCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => InnerStore;

// The limiter's own two stores (CommonJS files of @fastify/rate-limit, not in its typings).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as InnerCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as InnerCtor;

type Logger = { warn(obj: object, msg: string): void; info(msg: string): void };

/**
 * The rate limiter's store with several instances (decision 048): counters in Redis, shared by
 * every instance, while Redis answers; while it does not (down, or reconnecting) this instance
 * counts on its own, so the limit still holds per instance instead of being skipped. Says so in the
 * log once when it falls back and once when Redis counts again.
 */
export function redisWithLocalFallback(redis: Redis, nameSpace: string, log: Logger) {
  let fallingBack = false;
  const fallBack = (err: unknown) => {
    if (fallingBack) return;
    fallingBack = true;
    log.warn({ err }, 'Redis is unavailable: rate limits are counted on this instance until it is back');
  };
  const recovered = () => {
    if (!fallingBack) return;
    fallingBack = false;
    log.info('Redis is back: rate limits are shared across instances again');
  };

  class FallbackStore implements FastifyRateLimitStore {
    private readonly shared: InnerStore;
    private readonly local: InnerStore;

    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }, inner?: { shared: InnerStore; local: InnerStore }) {
      this.shared = inner?.shared ?? new RedisStore(Boolean(options.continueExceeding), Boolean(options.exponentialBackoff), redis, nameSpace);
      this.local = inner?.local ?? new LocalStore(Boolean(options.continueExceeding), Boolean(options.exponentialBackoff));
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.run('read', key, cb, timeWindow, max);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FallbackStore({}, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const local = () => this.local[method]!(key, cb, timeWindow, max);
      // Not connected: no waiting for a reconnect inside a request.
      if (redis.status !== 'ready') {
        fallBack(new Error(`Redis connection ${redis.status}`));
        return local();
      }
      this.shared[method]!(
        key,
        (err, result) => {
          if (err) {
            fallBack(err);
            return local();
          }
          recovered();
          cb(null, result);
        },
        timeWindow,
        max,
      );
    }
  }
  return FallbackStore;
}
