import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext, useLocation, useMatches } from 'react-router';
import { handleOf, type RouteHandle } from '../route-handle.ts';

interface Visit {
  routeId: string;
  handle: RouteHandle;
  path: string;
}

/**
 * Scroll on navigation (spec §2 "Behaviour"): to the top, except
 * - between home and a detail page (either way), where scrolling is left alone;
 * - back to a kept-alive page (home, list), which gets its own scroll position back;
 * - a navigation asked with `preventScrollReset`, or one that only changes the hash.
 */
export function useScrollManager(): void {
  const location = useLocation();
  const matches = useMatches();
  const preventScrollReset = useContext(DataRouterStateContext)?.preventScrollReset ?? false;
  const leaf = matches[matches.length - 1];
  const current = useRef<Visit | null>(null);
  const savedPositions = useRef(new Map<string, number>());

  // The window's scroll position, remembered per kept-alive page as the user scrolls, because by
  // the time the next page has rendered the browser may already have clamped it.
  useEffect(() => {
    history.scrollRestoration = 'manual';
    const remember = () => {
      const visit = current.current;
      if (visit?.handle.keepAlive) savedPositions.current.set(visit.routeId, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const previous = current.current;
    const next: Visit = { routeId: leaf?.id ?? '', handle: handleOf(leaf), path: location.pathname + location.search };
    current.current = next;
    if (!previous) return;
    if (previous.path === next.path && previous.routeId === next.routeId) {
      if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (preventScrollReset) return;

    const saved = savedPositions.current.get(next.routeId);
    if (next.handle.keepAlive && saved !== undefined && previous.routeId !== next.routeId) {
      window.scrollTo(0, saved);
      return;
    }
    const homeAndDetail = previous.handle.scrollGroup === 'home-detail' && next.handle.scrollGroup === 'home-detail' && previous.routeId !== next.routeId;
    if (homeAndDetail) return;
    window.scrollTo(0, 0);
    // Runs once per history entry: the other values are read as they are at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
