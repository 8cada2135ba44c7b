import { adminPagePath } from '../lib/request/url.ts';

/** Named routes used for redirects (spec §2; conventions "Readings"). */
export const ROUTE_NAMES = {
  userLogin: '/login',
  adminLogin: '/admin/login',
} as const;

export type RouteName = keyof typeof ROUTE_NAMES;

export function isRouteName(name: unknown): name is RouteName {
  return typeof name === 'string' && Object.hasOwn(ROUTE_NAMES, name);
}

/** The path of a named route (the admin login follows a renamed back office); an unknown name resolves to the 404 page. */
export function resolveRouteName(name: string): string {
  return isRouteName(name) ? adminPagePath(ROUTE_NAMES[name]) : '/404';
}
