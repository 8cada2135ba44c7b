import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { ArrowLeftIcon, HomeIcon } from '../../components/icons.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { ErrorFrame } from './not-found-page.tsx';
import { useGoBack } from './use-go-back.ts';

/** Spec §2 /401: explains that the user lacks permission for what they tried to open. */
export default function NoPermissionPage() {
  const { t } = useTranslation('errors');
  const goBack = useGoBack();
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  return (
    <ErrorFrame code="401" title={t('noPermission.title')} description={t('noPermission.description')}>
      <ul className="mx-auto mb-8 max-w-sm space-y-2 text-left text-sm text-muted">
        {(['loggedOut', 'notAllowed', 'expired'] as const).map((reason) => (
          <li key={reason} className="flex gap-2.5">
            <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            {t(`noPermission.reasons.${reason}`)}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" data-testid="go-home" className={buttonClass('primary')}>
          <HomeIcon /> {t('common:action.home')}
        </Link>
        <button type="button" data-testid="go-back" onClick={goBack} className={buttonClass('secondary')}>
          <ArrowLeftIcon /> {t('common:action.back')}
        </button>
        {!loggedIn && (
          <Link to="/login" data-testid="go-login" className={buttonClass('ghost')}>
            {t('common:action.loginNow')}
          </Link>
        )}
      </div>
    </ErrorFrame>
  );
}
