import type { MemberRuleNode } from '@framecraft/contracts/member';
import type { IndexInit } from '@framecraft/contracts/site';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';

/** A member-centre menu node from the member rule tree. */
export type MemberMenu = MemberRuleNode;

/** `GET /api/index/index` (conventions "Init calls"; contracts). */
export type { IndexInit };

/**
 * The call itself, also for code outside React Query (the member-centre route loader, which may
 * run beside the start-up call and passes `cancelDuplicate: false` so neither cancels the other).
 */
export const fetchIndexInit = async (options: { cancelDuplicate?: boolean } = {}) =>
  (await request<IndexInit>({ url: '/api/index/index', showErrorMessage: false, ...options })).data;

/** One shared query, so the start-up call and the member loading route never run it twice at once. */
export const indexInitQuery = queryOptions({
  queryKey: ['index', 'init'],
  queryFn: () => fetchIndexInit(),
  staleTime: 5 * 60_000,
});
