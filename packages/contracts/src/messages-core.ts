import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants.ts';

/** Every dotted path to a string in a language pack, e.g. `api.notFound`. */
export type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

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

/** Look `key` up in `pack` with i18next-style `{{name}}` interpolation; an unknown key returns itself. */
export function translateIn(pack: unknown, key: string, params?: Record<string, unknown>): string {
  let node: unknown = pack;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return params ? node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? '')) : node;
}
