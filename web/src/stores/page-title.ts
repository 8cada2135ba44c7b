import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * A page's own meta title (a key under `route.` of the common namespace) when the route's cannot
 * know it, e.g. an item detail page whose title depends on the item's kind (spec §2 "Browser
 * title"). Kept with the path that set it, so it applies to that page only.
 */
export const usePageTitleStore = create<{ key?: string; path?: string }>(() => ({}));

/** Use `route.<key>` as this page's title while it is shown at `path`. */
export function usePageTitleKey(key: string | undefined, path: string): void {
  useEffect(() => {
    if (!key) return;
    usePageTitleStore.setState({ key, path });
    return () => usePageTitleStore.setState({ key: undefined });
  }, [key, path]);
}
