import { accountSchema, passwordSchema } from '@framecraft/contracts/validation';
import { z } from 'zod';
import { captchaFields } from '../captcha/schema.ts';

/** POST /api/user/checkIn, login tab: the account may be a username, e-mail or mobile. */
export const loginBody = z.object({
  tab: z.literal('login'),
  username: z.string().trim().min(1, 'validation.required').max(100, 'validation.account'),
  password: passwordSchema,
  keep: z.coerce.boolean().optional().default(false),
  ...captchaFields,
});

/** POST /api/user/checkIn, register tab (spec §5 rules shared with the web form). */
export const registerBody = z.object({
  tab: z.literal('register'),
  username: accountSchema,
  password: passwordSchema,
  inviteCode: z.string().trim().max(16).optional().default(''),
  keep: z.coerce.boolean().optional().default(false),
  ...captchaFields,
});

export const checkInBody = z.discriminatedUnion('tab', [loginBody, registerBody]);
