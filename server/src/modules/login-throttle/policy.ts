import type { FastifyInstance } from 'fastify';
import { DEFAULT_POLICY, type ThrottlePolicy } from './service.ts';

/** The throttle's settings (member and admin logins share them). */
export async function throttlePolicy(app: FastifyInstance): Promise<ThrottlePolicy> {
  const positive = (n: number, fallback: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback);
  return {
    captchaAfter: await captchaAfter(app),
    sourceLimit: positive(await app.siteConfig.number('userLoginFailureLimit', DEFAULT_POLICY.sourceLimit), DEFAULT_POLICY.sourceLimit),
    windowSeconds: positive(await app.siteConfig.number('userLoginLockoutSeconds', DEFAULT_POLICY.windowSeconds), DEFAULT_POLICY.windowSeconds),
  };
}

/** 0 is meaningful here (the captcha on every password login), so `siteConfig.number` does not fit. */
async function captchaAfter(app: FastifyInstance): Promise<number> {
  const raw = await app.siteConfig.get('loginCaptchaAfterFailures');
  const value = raw === null || raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : DEFAULT_POLICY.captchaAfter;
}
