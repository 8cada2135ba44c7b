import { DEFAULT_ADMIN_PREFIX } from '@framecraft/contracts/constants';
import { normaliseAdminPrefix } from '@framecraft/contracts/url';
import { useSiteConfig } from '../../stores/site-config.ts';

/** Each context has its own token (spec §6). */
export type RequestContext = 'admin' | 'user';

export const LOGIN_ROUTE_NAME: Record<RequestContext, string> = { admin: 'adminLogin', user: 'userLogin' };

/** The admin entry prefix (site setting backendEntrance), normalised to `/name`. */
export function adminPrefix(): string {
  return normaliseAdminPrefix(useSiteConfig.getState().adminPrefix);
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** A back-office page path under the current entry: `/admin/x` → `<prefix>/x` (a renamed back office). */
export function adminPagePath(canonical: string): string {
  const prefix = adminPrefix();
  if (prefix === DEFAULT_ADMIN_PREFIX || !isUnder(canonical, DEFAULT_ADMIN_PREFIX)) return canonical;
  return `${prefix}${canonical.slice(DEFAULT_ADMIN_PREFIX.length)}`;
}

/** The other way, `<prefix>/x` → `/admin/x`: the form the menus' paths and permission nodes use. */
export function canonicalAdminPath(pathname: string): string {
  const prefix = adminPrefix();
  if (prefix === DEFAULT_ADMIN_PREFIX || !isUnder(pathname, prefix)) return pathname;
  return `${DEFAULT_ADMIN_PREFIX}${pathname.slice(prefix.length)}`;
}

/** Admin context when the current page path starts with the admin prefix (spec §6). */
export function detectContext(pathname: string): RequestContext {
  return isUnder(pathname, adminPrefix()) ? 'admin' : 'user';
}

export function loginPath(context: RequestContext): string {
  return context === 'admin' ? `${adminPrefix()}/login` : '/login';
}

/** With a renamed admin entry, admin API calls go to `<prefix>.php/…` (conventions "Readings"). */
export function rewriteAdminUrl(url: string): string {
  const prefix = adminPrefix();
  if (prefix === DEFAULT_ADMIN_PREFIX || !/^\/admin(?=[/?]|$)/.test(url)) return url;
  return `${prefix}.php${url.slice(DEFAULT_ADMIN_PREFIX.length)}`;
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

function appendParam(pairs: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => appendParam(pairs, `${key}[${index}]`, item));
  } else if (value instanceof Date) {
    pairs.push(`${encodeKey(key)}=${encodeURIComponent(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) appendParam(pairs, `${key}[${name}]`, item);
  } else {
    pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
  }
}

/**
 * Query string for the CRUD conventions: arrays and objects in bracket notation with indices
 * (`ids[0]=1`, `search[0][field]=name`); null and undefined are left out.
 */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params ?? {})) appendParam(pairs, key, value);
  return pairs.join('&');
}

export function withQuery(url: string, query: string): string {
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
