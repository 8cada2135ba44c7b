import type { DataTag, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { CatalogueListPage, CourseDetail } from '@framecraft/contracts/catalogue';
import { detailQuery, fetchDetail, fetchListPage, homeQuery, listQuery } from '../features/catalogue/api/catalogue.ts';
import { getLanguage } from '../stores/language.ts';
import { useMemberStore } from '../stores/member.ts';
import { earlyAnswer, takeEarlyCall } from './early-data.ts';
import { queryClient } from './query-client.ts';

/**
 * Route loaders that start a storefront page's data call while its code and texts still load,
 * instead of after its first render (one round trip less before the picture a visitor waits for:
 * the cards of /list, the cover of a detail). They never wait and never throw: the page's own query
 * reads the same cache entry, shows its skeleton and reports failures as before. Data already in
 * the cache is left to the page's own refetch rules (a kept-alive page is not reloaded by coming back).
 */
function startOnce(queryKey: readonly unknown[], start: () => Promise<unknown>): null {
  if (queryClient.getQueryState(queryKey) === undefined) void start().catch(() => undefined);
  return null;
}

/** An answer that arrived before the page asked (an early call) becomes the query's data, unless it has some. */
function seedOnce<TData>(queryKey: DataTag<QueryKey, TData, Error>, data: NoInfer<TData>): null {
  if (queryClient.getQueryState(queryKey) === undefined) queryClient.setQueryData(queryKey, data);
  return null;
}

export function homeData(): null {
  const options = homeQuery();
  return startOnce(options.queryKey, () => queryClient.prefetchQuery(options));
}

/** The filter parser comes with the list page's code (preloaded from index.html), not in the entry. */
export function listData({ request }: LoaderFunctionArgs): null {
  const search = new URL(request.url).searchParams;
  void import('../features/catalogue/list-filters.ts').then(({ filtersFromSearch }) => {
    const filters = filtersFromSearch(search);
    const options = listQuery(filters);
    // The plain list's first page may already be on its way from index.html.
    const taken = search.toString() === '' ? takeEarlyCall('/api/catalogue/list?page=1', getLanguage()) : undefined;
    const early = earlyAnswer<CatalogueListPage>(taken, () => fetchListPage(filters, options.initialPageParam));
    if (early && 'data' in early) return seedOnce(options.queryKey, { pages: [early.data], pageParams: [options.initialPageParam] });
    return startOnce(options.queryKey, () => queryClient.prefetchInfiniteQuery(early ? { ...options, queryFn: early.fetch } : options));
  }, () => undefined);
  return null;
}

export function detailData({ params }: LoaderFunctionArgs): null {
  const id = params.id ?? '';
  // The page sends an invalid id to the 404 page without asking.
  if (!/^[1-9]\d{0,8}$/.test(id)) return null;
  const member = useMemberStore.getState();
  const options = detailQuery(Number(id), member.isLoggedIn() ? member.id : 0);
  // A visitor's answer may already be on its way from index.html: no second call.
  const taken = member.isLoggedIn() ? undefined : takeEarlyCall(`/api/catalogue/detail?id=${id}`, getLanguage());
  const early = earlyAnswer<CourseDetail>(taken, () => fetchDetail(Number(id)));
  if (early && 'data' in early) return seedOnce(options.queryKey, early.data);
  return startOnce(options.queryKey, () => queryClient.prefetchQuery(early ? { ...options, queryFn: early.fetch } : options));
}
