import type {
  CatalogueHome,
  CatalogueListPage,
  CourseCard,
  CourseDetail,
  MemberCoursePage,
  NoticeDetail,
  TypeNode,
  VipTierInfo,
} from '@framecraft/contracts/catalogue';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';
import { getLanguage } from '../../../stores/language.ts';
import type { ListFilters } from '../list-filters.ts';

/** Answers are in the request language, so every key carries it. */
const lang = () => getLanguage();

export const homeQuery = () =>
  queryOptions({
    queryKey: ['catalogue', 'home', lang()],
    queryFn: async () => (await request<CatalogueHome>({ url: '/api/catalogue/home' })).data,
  });

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
export const listQuery = (filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: ['catalogue', 'list', lang(), filters],
    initialPageParam: { page: 1, snapshot: undefined as number | undefined, after: undefined as string | undefined },
    queryFn: async ({ pageParam, signal }) =>
      (await request<CatalogueListPage>({ url: '/api/catalogue/list', params: { ...filters, ...pageParam }, signal, cancelDuplicate: false })).data,
    getNextPageParam: (last) => (last.next ? { page: last.page + 1, snapshot: last.snapshot, after: last.next } : undefined),
  });

/** `member` keys the answer by who asks: flags such as `collected` and `owned` are per member. */
export const detailQuery = (id: number, member: number) =>
  queryOptions({
    queryKey: ['catalogue', 'detail', lang(), id, member],
    queryFn: async () => (await request<CourseDetail>({ url: '/api/catalogue/detail', params: { id }, showCodeMessage: false })).data,
  });

export const vipTiersQuery = () =>
  queryOptions({
    queryKey: ['catalogue', 'vip-tiers', lang()],
    queryFn: async () => (await request<{ list: VipTierInfo[] }>({ url: '/api/vip/tiers' })).data.list,
  });

export type CollectedCourse = CourseCard & { collectedAt: number };
export type ViewedCourse = CourseCard & { viewedAt: number; viewCount: number };

export const collectionsQuery = (page: number) =>
  queryOptions({
    queryKey: ['catalogue', 'collections', lang(), page],
    queryFn: async () => (await request<MemberCoursePage<{ collectedAt: number }>>({ url: '/api/catalogue/collect/list', params: { page, limit: 24 } })).data,
  });

export const historyQuery = () =>
  infiniteQueryOptions({
    queryKey: ['catalogue', 'history', lang()],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (await request<MemberCoursePage<{ viewedAt: number; viewCount: number }>>({ url: '/api/catalogue/history/list', params: { page: pageParam, limit: 30 } })).data,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

export const setCollected = (id: number, collected: boolean) =>
  request({ url: `/api/catalogue/collect/${collected ? 'add' : 'remove'}`, method: 'POST', data: { id }, showSuccessMessage: true });

/** Quiet: a failed history record must not bother the visitor. */
export const recordView = (id: number) =>
  request({ url: '/api/catalogue/history/record', method: 'POST', data: { id }, showErrorMessage: false, showCodeMessage: false });

export const deleteHistory = (id: number) => request({ url: '/api/catalogue/history/delete', method: 'POST', data: { id } });
export const clearHistory = () => request({ url: '/api/catalogue/history/clear', method: 'POST', showSuccessMessage: true });

export const noticeQuery = (id: number) =>
  queryOptions({
    queryKey: ['catalogue', 'notice', lang(), id],
    queryFn: async () => (await request<NoticeDetail>({ url: '/api/catalogue/notice', params: { id } })).data,
    staleTime: 10 * 60_000,
  });
