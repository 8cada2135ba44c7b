// Relative on purpose: Vite bundles its config itself and does not compile workspace TS packages.
import { DEFAULT_ADMIN_PREFIX, HEADER, LANGUAGES, STORAGE_KEY } from '../packages/contracts/src/constants.ts';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { routePreloadPlugin } from './route-preloads.ts';
import { applyInitialTheme } from './src/app/initial-theme.ts';
import { BROWSING_NAMESPACES } from './src/lib/browsing-namespaces.ts';

const API_SERVER = process.env.FRAMECRAFT_API ?? 'http://127.0.0.1:8000';

/** Inline the theme bootstrap into index.html so the first paint already has the right theme. */
function initialThemePlugin(): Plugin {
  const keys = { theme: STORAGE_KEY.theme, layout: STORAGE_KEY.layout, siteConfig: STORAGE_KEY.siteConfig, language: STORAGE_KEY.language };
  const script = `(${applyInitialTheme.toString()})(${JSON.stringify(keys)},${JSON.stringify(DEFAULT_ADMIN_PREFIX)})`;
  return {
    name: 'framecraft:initial-theme',
    transformIndexHtml: (html) => html.replace('<!-- initial-theme -->', `<script>${script}</script>`),
  };
}

/**
 * The always-needed core (React, React Router) in one long-cached vendor chunk. Libraries that lazy
 * routes also use in parts (i18next's <Trans>, TanStack Query's mutations) are left to Rolldown's
 * splitting, so parts only a lazy route needs stay out of the first load. Ant Design stays in lazy
 * chunks only (and keeps React out of its chunk because the vendor group has priority).
 */
const VENDOR_CORE = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/**
 * What every page runs before its first paint besides React: the request layer, stores, i18n and
 * the query cache. One chunk instead of a dozen small shared ones compresses ~4 KB smaller. Parts
 * of these libraries that only some lazy pages use (i18next's <Trans>, mutations, infinite and
 * suspense queries) are left out, so they still load with those pages.
 */
const APP_CORE = [
  /node_modules[\\/](i18next|zustand)[\\/]/,
  /node_modules[\\/]react-i18next[\\/].*[\\/](useTranslation|context|utils|i18nInstance|defaults|initReactI18next|I18nextProvider|unescape)\.js$/,
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](?!.*(useMutation|mutationObserver|nfinite|uspense|ueries|ydration|streamedQuery|usePrefetch|useIsFetching|useMutationState|IsRestoring|errorBoundary))/,
  // Not the web terminal's stores: only the back office's terminal uses them (a group would pull them into every first load).
  /web[\\/]src[\\/](lib[\\/](request[\\/]|i18n\.ts)|stores[\\/](?!terminal)|utils[\\/]full-url\.ts|components[\\/](skeleton|glow)\.tsx)/,
  /packages[\\/]contracts[\\/]src[\\/](constants|messages-core|client-messages|money|url|date|envelope)\.ts$/,
];
const isAppCore = (id: string) => APP_CORE.some((pattern) => pattern.test(id));
const ANTD = /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion)[\\/]/;

/** API calls carry the `server` header (or `server=` in the query for event streams). */
function isApiRequest(req: { headers: Record<string, string | string[] | undefined>; url?: string }): boolean {
  const url = req.url ?? '/';
  if (req.headers[HEADER.server] !== undefined) return true;
  if (/^\/(healthz|readyz)(\?|$)/.test(url) || url.startsWith('/storage/')) return true;
  return /[?&]server=/.test(url);
}

/**
 * React Router's package exports send every bundler to its development build (warnings and
 * invariant texts included, ~4 KB gzip more); production builds take the production files the
 * package also ships.
 */
const routerDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
  // React's own hook instead of the React 16/17 shim (react-i18next, Base UI): src/lib/use-sync-external-store-shim.ts,
  // and the selector helper's build on React's hook.
  { find: /^use-sync-external-store\/shim$/, replacement: join(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts') },
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    initialThemePlugin(),
    routePreloadPlugin({
      routesFile: join(import.meta.dirname, 'src/app/routes.tsx'),
      languages: LANGUAGES,
      browsingNamespaces: BROWSING_NAMESPACES,
      early: { memberStorageKey: STORAGE_KEY.member, langHeader: HEADER.lang, serverHeader: HEADER.server },
    }),
  ],
  resolve: command === 'build' ? { alias: ROUTER_PRODUCTION } : {},
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // Everything goes through this one rule; navigations and Vite's own files stay local.
      '^/': {
        target: API_SERVER,
        changeOrigin: false,
        bypass: (req) => (isApiRequest(req) ? undefined : req.url),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR_CORE, priority: 2 },
            { name: 'core', test: isAppCore, priority: 3 },
            { name: 'antd', test: ANTD, priority: 1 },
          ],
        },
      },
    },
  },
}));
