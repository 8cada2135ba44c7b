import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { settingsSources } from './csp.ts';
import { SiteConfigService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    siteConfig: SiteConfigService;
  }
}

/** `app.siteConfig` for every module; listens for changes broadcast by any instance while the app runs. */
export const siteConfigPlugin = fp(
  async (app: FastifyInstance) => {
    const service = new SiteConfigService(app.deps.db, app.broadcast);
    app.decorate('siteConfig', service);
    // The pages' Content-Security-Policy follows the CDN and upload settings (decision 029).
    app.contentSecurity.add(() => settingsSources(service));
    await service.start();
    // The back-office prefix must be known before the first request is routed.
    await service.all();
  },
  { name: 'site-config', dependencies: ['broadcast'] },
);
