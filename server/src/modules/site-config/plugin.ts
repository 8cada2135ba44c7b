import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { settingsSources } from './csp.ts';
import { SiteConfigService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    siteConfig: SiteConfigService;
  }
}

/** `app.siteConfig` for every module; listens for other instances' changes while the app runs. */
export const siteConfigPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, redis, env } = app.deps;
    const service = new SiteConfigService(db, redis, env.REDIS_PREFIX, app.log);
    app.decorate('siteConfig', service);
    // The pages' Content-Security-Policy follows the CDN and upload settings (decision 029).
    app.contentSecurity.add(() => settingsSources(service));
    await service.start();
    // The back-office prefix must be known before the first request is routed.
    await service.all();
    app.addHook('onClose', () => service.stop());
  },
  { name: 'site-config' },
);
