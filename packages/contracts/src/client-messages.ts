import en from '../locales/en.json' with { type: 'json' };
import zhCn from '../locales/zh-cn.json' with { type: 'json' };
import accountEn from '../locales/account/en.json' with { type: 'json' };
import accountZhCn from '../locales/account/zh-cn.json' with { type: 'json' };
import memberEn from '../locales/member/en.json' with { type: 'json' };
import memberZhCn from '../locales/member/zh-cn.json' with { type: 'json' };
import uploadsEn from '../locales/uploads/en.json' with { type: 'json' };
import uploadsZhCn from '../locales/uploads/zh-cn.json' with { type: 'json' };
import verifyEn from '../locales/verify/en.json' with { type: 'json' };
import verifyZhCn from '../locales/verify/zh-cn.json' with { type: 'json' };
import type { Language } from './constants.ts';
import { translateIn, type Leaves } from './messages-core.ts';

export { isLanguage, resolveLanguage } from './messages-core.ts';

/*
 * The part of the shared language pack the browser translates itself: the spec's client messages
 * (requests, uploads, validation, captcha and codes) and the namespaces whose zod schemas run in forms. Server-only
 * namespaces (admin, catalogue) stay out of the first page load; `messages.ts` adds them.
 */
export const clientPackEn = { ...en, account: accountEn, member: memberEn, uploads: uploadsEn, verify: verifyEn };
export const clientPackZhCn: typeof clientPackEn = { ...zhCn, account: accountZhCn, member: memberZhCn, uploads: uploadsZhCn, verify: verifyZhCn };
const packs = { 'zh-cn': clientPackZhCn, en: clientPackEn } as const;

/** A key the browser can translate, such as `validation.account` or `http.404`. */
export type ClientMessageKey = Leaves<typeof clientPackEn>;

export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return translateIn(packs[lang], key, params);
}
