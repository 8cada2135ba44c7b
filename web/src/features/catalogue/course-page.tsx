import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useMatch, useParams } from 'react-router';
import { Skeleton } from '../../components/skeleton.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { detailQuery, recordView } from './api/catalogue.ts';
import { CourseCard } from './components/course-card.tsx';
import { PurchaseBox } from './components/purchase-box.tsx';
import { Syllabus } from './components/syllabus.tsx';
import { FileList, Gallery } from './components/material-files.tsx';

const RichText = lazy(() => import('../../components/rich-text.tsx').then((module) => ({ default: module.RichText })));

/**
 * Item detail (spec §2): `/course/{id}` is the course layout (syllabus and lesson player),
 * `/course2/{id}` the material-pack layout (gallery and file list). Both show price, VIP rule,
 * favourite, share and buy. An unknown or off-sale item goes to the 404 page.
 */
export default function CoursePage() {
  const { id = '' } = useParams();
  const materialLayout = useMatch('/course2/:id') !== null;
  const memberId = useMemberStore((state) => (state.isLoggedIn() ? state.id : 0));
  const valid = /^[1-9]\d{0,8}$/.test(id);
  const detail = useQuery({ ...detailQuery(Number(id), memberId), enabled: valid });

  useEffect(() => {
    if (valid && memberId && detail.data) void recordView(Number(id)).catch(() => undefined);
  }, [valid, memberId, id, detail.data]);

  if (!valid || detail.isError) return <Navigate to="/404" replace />;
  if (!detail.data) return <DetailSkeleton />;
  return <Detail item={detail.data} materialLayout={materialLayout} />;
}

function Detail({ item, materialLayout }: { item: CourseDetail; materialLayout: boolean }) {
  const { t } = useTranslation('catalogue');
  const lessons = item.chapters.reduce((sum, chapter) => sum + chapter.lessons.length, 0);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8" data-testid={materialLayout ? 'detail-material' : 'detail-course'}>
      <nav aria-label={t('course.breadcrumb')} className="mb-6 flex min-w-0 items-center gap-2 text-sm text-muted">
        <Link to="/" className="shrink-0 hover:text-ink">
          {t('common:route.home')}
        </Link>
        <span aria-hidden>/</span>
        <Link to={item.type ? `/list?type=${item.type.id}` : '/list'} className="shrink-0 hover:text-ink">
          {item.type?.name ?? t('common:route.list')}
        </Link>
        <span aria-hidden>/</span>
        <span className="truncate text-ink">{item.title}</span>
      </nav>

      {/* One purchase box: after the title on phones, a sticky column beside everything on wide screens. */}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">{materialLayout ? <Gallery item={item} /> : <Syllabus item={item} />}</div>
        <header className="min-w-0 lg:col-start-1 lg:row-start-2">
          <h1 data-testid="page-title" className="text-2xl leading-tight font-semibold tracking-tight text-ink sm:text-3xl">
            {item.title}
          </h1>
          {item.subtitle && <p className="mt-2 text-base text-muted">{item.subtitle}</p>}
          <div className="mt-4 flex flex-wrap gap-2">
            {item.tags.map((tag) => (
              <Link key={tag.id} to={`/list?tag=${tag.id}`} className="rounded-full border border-line px-2.5 py-1 text-xs text-muted hover:border-line-strong hover:text-ink">
                #{tag.name}
              </Link>
            ))}
          </div>
        </header>
        <aside className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <div className="lg:sticky lg:top-24">
            <PurchaseBox item={item} lessons={lessons} />
          </div>
        </aside>
        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-3">
          {materialLayout && <FileList files={item.files} owned={item.owned} />}
          {item.description && (
            <section>
              <h2 className="mb-3 text-lg font-semibold text-ink">{t('course.about')}</h2>
              <Suspense fallback={<Skeleton className="h-24 w-full" />}>
                <RichText html={item.description} testId="detail-description" />
              </Suspense>
            </section>
          )}
        </div>
      </div>

      {item.related.length > 0 && (
        <section className="mt-14" data-testid="detail-related">
          <h2 className="mb-5 text-xl font-semibold tracking-tight text-ink">{t('course.related')}</h2>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
            {item.related.slice(0, 8).map((related) => (
              <CourseCard key={related.id} item={related} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8" aria-busy>
      <Skeleton className="mb-6 h-4 w-48" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <Skeleton className="aspect-video w-full rounded-2xl" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
        <Skeleton className="hidden h-72 rounded-2xl lg:block" />
      </div>
    </div>
  );
}

