import { verificationTypes } from '../accounts/service.ts';
import { changePasswordSchema, profileSchema, updateNicknameSchema } from '@framecraft/contracts/member';
import { bindVerificationSchema, changeBindSchema } from '@framecraft/contracts/validation';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../shared/validation.ts';
import { currentUser } from '../session/guards.ts';
import { requireMemberNode } from './access.ts';
import { changeBoundAddress, verifyBoundAddress } from './bind.ts';
import { changePassword, fullMemberInfo, overview, updateProfile } from './service.ts';

/** Member-centre calls of spec §7 (conventions: `/api/account/*`, `/api/user/updateNickname`). */
export async function memberRoutes(app: FastifyInstance) {
  const db = app.deps.db;

  app.get('/api/account/overview', { preHandler: requireMemberNode('account/overview') }, async (request, reply) =>
    reply.ok(await overview(db, currentUser(request), request.lang, app.siteConfig)),
  );

  app.get('/api/account/profile', { preHandler: requireMemberNode('account/profile') }, async (request, reply) =>
    reply.ok({
      userInfo: await fullMemberInfo(db, currentUser(request), request.lang, app.siteConfig),
      accountVerificationType: verificationTypes(await app.siteConfig.get('accountVerificationType')),
    }),
  );

  app.post('/api/account/profile', { preHandler: requireMemberNode('account/profile') }, async (request, reply) => {
    const change = validate(profileSchema, request.body, request.lang);
    const updated = await updateProfile(db, currentUser(request), change, request.lang);
    return reply.ok({ userInfo: await fullMemberInfo(db, updated, request.lang, app.siteConfig) }, 'member.profileSaved');
  });

  app.post('/api/user/updateNickname', { preHandler: requireMemberNode('account/profile') }, async (request, reply) => {
    const change = validate(updateNicknameSchema, request.body, request.lang);
    const updated = await updateProfile(db, currentUser(request), change, request.lang);
    return reply.ok({ userInfo: await fullMemberInfo(db, updated, request.lang, app.siteConfig) }, 'member.profileSaved');
  });

  app.post('/api/account/changePassword', { preHandler: requireMemberNode('account/changePassword') }, async (request, reply) => {
    const passwords = validate(changePasswordSchema, request.body, request.lang);
    await changePassword(db, app.tokens, currentUser(request), passwords, request.lang);
    return reply.ok(null, 'member.passwordChanged');
  });

  app.post('/api/account/verification', { preHandler: requireMemberNode('account/security') }, async (request, reply) => {
    const { type, captcha } = validate(bindVerificationSchema, request.body, request.lang);
    return reply.ok({ type, accountVerificationToken: await verifyBoundAddress(db, currentUser(request), type, captcha) });
  });

  app.post('/api/account/changeBind', { preHandler: requireMemberNode('account/security') }, async (request, reply) => {
    const change = validate(changeBindSchema, request.body, request.lang);
    const updated = await changeBoundAddress(db, currentUser(request), change);
    return reply.ok({ userInfo: await fullMemberInfo(db, updated, request.lang, app.siteConfig) }, 'verify.bindChanged');
  });
}
