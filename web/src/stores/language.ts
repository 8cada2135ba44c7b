import { DEFAULT_LANGUAGE, STORAGE_KEY, type Language } from '@framecraft/contracts/constants';
import { isLanguage } from '@framecraft/contracts/client-messages';

/**
 * The UI language: stored locally, read once at start. Switching stores the choice and
 * reloads the page (spec §4), so the value never changes during a page's life.
 */
function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY.language);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

let current: Language = readStoredLanguage();

export function getLanguage(): Language {
  return current;
}

/** Store the choice and reload; `reload` is injectable so tests need no browser. */
export function switchLanguage(language: Language, reload: () => void = () => location.reload()): void {
  if (language === current) return;
  globalThis.localStorage?.setItem(STORAGE_KEY.language, language);
  current = language;
  reload();
}
