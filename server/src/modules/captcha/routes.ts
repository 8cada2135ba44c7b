import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { checkClickCaptchaBody, clickCaptchaQuery } from './schema.ts';

/** The click captcha's calls (spec §7); the admin login page uses the same ones. */
export async function captchaRoutes(app: FastifyInstance) {
  app.get('/api/common/clickCaptcha', async (request, reply) => {
    // The spec's `?id=` is accepted but never used: ids are issued by the server only, so nobody can
    // re-request someone else's id and replace the image that person is solving.
    validate(clickCaptchaQuery, request.query, request.lang);
    return reply.ok(await app.captcha.create(request.lang));
  });

  app.post('/api/common/checkClickCaptcha', async (request, reply) => {
    const body = validate(checkClickCaptchaBody, request.body, request.lang);
    if (!(await app.captcha.check(body.id, body.info, { consume: body.unset }))) throw new ApiError('verify.captchaWrong');
    return reply.ok(null, 'verify.captchaSuccess');
  });
}
