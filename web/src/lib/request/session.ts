import { useAdminStore } from '../../stores/admin.ts';
import { useMemberStore } from '../../stores/member.ts';
import type { RequestContext } from './url.ts';

/** The token stores behind each context (admin → `batoken`, user → `ba-user-token`). */
function store(context: RequestContext) {
  return context === 'admin' ? useAdminStore.getState() : useMemberStore.getState();
}

export function accessToken(context: RequestContext): string {
  return store(context).token;
}

export function refreshToken(context: RequestContext): string {
  return store(context).refresh_token;
}

export function setAccessToken(context: RequestContext, token: string): void {
  store(context).setToken(token, 'auth');
}

/** The rotated refresh token of a refresh answer (decision 028): the old one is spent. */
export function setRefreshToken(context: RequestContext, token: string): void {
  store(context).setToken(token, 'refresh');
}

export function removeTokens(context: RequestContext): void {
  store(context).removeToken();
}

/** `303 need login`: the admin loses its token; the member also its stored info (conventions). */
export function forgetSession(context: RequestContext): void {
  if (context === 'admin') useAdminStore.getState().removeToken();
  else useMemberStore.getState().clear();
}
