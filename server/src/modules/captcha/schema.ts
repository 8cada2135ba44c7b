import { z } from 'zod';

/** A captcha id as the server issued it (a UUID); the check calls accept the same shape. */
export const captchaId = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalidValue');

/** `?id=` of spec §7 is tolerated for old clients and ignored (the server issues ids). */
export const clickCaptchaQuery = z.object({ id: z.string().max(64).optional() });

/** `POST /api/common/checkClickCaptcha {id, info, unset}` (spec §7). */
export const checkClickCaptchaBody = z.object({
  id: captchaId,
  info: z.string().trim().min(1, 'validation.required').max(200, 'validation.invalidValue'),
  unset: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional().transform((v) => v === true || v === 'true' || v === '1'),
});

/** The captcha fields that login, registration and code sending carry. */
export const captchaFields = {
  captchaId: z.string().trim().max(64).optional(),
  captchaInfo: z.string().trim().max(200).optional(),
};
