import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from './button.ts';
import { EmptyState } from './empty-state.tsx';
import { LockIcon } from './icons.tsx';

/** For a visitor on a page that only means something to a member: log in and come back here. */
export function LoginPrompt({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <EmptyState
      testId="login-prompt"
      icon={<LockIcon />}
      title={title}
      description={description}
      actions={
        <>
          <Link to={`/login?redirect=${encodeURIComponent(pathname + search)}`} className={buttonClass('primary')}>
            {t('action.loginNow')}
          </Link>
          <Link to="/register" className={buttonClass('secondary')}>
            {t('account.register')}
          </Link>
        </>
      }
    />
  );
}
