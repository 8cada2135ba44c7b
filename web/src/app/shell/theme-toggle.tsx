import { useTranslation } from 'react-i18next';
import { ICON_BUTTON } from '../../components/button.ts';
import { MoonIcon, SunIcon } from '../../components/icons.tsx';
import { useThemeStore } from '../../stores/theme.ts';

export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button type="button" data-testid="theme-toggle" data-theme={theme} aria-label={label} title={label} onClick={toggleTheme} className={ICON_BUTTON}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
