import type { AdminMenu } from '@framecraft/contracts/admin';
import { create } from 'zustand';
import { adminPagePath, canonicalAdminPath } from '../../../lib/request/url.ts';

/** One node of the server's rule tree (`GET /admin/index/index` → menus). */
export type { AdminMenu };

interface MenusStore {
  loaded: boolean;
  isSuper: boolean;
  menus: AdminMenu[];
  /** `/admin/<name>` of every held rule: the permission nodes of spec §6. */
  nodes: Set<string>;
  /** Menu rules by their canonical route path (`/admin/<path>`, see canonicalAdminPath). */
  byPath: Map<string, AdminMenu>;
  setMenus(menus: AdminMenu[], isSuper: boolean): void;
}

export const ADMIN_BASE = '/admin';

function walk(menus: AdminMenu[], visit: (menu: AdminMenu) => void) {
  for (const menu of menus) {
    visit(menu);
    if (menu.children) walk(menu.children, visit);
  }
}

/** Menus and nodes of the signed-in admin; filled by the admin loading route from the init call. */
export const useAdminMenus = create<MenusStore>((set) => ({
  loaded: false,
  isSuper: false,
  menus: [],
  nodes: new Set(),
  byPath: new Map(),
  setMenus(menus, isSuper) {
    const nodes = new Set<string>();
    const byPath = new Map<string, AdminMenu>();
    walk(menus, (menu) => {
      nodes.add(`${ADMIN_BASE}/${menu.name}`.toLowerCase());
      if (menu.type === 'menu') byPath.set(`${ADMIN_BASE}/${menu.path}`, menu);
    });
    set({ loaded: true, isSuper, menus, nodes, byPath });
  },
}));

/** The menus to show (directories and menus, without buttons). */
export function visibleMenus(menus: AdminMenu[]): AdminMenu[] {
  return menus
    .filter((m) => m.type !== 'button')
    .map((m) => ({ ...m, children: m.children ? visibleMenus(m.children) : undefined }))
    .filter((m) => m.type === 'menu' || (m.children && m.children.length > 0));
}

/** The menu rule of a page path (under any back-office entry). */
export const useMenuAt = (pathname: string) => useAdminMenus((s) => s.byPath.get(canonicalAdminPath(pathname)));

/** Where a menu's page lives, under the current back-office entry. */
export const menuPagePath = (menu: AdminMenu) => adminPagePath(`${ADMIN_BASE}/${menu.path}`);

/** Titles of the chain of menus leading to a page path (breadcrumbs). */
export function menuTrail(menus: AdminMenu[], pathname: string): AdminMenu[] {
  const path = canonicalAdminPath(pathname);
  for (const menu of menus) {
    if (menu.type === 'menu' && `${ADMIN_BASE}/${menu.path}` === path) return [menu];
    const below = menu.children ? menuTrail(menu.children, path) : [];
    if (below.length) return [menu, ...below];
  }
  return [];
}

/** The first menu page an admin may open (where /admin lands). */
export function firstMenuPath(menus: AdminMenu[]): string | undefined {
  for (const menu of menus) {
    if (menu.type === 'menu') return menuPagePath(menu);
    const below = menu.children ? firstMenuPath(menu.children) : undefined;
    if (below) return below;
  }
  return undefined;
}
