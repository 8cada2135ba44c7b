import { z } from 'zod';

/** A captcha id chosen by the client (a UUID or similar): letters, digits, `-` and `_`. */
export const captchaId = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalidValue');

export const clickCaptchaQuery = z.object({ id: captchaId.optional() });

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
