import type { CourseCard, MemberCoursePage } from '@framecraft/contracts/catalogue';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';
import { lang } from './catalogue.ts';

/** A member's own lists (favourites, browsing history) and the calls that change them. */
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
