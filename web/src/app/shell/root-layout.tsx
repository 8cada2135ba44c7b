import { Outlet } from 'react-router';
import { Toaster } from '../../components/toast.tsx';
import { useDocumentTitle } from './document-title.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { useDocumentTheme } from './use-document-theme.ts';
import { useScrollManager } from './use-scroll-manager.ts';

/** Wraps every page: progress bar, title, scroll and theme rules, toasts. */
export function RootLayout() {
  useDocumentTitle();
  useDocumentTheme();
  useScrollManager();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <Toaster />
    </>
  );
}
