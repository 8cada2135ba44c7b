import { useEffect } from 'react';
import { create } from 'zustand';

interface PageTitleStore {
  /** A title text set by a page whose title is not known from its route (back-office pages, titled by their menu rule). */
  title: string | null;
  set: (title: string | null) => void;
  /** A title key (under `route.` of the common namespace) chosen by the page for one path. */
  key: string | null;
  path: string | null;
}

/**
 * A page's own title when the route's meta title cannot know it: the back office's pages (text from
 * the admin's menu rules) or an item detail page whose title depends on the item's kind (spec §2
 * "Browser title"). A key applies only to the path that set it.
 */
export const usePageTitleStore = create<PageTitleStore>((set) => ({
  title: null,
  set: (title) => set({ title }),
  key: null,
  path: null,
}));

/** The back office's title setter (text). */
export const usePageTitle = usePageTitleStore;

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
