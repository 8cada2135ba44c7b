import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { serverAdminUrl } from '@framecraft/contracts/url';
import type { Env } from './config/env.ts';
import type { Db } from './db/client.ts';
import { adminPlugin, findEnabledAdmin } from './modules/admin/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { captchaPlugin } from './modules/captcha/index.ts';
import { captchaRoutes } from './modules/captcha/index.ts';
import { codeRoutes } from './modules/codes/index.ts';
import { commerceRoutes, registerItemSource } from './modules/commerce/index.ts';
import { wechatPayRoutes } from './modules/pay-wechat/index.ts';
import { catalogueItemSource, catalogueRoutes } from './modules/catalogue/index.ts';
import { shellMetaResolver } from './modules/catalogue/index.ts';
import { sitemapRoutes } from './modules/catalogue/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { metricsPlugin } from './modules/metrics/index.ts';
import { commissionRoutes } from './modules/commission/index.ts';
import { couponRoutes } from './modules/coupons/index.ts';
import { stripePayments } from './modules/pay-stripe/index.ts';
import { alipayPayments } from './modules/pay-alipay/index.ts';
import { jobAdminRoutes, jobsPlugin } from './modules/jobs/index.ts';
import { sessionPlugin } from './modules/session/index.ts';
import { accountRoutes } from './modules/accounts/index.ts';
import { checkInRoutes } from './modules/check-in/index.ts';
import { ledgerAdminRoutes, ledgerRoutes } from './modules/ledger/index.ts';
import { findEnabledMember, memberAdminRoutes } from './modules/member-access/index.ts';
import { memberRoutes } from './modules/member/index.ts';
import { sessionRoutes } from './modules/session/index.ts';
import { siteConfigPlugin } from './modules/site-config/index.ts';
import { siteConfigRoutes } from './modules/site-config/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { attachmentAdminRoutes, uploadRoutes } from './modules/uploads/index.ts';
import { memberMoneyRoutes } from './modules/member-money/index.ts';
import { broadcastPlugin } from './plugins/broadcast.ts';
import { downloadRoutes, storagePlugin } from './modules/storage/index.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { corePlugin } from './plugins/core.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { decorateContentSecurity } from './plugins/content-security.ts';
import { navigationPlugin } from './plugins/navigation.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { transportOptions } from './plugins/transport.ts';
import { generatorRoutes } from './modules/generator/index.ts';
// generator: imports
import { safeLogger } from './shared/logging.ts';

/** Where `/admin/…` goes once the back office is renamed: no route, so the envelope 404 (or the app's 404 page). */
const RENAMED_ADMIN_PATH = '/__admin-renamed';

/** What every module may use; built once in main.ts (or by a test) and passed in. */
export interface AppDeps {
  env: Env;
  db: Db;
  redis?: Redis;
  /** Which database `db` is; without it, what the environment says (`DATABASE_URL` set = PostgreSQL). */
  databaseKind?: 'pglite' | 'postgres';
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every registered route (method and URL pattern), e.g. for the bad-input sweep test. */
    routeTable: { method: string; url: string }[];
  }
}

export async function buildApp(deps: AppDeps, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  const app = Fastify({
    // Tokens and SQL parameters never reach a log line (shared/logging.ts).
    logger: safeLogger(logger),
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: deps.env.BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Per-request lines at debug, or info/warn when they matter (plugins/request-log.ts).
    logController: new RequestLogController(),
    forceCloseConnections: 'idle',
    // A renamed back office (setting backendEntrance): `<prefix>.php/…` reaches the /admin routes
    // and /admin/… answers as an unknown path (conventions "Readings"; the settings are loaded
    // before the app listens, so the snapshot is there for the first request).
    rewriteUrl(this: FastifyInstance, req) {
      const url = req.url ?? '/';
      return this.siteConfig ? serverAdminUrl(url, this.siteConfig.adminPrefixNow, RENAMED_ADMIN_PATH) : url;
    },
    ...transportOptions,
  });
  app.decorate('deps', deps);
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });

  await app.register(corePlugin);
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, {
    max: deps.env.RATE_LIMIT_MAX,
    timeWindowMs: deps.env.RATE_LIMIT_WINDOW_MS,
    redis: deps.redis,
    redisPrefix: deps.env.REDIS_PREFIX,
  });
  decorateContentSecurity(app);
  await app.register(navigationPlugin, { webDistDir: deps.env.webDistDir, pageMeta: shellMetaResolver(app), contentSecurity: () => app.contentSecurity.sources() });

  await app.register(broadcastPlugin);
  await app.register(jobsPlugin);
  await app.register(metricsPlugin);
  await app.register(siteConfigPlugin);
  await app.register(storagePlugin);
  // Session checks the accounts behind tokens with their owners' lookups (it sits below both).
  await app.register(sessionPlugin, { accounts: { member: findEnabledMember, admin: findEnabledAdmin } });
  await app.register(captchaPlugin);
  await app.register(adminPlugin);

  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(checkInRoutes);
  await app.register(ledgerRoutes);
  await app.register(memberRoutes);
  await app.register(siteConfigRoutes);
  await app.register(siteRoutes);
  await app.register(adminRoutes);
  await app.register(async (scope) => jobAdminRoutes(scope));
  // Back-office pages over a module's own tables, registered by that module (decision 033).
  await app.register(async (scope) => memberAdminRoutes(scope));
  await app.register(async (scope) => ledgerAdminRoutes(scope));
  await app.register(async (scope) => attachmentAdminRoutes(scope));
  await app.register(uploadRoutes);
  await app.register(downloadRoutes);
  await app.register(catalogueRoutes);
  // Commerce sells the catalogue's items through the item source it declares (decision 033, follow-up 2).
  registerItemSource(catalogueItemSource);
  await app.register(commerceRoutes);
  await app.register(couponRoutes);
  await app.register(commissionRoutes);
  await app.register(stripePayments);
  await app.register(alipayPayments);
  await app.register(wechatPayRoutes);
  await app.register(memberMoneyRoutes);
  await app.register(sitemapRoutes);
  await app.register(captchaRoutes);
  await app.register(codeRoutes);
  // generator: routes
  await app.register(generatorRoutes);
  return app;
}
