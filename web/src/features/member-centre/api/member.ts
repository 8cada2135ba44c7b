import type { LedgerEntryAnswer } from '@framecraft/contracts/ledger';
import type { ProfileInput } from '@framecraft/contracts/member';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';
import type { MemberInfo } from '../../../stores/member.ts';

/** The member as member-centre calls answer it (money a 2-decimal string, times in seconds). */
export type MemberAnswer = Omit<MemberInfo, 'token' | 'refresh_token' | 'money' | 'birthday' | 'vip_date'> & {
  money: string;
  birthday: string | null;
  vip_date: number | null;
};

export interface Overview {
  userInfo: MemberAnswer;
  vip: { level: number; name: string; expire: number | null; active: boolean };
  checkIn: { checked: boolean; streak: number };
  /** `yyyy-mm-dd`, oldest first, today last. */
  days: string[];
  score: number[];
  money: string[];
  notices: { id: number; title: string; publishTime: number }[];
}

export const overviewQuery = queryOptions({
  queryKey: ['member', 'overview'],
  queryFn: async () => (await request<Overview>({ url: '/api/account/overview', context: 'user' })).data,
});

export const profileQuery = queryOptions({
  queryKey: ['member', 'profile'],
  queryFn: async () =>
    (await request<{ userInfo: MemberAnswer; accountVerificationType: string[] }>({ url: '/api/account/profile', context: 'user' })).data,
});

export async function saveProfile(values: ProfileInput): Promise<MemberAnswer> {
  const answer = await request<{ userInfo: MemberAnswer }>({ url: '/api/account/profile', method: 'POST', data: values, context: 'user', showSuccessMessage: true });
  return answer.data.userInfo;
}

/** `POST /api/user/updateNickname {nickname, avatar, gender}` (spec §7, success message shown). */
export async function updateNickname(values: { nickname: string; avatar: string; gender: number }): Promise<MemberAnswer> {
  const answer = await request<{ userInfo: MemberAnswer }>({ url: '/api/user/updateNickname', method: 'POST', data: values, context: 'user', showSuccessMessage: true });
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
      (await request<{ list: LedgerRow[]; total: number }>({ url: `/api/account/${kind}`, params: { page, limit }, context: 'user' })).data,
    // The previous page stays on screen while the next one loads (what keepPreviousData does).
    placeholderData: (previous) => previous,
  });

export const checkInQuery = queryOptions({
  queryKey: ['member', 'checkIn'],
  queryFn: async () => (await request<{ checked: boolean; streak: number }>({ url: '/api/account/checkIn', context: 'user' })).data,
});

export async function checkIn(): Promise<{ streak: number; score: number }> {
  return (await request<{ streak: number; score: number }>({ url: '/api/account/checkIn', method: 'POST', context: 'user', showSuccessMessage: true })).data;
}

export const faqQuery = (lang: string) =>
  queryOptions({
    queryKey: ['member', 'faq', lang],
    queryFn: async () => (await request<{ title: string; content: string }>({ url: '/api/index/content', params: { name: 'memberFaq' }, context: 'user' })).data,
  });
