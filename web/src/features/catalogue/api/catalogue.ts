import type {
  CatalogueHome,
  CatalogueListPage,
  CourseCard,
  CourseDetail,
  MemberCoursePage,
  MemberPrice,
  MemberPrices,
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

/**
 * A logged-in member's own price of one card (the list answer is shared and cached, decision 043).
 * Cards ask one by one; the calls of one render are sent together, at most 60 ids per request.
 */
export const memberPriceQuery = (id: number, member: number) =>
  queryOptions({
    queryKey: ['catalogue', 'member-price', member, id],
    queryFn: () => loadMemberPrice(id),
    staleTime: 60_000,
  });

type Waiting = { id: number; resolve: (price: MemberPrice | null) => void; reject: (error: unknown) => void };
let waiting: Waiting[] = [];
const MEMBER_PRICES_BATCH = 60;

function loadMemberPrice(id: number): Promise<MemberPrice | null> {
  return new Promise((resolve, reject) => {
    if (waiting.length === 0) setTimeout(sendMemberPrices, 0);
    waiting.push({ id, resolve, reject });
  });
}

function sendMemberPrices() {
  const batch = waiting;
  waiting = [];
  for (let start = 0; start < batch.length; start += MEMBER_PRICES_BATCH) {
    const part = batch.slice(start, start + MEMBER_PRICES_BATCH);
    const ids = [...new Set(part.map((entry) => entry.id))];
    request<MemberPrices>({ url: '/api/catalogue/memberPrices', params: { ids: ids.join(',') }, showErrorMessage: false, showCodeMessage: false, cancelDuplicate: false }).then(
      (answer) => {
        for (const entry of part) entry.resolve(answer.data.prices[String(entry.id)] ?? null);
      },
      (error: unknown) => {
        for (const entry of part) entry.reject(error);
      },
    );
  }
}

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
