import { changePasswordSchema, profileSchema, updateNicknameSchema } from '@framecraft/contracts/member';
import { bindVerificationSchema, changeBindSchema, verificationTypes } from '@framecraft/contracts/validation';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../shared/validation.ts';
import { currentUser } from '../session/index.ts';
import { memberRoute } from '../member-access/index.ts';
import { changeBoundAddress, verifyBoundAddress } from './bind.ts';
import { changePassword, fullMemberInfo, overview, updateProfile } from './service.ts';

/** Member-centre calls of spec §7 (conventions: `/api/account/*`, `/api/user/updateNickname`). */
export async function memberRoutes(app: FastifyInstance) {
  const db = app.deps.db;

  memberRoute(app, { method: 'GET', url: '/api/account/overview', node: 'account/overview' }, async (request, reply) =>
    reply.ok(await overview(db, currentUser(request), request.lang, app.siteConfig)),
  );

  memberRoute(app, { method: 'GET', url: '/api/account/profile', node: 'account/profile' }, async (request, reply) =>
    reply.ok({
      userInfo: await fullMemberInfo(db, currentUser(request), request.lang, app.siteConfig),
      accountVerificationType: verificationTypes(await app.siteConfig.get('accountVerificationType')),
    }),
  );

  memberRoute(app, { method: 'POST', url: '/api/account/profile', node: 'account/profile' }, async (request, reply) => {
    const change = validate(profileSchema, request.body, request.lang);
    const updated = await updateProfile(db, currentUser(request), change, request.lang);
    return reply.ok({ userInfo: await fullMemberInfo(db, updated, request.lang, app.siteConfig) }, 'member.profileSaved');
  });

  memberRoute(app, { method: 'POST', url: '/api/user/updateNickname', node: 'account/profile' }, async (request, reply) => {
    const change = validate(updateNicknameSchema, request.body, request.lang);
    const updated = await updateProfile(db, currentUser(request), change, request.lang);
    return reply.ok({ userInfo: await fullMemberInfo(db, updated, request.lang, app.siteConfig) }, 'member.profileSaved');
  });

  memberRoute(app, { method: 'POST', url: '/api/account/changePassword', node: 'account/changePassword' }, async (request, reply) => {
    const passwords = validate(changePasswordSchema, request.body, request.lang);
    await changePassword(db, app.tokens, currentUser(request), passwords, request.lang);
    return reply.ok(null, 'member.passwordChanged');
  });

  memberRoute(app, { method: 'POST', url: '/api/account/verification', node: 'account/security' }, async (request, reply) => {
    const { type, captcha } = validate(bindVerificationSchema, request.body, request.lang);
    return reply.ok({ type, accountVerificationToken: await verifyBoundAddress(db, currentUser(request), type, captcha) });
  });

  memberRoute(app, { method: 'POST', url: '/api/account/changeBind', node: 'account/security' }, async (request, reply) => {
    const change = validate(changeBindSchema, request.body, request.lang);
    const updated = await changeBoundAddress(db, currentUser(request), change);
    return reply.ok({ userInfo: await fullMemberInfo(db, updated, request.lang, app.siteConfig) }, 'verify.bindChanged');
  });
}
