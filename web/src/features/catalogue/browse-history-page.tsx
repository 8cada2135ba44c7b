import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PlayIcon } from '../../components/icons.tsx';
import { LoginPrompt } from '../../components/login-prompt.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { CardGridSkeleton } from '../../components/skeleton.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { clearHistory, deleteHistory, historyQuery } from './api/member-lists.ts';
import { CourseCard, CourseGrid } from './components/course-card.tsx';
import { groupByDay } from './history-groups.ts';

/** Browsing history (spec §2 /browse-history): grouped by day, remove one, clear all. */
export default function BrowseHistoryPage() {
  const { t } = useTranslation(['catalogue-member', 'catalogue']);
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  return (
    <PageContainer className="max-w-6xl">
      {loggedIn ? (
        <History />
      ) : (
        <>
          <PageHeader title={t('common:route.browseHistory')} description={t('history.description')} />
          <div className="rounded-3xl border border-line bg-surface/60">
            <LoginPrompt title={t('history.visitorTitle')} description={t('history.visitorDescription')} />
          </div>
        </>
      )}
    </PageContainer>
  );
}

function History() {
  const { t } = useTranslation(['catalogue-member', 'catalogue']);
  const queryClient = useQueryClient();
  const history = useInfiniteQuery(historyQuery());
  const items = history.data?.pages.flatMap((page) => page.list) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['catalogue', 'history'] });

  const clear = async () => {
    if (!window.confirm(t('history.clearConfirm'))) return;
    await clearHistory();
    await refresh();
  };
  const remove = async (id: number) => {
    await deleteHistory(id);
    await refresh();
  };
  const dayTitle = (day: string, daysAgo: number) => (daysAgo === 0 ? t('history.today') : daysAgo === 1 ? t('history.yesterday') : day);

  return (
    <>
      <PageHeader
        title={t('common:route.browseHistory')}
        description={t('history.description')}
        actions={
          items.length > 0 && (
            <button type="button" data-testid="history-clear" className={buttonClass('secondary', 'sm')} onClick={() => void clear()}>
              {t('history.clear')}
            </button>
          )
        }
      />
      {history.isPending ? (
        <CardGridSkeleton count={4} />
      ) : items.length === 0 ? (
        <div className="rounded-3xl border border-line bg-surface/60">
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
        </div>
      ) : (
        <div className="space-y-10">
          {groupByDay(items).map((group) => (
            <section key={group.day} data-testid="history-day">
              <h2 className="mb-4 text-sm font-semibold tracking-wide text-muted">{dayTitle(group.day, group.daysAgo)}</h2>
              <CourseGrid>
                {group.items.map((item) => (
                  <CourseCard
                    key={item.id}
                    item={item}
                    footer={
                      <button type="button" data-testid="history-remove" onClick={() => void remove(item.id)} className="text-xs text-muted hover:text-rose-500">
                        {t('history.remove')}
                      </button>
                    }
                  />
                ))}
              </CourseGrid>
            </section>
          ))}
          {history.hasNextPage && (
            <div className="flex justify-center">
              <button type="button" className={buttonClass('secondary')} disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {t('list.loadMore')}
              </button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
