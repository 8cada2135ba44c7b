import accountEn from '../locales/account/en.json' with { type: 'json' };
import memberEn from '../locales/member/en.json' with { type: 'json' };
import uploadsEn from '../locales/uploads/en.json' with { type: 'json' };
import verifyEn from '../locales/verify/en.json' with { type: 'json' };

/** English messages of forms, uploads and captchas: loaded with the pages that have them (see client-messages.ts). */
export const clientFormsEn = { account: accountEn, member: memberEn, uploads: uploadsEn, verify: verifyEn };
export type ClientForms = typeof clientFormsEn;
