import './testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminStore } from '../../stores/admin.ts';
import { switchLanguage } from '../../stores/language.ts';
import { useMemberStore } from '../../stores/member.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { RequestError, request } from './index.ts';
import { configureForTest, type ShellRecorder } from './testing/recorder.ts';
import { sendEnvelope, startTestServer, type Received, type TestServer } from './testing/test-server.ts';

/**
 * A server with one valid refresh token per context. Protected routes answer 409 to an expired
 * token, 303 need login to a missing one, and 1 to the fresh one. 409 answers are held until
 * `holdExpired` of them have arrived, so the client gets them while all are truly in flight.
 */
const REFRESH = { user: 'user-refresh-1', admin: 'admin-refresh-1' };
const FRESH = { user: 'user-fresh', admin: 'admin-fresh' };
let server: TestServer;
let shell: ShellRecorder;
let holdExpired = 1;
let held: (() => void)[] = [];
/** /api/slow's 409, sent once the client has replayed another request with the fresh token. */
let slowExpired: (() => void) | undefined;

function tokenOf(req: Received): { context: 'user' | 'admin'; token: string } {
  const admin = req.path.startsWith('/admin/') || req.path.startsWith('/manage.php/');
  return { context: admin ? 'admin' : 'user', token: String(req.headers[admin ? 'batoken' : 'ba-user-token'] ?? '') };
}

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.path === '/api/common/refreshToken') {
      const { refreshToken } = JSON.parse(req.body) as { refreshToken: string };
      // A little later, so that the other 409s arrive while the refresh is running.
      setTimeout(() => {
        // The server rotates refresh tokens (decision 028): the answer carries the next one.
        if (refreshToken === REFRESH.user) sendEnvelope(res, 1, '', { type: 'user-refresh', token: FRESH.user, refresh_token: 'user-refresh-2' });
        else if (refreshToken === REFRESH.admin) sendEnvelope(res, 1, '', { type: 'admin-refresh', token: FRESH.admin });
        else sendEnvelope(res, 303, 'Please login first', { type: 'need login' });
      }, 50);
      return;
    }
    const { context, token } = tokenOf(req);
    if (token === FRESH[context]) {
      slowExpired?.();
      slowExpired = undefined;
      return sendEnvelope(res, 1, '', { path: req.url, as: context });
    }
    if (token === '') return sendEnvelope(res, 1, '', { path: req.url, as: 'guest' });
    if (req.path === '/api/slow') return void (slowExpired = () => sendEnvelope(res, 409, 'Token expiration'));
    held.push(() => sendEnvelope(res, 409, 'Token expiration'));
    if (held.length >= holdExpired) {
      held.forEach((answer) => answer());
      held = [];
    }
  });
});
afterAll(() => server.close());

beforeEach(() => {
  switchLanguage('en', () => {});
  useMemberStore.getState().clear();
  useAdminStore.getState().clear();
  useSiteConfig.getState().apply({ adminPrefix: '/admin' });
  server.received.length = 0;
  holdExpired = 1;
  shell = configureForTest(server.baseUrl);
});

const refreshCalls = () => server.received.filter((r) => r.path === '/api/common/refreshToken');

describe('409: one refresh, everyone replayed', () => {
  it('five concurrent requests get 409: exactly one refresh call, all five replayed with the new token', async () => {
    useMemberStore.getState().fill({ id: 7, token: 'user-expired', refresh_token: REFRESH.user });
    holdExpired = 5;
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => request<{ as: string }>({ url: '/api/account/overview', params: { n } })));

    expect(answers.map((a) => a.data.as)).toEqual(['user', 'user', 'user', 'user', 'user']);
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(refreshCalls()[0]!.body)).toEqual({ refreshToken: REFRESH.user });
    // (Below: the rotated refresh token of the answer replaces the spent one, decision 028.)
    const replays = server.received.filter((r) => r.path === '/api/account/overview' && r.headers['ba-user-token'] === FRESH.user);
    expect(replays.map((r) => r.url).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `/api/account/overview?n=${n}`));
    expect(useMemberStore.getState()).toMatchObject({ token: FRESH.user, refresh_token: 'user-refresh-2' });
    expect(JSON.parse(localStorage.getItem('userInfo')!).state.token).toBe(FRESH.user);
    expect(shell.errors).toEqual([]);
    expect(shell.navigations).toEqual([]);
  });

  it('in the admin context the admin refresh token is used and batoken replayed', async () => {
    useAdminStore.getState().fill({ id: 1, token: 'admin-expired', refresh_token: REFRESH.admin });
    useMemberStore.getState().fill({ id: 7, token: 'member-token', refresh_token: REFRESH.user });
    shell.pathname = '/admin/dashboard';
    holdExpired = 3;
    const answers = await Promise.all(['a', 'b', 'c'].map((x) => request<{ as: string }>({ url: `/admin/${x}/index` })));

    expect(answers.map((a) => a.data.as)).toEqual(['admin', 'admin', 'admin']);
    expect(refreshCalls().map((r) => JSON.parse(r.body))).toEqual([{ refreshToken: REFRESH.admin }]);
    expect(useAdminStore.getState().token).toBe(FRESH.admin);
    expect(useMemberStore.getState().token).toBe('member-token');
  });

  it('a 409 arriving after the refresh finished is replayed with the new token, without a second refresh', async () => {
    useMemberStore.getState().fill({ id: 7, token: 'user-expired', refresh_token: REFRESH.user });
    // Both leave with the expired token; /api/slow's 409 arrives only after the refresh is over.
    const answers = await Promise.all([request<{ as: string }>({ url: '/api/quick' }), request<{ as: string }>({ url: '/api/slow' })]);

    expect(answers.map((a) => a.data.as)).toEqual(['user', 'user']);
    expect(refreshCalls()).toHaveLength(1);
    const slow = server.received.filter((r) => r.path === '/api/slow').map((r) => r.headers['ba-user-token']);
    expect(slow).toEqual(['user-expired', FRESH.user]);
  });

  it('a replay that gets 409 again is not refreshed twice: it fails like any other code', async () => {
    // The refresh answers with the admin type, so the member's replay still carries the expired token.
    useMemberStore.getState().fill({ id: 7, token: 'user-expired', refresh_token: REFRESH.admin });
    const error = await request({ url: '/api/z' }).catch((e: unknown) => e as RequestError);

    expect(error).toMatchObject({ kind: 'code', envelope: { code: 409 } });
    expect(refreshCalls()).toHaveLength(1);
    expect(server.received.filter((r) => r.path === '/api/z')).toHaveLength(2);
    expect(shell.errors).toEqual(['Token expiration']);
  });
});

describe('refresh failure', () => {
  it('member context: tokens removed, navigates to userLogin, the call rejects quietly', async () => {
    useMemberStore.getState().fill({ id: 7, username: 'ann', token: 'user-expired', refresh_token: 'revoked' });
    shell.pathname = '/user/my-orders';
    holdExpired = 2;
    const results = await Promise.allSettled([request({ url: '/api/x' }), request({ url: '/api/y' })]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const error = (results[0] as PromiseRejectedResult).reason as RequestError;
    expect(error).toBeInstanceOf(RequestError);
    expect(error.envelope?.code).toBe(409);
    expect(refreshCalls()).toHaveLength(1);
    expect(useMemberStore.getState()).toMatchObject({ id: 7, username: 'ann', token: '', refresh_token: '' });
    expect(shell.navigations).toEqual([{ routeName: 'userLogin' }]);
    expect(shell.errors).toEqual([]);
  });

  it('admin context: admin tokens removed, navigates to adminLogin; the member keeps its token', async () => {
    useAdminStore.getState().fill({ id: 1, token: 'admin-expired', refresh_token: 'revoked' });
    useMemberStore.getState().fill({ id: 7, token: 'member-token', refresh_token: REFRESH.user });
    shell.pathname = '/admin/auth/admin';
    await expect(request({ url: '/admin/auth.admin/index' })).rejects.toBeInstanceOf(RequestError);

    expect(useAdminStore.getState()).toMatchObject({ token: '', refresh_token: '' });
    expect(useMemberStore.getState().token).toBe('member-token');
    expect(shell.navigations).toEqual([{ routeName: 'adminLogin' }]);
  });

  it('without a refresh token it goes to the login route without asking the server', async () => {
    useMemberStore.getState().fill({ id: 7, token: 'user-expired' });
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(RequestError);
    expect(refreshCalls()).toHaveLength(0);
    expect(shell.navigations).toEqual([{ routeName: 'userLogin' }]);
  });

  it('already on /login: no navigation, the request is retried with an empty token', async () => {
    useMemberStore.getState().fill({ id: 7, token: 'user-expired', refresh_token: 'revoked' });
    shell.pathname = '/login';
    const answer = await request<{ as: string }>({ url: '/api/user/checkIn' });

    expect(answer.data.as).toBe('guest');
    const calls = server.received.filter((r) => r.path === '/api/user/checkIn').map((r) => r.headers['ba-user-token']);
    expect(calls).toEqual(['user-expired', '']);
    expect(shell.navigations).toEqual([]);
  });

  it('already on the admin login route (renamed entry): retried with an empty batoken', async () => {
    useSiteConfig.getState().apply({ adminPrefix: '/manage' });
    useAdminStore.getState().fill({ id: 1, token: 'admin-expired', refresh_token: 'revoked' });
    shell.pathname = '/manage/login';
    const answer = await request<{ as: string }>({ url: '/admin/index/login' });

    expect(answer.data.as).toBe('guest');
    const calls = server.received.filter((r) => r.path === '/manage.php/index/login').map((r) => r.headers.batoken);
    expect(calls).toEqual(['admin-expired', '']);
    expect(shell.navigations).toEqual([]);
  });
});
