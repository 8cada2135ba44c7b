import { emailSchema, EMAIL_CODE_EVENTS, mobileSchema, SMS_CODE_EVENTS } from '@framecraft/contracts/validation';
import { z } from 'zod';
import { captchaFields } from '../captcha/index.ts';

/** `POST /api/Sms/send {mobile, template_code, captchaId, captchaInfo}`: template_code names the event. */
export const smsSendBody = z.object({
  mobile: mobileSchema,
  template_code: z.enum(SMS_CODE_EVENTS, { error: 'verify.eventInvalid' }),
  ...captchaFields,
});

/** `POST /api/Ems/send {email, event, captchaId, captchaInfo}`. */
export const emsSendBody = z.object({
  email: emailSchema.transform((value) => value.toLowerCase()),
  event: z.enum(EMAIL_CODE_EVENTS, { error: 'verify.eventInvalid' }),
  ...captchaFields,
});
