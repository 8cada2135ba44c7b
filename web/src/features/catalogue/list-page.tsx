import { COURSE_KINDS, LIST_SORTS, PRICE_BANDS } from '@framecraft/contracts/catalogue-constants';
import type { TypeNode } from '@framecraft/contracts/catalogue';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { InboxIcon, RefreshIcon, SearchIcon } from '../../components/icons.tsx';
import { PageContainer, PageHeader } from '../../components/page-header.tsx';
import { CardGridSkeleton, CardSkeleton } from '../../components/skeleton.tsx';
import { filtersQuery, listQuery } from './api/catalogue.ts';
import { CourseCard, CourseGrid } from './components/course-card.tsx';
import { EmptyShelf } from './components/empty-shelf.tsx';
import { filtersFromSearch, hasNarrowingFilters, searchFromFilters, withFilter, type ListFilters } from './list-filters.ts';

/** Type tree → options with the children indented under their parent. */
function typeOptions(nodes: TypeNode[], depth = 0): { id: number; label: string }[] {
  return nodes.flatMap((node) => [{ id: node.id, label: `${'\u3000'.repeat(depth)}${node.name}` }, ...typeOptions(node.children, depth + 1)]);
}

const chip = (active: boolean) =>
  `shrink-0 rounded-full px-3.5 py-1.5 text-sm transition-colors ${active ? 'bg-ink font-medium text-canvas' : 'text-muted hover:bg-surface-2 hover:text-ink'}`;
const selectClass = 'h-9 max-w-[11rem] rounded-full border border-line-strong bg-surface px-3 text-sm text-ink outline-none focus:border-accent';
/**
 * The type and tag choices arrive after the first paint, and a select is as wide as its longest
 * option: a fixed width keeps the bar (and the results under it) from moving when they do.
 */
const optionsSelectClass = `${selectClass} w-[calc(50%-0.25rem)] sm:w-44`;

/**
 * Material list (spec §2 /list, kept alive). The view lives in the query string so a link
 * reproduces it; pages load as the visitor scrolls (stable thanks to the first page's snapshot).
 */
export default function ListPage() {
  const { t } = useTranslation('catalogue');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const options = useQuery(filtersQuery());
  const list = useInfiniteQuery(listQuery(filters));
  const items = list.data?.pages.flatMap((page) => page.list) ?? [];

  // A link or back-navigation that changes the keyword also changes the box; coming back to the
  // kept-alive page (same keyword) leaves what was typed alone.
  const [shownKeyword, setShownKeyword] = useState(filters.keyword);
  if (shownKeyword !== filters.keyword) {
    setShownKeyword(filters.keyword);
    setKeyword(filters.keyword ?? '');
  }

  // The router renders a URL change in a transition, so two quick changes must build on the
  // address as it is now, not on the last rendered filters (or the second undoes the first).
  const showOnly = (next: ListFilters) => setParams(searchFromFilters(next), { replace: true, preventScrollReset: true });
  const show = <K extends keyof ListFilters>(key: K, value: ListFilters[K]) =>
    showOnly(withFilter(filtersFromSearch(new URLSearchParams(window.location.search)), key, value));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show('keyword', keyword.trim() || undefined);
  };
  const numberOrUndefined = (value: string) => (value ? Number(value) : undefined);

  return (
    <PageContainer>
      <PageHeader eyebrow={t('list.eyebrow')} title={t('common:route.list')} description={t('list.description')} />

      <div className="mb-8 space-y-3 rounded-2xl border border-line bg-canvas/85 p-3 backdrop-blur-xl md:sticky md:top-20 md:z-30">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <form role="search" onSubmit={submit} className="relative lg:w-80">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted" />
            <input
              type="search"
              name="keyword"
              data-testid="list-keyword"
              value={keyword}
              maxLength={50}
              onChange={(event) => setKeyword(event.target.value)}
              placeholder={t('list.searchPlaceholder')}
              aria-label={t('list.searchPlaceholder')}
              className="h-10 w-full rounded-full border border-line-strong bg-surface-2/60 pr-4 pl-10 text-sm text-ink placeholder:text-faint outline-none focus:border-accent focus:ring-4 focus:ring-glow"
            />
          </form>
          {/* Chips wrap instead of scrolling sideways: on a phone every choice stays visible. */}
          <div className="flex flex-wrap items-center gap-x-1 gap-y-1.5">
            <div className="flex flex-wrap items-center gap-1" role="group" aria-label={t('list.kindLabel')}>
              {[undefined, ...COURSE_KINDS].map((value) => (
                <button
                  key={value ?? 'all'}
                  type="button"
                  data-testid={`list-kind-${value ?? 'all'}`}
                  aria-pressed={filters.kind === value}
                  className={chip(filters.kind === value)}
                  onClick={() => show('kind', value)}
                >
                  {t(`list.kinds.${value ?? 'all'}`)}
                </button>
              ))}
            </div>
            <span aria-hidden className="mx-1.5 hidden h-4 w-px shrink-0 bg-line-strong sm:block" />
            <div className="flex flex-wrap items-center gap-1" role="group" aria-label={t('list.priceLabel')}>
              {[undefined, ...PRICE_BANDS].map((value) => (
                <button
                  key={value ?? 'all'}
                  type="button"
                  data-testid={`list-price-${value ?? 'all'}`}
                  aria-pressed={filters.price === value}
                  className={chip(filters.price === value)}
                  onClick={() => show('price', value)}
                >
                  {t(`list.prices.${value ?? 'all'}`)}
                </button>
              ))}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label={t('list.typeLabel')}
            data-testid="list-type"
            value={filters.type ?? ''}
            onChange={(event) => show('type', numberOrUndefined(event.target.value))}
            className={optionsSelectClass}
          >
            <option value="">{t('list.allTypes')}</option>
            {typeOptions(options.data?.types ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <select
            aria-label={t('list.tagLabel')}
            data-testid="list-tag"
            value={filters.tag ?? ''}
            onChange={(event) => show('tag', numberOrUndefined(event.target.value))}
            className={optionsSelectClass}
          >
            <option value="">{t('list.allTags')}</option>
            {(options.data?.tags ?? []).map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
          <label className="ml-auto flex items-center gap-2 text-sm text-muted">
            <span className="hidden sm:inline">{t('list.sortLabel')}</span>
            <select
              aria-label={t('list.sortLabel')}
              data-testid="list-sort"
              value={filters.sort ?? 'newest'}
              onChange={(event) => show('sort', event.target.value as ListFilters['sort'])}
              className={selectClass}
            >
              {LIST_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`list.sorts.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {list.isPending ? (
        <CardGridSkeleton count={8} />
      ) : list.isError && items.length === 0 ? (
        <div className="rounded-3xl border border-line bg-surface/60">
          <EmptyState
            icon={<RefreshIcon />}
            title={t('common:state.loadFailed')}
            description={t('common:state.loadFailedHint')}
            actions={
              <button type="button" className={buttonClass('primary')} onClick={() => list.refetch()}>
                {t('common:action.retry')}
              </button>
            }
          />
        </div>
      ) : items.length === 0 ? (
        <EmptyShelf count={8} testId="list-empty">
          <EmptyState
            icon={<InboxIcon />}
            title={t('list.emptyTitle')}
            description={t('list.emptyDescription')}
            actions={
              hasNarrowingFilters(filters) && (
                <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => showOnly({})}>
                  {t('list.clearFilters')}
                </button>
              )
            }
          />
        </EmptyShelf>
      ) : (
        <>
          <CourseGrid testId="list-results">
            {items.map((item, index) => (
              // The first row is on screen at once: no lazy loading for it (it is the largest paint).
              <CourseCard key={item.id} item={item} eager={index < 4} />
            ))}
            {list.isFetchingNextPage && Array.from({ length: 4 }, (_, index) => <CardSkeleton key={`more-${index}`} />)}
          </CourseGrid>
          <MoreTrigger hasMore={list.hasNextPage} loading={list.isFetchingNextPage} failed={list.isFetchNextPageError} onMore={() => list.fetchNextPage()} />
        </>
      )}
    </PageContainer>
  );
}

/** Loads the next page when it scrolls into view; a button as well, for keyboards and failures. */
function MoreTrigger({ hasMore, loading, failed, onMore }: { hasMore: boolean; loading: boolean; failed: boolean; onMore: () => void }) {
  const { t } = useTranslation('catalogue');
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || failed) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onMore(), { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed, onMore]);

  return (
    <div ref={sentinel} className="mt-10 flex justify-center" data-testid="list-more">
      {hasMore ? (
        <button type="button" className={buttonClass('secondary')} disabled={loading} onClick={onMore}>
          {loading ? t('common:state.loading') : failed ? t('common:action.retry') : t('list.loadMore')}
        </button>
      ) : (
        <p className="text-sm text-faint" data-testid="list-end">
          {t('list.end')}
        </p>
      )}
    </div>
  );
}
