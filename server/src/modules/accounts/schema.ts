import { accountSchema, emailSchema, mobileSchema, passwordSchema, VERIFICATION_CHANNELS, verificationCodeSchema } from '@framecraft/contracts/validation';
import { z } from 'zod';
import { captchaFields } from '../captcha/index.ts';

const keep = z.coerce.boolean().optional().default(false);

/** POST /api/user/checkIn, login tab: the account may be a username, e-mail or mobile. */
export const loginBody = z.object({
  tab: z.literal('login'),
  loginType: z.literal('password').optional().default('password'),
  username: z.string().trim().min(1, 'validation.required').max(100, 'validation.account'),
  password: passwordSchema,
  keep,
  ...captchaFields,
});

/** Login tab with `loginType: 'sms'` (our addition): mobile + the code of event `user_login`. */
export const smsLoginBody = z.object({
  tab: z.literal('login'),
  loginType: z.literal('sms'),
  mobile: mobileSchema,
  captcha: verificationCodeSchema,
  keep,
});

/**
 * POST /api/user/checkIn, register tab (spec §5 rules shared with the web form). When the site
 * requires verification (setting accountVerificationType), `registerType` picks e-mail or mobile
 * and `captcha` is the code sent for `user_register`; the route checks those fields.
 */
export const registerBody = z.object({
  tab: z.literal('register'),
  username: accountSchema,
  password: passwordSchema,
  inviteCode: z.string().trim().max(16).optional().default(''),
  keep,
  registerType: z.enum(VERIFICATION_CHANNELS, { error: 'validation.required' }).optional(),
  email: z.string().trim().max(100).optional(),
  mobile: z.string().trim().max(20).optional(),
  captcha: z.string().trim().max(10).optional(),
  ...captchaFields,
});

/** The schema for a check-in body: by tab, then by login type. */
export function checkInSchema(body: unknown) {
  const raw = (body ?? {}) as Record<string, unknown>;
  if (raw.tab === 'register') return registerBody;
  if (raw.tab === 'login' && raw.loginType === 'sms') return smsLoginBody;
  return loginBody;
}

/** The address a registration verifies with a code, by channel. */
export const registerVerification = {
  email: z.object({ email: emailSchema.transform((value) => value.toLowerCase()), captcha: verificationCodeSchema }),
  mobile: z.object({ mobile: mobileSchema, captcha: verificationCodeSchema }),
} as const;
