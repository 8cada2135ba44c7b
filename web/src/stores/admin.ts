import type { AdminLoginAnswer } from '@framecraft/contracts/admin';
import { STORAGE_KEY } from '@framecraft/contracts/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { request } from '../lib/request/index.ts';
import type { TokenKind } from './member.ts';

/** The signed-in admin (spec §3): the server's `AdminInfo` (contracts/admin) and the tokens. */
export type AdminInfo = AdminLoginAnswer['userInfo'];

interface AdminStore extends AdminInfo {
  fill(info: Partial<AdminInfo>): void;
  setToken(token: string, kind: TokenKind): void;
  removeToken(): void;
  isLoggedIn(): boolean;
  clear(): void;
  /** Tell the server (with the refresh token); on code 1 forget the admin and reload. */
  logout(reload?: () => void): Promise<boolean>;
}

export const adminDefaults: AdminInfo = {
  id: 0,
  username: '',
  nickname: '',
  avatar: '',
  last_login_time: null,
  token: '',
  refresh_token: '',
  super: false,
};

const dataKeys = Object.keys(adminDefaults) as (keyof AdminInfo)[];

export const useAdminStore = create<AdminStore>()(
  persist(
    (set, get) => ({
      ...adminDefaults,
      fill(info) {
        set(info);
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
        set(adminDefaults);
        useAdminStore.persist.clearStorage();
      },
      async logout(reload = () => location.reload()) {
        try {
          await request({ url: '/admin/index/logout', method: 'POST', data: { refreshToken: get().refresh_token }, context: 'admin' });
        } catch {
          return false; // the request layer has shown why
        }
        get().clear();
        reload();
        return true;
      },
    }),
    {
      name: STORAGE_KEY.admin,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => Object.fromEntries(dataKeys.map((key) => [key, state[key]])) as unknown as AdminInfo,
    },
  ),
);
