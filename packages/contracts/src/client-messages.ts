import type { ClientForms } from './client-forms-en.ts';
import type { ClientCore } from './client-core-en.ts';
import type { Language } from './constants.ts';
import { translateIn, type Leaves } from './messages-core.ts';

export { isLanguage, resolveLanguage } from './messages-core.ts';

/*
 * The part of the shared language pack the browser translates itself: the spec's client messages
 * (requests, uploads, validation, captcha and codes) and the namespaces whose zod schemas run in forms. Server-only
 * namespaces (admin, catalogue) stay out of the first page load; `messages.ts` adds them.
 *
 * The browser loads only the page's language (switching reloads the page, spec §4), in two parts:
 * `core` (client-core-<lang>.ts: requests, HTTP statuses, validation, greetings) before the first
 * render, and `forms` (client-forms-<lang>.ts: account, member, uploads, verify) with the pages
 * that have forms, uploads or captchas (web/src/lib/i18n.ts). `translate` answers from what is
 * loaded; a key not loaded yet gives the key itself.
 */
export type ClientPack = ClientCore & ClientForms;
export type ClientMessagePart = 'core' | 'forms';

const loaders: Record<ClientMessagePart, Record<Language, () => Promise<object>>> = {
  core: {
    'zh-cn': () => import('./client-core-zh-cn.ts').then((module) => module.clientCoreZhCn),
    en: () => import('./client-core-en.ts').then((module) => module.clientCoreEn),
  },
  forms: {
    'zh-cn': () => import('./client-forms-zh-cn.ts').then((module) => module.clientFormsZhCn),
    en: () => import('./client-forms-en.ts').then((module) => module.clientFormsEn),
  },
};
const packs: Partial<Record<Language, object>> = {};
const loading = new Map<string, Promise<void>>();

/** A key the browser can translate, such as `validation.account` or `http.404`. */
export type ClientMessageKey = Leaves<ClientPack>;

/** Load one part of a language's client messages (once); `translate` uses it as soon as this resolves. */
export function loadClientMessages(lang: Language, part: ClientMessagePart): Promise<void> {
  const id = `${lang}/${part}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = loaders[part][lang]().then((messages) => {
      packs[lang] = { ...packs[lang], ...messages };
    });
    loading.set(id, pending);
  }
  return pending;
}

/** Both parts of a language's client messages. */
export async function loadClientPack(lang: Language): Promise<void> {
  await Promise.all([loadClientMessages(lang, 'core'), loadClientMessages(lang, 'forms')]);
}

export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  return translateIn(packs[lang], key, params);
}
