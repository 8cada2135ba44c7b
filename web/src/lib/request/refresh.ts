import { REQUEST_TIMEOUT_MS } from '@framecraft/contracts/constants';
import { getEnvironment } from './config.ts';
import { refreshToken, removeTokens, setAccessToken, setRefreshToken } from './session.ts';
import { send } from './transport.ts';
import { LOGIN_ROUTE_NAME, loginPath, type RequestContext } from './url.ts';

/**
 * - `refreshed`   — a new access token is stored: replay;
 * - `retry-empty` — refresh failed but we are already on the login route: replay without a token;
 * - `failed`      — refresh failed, tokens removed, navigated to the login route: give up.
 */
export type RefreshOutcome = 'refreshed' | 'retry-empty' | 'failed';

interface RefreshData {
  type?: unknown;
  token?: unknown;
  /** The rotated refresh token (decision 028). */
  refresh_token?: unknown;
}

// One refresh per context at a time: every request that gets 409 meanwhile awaits the same promise.
const running = new Map<RequestContext, Promise<RefreshOutcome>>();

export function refreshOnce(context: RequestContext): Promise<RefreshOutcome> {
  let refresh = running.get(context);
  if (!refresh) {
    refresh = refreshSession(context).finally(() => running.delete(context));
    running.set(context, refresh);
  }
  return refresh;
}

async function requestNewToken(context: RequestContext): Promise<boolean> {
  const token = refreshToken(context);
  if (!token) return false;
  try {
    // Straight to the transport: the refresh call itself never triggers a refresh and shows nothing.
    const answer = await send({
      method: 'POST',
      url: '/api/common/refreshToken',
      body: JSON.stringify({ refreshToken: token }),
      json: true,
      timeout: REQUEST_TIMEOUT_MS,
      signal: new AbortController().signal,
    });
    const data = (answer.envelope?.data ?? {}) as RefreshData;
    if (!answer.ok || answer.envelope?.code !== 1 || typeof data.token !== 'string' || !data.token) return false;
    const refreshed: RequestContext | undefined = data.type === 'admin-refresh' ? 'admin' : data.type === 'user-refresh' ? 'user' : undefined;
    if (!refreshed) return false;
    setAccessToken(refreshed, data.token);
    if (typeof data.refresh_token === 'string' && data.refresh_token) setRefreshToken(refreshed, data.refresh_token);
    return true;
  } catch {
    return false;
  }
}

async function refreshSession(context: RequestContext): Promise<RefreshOutcome> {
  if (await requestNewToken(context)) return 'refreshed';
  removeTokens(context);
  const environment = getEnvironment();
  if (environment.getPathname() === loginPath(context)) return 'retry-empty';
  environment.navigate({ routeName: LOGIN_ROUTE_NAME[context] });
  return 'failed';
}
