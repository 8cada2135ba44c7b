import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { toast } from './components/toast.tsx';
import { useMemberMenus } from './features/member-centre/menus-store.ts';
import { fetchIndexInit, indexInitQuery } from './features/site/api/get-index-init.ts';
import { i18n, initI18n } from './lib/i18n.ts';
import { queryClient } from './app/query-client.ts';
import { fetchEarly } from './app/route-data.ts';
import { resolveRouteName } from './app/route-names.ts';
import { routes } from './app/routes.tsx';
import { configureRequest } from './lib/request/index.ts';
import { useMemberStore } from './stores/member.ts';
import { useSiteConfig } from './stores/site-config.ts';
import { noteTabVisit } from './utils/tab-history.ts';
import './styles/index.css';

noteTabVisit();
// The page language's texts load while the rest starts; the first render waits for them.
const translationsReady = initI18n();
const router = createBrowserRouter(routes);

configureRequest({
  navigate: ({ routePath, routeName }) => void router.navigate(routePath || resolveRouteName(routeName ?? '')),
  toast,
  getPathname: () => router.state.location.pathname,
});

// Site settings (name, record number, upload rules) and the member's current info arrive once
// at start (a visitor's from index.html's early call); until then the values stored from the last
// visit are shown.
const startup = fetchEarly(indexInitQuery.queryKey, '/api/index/index', () => fetchIndexInit())
  .then((init) => {
    useSiteConfig.getState().apply(init.site);
    if (init.userInfo && useMemberStore.getState().isLoggedIn()) {
      useMemberStore.getState().fill(init.userInfo);
      useMemberMenus.getState().apply(init.menus, init.rules);
    }
  })
  .catch((error: unknown) => console.warn('Site settings could not be loaded', error));
useMemberMenus.getState().track(startup);

/**
 * The first render waits for the first page too (its lazily loaded code and texts, its loaders),
 * not only for the shell's texts: rendered before, the router would draw the page later inside a
 * transition, which every store or query update arriving meanwhile (the init call, the page's data)
 * throws away and starts again — the first paint came only once everything had settled.
 */
const firstPageReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});

// In a transition, so the first page is drawn in slices (no long task blocks the main thread).
void Promise.all([translationsReady, firstPageReady]).then(() =>
  startTransition(() =>
    createRoot(document.getElementById('app')!).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  ),
);
