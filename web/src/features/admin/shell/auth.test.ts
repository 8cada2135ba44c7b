import { describe, expect, it } from 'vitest';
import { authCheck } from './auth.tsx';
import { firstMenuPath, menuTrail, useAdminMenus, visibleMenus, type AdminMenu } from './menus-store.ts';

const rule = (id: number, pid: number, type: AdminMenu['type'], name: string, children?: AdminMenu[]): AdminMenu => ({
  id,
  pid,
  type,
  title: name,
  name,
  path: type === 'button' ? '' : name,
  icon: '',
  menu_type: 'tab',
  url: '',
  component: type === 'menu' ? name : '',
  keepalive: 0,
  children,
});

const menus = [
  rule(1, 0, 'menu_dir', 'auth', [
    rule(2, 1, 'menu', 'auth/admin', [rule(3, 2, 'button', 'auth/admin/index'), rule(4, 2, 'button', 'auth/admin/add')]),
  ]),
  rule(5, 0, 'menu_dir', 'empty', []),
];

describe('admin permission check (spec §6)', () => {
  useAdminMenus.getState().setMenus(menus, false);
  const held = useAdminMenus.getState();

  it('passes for the route path plus a sub-path, or for a named node with an optional sub-node', () => {
    expect(authCheck(held, '/admin/auth/admin', 'add')).toBe(true);
    expect(authCheck(held, '/admin/auth/admin/', 'ADD')).toBe(true);
    expect(authCheck(held, '/admin/auth/admin', 'del')).toBe(false);
    expect(authCheck(held, '/admin/organization/job', 'add')).toBe(false);
    expect(authCheck(held, '/anywhere', 'auth/admin', 'index')).toBe(true);
    expect(authCheck(held, '/anywhere', 'auth/admin/add')).toBe(true);
    expect(authCheck(held, '/anywhere', 'auth/admin', 'del')).toBe(false);
  });

  it('lets a super admin pass every check', () => {
    expect(authCheck({ nodes: new Set(), isSuper: true }, '/admin/x', 'del')).toBe(true);
  });

  it('derives menus, breadcrumbs and the landing page from the rule tree', () => {
    expect(visibleMenus(menus).map((m) => m.name)).toEqual(['auth']);
    expect(visibleMenus(menus)[0]!.children!.map((m) => m.name)).toEqual(['auth/admin']);
    expect(visibleMenus(menus)[0]!.children![0]!.children).toEqual([]);
    expect(menuTrail(menus, '/admin/auth/admin').map((m) => m.name)).toEqual(['auth', 'auth/admin']);
    expect(firstMenuPath(menus)).toBe('/admin/auth/admin');
    expect(held.byPath.get('/admin/auth/admin')?.id).toBe(2);
  });
});
