import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { RefreshIcon } from '../../components/icons.tsx';

/**
 * Last-resort boundary: a page's code failed to load (often a new release replaced the old
 * files) or threw while rendering. Offers a reload, which fetches the current release.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="grid min-h-dvh place-items-center">
      <EmptyState
        testId="route-error"
        icon={<RefreshIcon />}
        title={t('routeError.title')}
        description={t('routeError.description')}
        actions={
          <>
            <button type="button" className={buttonClass('primary')} onClick={() => location.reload()}>
              {t('routeError.reload')}
            </button>
            <Link to="/" reloadDocument className={buttonClass('secondary')}>
              {t('action.home')}
            </Link>
          </>
        }
      />
    </div>
  );
}
