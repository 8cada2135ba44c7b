import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE } from '@framecraft/contracts/constants';
import { retrievePasswordSchema } from '@framecraft/contracts/validation';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { checkCode, memberByAddress, normaliseTarget } from '../codes/index.ts';
import { currentUser, optionalUser, requireUser } from '../session/index.ts';
import { inviteListQuery, listInvitees } from './invites.ts';
import { memberInfo } from '../session/index.ts';
import { checkInSchema, loginBody, registerBody, registerVerification, smsLoginBody } from './schema.ts';
import { captchaRequired, throttlePolicy } from '../login-throttle/index.ts';
import { login, loginWithCode, register, resetPassword, verificationTypes } from './service.ts';
import type { z } from 'zod';

/** Login and registration (spec §4, conventions "Member login and account"), and password reset. */
export async function accountRoutes(app: FastifyInstance) {
  const loggedIn = () => new ApiError('account.loggedIn', { code: CODE.loginState, data: { type: 'logged in' } });
  const captchaOn = async () => Number(await app.siteConfig.get('userLoginCaptchaSwitch')) === 1;
  const db = app.deps.db;

  // The /share page: who joined through the member's link, and the points each registration earns (the setting, read live).
  app.get('/api/invite/list', { preHandler: requireUser }, async (request, reply) => {
    const { page, limit } = validate(inviteListQuery, request.query, request.lang);
    const { list, total } = await listInvitees(db, currentUser(request).id, page, limit);
    return reply.ok({ list, total, rewardScore: Math.max(0, Number(await app.siteConfig.get('inviteRewardScore')) || 0) });
  });

  app.get('/api/user/checkIn', { preHandler: optionalUser }, async (request, reply) => {
    if (request.user) throw loggedIn();
    return reply.ok({
      userLoginCaptchaSwitch: await captchaOn(),
      accountVerificationType: verificationTypes(await app.siteConfig.get('accountVerificationType')),
    });
  });

  /** The login's click captcha; none sent → `captchaRequired` (data.captcha tells the client to show it). */
  async function solveCaptcha(body: { captchaId?: string; captchaInfo?: string }) {
    if (!body.captchaId || !body.captchaInfo) throw captchaRequired();
    await app.captcha.require(body.captchaId, body.captchaInfo);
  }

  async function passwordLogin(request: FastifyRequest, body: z.infer<typeof loginBody>) {
    return login(db, body.username, body.password, {
      ip: request.ip.slice(0, 50),
      policy: await throttlePolicy(app),
      captchaAlways: await captchaOn(),
      solveCaptcha: () => solveCaptcha(body),
    });
  }

  // The click captcha was solved to get the code, so an SMS login needs no second one.
  async function smsLogin(request: FastifyRequest, body: z.infer<typeof smsLoginBody>) {
    const codeId = await checkCode(db, { channel: 'mobile', target: body.mobile, event: 'user_login' }, body.captcha);
    return loginWithCode(db, body.mobile, codeId, request.ip);
  }

  async function registration(request: FastifyRequest, body: z.infer<typeof registerBody>) {
    if (await captchaOn()) await app.captcha.require(body.captchaId, body.captchaInfo);
    const types = verificationTypes(await app.siteConfig.get('accountVerificationType'));
    let verified: { email?: string; mobile?: string; codeId: number } | undefined;
    if (types.length) {
      const channel = body.registerType && types.includes(body.registerType) ? body.registerType : types[0]!;
      const fields = validate(registerVerification[channel], body, request.lang);
      const target = 'email' in fields ? fields.email : fields.mobile;
      const codeId = await checkCode(db, { channel, target, event: 'user_register' }, fields.captcha);
      verified = { [channel]: target, codeId };
    }
    return register(db, {
      username: body.username,
      password: body.password,
      inviteCode: body.inviteCode,
      ip: request.ip,
      inviteRewardScore: Number(await app.siteConfig.get('inviteRewardScore')) || 0,
      newMemberVipDays: Number(await app.siteConfig.get('newMemberVipDays')) || 0,
      verified,
    });
  }

  app.post('/api/user/checkIn', { preHandler: optionalUser }, async (request, reply) => {
    if (request.user) throw loggedIn();
    const body = validate(checkInSchema(request.body), request.body, request.lang);
    const member =
      body.tab === 'register'
        ? await registration(request, body)
        : body.loginType === 'sms'
          ? await smsLogin(request, body)
          : await passwordLogin(request, body);
    const issued = await app.tokens.issue('user', member.id, { keep: body.keep });
    return reply.ok(
      {
        userInfo: { ...memberInfo(member), token: issued.token, refresh_token: issued.refreshToken },
        routePath: '/user',
      },
      body.tab === 'login' ? 'account.loginSuccess' : 'account.registerSuccess',
    );
  });

  /**
   * `POST /api/account/retrievePassword {type, account, captcha, password}`: a new password with a
   * code of event `user_retrieve_pwd`; every session of the member ends. An unknown address gets
   * the wrong-code message (no code was ever sent to it), so nothing tells whether it has an account.
   */
  app.post('/api/account/retrievePassword', async (request, reply) => {
    const body = validate(retrievePasswordSchema, request.body, request.lang);
    const channel = body.type;
    const target = normaliseTarget(channel, body.account);
    const codeId = await checkCode(db, { channel, target, event: 'user_retrieve_pwd' }, body.captcha);
    const member = await memberByAddress(db, channel, target);
    if (!member || member.status !== 'enable') throw new ApiError('verify.codeInvalid');
    await resetPassword(db, member.id, codeId, body.password);
    await app.tokens.revokeAll('user', member.id);
    return reply.ok(null, 'verify.passwordReset');
  });
}
