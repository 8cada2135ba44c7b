import type { CodeEvent } from '@framecraft/contracts/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, needLogin } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { optionalUser } from '../session/index.ts';
import { memberByAddress } from './addresses.ts';
import { deliverCode } from './deliver.ts';
import { emsSendBody, smsSendBody } from './schema.ts';
import { dropReservation, markSent, reserveCode, type CodeAddress } from './service.ts';
import { smsLogAdminRoutes, smsTemplateAdminRoutes } from './admin-routes.ts';

const NEEDS_MEMBER: readonly CodeEvent[] = ['user_change_email', 'user_change_mobile', 'user_email_verify', 'user_mobile_verify'];

/**
 * Whether a code really goes out. The answer to the visitor is the same either way, so code
 * sending never tells whether an address belongs to an account.
 */
async function shouldDeliver(request: FastifyRequest, address: CodeAddress): Promise<boolean> {
  const owner = await memberByAddress(request.server.deps.db, address.channel, address.target);
  const me = request.user;
  switch (address.event) {
    case 'user_register':
      return !owner;
    case 'user_retrieve_pwd':
    case 'user_login':
      return owner?.status === 'enable';
    case 'user_change_email':
    case 'user_change_mobile':
      return !owner;
    default: {
      // *_verify: only to the member's own bound address.
      const own = address.channel === 'email' ? me?.email?.toLowerCase() : me?.mobile;
      if (own !== address.target) throw new ApiError('verify.targetMismatch');
      return true;
    }
  }
}

/** `POST /api/Sms/send` and `POST /api/Ems/send` (spec §7): a solved click captcha, then a code. */
export async function codeRoutes(app: FastifyInstance) {
  smsTemplateAdminRoutes(app);
  smsLogAdminRoutes(app);
  async function send(request: FastifyRequest, address: CodeAddress, captcha: { captchaId?: string; captchaInfo?: string }) {
    if (NEEDS_MEMBER.includes(address.event) && !request.user) throw needLogin();
    await app.captcha.require(captcha.captchaId, captcha.captchaInfo);
    const deliver = await shouldDeliver(request, address);
    const { id, code } = await reserveCode(app.deps.db, address, request.ip, { deliver });
    if (!deliver) return;
    try {
      await deliverCode(app, request.lang, address, code);
    } catch (err) {
      await dropReservation(app.deps.db, id);
      throw err;
    }
    await markSent(app.deps.db, id, address);
  }

  app.post('/api/Sms/send', { preHandler: optionalUser }, async (request, reply) => {
    const body = validate(smsSendBody, request.body, request.lang);
    await send(request, { channel: 'mobile', target: body.mobile, event: body.template_code }, body);
    return reply.ok(null, 'verify.codeSent');
  });

  app.post('/api/Ems/send', { preHandler: optionalUser }, async (request, reply) => {
    const body = validate(emsSendBody, request.body, request.lang);
    await send(request, { channel: 'email', target: body.email, event: body.event }, body);
    return reply.ok(null, 'verify.codeSent');
  });
}
