import { useEffect } from 'react';
import { create } from 'zustand';

interface PageTitleStore {
  /** A title key (under `route.` of the common namespace) chosen by the page for one path. */
  key: string | null;
  path: string | null;
}

/**
 * A page's own meta title when the route's cannot know it, e.g. an item detail page whose title
 * depends on the item's kind (spec §2 "Browser title"). Applies only to the path that set it.
 */
export const usePageTitleStore = create<PageTitleStore>(() => ({ key: null, path: null }));

/** Use `route.<key>` as this page's title while it is shown at `path`. */
export function usePageTitleKey(key: string | undefined, path: string): void {
  useEffect(() => {
    if (!key) return;
    usePageTitleStore.setState({ key, path });
    return () => {
      if (usePageTitleStore.getState().path === path) usePageTitleStore.setState({ key: null, path: null });
    };
  }, [key, path]);
}
