import './testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAdminStore } from '../../stores/admin.ts';
import { switchLanguage } from '../../stores/language.ts';
import { useMemberStore } from '../../stores/member.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { RequestError, request } from './index.ts';
import { configureForTest, type ShellRecorder } from './testing/recorder.ts';
import { sendEnvelope, startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let shell: ShellRecorder;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    switch (req.path) {
      case '/api/echo':
        return sendEnvelope(res, 1, '', { method: req.method, body: req.body ? JSON.parse(req.body) : null });
      case '/api/saved':
        return sendEnvelope(res, 1, 'Saved!');
      case '/api/failure':
        return sendEnvelope(res, 0, 'Nickname already taken');
      case '/api/redirect':
        return sendEnvelope(res, 302, '', { routePath: '/user/account', routeName: 'account' });
      case '/api/need-login':
        return sendEnvelope(res, 303, '', { type: 'need login' });
      case '/api/logged-in':
        return sendEnvelope(res, 303, '', { type: 'logged in' });
      default:
        return sendEnvelope(res, 1, '', { path: req.path });
    }
  });
});
afterAll(() => server.close());

beforeEach(() => {
  switchLanguage('zh-cn', () => {});
  useMemberStore.getState().clear();
  useAdminStore.getState().clear();
  useSiteConfig.getState().apply({ adminPrefix: '/admin' });
  server.received.length = 0;
  shell = configureForTest(server.baseUrl);
});

function rejection(promise: Promise<unknown>): Promise<RequestError> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(RequestError);
      return error as RequestError;
    },
  );
}

describe('headers and encoding', () => {
  it('sends think-lang, server and both tokens on every call', async () => {
    useMemberStore.getState().fill({ id: 7, token: 'member-token' });
    useAdminStore.getState().fill({ id: 1, token: 'admin-token' });
    await request({ url: '/api/echo' });
    switchLanguage('en', () => {});
    await request({ url: '/api/echo', method: 'POST', data: { a: 1 } });

    const [first, second] = server.received;
    expect(first!.headers).toMatchObject({ 'think-lang': 'zh-cn', server: 'true', batoken: 'admin-token', 'ba-user-token': 'member-token' });
    expect(second!.headers).toMatchObject({ 'think-lang': 'en', server: 'true', 'content-type': 'application/json' });
  });

  it('sends empty token headers when nobody is logged in', async () => {
    await request({ url: '/api/echo' });
    expect(server.received[0]!.headers).toMatchObject({ batoken: '', 'ba-user-token': '' });
  });

  it('serialises params for the CRUD conventions and sends bodies as JSON', async () => {
    await request({
      url: '/api/echo',
      params: {
        page: 2,
        quickSearch: 'a b&c',
        ids: [3, 4],
        search: [{ field: 'status', val: '1', operator: '=' }, { field: 'title', val: '%x%', operator: 'LIKE' }],
        select: true,
        skipped: undefined,
        empty: null,
      },
    });
    expect(decodeURIComponent(server.received[0]!.url)).toBe(
      '/api/echo?page=2&quickSearch=a b&c&ids[0]=3&ids[1]=4' +
        '&search[0][field]=status&search[0][val]=1&search[0][operator]==' +
        '&search[1][field]=title&search[1][val]=%x%&search[1][operator]=LIKE&select=true',
    );
    expect(new URL(server.received[0]!.url, server.baseUrl).searchParams.get('quickSearch')).toBe('a b&c');

    const answer = await request<{ method: string; body: unknown }>({ url: '/api/echo', method: 'PUT', data: { row: { id: 1 } } });
    expect(answer.data).toEqual({ method: 'PUT', body: { row: { id: 1 } } });
  });
});

describe('envelope codes', () => {
  it('resolves code 1 with the envelope and shows nothing unless asked', async () => {
    const answer = await request<{ path: string }>({ url: '/api/anything' });
    expect(answer).toMatchObject({ code: 1, msg: '', data: { path: '/api/anything' } });
    expect(typeof answer.time).toBe('number');
    expect(shell.successes).toEqual([]);
  });

  it('shows the server message, or "Operation successful" when it is empty, when asked', async () => {
    await request({ url: '/api/saved', showSuccessMessage: true });
    await request({ url: '/api/anything', showSuccessMessage: true });
    switchLanguage('en', () => {});
    await request({ url: '/api/anything', showSuccessMessage: true });
    expect(shell.successes).toEqual(['Saved!', '操作成功', 'Operation successful']);
    expect(shell.errors).toEqual([]);
  });

  it('toasts the server message of another code and rejects with the envelope', async () => {
    const error = await rejection(request({ url: '/api/failure' }));
    expect(error.kind).toBe('code');
    expect(error.envelope).toMatchObject({ code: 0, msg: 'Nickname already taken' });
    expect(error.message).toBe('Nickname already taken');
    expect(shell.errors).toEqual(['Nickname already taken']);
  });

  it('shows no error toast with showErrorMessage false or showCodeMessage false', async () => {
    await rejection(request({ url: '/api/failure', showErrorMessage: false }));
    await rejection(request({ url: '/api/failure', showCodeMessage: false }));
    expect(shell.errors).toEqual([]);
  });

  it('302 navigates to the route from data and rejects', async () => {
    const error = await rejection(request({ url: '/api/redirect' }));
    expect(error.envelope?.code).toBe(302);
    expect(shell.navigations).toEqual([{ routePath: '/user/account', routeName: 'account' }]);
  });

  it('303 need login in the member context clears the member token and the stored member info', async () => {
    useMemberStore.getState().fill({ id: 7, username: 'ann', token: 'member-token', refresh_token: 'r' });
    useAdminStore.getState().fill({ id: 1, token: 'admin-token' });
    expect(localStorage.getItem('userInfo')).toContain('ann');

    await rejection(request({ url: '/api/need-login' }));
    expect(useMemberStore.getState()).toMatchObject({ id: 0, username: '', token: '', refresh_token: '' });
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(useAdminStore.getState().token).toBe('admin-token');
  });

  it('303 need login in the admin context clears the admin token only', async () => {
    useMemberStore.getState().fill({ id: 7, token: 'member-token' });
    useAdminStore.getState().fill({ id: 1, username: 'root', token: 'admin-token', refresh_token: 'ar' });
    shell.pathname = '/admin/dashboard';

    await rejection(request({ url: '/api/need-login' }));
    expect(useAdminStore.getState()).toMatchObject({ username: 'root', token: '', refresh_token: '' });
    expect(useMemberStore.getState()).toMatchObject({ id: 7, token: 'member-token' });
  });

  it('303 logged in clears nothing', async () => {
    useMemberStore.getState().fill({ id: 7, token: 'member-token' });
    await rejection(request({ url: '/api/logged-in' }));
    expect(useMemberStore.getState().token).toBe('member-token');
  });
});

describe('renamed admin entry', () => {
  it('keeps /admin/… URLs while the prefix is /admin', async () => {
    await request({ url: '/admin/index/index', params: { a: 1 } });
    expect(server.received[0]!.url).toBe('/admin/index/index?a=1');
  });

  it('rewrites /admin/… to <prefix>.php/… and detects the admin context by the new prefix', async () => {
    useSiteConfig.getState().apply({ adminPrefix: '/manage' });
    useMemberStore.getState().fill({ id: 7, token: 'member-token' });
    useAdminStore.getState().fill({ id: 1, token: 'admin-token' });

    await request({ url: '/admin/index/index', params: { a: 1 } });
    await request({ url: '/api/index/index' });
    await request({ url: '/administrator/x' });
    expect(server.received.map((r) => r.url)).toEqual(['/manage.php/index/index?a=1', '/api/index/index', '/administrator/x']);

    // Under /admin the page is no admin page any more: a 303 clears the member session.
    shell.pathname = '/admin/dashboard';
    await rejection(request({ url: '/api/need-login' }));
    expect(useMemberStore.getState().token).toBe('');
    expect(useAdminStore.getState().token).toBe('admin-token');

    shell.pathname = '/manage/dashboard';
    await rejection(request({ url: '/api/need-login' }));
    expect(useAdminStore.getState().token).toBe('');
  });
});
