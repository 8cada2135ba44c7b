import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useAdminDark } from '../../stores/layout.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { useThemeStore } from '../../stores/theme.ts';

export function isAdminPath(pathname: string, adminPrefix: string): boolean {
  return pathname === adminPrefix || pathname.startsWith(`${adminPrefix}/`);
}

/**
 * Keeps the `dark` class on <html> in line with the current area: the storefront theme, or the
 * admin layout's dark mode (conventions "Theme"). index.html sets it before the first paint.
 */
export function useDocumentTheme(): void {
  const { pathname } = useLocation();
  const adminPrefix = useSiteConfig((state) => state.adminPrefix);
  const storefrontDark = useThemeStore((state) => state.theme === 'dark');
  const adminDark = useAdminDark();
  const dark = isAdminPath(pathname, adminPrefix) ? adminDark : storefrontDark;

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
}
