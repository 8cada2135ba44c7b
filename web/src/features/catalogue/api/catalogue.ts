import type { CatalogueHome, CatalogueListPage, CourseDetail, NoticeDetail, TypeNode, VipTierInfo } from '@framecraft/contracts/catalogue';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';
import { getLanguage } from '../../../stores/language.ts';
import type { ListFilters } from '../list-filters.ts';

/**
 * The storefront's public reads (the route loaders of app/route-data.ts start some of them on the
 * first load, so this file is in the entry chunk: member-only calls live in member-prices.ts and
 * member-lists.ts). Answers are in the request language, so every key carries it.
 */
export const lang = () => getLanguage();

export const fetchHome = async () => (await request<CatalogueHome>({ url: '/api/catalogue/home' })).data;

export const homeQuery = () => queryOptions({ queryKey: ['catalogue', 'home', lang()], queryFn: fetchHome });

export const filtersQuery = () =>
  queryOptions({
    queryKey: ['catalogue', 'filters', lang()],
    queryFn: async () => (await request<{ types: TypeNode[]; tags: { id: number; name: string }[] }>({ url: '/api/catalogue/filters' })).data,
    staleTime: 5 * 60_000,
  });

/**
 * Pages after the first send the first page's `snapshot`, so items added meanwhile do not shift
 * them, and the previous page's `next` cursor, so a deep page costs the server what the first does.
 */
type ListPageParam = { page: number; snapshot?: number; after?: string };

/** One page of the catalogue list. */
export const fetchListPage = async (filters: ListFilters, pageParam: ListPageParam, signal?: AbortSignal) =>
  (await request<CatalogueListPage>({ url: '/api/catalogue/list', params: { ...filters, ...pageParam }, signal, cancelDuplicate: false })).data;

export const listQuery = (filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: ['catalogue', 'list', lang(), filters],
    initialPageParam: { page: 1, snapshot: undefined as number | undefined, after: undefined as string | undefined },
    queryFn: ({ pageParam, signal }) => fetchListPage(filters, pageParam, signal),
    getNextPageParam: (last) => (last.next ? { page: last.page + 1, snapshot: last.snapshot, after: last.next } : undefined),
  });

/** An item's detail page, as the signed-in member (or visitor) sees it. */
export const fetchDetail = async (id: number) => (await request<CourseDetail>({ url: '/api/catalogue/detail', params: { id }, showCodeMessage: false })).data;

/** `member` keys the answer by who asks: flags such as `collected` and `owned` are per member. */
export const detailQuery = (id: number, member: number) =>
  queryOptions({
    queryKey: ['catalogue', 'detail', lang(), id, member],
    queryFn: () => fetchDetail(id),
  });

export const vipTiersQuery = () =>
  queryOptions({
    queryKey: ['catalogue', 'vip-tiers', lang()],
    queryFn: async () => (await request<{ list: VipTierInfo[] }>({ url: '/api/vip/tiers' })).data.list,
  });

export const noticeQuery = (id: number) =>
  queryOptions({
    queryKey: ['catalogue', 'notice', lang(), id],
    queryFn: async () => (await request<NoticeDetail>({ url: '/api/catalogue/notice', params: { id } })).data,
    staleTime: 10 * 60_000,
  });
