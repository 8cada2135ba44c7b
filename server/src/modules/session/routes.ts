import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import type { SessionContext } from './accounts.ts';
import { currentAdmin, currentUser, presentedToken, requireAdmin, requireUser } from './guards.ts';
import { logoutBody, refreshTokenBody } from './schema.ts';
import { REFRESH_TYPE } from './service.ts';

/** Token refresh (spec §7) and logout of both contexts. */
export async function sessionRoutes(app: FastifyInstance) {
  app.post('/api/common/refreshToken', async (request, reply) => {
    const { refreshToken } = validate(refreshTokenBody, request.body, request.lang);
    const refreshed = await app.tokens.refresh(refreshToken);
    // Code 0, not 303: any failed refresh makes the client drop the token and open the matching
    // login route (or, already there, retry with an empty token, spec §4). A 303 would also fire
    // its generic "need login" handling and redirect a second time.
    if (!refreshed) throw new ApiError('api.refreshTokenInvalid');
    // Conventions' `{type, token}` plus the rotated refresh token (decision 028): the old one is spent.
    return reply.ok({ type: refreshed.type, token: refreshed.token, refresh_token: refreshed.refreshToken });
  });

  /**
   * End the session of the presented access token: its whole family, refresh token included
   * (decision 028). A refresh token sent along (older clients) is revoked too when it is the owner's.
   */
  async function logout(request: FastifyRequest, context: SessionContext, ownerId: number) {
    const { refreshToken } = validate(logoutBody, request.body, request.lang);
    const access = presentedToken(request, context);
    if (access) await app.tokens.endSession(context, access, ownerId);
    if (refreshToken) await app.tokens.revoke(refreshToken, REFRESH_TYPE[context], ownerId);
  }

  app.post('/api/user/logout', { preHandler: requireUser }, async (request, reply) => {
    await logout(request, 'user', currentUser(request).id);
    return reply.ok(null);
  });

  app.post('/admin/index/logout', { preHandler: requireAdmin }, async (request, reply) => {
    await logout(request, 'admin', currentAdmin(request).id);
    return reply.ok(null);
  });
}
