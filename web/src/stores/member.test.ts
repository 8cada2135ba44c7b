import '../lib/request/testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureForTest, type ShellRecorder } from '../lib/request/testing/recorder.ts';
import { sendEnvelope, startTestServer, type TestServer } from '../lib/request/testing/test-server.ts';
import { switchLanguage } from './language.ts';
import { STORAGE_KEY } from '@framecraft/contracts/constants';
import { memberDefaults, useMemberStore, withoutStaleToken } from './member.ts';

let server: TestServer;
let shell: ShellRecorder;

// Logout succeeds for the refresh token 'r-ok' only.
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.path !== '/api/user/logout') return sendEnvelope(res, 0, 'unexpected');
    const { refreshToken } = JSON.parse(req.body) as { refreshToken: string };
    if (refreshToken === 'r-ok') sendEnvelope(res, 1, 'Logout successful');
    else sendEnvelope(res, 0, 'Logout failed');
  });
});
afterAll(() => server.close());

beforeEach(() => {
  switchLanguage('en', () => {});
  useMemberStore.getState().clear();
  server.received.length = 0;
  shell = configureForTest(server.baseUrl);
});

const member = {
  id: 7,
  username: 'ann',
  nickname: 'Ann',
  email: 'ann@example.com',
  gender: 2 as const,
  money: 1250,
  score: 40,
  token: 't',
  refresh_token: 'r-ok',
  invate_code: 'ABC123',
  vip_level: 2,
  vip_date: 1893456000,
  vipLevelName: 'Gold',
};

describe('member store', () => {
  it('holds every member field of spec §3 with pay_rate defaulting to 1', () => {
    expect(Object.keys(memberDefaults).sort()).toEqual(
      [
        'id', 'username', 'nickname', 'email', 'mobile', 'avatar', 'gender', 'birthday', 'money', 'score',
        'last_login_time', 'last_login_ip', 'join_time', 'motto', 'token', 'refresh_token', 'invate_code',
        'vip_level', 'vip_date', 'vipLevelName', 'rateInfo',
      ].sort(),
    );
    expect(useMemberStore.getState().rateInfo).toEqual({ sum12monthpay: 0, pay_rate: 1, sale_list: [] });
    useMemberStore.getState().fill({ rateInfo: { sum12monthpay: 300 } as never });
    expect(useMemberStore.getState().rateInfo).toEqual({ sum12monthpay: 300, pay_rate: 1, sale_list: [] });
  });

  it('turns a balance stored as a yuan string (before decision 018) into integer cents', async () => {
    localStorage.setItem(STORAGE_KEY.member, JSON.stringify({ state: { ...memberDefaults, id: 7, token: 't', money: '12.50' }, version: 0 }));
    await useMemberStore.persist.rehydrate();
    expect(useMemberStore.getState()).toMatchObject({ id: 7, money: 1250 });
  });

  it('is logged in only with both an id and a token', () => {
    const { fill, isLoggedIn, setToken, removeToken } = useMemberStore.getState();
    expect(isLoggedIn()).toBe(false);
    fill({ id: 7 });
    expect(useMemberStore.getState().isLoggedIn()).toBe(false);
    setToken('t', 'auth');
    expect(useMemberStore.getState().isLoggedIn()).toBe(true);
    removeToken();
    expect(useMemberStore.getState().isLoggedIn()).toBe(false);
    useMemberStore.getState().clear();
    setToken('t', 'auth');
    expect(useMemberStore.getState().isLoggedIn()).toBe(false);
  });

  it('setToken sets the access or the refresh token; removeToken clears both and keeps the rest', () => {
    const { fill, setToken } = useMemberStore.getState();
    fill({ id: 7, username: 'ann' });
    setToken('a', 'auth');
    setToken('b', 'refresh');
    expect(useMemberStore.getState()).toMatchObject({ token: 'a', refresh_token: 'b' });
    useMemberStore.getState().removeToken();
    expect(useMemberStore.getState()).toMatchObject({ id: 7, username: 'ann', token: '', refresh_token: '' });
  });

  it('persists under userInfo and comes back after a reload', async () => {
    useMemberStore.getState().fill(member);
    expect(JSON.parse(localStorage.getItem('userInfo')!).state).toMatchObject(member);
    vi.resetModules();
    const { useMemberStore: reloaded } = await import('./member.ts');
    expect(reloaded.getState()).toMatchObject(member);
    expect(reloaded.getState().isLoggedIn()).toBe(true);
  });

  it('logout sends the refresh token; on code 1 the stored member is removed and the page reloads', async () => {
    useMemberStore.getState().fill(member);
    const reload = vi.fn();
    await expect(useMemberStore.getState().logout(reload)).resolves.toBe(true);

    expect(server.received.map((r) => [r.method, r.path, JSON.parse(r.body)])).toEqual([['POST', '/api/user/logout', { refreshToken: 'r-ok' }]]);
    expect(server.received[0]!.headers['ba-user-token']).toBe('t');
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(useMemberStore.getState()).toMatchObject({ id: 0, token: '', username: '' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a refused logout keeps the member, does not reload, and shows the server message', async () => {
    useMemberStore.getState().fill({ ...member, refresh_token: 'r-bad' });
    const reload = vi.fn();
    await expect(useMemberStore.getState().logout(reload)).resolves.toBe(false);

    expect(useMemberStore.getState()).toMatchObject({ id: 7, token: 't' });
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(shell.errors).toEqual(['Logout failed']);
  });
});

describe('a stored token without a member id', () => {
  it('is dropped when the store is read, so the login page can log in again (no endless 303 "logged in")', async () => {
    localStorage.setItem(STORAGE_KEY.member, JSON.stringify({ state: { ...memberDefaults, id: 0, token: 'stale', refresh_token: 'stale-r' }, version: 0 }));
    await useMemberStore.persist.rehydrate();
    expect(useMemberStore.getState()).toMatchObject({ token: '', refresh_token: '' });
    expect(useMemberStore.getState().isLoggedIn()).toBe(false);
  });

  it('keeps a complete login as it is', () => {
    expect(withoutStaleToken({ id: 3, token: 't', refresh_token: 'r' })).toMatchObject({ id: 3, token: 't', refresh_token: 'r' });
    expect(withoutStaleToken({ id: 0, token: '', refresh_token: '' })).toMatchObject({ token: '' });
    expect(withoutStaleToken(undefined)).toEqual({ token: '', refresh_token: '' });
  });
});
