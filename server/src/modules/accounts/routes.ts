import type { FastifyInstance } from 'fastify';
import { CODE } from '@framecraft/contracts/constants';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { optionalUser } from '../session/guards.ts';
import { memberInfo } from '../session/member-info.ts';
import { checkInBody } from './schema.ts';
import { LOCKOUT_SECONDS, LOGIN_FAILURE_LIMIT, login, register } from './service.ts';

/** Login and registration (spec §4, conventions "Member login and account"). */
export async function accountRoutes(app: FastifyInstance) {
  const loggedIn = () => new ApiError('account.loggedIn', { code: CODE.loginState, data: { type: 'logged in' } });

  app.get('/api/user/checkIn', { preHandler: optionalUser }, async (request, reply) => {
    if (request.user) throw loggedIn();
    return reply.ok({
      userLoginCaptchaSwitch: Boolean(await app.siteConfig.get('userLoginCaptchaSwitch')),
      accountVerificationType: (await app.siteConfig.get('accountVerificationType')) ?? [],
    });
  });

  app.post(
    '/api/user/checkIn',
    { preHandler: optionalUser },
    async (request, reply) => {
      if (request.user) throw loggedIn();
      const body = validate(checkInBody, request.body, request.lang);
      if (Number(await app.siteConfig.get('userLoginCaptchaSwitch')) === 1) await app.captcha.require(body.captchaId, body.captchaInfo);
      const db = app.deps.db;
      const member =
        body.tab === 'login'
          ? await login(db, body.username, body.password, request.ip, {
              failureLimit: await app.siteConfig.number('userLoginFailureLimit', LOGIN_FAILURE_LIMIT),
              lockoutSeconds: await app.siteConfig.number('userLoginLockoutSeconds', LOCKOUT_SECONDS),
            })
          : await register(db, {
              username: body.username,
              password: body.password,
              inviteCode: body.inviteCode,
              ip: request.ip,
              inviteRewardScore: Number(await app.siteConfig.get('inviteRewardScore')) || 0,
            });
      const issued = await app.tokens.issue('user', member.id, { keep: body.keep });
      return reply.ok(
        {
          userInfo: { ...memberInfo(member), token: issued.token, refresh_token: issued.refreshToken },
          routePath: '/user',
        },
        body.tab === 'login' ? 'account.loginSuccess' : 'account.registerSuccess',
      );
    },
  );
}
