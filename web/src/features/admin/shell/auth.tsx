import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { canonicalAdminPath } from '../../../lib/request/url.ts';
import { useAdminMenus } from './menus-store.ts';

/** The route path of the admin page being rendered (kept-alive tabs keep their own). */
export const AdminPagePath = createContext<string | undefined>(undefined);

/**
 * Spec §6: a check passes when the current route path plus `/` plus `name` is an allowed node
 * (`useAuth('add')` on /admin/auth/admin → auth/admin/add), or when `name` itself names an allowed
 * node, with an optional sub-node (`useAuth('auth/admin', 'add')`).
 */
export function useAuth(name: string, subNode?: string): boolean {
  const { pathname } = useLocation();
  const pagePath = useContext(AdminPagePath) ?? pathname;
  const nodes = useAdminMenus((s) => s.nodes);
  const isSuper = useAdminMenus((s) => s.isSuper);
  return authCheck({ nodes, isSuper }, canonicalAdminPath(pagePath), name, subNode);
}

/** The check of spec §6 on the admin's nodes (`/admin/<rule name>`, lower-cased). */
export function authCheck(held: { nodes: Set<string>; isSuper: boolean }, routePath: string, name: string, subNode?: string): boolean {
  if (held.isSuper) return true;
  const route = routePath.replace(/\/+$/, '').toLowerCase();
  const named = `/admin/${name.replace(/^\/+/, '')}${subNode ? `/${subNode}` : ''}`.toLowerCase();
  return held.nodes.has(`${route}/${name.toLowerCase()}`) || held.nodes.has(named);
}

/** Renders its children only when the check passes (the auth directive removes the element). */
export function Auth({ name, subNode, children }: { name: string; subNode?: string; children: ReactNode }) {
  return useAuth(name, subNode) ? <>{children}</> : null;
}
