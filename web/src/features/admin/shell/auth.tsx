import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';
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
  if (isSuper) return true;
  const route = pagePath.replace(/\/+$/, '').toLowerCase();
  const named = `/admin/${name.replace(/^\/+/, '')}${subNode ? `/${subNode}` : ''}`.toLowerCase();
  return nodes.has(`${route}/${name.toLowerCase()}`) || nodes.has(named);
}

/** Renders its children only when the check passes (the auth directive removes the element). */
export function Auth({ name, subNode, children }: { name: string; subNode?: string; children: ReactNode }) {
  return useAuth(name, subNode) ? <>{children}</> : null;
}
