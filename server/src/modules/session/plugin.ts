import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountLookups } from './accounts.ts';
import { recordMemberRoutes } from './member-routes.ts';
import { TokenService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/** How often expired tokens are deleted (a periodic job: once per interval across instances, and at the runner's first tick). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionPluginOptions {
  /** The account owners' lookups (member-access's `findEnabledMember`, admin's `findEnabledAdmin`), wired by app.ts. */
  accounts: AccountLookups;
}

/** `app.tokens` and `request.user` / `request.admin` for every module. Needs the site-config and jobs plugins. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionPluginOptions) => {
    const tokens = new TokenService(app.deps.db, () => app.siteConfig.tokenKeepTimes(), options.accounts);
    app.decorate('tokens', tokens);
    app.decorateRequest('user', undefined);
    app.decorateRequest('admin', undefined);
    recordMemberRoutes(app);
    app.jobs.every('session.purgeTokens', PURGE_INTERVAL_MS, async () => {
      await tokens.purgeExpired();
    });
  },
  { name: 'session', dependencies: ['site-config', 'jobs'] },
);
