import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { RefreshIcon } from '../../components/icons.tsx';
import { useMemberMenus } from '../../features/member-centre/menus-store.ts';
import { indexInitQuery, type MemberMenu } from '../../features/site/api/get-index-init.ts';
import { isCancel } from '../../lib/request/index.ts';
import { useMemberStore } from '../../stores/member.ts';
import { loginPath } from '../../utils/redirect-target.ts';
import { opensPage } from '../resolve-route.ts';
import { ROUTE_NAMES } from '../route-names.ts';
import { LoadingScreen } from './loading-screen.tsx';

/** Where `/user` alone leads when the menus name no page we have. */
export const MEMBER_CENTRE_HOME = '/user/my-collections';

/** A menu's page path: rule paths may be written with or without the `/user/` prefix. */
function menuPath(menu: MemberMenu): string {
  const path = menu.path.replace(/^\/+/, '');
  return path.startsWith('user/') ? `/${path}` : `/user/${path}`;
}

function firstPage(menus: MemberMenu[]): string | undefined {
  for (const menu of menus) {
    if (menu.path && opensPage(menuPath(menu))) return menuPath(menu);
    const inChildren = firstPage(menu.children ?? []);
    if (inChildren) return inChildren;
  }
  return undefined;
}

/**
 * `/user/loading/<path>?<query>` (conventions "Readings"): loads the member menus
 * (`GET /api/index/index`), then continues to `/user/<path>?<query>` — or, for `/user` alone, to
 * the first member-centre page — or shows 404 when no such page exists.
 */
export default function MemberLoadingPage() {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const requested = rest ? `/user/${rest}${search}` : '';
    if (!useMemberStore.getState().isLoggedIn()) {
      void navigate(loginPath(ROUTE_NAMES.userLogin, requested || '/user'), { replace: true });
      return;
    }
    queryClient
      .fetchQuery({ ...indexInitQuery, staleTime: 0 })
      .then((init) => {
        if (!current) return;
        if (init.openMemberCenter === false) return void navigate('/404', { replace: true });
        if (init.userInfo) useMemberMenus.getState().apply(init.menus ?? [], init.rules ?? []);
        const target = requested || firstPage(init.menus ?? []) || MEMBER_CENTRE_HOME;
        void navigate(opensPage(target) ? target : '/404', { replace: true });
      })
      .catch((error: unknown) => {
        if (current && !isCancel(error)) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [rest, search, attempt, navigate, queryClient]);

  return (
    <LoadingScreen
      label={t('loading.label')}
      failure={
        failed && (
          <EmptyState
            testId="member-loading-failed"
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
