import {
  ClearOutlined,
  CodeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { greetingKey } from '@framecraft/contracts/greeting';
import { translate } from '@framecraft/contracts/client-messages';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Badge, Breadcrumb, Button, Dropdown, Tooltip } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getLanguage, switchLanguage } from '../../../stores/language.ts';
import { adminPagePath } from '../../../lib/request/url.ts';
import { useAdminDark, useLayoutStore } from '../../../stores/layout.ts';
import { useAdminStore } from '../../../stores/admin.ts';
import { useTerminalStore } from '../../../stores/terminal.ts';
import { crudApi } from '../api/crud.ts';
import { menuTitle } from './menu-title.ts';
import { menuTrail, useAdminMenus } from './menus-store.ts';

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  return [on, toggle];
}

function Action({ title, onClick, children, testId }: { title: string; onClick?: () => void; children: ReactNode; testId?: string }) {
  return (
    <Tooltip title={title}>
      <Button type="text" shape="circle" aria-label={title} onClick={onClick} data-testid={testId}>
        {children}
      </Button>
    </Tooltip>
  );
}

/** Top bar: menu toggle, breadcrumbs (or the Streamline menu), greeting, and the admin's actions. */
export function HeaderBar({ menu, onToggleMenu, onSettings, mobile }: { menu?: ReactNode; onToggleMenu?: () => void; onSettings: () => void; mobile: boolean }) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menus = useAdminMenus((s) => s.menus);
  const collapsed = useLayoutStore((s) => s.menuCollapse);
  const setLayout = useLayoutStore((s) => s.setLayout);
  const dark = useAdminDark();
  const admin = useAdminStore();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const terminalDot = useTerminalStore((s) => s.showDot);
  const toggleTerminal = useTerminalStore((s) => s.toggle);
  const queryClient = useQueryClient();
  const trail = menuTrail(menus, pathname);
  const greeting = translate(getLanguage(), greetingKey());

  const clearCache = () =>
    modal.confirm({
      title: t('shell.clearCache'),
      content: t('shell.clearCacheHint'),
      okText: t('shell.clear'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await crudApi.post('ajax/clearCache', { type: 'all' }, false);
        // The browser's own copies: every cached query, refetched by the pages on screen.
        await queryClient.resetQueries();
        void message.success(t('shell.cacheCleared'));
      },
    });

  return (
    <header className="flex h-14 items-center gap-2 px-3 sm:px-4" data-testid="admin-header">
      {onToggleMenu && (
        <Action title={t('shell.toggleMenu')} onClick={onToggleMenu} testId="toggle-menu">
          {collapsed || mobile ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </Action>
      )}
      {menu ?? (
        <Breadcrumb
          className="hidden min-w-0 sm:block"
          items={trail.map((m) => ({ title: menuTitle(t, m) }))}
          data-testid="admin-breadcrumb"
        />
      )}
      <div className="ms-auto flex shrink-0 items-center gap-0.5">
        <span className="me-2 hidden text-sm opacity-70 lg:inline" data-testid="admin-greeting">
          {t('shell.greeting', { greeting, name: admin.nickname || admin.username })}
        </span>
        <Action title={dark ? t('shell.light') : t('shell.dark')} onClick={() => setLayout({ isDark: !dark })} testId="toggle-dark">
          {dark ? <SunOutlined /> : <MoonOutlined />}
        </Action>
        <Dropdown
          menu={{
            selectedKeys: [getLanguage()],
            items: [
              { key: 'zh-cn', label: '简体中文', onClick: () => switchLanguage('zh-cn') },
              { key: 'en', label: 'English', onClick: () => switchLanguage('en') },
            ],
          }}
        >
          <Button type="text" shape="circle" aria-label={t('shell.language')} data-testid="switch-language">
            <GlobalOutlined />
          </Button>
        </Dropdown>
        {!mobile && (
          <Action title={fullscreen ? t('shell.exitFullscreen') : t('shell.fullscreen')} onClick={toggleFullscreen}>
            {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          </Action>
        )}
        {admin.super && (
          <Action title={t('terminal.title')} onClick={() => toggleTerminal()} testId="toggle-terminal">
            {/* The dot: tasks were added while the panel was hidden (spec §3 showDot). */}
            <Badge dot={terminalDot} data-testid={terminalDot ? 'terminal-dot' : undefined}>
              <CodeOutlined />
            </Badge>
          </Action>
        )}
        <Action title={t('shell.clearCache')} onClick={clearCache} testId="clear-cache">
          <ClearOutlined />
        </Action>
        <Action title={t('settings.title')} onClick={onSettings} testId="open-settings">
          <SettingOutlined />
        </Action>
        <Dropdown
          menu={{
            items: [
              { key: 'profile', icon: <UserOutlined />, label: t('shell.profile'), onClick: () => void navigate(adminPagePath('/admin/routine/adminInfo')) },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: () => void admin.logout(() => location.assign(adminPagePath('/admin/login'))) },
            ],
          }}
        >
          <button type="button" className="ms-1 flex items-center gap-2 rounded-full p-0.5 pe-2 hover:bg-current/5" data-testid="admin-user-menu">
            <Avatar size={30} src={admin.avatar || undefined} style={{ background: '#e8590c' }}>
              {(admin.nickname || admin.username || '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <span className="hidden text-sm sm:inline">{admin.nickname || admin.username}</span>
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
