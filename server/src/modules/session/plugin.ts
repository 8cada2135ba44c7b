import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TokenService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/** How often expired tokens are deleted (also once at start). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** `app.tokens` and `request.user` / `request.admin` for every module. Needs the site-config plugin. */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = new TokenService(app.deps.db, () => app.siteConfig.tokenKeepTimes());
    app.decorate('tokens', tokens);
    app.decorateRequest('user', undefined);
    app.decorateRequest('admin', undefined);

    const purge = () =>
      tokens.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'purging expired tokens failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(purge, PURGE_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session', dependencies: ['site-config'] },
);
