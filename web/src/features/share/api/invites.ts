import type { InviteList, Invitee } from '@framecraft/contracts/member';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';

/** `GET /api/invite/list` answers (contracts). */
export type { InviteList, Invitee };

export const INVITES_PER_PAGE = 10;

/** `GET /api/invite/list`: who joined through the member's link, newest first. */
export const inviteListQuery = (memberId: number, page: number) =>
  queryOptions({
    queryKey: ['share', 'invitees', memberId, page],
    queryFn: async () => (await request<InviteList>({ url: '/api/invite/list', params: { page, limit: INVITES_PER_PAGE }, context: 'user' })).data,
    placeholderData: keepPreviousData,
  });
