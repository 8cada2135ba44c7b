import type { FastifyInstance } from 'fastify';
import { requireMemberNode } from '../member/index.ts';
import { currentUser } from '../session/index.ts';
import { checkIn, checkInStatus, DEFAULT_CHECK_IN_SCORE } from './service.ts';

/** Daily check-in of the member centre: GET today's state and streak, POST to check in. */
export async function checkInRoutes(app: FastifyInstance) {
  app.get('/api/account/checkIn', { preHandler: requireMemberNode('account/checkIn') }, async (request, reply) =>
    reply.ok(await checkInStatus(app.deps.db, currentUser(request).id)),
  );
  app.post('/api/account/checkIn', { preHandler: requireMemberNode('account/checkIn') }, async (request, reply) => {
    const score = await app.siteConfig.number('checkInScore', DEFAULT_CHECK_IN_SCORE);
    return reply.ok(await checkIn(app.deps.db, currentUser(request).id, score), 'account.checkInSuccess');
  });
}
