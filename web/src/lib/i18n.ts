import { loadClientMessages } from '@framecraft/contracts/client-messages';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@framecraft/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage } from '../stores/language.ts';
import { BROWSING_NAMESPACES } from './browsing-namespaces.ts';

/**
 * Page translations are split per route (conventions "Readings"): one JSON file per namespace and
 * language in src/locales, each its own lazily loaded chunk, loaded together with the route's code
 * (app/routes.tsx). `common` — the shell's texts and the route titles — is loaded before the first
 * render, for the page's language only (switching reloads the page, spec §4).
 */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/*/common.json']);
const commonBundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/common.json');


export const i18n = i18next.createInstance();

/** Resolves once `initI18n` has set i18next up; the router may ask for a route's texts before that. */
let markInitialised: () => void = () => {};
let isInitialised = false;
const initialised = new Promise<void>((resolve) => {
  markInitialised = () => {
    isInitialised = true;
    resolve();
  };
});

/**
 * A route's texts. On the first page load the router asks before i18next is set up: the files are
 * fetched at once, beside the shell's own texts, and added once it is (one round trip less before
 * the first page shows).
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const language = getLanguage();
  const needsForms = namespaces.length === 0 || namespaces.some((namespace) => !BROWSING_NAMESPACES.has(namespace));
  await Promise.all([
    needsForms ? loadClientMessages(language, 'forms') : undefined,
    ...namespaces
      .filter((namespace) => !isInitialised || !i18n.hasResourceBundle(language, namespace))
      .map(async (namespace) => {
        const load = bundles[`../locales/${language}/${namespace}.json`];
        if (!load) throw new Error(`Missing translations: ${language}/${namespace}`);
        const [texts] = await Promise.all([load(), initialised]);
        i18n.addResourceBundle(language, namespace, texts.default, true, false);
      }),
  ]);
}

/**
 * Loads the page language's `common` texts and the core of the shared client messages (contracts), then
 * initialises i18next; render after it resolves so the shell's first frame is already translated.
 */
export async function initI18n(): Promise<void> {
  const language = getLanguage();
  const loadCommon = commonBundles[`../locales/${language}/common.json`];
  if (!loadCommon) throw new Error(`Missing translations: ${language}/common`);
  const [common] = await Promise.all([loadCommon().then((module) => module.default), loadClientMessages(language, 'core')]);
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    lowerCaseLng: true,
    load: 'currentOnly',
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { [language]: { common } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
    showSupportNotice: false,
  });
  markInitialised();
}
