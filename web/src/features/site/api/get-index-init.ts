import type { MemberRuleNode } from '@framecraft/contracts/member';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';
import type { MemberInfo } from '../../../stores/member.ts';
import type { SiteConfig } from '../../../stores/site-config.ts';

/** A member-centre menu node from the member rule tree. */
export type MemberMenu = MemberRuleNode;

/** `GET /api/index/index` (conventions "Init calls"). */
export interface IndexInit {
  site: Partial<SiteConfig>;
  openMemberCenter: boolean;
  userInfo: Partial<MemberInfo> | null;
  menus: MemberMenu[];
  rules: MemberMenu[];
}

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
