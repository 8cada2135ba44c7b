import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { adminPagePath } from '../../../lib/request/url.ts';
import { useAdminTabs } from './tabs-store.ts';

/** Open pages as tabs; closing the active one goes to its neighbour. */
export function NavTabs() {
  const { t } = useTranslation('admin');
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tabs, close, closeOthers } = useAdminTabs();
  const closeTab = (path: string) => {
    const index = tabs.findIndex((tab) => tab.path === path);
    close(path);
    if (path === pathname) {
      const next = tabs[index + 1] ?? tabs[index - 1];
      void navigate(next ? `${next.path}${next.search}` : adminPagePath('/admin'));
    }
  };
  return (
    <nav className="flex gap-1.5 overflow-x-auto px-4 py-2" aria-label={t('shell.tabs')} data-testid="admin-tabs">
      {tabs.map((tab) => {
        const active = tab.path === pathname;
        return (
          <Dropdown
            key={tab.path}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'close', label: t('shell.closeTab'), disabled: tabs.length === 1, onClick: () => closeTab(tab.path) },
                { key: 'others', label: t('shell.closeOthers'), onClick: () => (closeOthers(tab.path), void navigate(`${tab.path}${tab.search}`)) },
              ],
            }}
          >
            <div
              role="tab"
              aria-selected={active}
              tabIndex={0}
              onClick={() => void navigate(`${tab.path}${tab.search}`)}
              onKeyDown={(e) => e.key === 'Enter' && void navigate(`${tab.path}${tab.search}`)}
              className="group flex shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-3 py-1 text-[13px] transition-colors"
              style={{
                background: active ? token.colorPrimaryBg : token.colorBgContainer,
                color: active ? token.colorPrimary : token.colorTextSecondary,
                border: `1px solid ${active ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
              }}
              data-testid={`tab-${tab.path}`}
            >
              {tab.title}
              {tabs.length > 1 && (
                <button
                  type="button"
                  aria-label={t('shell.closeTab')}
                  className="grid size-4 place-items-center rounded opacity-60 hover:opacity-100"
                  onClick={(e) => (e.stopPropagation(), closeTab(tab.path))}
                >
                  <CloseOutlined style={{ fontSize: 10 }} />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </nav>
  );
}
