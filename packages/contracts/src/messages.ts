import en from '../locales/en.json' with { type: 'json' };
import zhCn from '../locales/zh-cn.json' with { type: 'json' };
import accountEn from '../locales/account/en.json' with { type: 'json' };
import accountZhCn from '../locales/account/zh-cn.json' with { type: 'json' };
import adminEn from '../locales/admin/en.json' with { type: 'json' };
import adminZhCn from '../locales/admin/zh-cn.json' with { type: 'json' };
import catalogueEn from '../locales/catalogue/en.json' with { type: 'json' };
import catalogueZhCn from '../locales/catalogue/zh-cn.json' with { type: 'json' };
import verifyEn from '../locales/verify/en.json' with { type: 'json' };
import verifyZhCn from '../locales/verify/zh-cn.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants.ts';

/*
 * The shared language pack: spec messages used by both the server and the web app.
 * A feature's own messages live in `locales/<feature>/{zh-cn,en}.json` and are added below as
 * one namespace per feature (keys `<feature>.…`), so features grow without touching each other.
 */
const enPack = { ...en, account: accountEn, admin: adminEn, catalogue: catalogueEn, verify: verifyEn };
const zhCnPack: typeof enPack = { ...zhCn, account: accountZhCn, admin: adminZhCn, catalogue: catalogueZhCn, verify: verifyZhCn };

export const messages = { 'zh-cn': zhCnPack, en: enPack } as const;
export type Messages = typeof enPack;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A key such as `api.notFound` or `validation.account`. */
export type MessageKey = Leaves<Messages>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Pick a supported language from a `think-lang` value; unknown → the default. */
export function resolveLanguage(value: unknown): Language {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (isLanguage(lower)) return lower;
  if (lower.startsWith('zh')) return 'zh-cn';
  if (lower.startsWith('en')) return 'en';
  return DEFAULT_LANGUAGE;
}

/** Translate with i18next-style `{{name}}` interpolation; an unknown key returns itself. */
export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  let node: unknown = messages[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return params ? node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? '')) : node;
}
