import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';

/** One member-centre page: its title, then its content (for now each one's empty state). */
export function MemberPage({ titleKey, icon, emptyKey, withBrowse = true }: { titleKey: string; icon: ReactNode; emptyKey: string; withBrowse?: boolean }) {
  const { t } = useTranslation('member');
  return (
    <div className="rounded-2xl border border-line bg-surface p-5 sm:p-7">
      <h1 data-testid="page-title" className="border-b border-line pb-4 text-xl font-semibold tracking-tight text-ink">
        {t(`common:route.${titleKey}`)}
      </h1>
      <EmptyState
        testId={`${emptyKey}-empty`}
        icon={icon}
        title={t(`${emptyKey}.emptyTitle`)}
        description={t(`${emptyKey}.emptyDescription`)}
        actions={
          withBrowse && (
            <Link to="/list" className={buttonClass('secondary')}>
              {t('common:action.browse')}
            </Link>
          )
        }
      />
    </div>
  );
}
