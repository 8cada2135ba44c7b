import type { IndexInit } from '@framecraft/contracts/site';
import type { FastifyInstance } from 'fastify';
import { optionalUser } from '../session/index.ts';
import { memberRules, menusAndRules } from '../member-access/index.ts';
import { fullMemberInfo } from '../member/index.ts';

/**
 * The storefront's init call (conventions "Init calls"): site settings, and the member's info when
 * a valid member token is sent (`userInfo` is null for a visitor). The member keeps the tokens it
 * already holds, so they are not repeated here.
 */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/api/index/index', { preHandler: optionalUser }, async (request, reply) => {
    const held = request.user ? menusAndRules(await memberRules(app.deps.db, request.user)) : { menus: [], rules: [] };
    return reply.ok({
      site: await app.siteConfig.publicSite(),
      openMemberCenter: true,
      userInfo: request.user ? await fullMemberInfo(app.deps.db, request.user, request.lang, app.siteConfig) : null,
      // The member-centre menus and nodes of the member's group (member rule tree).
      menus: held.menus,
      rules: held.rules,
    } satisfies IndexInit);
  });
}
