/**
 * Runs inline in index.html before the first paint (vite.config.ts serialises it), so the page
 * never flashes the wrong theme. It must stay self-contained: no imports, no closures.
 * Storefront: the stored theme, dark unless 'light' was chosen. Admin area: the layout setting
 * `isDark`, following the system preference until the admin chooses.
 */
export function applyInitialTheme(keys: { theme: string; layout: string; siteConfig: string; language: string }, defaultAdminPrefix: string): void {
  const root = document.documentElement;
  let dark = true;
  try {
    const storage = window.localStorage;
    const site = JSON.parse(storage.getItem(keys.siteConfig) || '{}') as { adminPrefix?: string };
    const prefix = site.adminPrefix || defaultAdminPrefix;
    const path = window.location.pathname;
    if (path === prefix || path.indexOf(prefix + '/') === 0) {
      const layout = JSON.parse(storage.getItem(keys.layout) || '{}') as { isDark?: boolean | null };
      dark = typeof layout.isDark === 'boolean' ? layout.isDark : window.matchMedia('(prefers-color-scheme: dark)').matches;
    } else {
      dark = storage.getItem(keys.theme) !== 'light';
    }
    root.lang = storage.getItem(keys.language) === 'en' ? 'en' : 'zh-CN';
  } catch {
    // Storage blocked: keep the defaults (dark, Chinese).
  }
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}
