import { replace, type LoaderFunctionArgs } from 'react-router';
import { useMemberMenus } from '../features/member-centre/menus-store.ts';
import { indexInitQuery } from '../features/site/api/get-index-init.ts';
import { queryClient } from './query-client.ts';
import { useMemberStore } from '../stores/member.ts';
import { loginPath } from '../utils/redirect-target.ts';
import { ROUTE_NAMES } from './route-names.ts';

/** The path and query of a loader's request, e.g. `/user/faq?x=1`. */
export function pathWithQuery(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Loader of routes that require a logged-in member (spec §6): a visitor goes to the login page. */
export function requireMember({ request }: LoaderFunctionArgs) {
  if (useMemberStore.getState().isLoggedIn()) return null;
  throw replace(loginPath(ROUTE_NAMES.userLogin, pathWithQuery(request)));
}

/**
 * Loader of the member-centre layout: a logged-in member, and the menus of their group. They come
 * with the start-up init call; after a login in this tab they are fetched once more. A failed fetch
 * still opens the page (the layout says the menus are missing).
 */
export async function memberCentreGate(args: LoaderFunctionArgs) {
  requireMember(args);
  if (useMemberMenus.getState().loaded) return null;
  try {
    const init = await queryClient.fetchQuery({ ...indexInitQuery, staleTime: 0 });
    if (init.userInfo) useMemberMenus.getState().apply(init.menus, init.rules);
  } catch {
    // The layout shows that the menus could not be loaded.
  }
  return null;
}
