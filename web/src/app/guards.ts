import { replace, type LoaderFunctionArgs } from 'react-router';
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

