import { DEFAULT_PAY_RATE, STORAGE_KEY } from '@framecraft/contracts/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { request } from '../lib/request/index.ts';

/** The member as stored client-side (spec §3). Times are as the server formats them. */
export interface MemberInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  /** 0 unknown, 1 male, 2 female. */
  gender: 0 | 1 | 2;
  birthday: string;
  /** Balance as the server formats it: yuan with 2 decimals, e.g. "12.50" (cents never float). */
  money: string;
  /** Integral. */
  score: number;
  last_login_time: string;
  last_login_ip: string;
  join_time: string;
  motto: string;
  token: string;
  refresh_token: string;
  invate_code: string;
  vip_level: number;
  vip_date: string;
  vipLevelName: string;
  rateInfo: { sum12monthpay: number; pay_rate: number; sale_list: unknown[] };
}

/** `auth` = the access token, `refresh` = the refresh token. */
export type TokenKind = 'auth' | 'refresh';

interface MemberStore extends MemberInfo {
  /** Take (part of) the member info, e.g. the `userInfo` of a login answer. */
  fill(info: Partial<MemberInfo>): void;
  setToken(token: string, kind: TokenKind): void;
  removeToken(): void;
  /** Logged in = an id and a token are present (spec §4). */
  isLoggedIn(): boolean;
  /** Forget the member entirely, including the stored copy. */
  clear(): void;
  /** Tell the server (with the refresh token); on code 1 forget the member and reload. */
  logout(reload?: () => void): Promise<boolean>;
}

export const memberDefaults: MemberInfo = {
  id: 0,
  username: '',
  nickname: '',
  email: '',
  mobile: '',
  avatar: '',
  gender: 0,
  birthday: '',
  money: '0.00',
  score: 0,
  last_login_time: '',
  last_login_ip: '',
  join_time: '',
  motto: '',
  token: '',
  refresh_token: '',
  invate_code: '',
  vip_level: 0,
  vip_date: '',
  vipLevelName: '',
  rateInfo: { sum12monthpay: 0, pay_rate: DEFAULT_PAY_RATE, sale_list: [] },
};

const dataKeys = Object.keys(memberDefaults) as (keyof MemberInfo)[];

/** The stored member, with its tokens removed when it has no id. */
export const withoutStaleToken = (stored: Partial<MemberInfo> = {}): Partial<MemberInfo> => (stored.id ? stored : { ...stored, token: '', refresh_token: '' });

export const useMemberStore = create<MemberStore>()(
  persist(
    (set, get) => ({
      ...memberDefaults,
      fill(info) {
        const rateInfo = info.rateInfo ? { ...memberDefaults.rateInfo, ...info.rateInfo } : get().rateInfo;
        set({ ...info, rateInfo });
      },
      setToken(token, kind) {
        set(kind === 'auth' ? { token } : { refresh_token: token });
      },
      removeToken() {
        set({ token: '', refresh_token: '' });
      },
      isLoggedIn() {
        const { id, token } = get();
        return Boolean(id && token);
      },
      clear() {
        set(memberDefaults);
        useMemberStore.persist.clearStorage();
      },
      async logout(reload = () => location.reload()) {
        try {
          await request({ url: '/api/user/logout', method: 'POST', data: { refreshToken: get().refresh_token }, context: 'user' });
        } catch {
          return false; // the request layer has shown why
        }
        get().clear();
        reload();
        return true;
      },
    }),
    {
      name: STORAGE_KEY.member,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => Object.fromEntries(dataKeys.map((key) => [key, state[key]])) as unknown as MemberInfo,
      // A stored token without an id is no login (spec §4) but would still be sent, and the login
      // call would answer "already logged in" (303) for ever: drop such tokens when reading the store.
      merge: (persisted, current) => ({ ...current, ...withoutStaleToken(persisted as Partial<MemberInfo>) }),
    },
  ),
);
