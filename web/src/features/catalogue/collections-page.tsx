import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { HeartIcon } from '../../components/icons.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { CardGridSkeleton } from '../../components/skeleton.tsx';
import { collectionsQuery, setCollected } from './api/member-lists.ts';
import { CourseCard, CourseGrid } from './components/course-card.tsx';

const PAGE_SIZE = 24;

/** Favourites (spec §2 /my-collections and /user/my-collections; login required by the route). */
export default function CollectionsPage() {
  const { t } = useTranslation(['catalogue-member', 'catalogue']);
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const collections = useQuery(collectionsQuery(page));
  const data = collections.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const remove = async (id: number) => {
    await setCollected(id, false);
    await queryClient.invalidateQueries({ queryKey: ['catalogue', 'collections'] });
    void queryClient.invalidateQueries({ queryKey: ['catalogue', 'detail'] });
  };

  return (
    <PageContainer>
      <PageHeader title={t('common:route.myCollections')} description={data ? t('collections.count', { count: data.total }) : undefined} />
      {!data ? (
        <CardGridSkeleton count={8} />
      ) : data.list.length === 0 ? (
        <div className="rounded-3xl border border-line bg-surface/60">
          <EmptyState
            testId="collections-empty"
            icon={<HeartIcon />}
            title={t('collections.emptyTitle')}
            description={t('collections.emptyDescription')}
            actions={
              <Link to="/list" className={buttonClass('primary')}>
                {t('common:action.browse')}
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <CourseGrid testId="collections-list">
            {data.list.map((item) => (
              <CourseCard
                key={item.id}
                item={item}
                footer={
                  <button type="button" data-testid="collection-remove" onClick={() => void remove(item.id)} className="flex items-center gap-1.5 text-xs text-muted hover:text-rose-500">
                    <HeartIcon /> {t('collections.remove')}
                  </button>
                }
              />
            ))}
          </CourseGrid>
          {pages > 1 && (
            <nav className="mt-10 flex items-center justify-center gap-3 text-sm text-muted" aria-label={t('collections.pages')}>
              <button type="button" className={buttonClass('secondary', 'sm')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('collections.previous')}
              </button>
              <span className="tabular-nums">
                {page} / {pages}
              </span>
              <button type="button" className={buttonClass('secondary', 'sm')} disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('collections.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </PageContainer>
  );
}
