import type { AdminInit } from '@framecraft/contracts/admin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { RefreshIcon } from '../../components/icons.tsx';
import { isCancel, request } from '../../lib/request/index.ts';
import { adminPagePath } from '../../lib/request/url.ts';
import { firstMenuPath, useAdminMenus } from '../../features/admin/shell/menus-store.ts';
import { useAdminStore } from '../../stores/admin.ts';
import { useTerminalStore } from '../../stores/terminal.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { loginPath } from '../../utils/redirect-target.ts';
import { opensPage } from '../resolve-route.ts';
import { resolveRouteName } from '../route-names.ts';
import { LoadingScreen } from './loading-screen.tsx';

/**
 * `/admin/loading/<path>?<query>`: loads the admin init payload, then continues to
 * `/admin/<path>?<query>`. Without a valid admin session (the server answers 303 need login, and
 * the request layer forgets the token) the admin logs in first and comes back to the same place.
 */
export default function AdminLoadingPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const target = adminPagePath(`/admin${rest ? `/${rest}` : ''}`) + search;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    request<AdminInit>({ url: '/admin/index/index', context: 'admin', showCodeMessage: false })
      .then(({ data }) => {
        if (!current) return;
        useAdminStore.getState().fill(data.adminInfo);
        if (data.siteConfig) useSiteConfig.getState().apply(data.siteConfig);
        // The terminal's server-side config (decision 044).
        if (data.terminal)
          useTerminalStore.getState().update({
            packageManager: data.terminal.npmPackageManager,
            phpDevelopmentServer: data.terminal.phpDevelopmentServer,
            serverRegistries: data.terminal.npmRegistries ?? [],
          });
        useAdminMenus.getState().setMenus(data.menus, Boolean(data.adminInfo.super));
        // `/admin` itself opens the first page the admin may see.
        const next = rest ? target : (firstMenuPath(data.menus) ?? '/401');
        void navigate(opensPage(next) ? next : '/404', { replace: true });
      })
      .catch((error: unknown) => {
        if (!current || isCancel(error)) return;
        if (!useAdminStore.getState().token) void navigate(loginPath(resolveRouteName('adminLogin'), target), { replace: true });
        else setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [rest, target, attempt, navigate]);

  return (
    <LoadingScreen
      label={t('loading.label')}
      failure={
        failed && (
          <EmptyState
            testId="admin-loading-failed"
            icon={<RefreshIcon />}
            title={t('loading.failed')}
            description={t('common:state.loadFailedHint')}
            actions={
              <button type="button" className={buttonClass('primary')} onClick={() => (setFailed(false), setAttempt((n) => n + 1))}>
                {t('common:action.retry')}
              </button>
            }
          />
        )
      }
    />
  );
}
