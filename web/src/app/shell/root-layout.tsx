import { lazy, Suspense, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { Toaster } from '../../components/toast.tsx';
import { useDocumentTitle } from './document-title.ts';
import { useDocumentTheme } from './use-document-theme.ts';
import { useScrollManager } from './use-scroll-manager.ts';

// The bar shows only while a navigation waits (after 120 ms): its code loads with the first
// navigation, not with the first page (home budget).
const NavigationProgress = lazy(() => import('./navigation-progress.tsx').then((module) => ({ default: module.NavigationProgress })));

/** Wraps every page: progress bar, title, scroll and theme rules, toasts. */
export function RootLayout() {
  useDocumentTitle();
  useDocumentTheme();
  useScrollManager();
  const navigating = useNavigation().state !== 'idle';
  const [progressUsed, setProgressUsed] = useState(false);
  if (navigating && !progressUsed) setProgressUsed(true);
  return (
    <>
      {progressUsed && (
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
      )}
      <Outlet />
      <Toaster />
    </>
  );
}
