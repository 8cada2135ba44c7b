import { Drawer, Layout, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LogoMark } from '../../../components/logo.tsx';
import { useLayoutStore } from '../../../stores/layout.ts';
import { usePageTitle } from '../../../stores/page-title.ts';
import { useSiteConfig } from '../../../stores/site-config.ts';
import { ADMIN_PAGES } from '../pages/registry.ts';
import { HeaderBar } from './header-bar.tsx';
import { menuTitle } from './menu-title.ts';
import { adminPrefix, canonicalAdminPath } from '../../../lib/request/url.ts';
import { ADMIN_BASE, useAdminMenus, useMenuAt } from './menus-store.ts';
import { NavTabs } from './nav-tabs.tsx';
import { PageArea } from './page-area.tsx';
import { SettingsDrawer } from './settings-drawer.tsx';
import { SideMenu } from './side-menu.tsx';
import { TerminalPanel } from '../terminal/terminal-panel.tsx';
import { useAdminStore } from '../../../stores/admin.ts';
import { useAdminTabs } from './tabs-store.ts';

const MOBILE_QUERY = '(max-width: 767px)';

function useMobile() {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const sync = () => setMobile(query.matches);
    query.addEventListener('change', sync);
    return () => query.removeEventListener('change', sync);
  }, []);
  return mobile;
}

function Brand({ collapsed, dark }: { collapsed?: boolean; dark?: boolean }) {
  const siteName = useSiteConfig((s) => s.siteName) || 'Framecraft';
  return (
    <div className={`flex h-14 shrink-0 items-center gap-2.5 px-5 ${dark ? 'text-white' : ''}`}>
      <LogoMark className="size-7 shrink-0" />
      {!collapsed && <span className="truncate text-[15px] font-semibold tracking-tight">{siteName}</span>}
    </div>
  );
}

/**
 * The three admin layouts (spec §2): Default (floating side menu and header cards), Classic (a dark
 * full-height side menu with a flat header) and Streamline (one top bar with a horizontal menu).
 * Below 768 px the side menu becomes a drawer.
 */
export function AdminShell() {
  const { t } = useTranslation('admin');
  const { token } = theme.useToken();
  const { pathname, search } = useLocation();
  const layout = useLayoutStore();
  const mobile = useMobile();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const loaded = useAdminMenus((s) => s.loaded);
  const menu = useMenuAt(pathname);
  const openTab = useAdminTabs((s) => s.open);
  const isSuper = useAdminStore((s) => s.super);

  const setPageTitle = usePageTitle((s) => s.set);
  useEffect(() => {
    if (menu) openTab({ path: pathname, search, title: menuTitle(t, menu), keepalive: menu.keepalive === 1 });
    // The browser tab shows the page's title (spec §2), like the nav tab.
    setPageTitle(menu ? menuTitle(t, menu) : null);
  }, [menu, pathname, search, openTab, t, setPageTitle]);
  useEffect(() => () => setPageTitle(null), [setPageTitle]);

  // A fresh page load: the loading route fetches menus first, then comes back here.
  if (!loaded) return <Navigate to={`${adminPrefix()}/loading${pathname.slice(adminPrefix().length)}${search}`} replace />;
  if (!menu) {
    const known = Object.keys(ADMIN_PAGES).some((key) => canonicalAdminPath(pathname) === `${ADMIN_BASE}/${key}`);
    return <Navigate to={known ? '/401' : '/404'} replace />;
  }

  const mode = mobile ? 'Default' : layout.layoutMode;
  const width = layout.menuCollapse ? 64 : layout.menuWidth;
  const classicDark = mode === 'Classic';
  const card = { background: token.colorBgContainer, boxShadow: token.boxShadowTertiary };
  const toggleMenu = () => (mobile ? layout.setShowDrawer(true) : layout.setLayout({ menuCollapse: !layout.menuCollapse }));

  const sider =
    mode === 'Streamline' || mobile ? null : (
      <Layout.Sider
        width={width}
        collapsedWidth={64}
        collapsed={layout.menuCollapse}
        trigger={null}
        theme={classicDark ? 'dark' : 'light'}
        className={mode === 'Default' ? 'm-4 me-0 overflow-hidden rounded-xl' : ''}
        style={mode === 'Default' ? { ...card, height: 'calc(100dvh - 2rem)', position: 'sticky', top: 16 } : { height: '100dvh', position: 'sticky', top: 0, background: '#12151b' }}
        data-testid={`admin-sider-${mode}`}
      >
        <div className="flex h-full flex-col">
          <Brand collapsed={layout.menuCollapse} dark={classicDark} />
          <div className="min-h-0 flex-1 overflow-y-auto pb-4">
            <SideMenu mode="inline" dark={classicDark} />
          </div>
        </div>
      </Layout.Sider>
    );

  return (
    <Layout className="min-h-dvh" data-testid={`admin-layout-${mode}`} data-layout={layout.layoutMode}>
      {sider}
      {mobile && (
        <Drawer open={layout.showDrawer} onClose={() => layout.setShowDrawer(false)} placement="left" size={Math.min(layout.menuWidth, 300)} styles={{ body: { padding: 0 } }} title={<Brand />}>
          <SideMenu mode="inline" onNavigate={() => layout.setShowDrawer(false)} />
        </Drawer>
      )}
      <Layout className="min-w-0">
        <div
          className={mode === 'Default' ? 'sticky top-0 z-10 mx-3 mt-4 rounded-xl sm:mx-4' : 'sticky top-0 z-10'}
          style={mode === 'Default' ? card : { background: mode === 'Streamline' ? token.colorBgContainer : token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        >
          <HeaderBar
            mobile={mobile}
            onToggleMenu={mode === 'Streamline' ? undefined : toggleMenu}
            onSettings={() => setSettingsOpen(true)}
            menu={
              mode === 'Streamline' ? (
                <div className="flex min-w-0 flex-1 items-center">
                  <Brand />
                  <SideMenu mode="horizontal" />
                </div>
              ) : undefined
            }
          />
        </div>
        <NavTabs />
        <Layout.Content className="px-3 pb-6 sm:px-4" data-testid="admin-content">
          <PageArea active={pathname} />
        </Layout.Content>
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {isSuper && <TerminalPanel mobile={mobile} />}
    </Layout>
  );
}
