import { Activity, useContext, useRef, type ContextType, type ReactNode } from 'react';
import {
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  useMatches,
  useOutlet,
} from 'react-router';
import { handleOf } from '../route-handle.ts';

type LocationContextValue = ContextType<typeof LocationContext>;
type RouterStateValue = ContextType<typeof DataRouterStateContext>;

interface KeptPage {
  element: ReactNode;
  location: LocationContextValue;
  routerState: RouterStateValue;
}

/**
 * An <Outlet> that keeps the pages marked `keepAlive` (home, list) mounted while the user is
 * elsewhere: React's <Activity mode="hidden"> hides them and pauses their effects, so state
 * (filters, typed text, loaded pages) survives. A hidden page sees the router as it was when it
 * was last visible (frozen location and router state), so it never reacts to another page's URL.
 * Kept pages fetch with TanStack Query, not route loaders. Scroll is restored by use-scroll-manager.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const matches = useMatches();
  const location = useContext(LocationContext);
  const routerState = useContext(DataRouterStateContext);
  const kept = useRef(new Map<string, KeptPage>());

  const leaf = matches[matches.length - 1];
  const activeId = leaf && handleOf(leaf).keepAlive ? leaf.id : undefined;
  // Refreshing the active entry during render is idempotent: same inputs, same entry.
  if (activeId) kept.current.set(activeId, { element: outlet, location, routerState });

  return (
    <>
      {[...kept.current].map(([id, page]) => (
        <Activity key={id} mode={id === activeId ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={page.location}>
            <DataRouterStateContext.Provider value={page.routerState}>{page.element}</DataRouterStateContext.Provider>
          </LocationContext.Provider>
        </Activity>
      ))}
      {!activeId && outlet}
    </>
  );
}
