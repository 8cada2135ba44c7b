import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PlayIcon } from '../../components/icons.tsx';
import { LoginPrompt } from '../../components/login-prompt.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { useMemberStore } from '../../stores/member.ts';

/** Browsing history (spec §2 /browse-history): what the member looked at, newest first. */
export default function BrowseHistoryPage() {
  const { t } = useTranslation('member');
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader title={t('common:route.browseHistory')} description={t('history.description')} />
      <div className="rounded-3xl border border-line bg-surface/60">
        {loggedIn ? (
          <EmptyState
            testId="history-empty"
            icon={<PlayIcon />}
            title={t('history.emptyTitle')}
            description={t('history.emptyDescription')}
            actions={
              <Link to="/list" className={buttonClass('secondary')}>
                {t('common:action.browse')}
              </Link>
            }
          />
        ) : (
          <LoginPrompt title={t('history.visitorTitle')} description={t('history.visitorDescription')} />
        )}
      </div>
    </PageContainer>
  );
}
