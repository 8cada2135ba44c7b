import type { UIMatch } from 'react-router';

/** What a route declares about itself in `handle`. */
export interface RouteHandle {
  /** Key under `route.` in the common namespace: the meta title of spec §2 "Browser title". */
  title?: string;
  /** Keep the page mounted (hidden) while away, with its scroll position (spec: routes marked keepAlive). */
  keepAlive?: boolean;
  /** Home and the detail pages: navigating between them leaves the scroll position alone. */
  scrollGroup?: 'home-detail';
}

export function handleOf(match: UIMatch | undefined): RouteHandle {
  return (match?.handle ?? {}) as RouteHandle;
}
