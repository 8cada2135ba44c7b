import { DEFAULT_PAY_RATE, STORAGE_KEY } from '@framecraft/contracts/constants';
import type { MemberInfo as MemberAnswer } from '@framecraft/contracts/member';
import { parseMoney } from '@framecraft/contracts/money';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { request } from '../lib/request/index.ts';

/** The member as stored client-side (spec §3): the API's member (contracts) plus its tokens. */
export interface MemberInfo extends MemberAnswer {
  token: string;
  refresh_token: string;
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
  birthday: null,
  money: 0,
  score: 0,
  last_login_time: null,
  last_login_ip: '',
  join_time: 0,
  motto: '',
  token: '',
  refresh_token: '',
  invate_code: '',
  vip_level: 0,
  vip_date: null,
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
      // Version 1: the balance is integer cents; a copy stored by version 0 held a yuan string ("12.50").
      version: 1,
      migrate: (persisted, version) => {
        const stored = (persisted ?? {}) as Record<string, unknown>;
        if (version < 1 && typeof stored.money === 'string') {
          const parsed = parseMoney(stored.money, { allowNegative: true });
          stored.money = parsed.ok ? parsed.cents : 0;
        }
        return stored as unknown as MemberStore;
      },
      // A stored token without an id is no login (spec §4) but would still be sent, and the login
      // call would answer "already logged in" (303) for ever: drop such tokens when reading the store.
      merge: (persisted, current) => ({ ...current, ...withoutStaleToken(persisted as Partial<MemberInfo>) }),
    },
  ),
);
