import { DEFAULT_LANGUAGE, LANGUAGES } from '@framecraft/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage } from '../stores/language.ts';
import commonEn from '../locales/en/common.json';
import commonZhCn from '../locales/zh-cn/common.json';

/**
 * Page translations are split per route (conventions "Readings"): one JSON file per namespace and
 * language in src/locales, each its own lazily loaded chunk, loaded together with the route's code
 * (app/routes.tsx). Only `common` — the shell's texts and the route titles — ships with the app.
 */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/*/common.json']);

export const i18n = i18next.createInstance();

export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const language = getLanguage();
  await Promise.all(
    namespaces
      .filter((namespace) => !i18n.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const load = bundles[`../locales/${language}/${namespace}.json`];
        if (!load) throw new Error(`Missing translations: ${language}/${namespace}`);
        i18n.addResourceBundle(language, namespace, (await load()).default, true, false);
      }),
  );
}

/** Synchronous: the shell renders its first frame already translated. */
export function initI18n(): void {
  const language = getLanguage();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    lowerCaseLng: true,
    load: 'currentOnly',
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { [language]: { common: language === 'en' ? commonEn : commonZhCn } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
    showSupportNotice: false,
  });
}
