import { DEFAULT_THEME, STORAGE_KEY, THEMES, type Theme } from '@framecraft/contracts/constants';
import { create } from 'zustand';

/**
 * Storefront and member-centre theme (spec §3/§9: light or dark, default dark, stored locally).
 * The admin's dark mode is a separate layout setting (stores/layout.ts).
 */
function readStoredTheme(): Theme {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY.theme);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

interface ThemeStore {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
}

export const useThemeStore = create<ThemeStore>((set, get) => ({
  theme: readStoredTheme(),
  setTheme(theme) {
    globalThis.localStorage?.setItem(STORAGE_KEY.theme, theme);
    set({ theme });
  },
  toggleTheme() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));
