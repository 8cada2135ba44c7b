import type { Language } from '@framecraft/contracts/constants';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../components/icons.tsx';
import { getLanguage, switchLanguage } from '../../stores/language.ts';

/** Names are shown in their own language, so anyone can find theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { 'zh-cn': '中文', en: 'English' };

/** With two languages the switch offers the other one; choosing stores it and reloads (spec §4). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = getLanguage();
  const other: Language = current === 'en' ? 'zh-cn' : 'en';
  return (
    <button
      type="button"
      data-testid="language-switch"
      data-language={current}
      lang={other === 'en' ? 'en' : 'zh-CN'}
      aria-label={t('language.switchTo', { language: LANGUAGE_NAMES[other] })}
      onClick={() => switchLanguage(other)}
      className="inline-flex h-9 items-center gap-1.5 rounded-full px-2.5 text-sm text-muted transition-colors hover:bg-surface-2 hover:text-ink"
    >
      <GlobeIcon className="text-base" />
      <span className="hidden min-[400px]:inline">{LANGUAGE_NAMES[other]}</span>
    </button>
  );
}
