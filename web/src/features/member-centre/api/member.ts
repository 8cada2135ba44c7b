import type { AccountOverview, CheckInResult, CheckInStatus, MemberInfo as MemberInfoAnswer, MemberInfoAnswer as UserInfoAnswer, ProfileAnswer } from '@framecraft/contracts/member';
import type { LedgerEntryAnswer, LedgerPage } from '@framecraft/contracts/ledger';
import type { ProfileInput } from '@framecraft/contracts/member';
import type { SiteContent } from '@framecraft/contracts/site';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';

/** The member as member-centre calls answer it (money in integer cents, times in seconds): the contracts type. */
export type MemberAnswer = MemberInfoAnswer;

/** `GET /api/account/overview` (contracts). */
export type Overview = AccountOverview;

export const overviewQuery = queryOptions({
  queryKey: ['member', 'overview'],
  queryFn: async () => (await request<Overview>({ url: '/api/account/overview', context: 'user' })).data,
});

export const profileQuery = queryOptions({
  queryKey: ['member', 'profile'],
  queryFn: async () =>
    (await request<ProfileAnswer>({ url: '/api/account/profile', context: 'user' })).data,
});

export async function saveProfile(values: ProfileInput): Promise<MemberAnswer> {
  const answer = await request<UserInfoAnswer>({ url: '/api/account/profile', method: 'POST', data: values, context: 'user', showSuccessMessage: true });
  return answer.data.userInfo;
}

/** `POST /api/user/updateNickname {nickname, avatar, gender}` (spec §7, success message shown). */
export async function updateNickname(values: { nickname: string; avatar: string; gender: number }): Promise<MemberAnswer> {
  const answer = await request<UserInfoAnswer>({ url: '/api/user/updateNickname', method: 'POST', data: values, context: 'user', showSuccessMessage: true });
  return answer.data.userInfo;
}

export async function changePassword(values: { oldPassword: string; newPassword: string }): Promise<void> {
  await request({ url: '/api/account/changePassword', method: 'POST', data: values, context: 'user', showSuccessMessage: true });
}

export type LedgerKind = 'balance' | 'integral';
/** An entry of the balance log (`money` in cents) or the points log (`score`). */
export type LedgerRow = LedgerEntryAnswer;

export const ledgerQuery = (kind: LedgerKind, page: number, limit: number) =>
  queryOptions({
    queryKey: ['member', kind, page, limit],
    queryFn: async () =>
      (await request<LedgerPage>({ url: `/api/account/${kind}`, params: { page, limit }, context: 'user' })).data,
    // The previous page stays on screen while the next one loads (what keepPreviousData does).
    placeholderData: (previous) => previous,
  });

export const checkInQuery = queryOptions({
  queryKey: ['member', 'checkIn'],
  queryFn: async () => (await request<CheckInStatus>({ url: '/api/account/checkIn', context: 'user' })).data,
});

export async function checkIn(): Promise<CheckInResult> {
  return (await request<CheckInResult>({ url: '/api/account/checkIn', method: 'POST', context: 'user', showSuccessMessage: true })).data;
}

export const faqQuery = (lang: string) =>
  queryOptions({
    queryKey: ['member', 'faq', lang],
    queryFn: async () => (await request<SiteContent>({ url: '/api/index/content', params: { name: 'memberFaq' }, context: 'user' })).data,
  });
