import type { DataTag, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { CatalogueListPage } from '@framecraft/contracts/catalogue';
import { checkInSettingsQuery, fetchCheckInSettings } from '../features/account/api/verification.ts';
import { detailQuery, fetchDetail, fetchHome, fetchListPage, homeQuery, listQuery } from '../features/catalogue/api/catalogue.ts';
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

/**
 * A query that index.html may have asked for already (`url`, same language): its answer seeds the
 * query, a call still running is its first fetch; else `ask`, the query's own call, runs.
 */
function fromEarlyCall<TData>(url: string, ask: () => Promise<TData>): { data: TData } | { fetch: () => Promise<TData> } {
  return earlyAnswer<TData>(takeEarlyCall(url, getLanguage()), ask) ?? { fetch: ask };
}

/** A loader's start of such a query (never waits, never throws). */
function startEarly<TData>(queryKey: DataTag<QueryKey, TData, Error>, url: string, ask: () => Promise<TData>): null {
  const early = fromEarlyCall(url, ask);
  return 'data' in early ? seedOnce(queryKey, early.data) : startOnce(queryKey, () => queryClient.prefetchQuery({ queryKey, queryFn: early.fetch }));
}

/** The entry's start-up query (site settings, the member), taken from the early call when there is one. */
export function fetchEarly<TData>(queryKey: DataTag<QueryKey, TData, Error>, url: string, ask: () => Promise<TData>): Promise<TData> {
  const early = fromEarlyCall(url, ask);
  if ('data' in early) {
    seedOnce(queryKey, early.data);
    return Promise.resolve(early.data);
  }
  return queryClient.fetchQuery({ queryKey, queryFn: early.fetch });
}

/** The home sections are the same for everybody: they may be on their way from index.html. */
export function homeData(): null {
  return startEarly(homeQuery().queryKey, '/api/catalogue/home', fetchHome);
}

/** A visitor's login settings (captcha, verification) may be on their way from index.html. */
export function loginData(): null {
  return useMemberStore.getState().isLoggedIn() ? null : startEarly(checkInSettingsQuery.queryKey, '/api/user/checkIn', fetchCheckInSettings);
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
  if (member.isLoggedIn()) {
    const options = detailQuery(Number(id), member.id);
    return startOnce(options.queryKey, () => queryClient.prefetchQuery(options));
  }
  // A visitor's answer may already be on its way from index.html: no second call.
  return startEarly(detailQuery(Number(id), 0).queryKey, `/api/catalogue/detail?id=${id}`, () => fetchDetail(Number(id)));
}
