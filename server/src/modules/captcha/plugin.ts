import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ClickCaptcha } from './service.ts';
import { DatabaseCaptchaStore, FallbackCaptchaStore, RedisCaptchaStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: ClickCaptcha;
  }
}

/** `app.captcha`: answers in Redis when configured (shared by all instances; the database while Redis is away), else in the database. */
export const captchaPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, redis, env } = app.deps;
    const store = redis ? new FallbackCaptchaStore(redis, new RedisCaptchaStore(redis, env.REDIS_PREFIX), new DatabaseCaptchaStore(db)) : new DatabaseCaptchaStore(db);
    app.decorate('captcha', new ClickCaptcha(store));
  },
  { name: 'captcha' },
);
