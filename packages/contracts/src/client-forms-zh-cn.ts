import accountZhCn from '../locales/account/zh-cn.json' with { type: 'json' };
import memberZhCn from '../locales/member/zh-cn.json' with { type: 'json' };
import uploadsZhCn from '../locales/uploads/zh-cn.json' with { type: 'json' };
import verifyZhCn from '../locales/verify/zh-cn.json' with { type: 'json' };
import type { ClientForms } from './client-forms-en.ts';

/** Chinese messages of forms, uploads and captchas (see client-forms-en.ts). */
export const clientFormsZhCn: ClientForms = { account: accountZhCn, member: memberZhCn, uploads: uploadsZhCn, verify: verifyZhCn };
