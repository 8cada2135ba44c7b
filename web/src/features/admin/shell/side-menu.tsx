import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLayoutStore } from '../../../stores/layout.ts';
import { MenuIcon } from './menu-icons.tsx';
import { menuTitle } from './menu-title.ts';
import { menuPagePath, menuTrail, useAdminMenus, visibleMenus, type AdminMenu } from './menus-store.ts';

function items(menus: AdminMenu[], t: ReturnType<typeof useTranslation>['t']): ItemType[] {
  return menus.map((m) =>
    m.type === 'menu_dir'
      ? { key: `dir:${m.id}`, icon: <MenuIcon name={m.icon} />, label: menuTitle(t, m), children: items(m.children ?? [], t) }
      : { key: m.menu_type === 'link' ? `link:${m.url}` : menuPagePath(m), icon: <MenuIcon name={m.icon} />, label: <span data-testid={`menu-${m.name}`}>{menuTitle(t, m)}</span> },
  );
}

/** The menu tree from the server: vertical in the side bar, horizontal in Streamline. */
export function SideMenu({ mode, dark, onNavigate }: { mode: 'inline' | 'horizontal'; dark?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menus = useAdminMenus((s) => s.menus);
  const collapsed = useLayoutStore((s) => s.menuCollapse);
  const unique = useLayoutStore((s) => s.menuUniqueOpened);
  const shown = visibleMenus(menus);
  const open = menuTrail(shown, pathname)
    .filter((m) => m.type === 'menu_dir')
    .map((m) => `dir:${m.id}`);
  return (
    <Menu
      mode={mode}
      theme={dark ? 'dark' : 'light'}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      selectedKeys={[pathname]}
      defaultOpenKeys={mode === 'inline' && !collapsed ? (unique ? open : shown.filter((m) => m.type === 'menu_dir').map((m) => `dir:${m.id}`)) : undefined}
      items={items(shown, t)}
      style={{ borderInlineEnd: 'none', background: 'transparent', flex: mode === 'horizontal' ? 1 : undefined, minWidth: 0 }}
      onClick={({ key }) => {
        if (key.startsWith('link:')) window.open(key.slice(5), '_blank', 'noopener');
        else void navigate(key);
        onNavigate?.();
      }}
      data-testid="admin-menu"
    />
  );
}
