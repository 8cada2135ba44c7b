import type { FastifyInstance } from 'fastify';
import { optionalUser } from '../session/guards.ts';
import { memberInfo } from '../session/member-info.ts';

/**
 * The storefront's init call (conventions "Init calls"): site settings, and the member's info when
 * a valid member token is sent (`userInfo` is null for a visitor). The member keeps the tokens it
 * already holds, so they are not repeated here.
 */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/api/index/index', { preHandler: optionalUser }, async (request, reply) => {
    return reply.ok({
      site: await app.siteConfig.publicSite(),
      openMemberCenter: true,
      userInfo: request.user ? memberInfo(request.user) : null,
      // Member-centre menus and rules come from the member rule tree (a later feature).
      menus: [],
      rules: [],
    });
  });
}
