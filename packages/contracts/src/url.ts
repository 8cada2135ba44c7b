import { DEFAULT_ADMIN_PREFIX } from './constants.ts';

/** Where relative file URLs live: the CDN when configured, else the site itself. */
export interface UrlBase {
  /** Site setting `cdnUrl`; empty means none. May be protocol-relative (`//cdn.example.com`). */
  cdnUrl?: string | null;
  /** The site origin, e.g. `https://shop.example.com` (the browser's `location.origin`). */
  origin?: string | null;
}

/** Absolute (http://, https://, protocol-relative //) or inline image URLs stay as they are (spec §5). */
const KEEP_AS_IS = /^(https?:\/\/|\/\/|data:image\/)/i;

/**
 * The full URL of a stored file path (spec §5): kept as is when it starts with http(s)://, //
 * or data:image/; otherwise prefixed with the CDN URL, or the site origin when there is no CDN,
 * joined by exactly one slash. Empty input gives '' (nothing to show); with neither base the
 * path is returned root-relative.
 */
export function fullUrl(relative: string | null | undefined, { cdnUrl, origin }: UrlBase = {}): string {
  const path = (relative ?? '').trim();
  if (path === '' || KEEP_AS_IS.test(path)) return path;
  const base = (cdnUrl?.trim() || origin?.trim() || '').replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/** The back-office prefix (setting `backendEntrance`) as `/name`; the default `/admin` when empty. */
export function normaliseAdminPrefix(value: unknown): string {
  const prefix = String(value ?? '').trim().replace(/\/+$/, '');
  if (!prefix) return DEFAULT_ADMIN_PREFIX;
  return prefix.startsWith('/') ? prefix : `/${prefix}`;
}

/**
 * The server's side of a renamed back office (conventions "Readings"): admin API calls arrive as
 * `<prefix>.php/…` and are served by the `/admin/…` routes, while `/admin/…` itself stops
 * answering (it goes to `unknownPath`). With the default prefix every URL stays as it is.
 */
export function serverAdminUrl(url: string, prefix: string, unknownPath: string): string {
  if (prefix === DEFAULT_ADMIN_PREFIX) return url;
  const entry = `${prefix}.php`;
  if (url === entry || url.startsWith(`${entry}/`) || url.startsWith(`${entry}?`)) return `${DEFAULT_ADMIN_PREFIX}${url.slice(entry.length)}`;
  if (url === DEFAULT_ADMIN_PREFIX || url.startsWith(`${DEFAULT_ADMIN_PREFIX}/`) || url.startsWith(`${DEFAULT_ADMIN_PREFIX}?`)) {
    return `${unknownPath}${url.slice(DEFAULT_ADMIN_PREFIX.length)}`;
  }
  return url;
}
