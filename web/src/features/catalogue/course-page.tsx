import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useMatch, useParams } from 'react-router';
import { Skeleton } from '../../components/skeleton.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { usePageTitle } from '../../stores/page-title.ts';
import { detailQuery } from './api/catalogue.ts';
import { recordView } from './api/member-lists.ts';
import { CourseCard } from './components/course-card.tsx';
import { BuyBar } from './components/buy-bar.tsx';
import { PurchaseBox } from './components/purchase-box.tsx';
import { useFavourite } from './components/use-favourite.ts';
import { Syllabus } from './components/syllabus.tsx';
import { FileList, Gallery } from './components/material-files.tsx';

const RichText = lazy(() => import('../../components/rich-text.tsx').then((module) => ({ default: module.RichText })));

/**
 * Item detail (spec §2; conventions: both routes show any item). What the page shows follows the
 * item's kind — a course its lesson player and syllabus, a material pack its gallery and file
 * list — and the page title says which. The route only picks the arrangement: `/course/{id}`
 * puts the purchase box in a sticky column beside the media, `/course2/{id}` puts it beside the
 * title above a full-width media area. On phones a buy bar stays at the bottom of the screen.
 * An unknown or off-sale item goes to the 404 page.
 */
export default function CoursePage() {
  const { id = '' } = useParams();
  const wideLayout = useMatch('/course2/:id') !== null;
  const memberId = useMemberStore((state) => (state.isLoggedIn() ? state.id : 0));
  const valid = /^[1-9]\d{0,8}$/.test(id);
  const detail = useQuery({ ...detailQuery(Number(id), memberId), enabled: valid });
  const { t } = useTranslation();
  const kind = detail.data?.kind;
  useEffect(() => {
    if (!kind) return;
    usePageTitle.getState().set(t(kind === 'course' ? 'route.courseDetail' : 'route.materialDetail'));
    return () => usePageTitle.getState().set(null);
  }, [kind, t]);

  useEffect(() => {
    if (valid && memberId && detail.data) void recordView(Number(id)).catch(() => undefined);
  }, [valid, memberId, id, detail.data]);

  if (!valid || detail.isError) return <Navigate to="/404" replace />;
  if (!detail.data) return <DetailSkeleton />;
  // Keyed by item: the favourite state starts again for another item.
  return <Detail key={detail.data.id} item={detail.data} wideLayout={wideLayout} />;
}

function Detail({ item, wideLayout }: { item: CourseDetail; wideLayout: boolean }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const favourite = useFavourite(item);
  const loggedIn = useMemberStore((state) => state.isLoggedIn());
  const lessons = item.chapters.reduce((sum, chapter) => sum + chapter.lessons.length, 0);
  const isCourse = item.kind === 'course';
  const media = isCourse ? <Syllabus item={item} canWatch={loggedIn && item.access !== 'none'} /> : <Gallery item={item} />;
  const header = (
    <header className="min-w-0">
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
  );
  const contents = (
    <div className="min-w-0 space-y-8">
      {!isCourse && <FileList files={item.files} owned={item.owned} itemId={item.id} open={loggedIn && item.access !== 'none'} />}
      {item.description && (
        <section>
          <h2 className="mb-3 text-lg font-semibold text-ink">{t('course.about')}</h2>
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <RichText html={item.description} testId="detail-description" />
          </Suspense>
        </section>
      )}
    </div>
  );
  const box = <PurchaseBox item={item} lessons={lessons} favourite={favourite} />;

  return (
    <div
      className="mx-auto w-full max-w-7xl px-4 pt-6 pb-6 sm:px-6 sm:pt-10 lg:px-8 lg:pb-10"
      data-testid={isCourse ? 'detail-course' : 'detail-material'}
      data-layout={wideLayout ? 'course2' : 'course'}
    >
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

      {wideLayout ? (
        // Title and purchase box side by side, then the media across the page.
        <div className="space-y-8">
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-x-10">
            {header}
            {box}
          </div>
          {media}
          {contents}
        </div>
      ) : (
        // Media first; one purchase box after the title on phones, a sticky column on wide screens.
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">{media}</div>
          <div className="lg:col-start-1 lg:row-start-2">{header}</div>
          <aside className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
            <div className="lg:sticky lg:top-24">{box}</div>
          </aside>
          <div className="lg:col-start-1 lg:row-start-3">{contents}</div>
        </div>
      )}

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
      <BuyBar item={item} favourite={favourite} />
    </div>
  );
}

/** At least a screen tall: the footer stays below the fold until the item arrives (no layout shift). */
function DetailSkeleton() {
  return (
    <div className="mx-auto min-h-dvh w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8" aria-busy>
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

