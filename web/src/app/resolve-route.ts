import { matchRoutes } from 'react-router';
import { routes } from './routes.tsx';

/**
 * True when `path` opens a page of its own — not a redirect and not a loading route — so a
 * loading route can continue there without coming back to itself.
 */
export function opensPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0]!;
  if (/^\/(admin|user)\/loading(\/|$)/.test(pathname)) return false;
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
  return Boolean(leaf && (leaf.lazy || leaf.Component || leaf.element));
}
