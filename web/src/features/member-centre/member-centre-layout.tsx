import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import type { MemberRuleNode } from '@framecraft/contracts/member';
import { Alert, Button, Drawer, Menu, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useMemberStore } from '../../stores/member.ts';
import { AntdFace } from './antd-face.tsx';
import { MemberCard } from './member-card.tsx';
import { MemberIcon } from './member-icon.tsx';
import { holdsNode, menuPages, useMemberMenus } from './menus-store.ts';

/** Seeded rules are translated by name (`menu.<name>`); rules an admin added show their own title. */
export function menuTitle(t: TFunction, rule: Pick<MemberRuleNode, 'name' | 'title'>): string {
  return t(`menu.${rule.name.replace(/\//g, '_')}`, { ns: 'member', defaultValue: rule.title });
}

const LOGOUT = 'logout';

function menuItems(t: TFunction, menus: MemberRuleNode[]): NonNullable<MenuProps['items']> {
  return menus.map((rule) =>
    rule.type === 'menu_dir'
      ? { key: `dir:${rule.id}`, icon: <MemberIcon name={rule.icon} />, label: menuTitle(t, rule), children: menuItems(t, rule.children ?? []) }
      : { key: rule.path, icon: <MemberIcon name={rule.icon} />, label: menuTitle(t, rule) },
  );
}

function MemberMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menus = useMemberMenus((state) => state.menus);
  const logout = useMemberStore((state) => state.logout);
  const items = [...menuItems(t, menus), { type: 'divider' as const }, { key: LOGOUT, icon: <LogoutOutlined />, label: t('common:account.logout'), danger: true }];
  return (
    <Menu
      mode="inline"
      data-testid="member-centre-menu"
      selectedKeys={[pathname]}
      defaultOpenKeys={menus.filter((m) => m.type === 'menu_dir').map((m) => `dir:${m.id}`)}
      items={items}
      onClick={({ key }) => {
        onNavigate?.();
        if (key === LOGOUT) void logout();
        else void navigate(key);
      }}
      className="!border-0 !bg-transparent"
    />
  );
}

/**
 * Member centre (spec §2 `/user`): the member's card and the menus of their rule tree beside the
 * page; on a phone the menu opens in a drawer. A page the member's group does not hold → /401.
 */
export default function MemberCentreLayout() {
  const { t } = useTranslation('member');
  const { pathname } = useLocation();
  const { menus, rules, loaded } = useMemberMenus();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pages = menuPages(menus);
  const current = pages.find((page) => page.path === pathname);
  if (loaded && !holdsNode(rules, pathname)) return <Navigate to="/401" replace />;

  return (
    <AntdFace>
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-[16rem_minmax(0,1fr)] md:py-8 lg:gap-8 lg:px-8 lg:py-10">
        <aside className="hidden space-y-4 md:block">
          <MemberCard />
          <nav aria-label={t('common:route.memberCentre')} className="rounded-2xl border border-line bg-surface p-1.5">
            <MemberMenu />
          </nav>
        </aside>
        <div className="flex items-center justify-between gap-3 md:hidden">
          <Button icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} data-testid="member-menu-open">
            {t('layout.menu')}
          </Button>
          <span className="truncate text-sm text-muted">{current ? menuTitle(t, current) : ''}</span>
        </div>
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={300} title={t('common:route.memberCentre')} styles={{ body: { padding: 12 } }}>
          <div className="space-y-4">
            <MemberCard />
            <MemberMenu onNavigate={() => setDrawerOpen(false)} />
          </div>
        </Drawer>
        <section className="min-w-0">
          {!loaded && <Alert type="warning" showIcon className="!mb-4" message={t('layout.menusFailed')} />}
          <Outlet />
        </section>
      </div>
    </AntdFace>
  );
}
