/**
 * Where to go after a login page: the `redirect` query when it is a same-site path, else `fallback`.
 * Only paths starting with a single `/` pass, so a crafted link cannot send the user to another site.
 */
export function safeRedirectTarget(search: URLSearchParams, fallback: string): string {
  const target = search.get('redirect') ?? '';
  return /^\/(?![/\\])/.test(target) ? target : fallback;
}

/** A login route carrying where to come back to. */
export function loginPath(loginRoute: string, back: string): string {
  return `${loginRoute}?redirect=${encodeURIComponent(back)}`;
}
