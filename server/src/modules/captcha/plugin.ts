import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ClickCaptcha } from './service.ts';
import { DatabaseCaptchaStore, RedisCaptchaStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: ClickCaptcha;
  }
}

/** `app.captcha`: answers in Redis when configured (shared by all instances), else in the database. */
export const captchaPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, redis, env } = app.deps;
    const store = redis ? new RedisCaptchaStore(redis, env.REDIS_PREFIX) : new DatabaseCaptchaStore(db);
    app.decorate('captcha', new ClickCaptcha(store));
  },
  { name: 'captcha' },
);
