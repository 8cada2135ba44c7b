import '../lib/request/testing/memory-storage.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureForTest } from '../lib/request/testing/recorder.ts';
import { sendEnvelope, startTestServer, type TestServer } from '../lib/request/testing/test-server.ts';
import { useAdminStore } from './admin.ts';
import { useSiteConfig } from './site-config.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const { refreshToken } = JSON.parse(req.body || '{}') as { refreshToken?: string };
    if (req.path.endsWith('/index/logout') && refreshToken === 'ar') sendEnvelope(res, 1);
    else sendEnvelope(res, 0, 'Logout failed');
  });
});
afterAll(() => server.close());

beforeEach(() => {
  useAdminStore.getState().clear();
  useSiteConfig.getState().apply({ adminPrefix: '/admin' });
  server.received.length = 0;
  configureForTest(server.baseUrl, '/admin/dashboard');
});

const admin = { id: 1, username: 'root', nickname: 'Root', avatar: '', last_login_time: null, token: 'at', refresh_token: 'ar', super: true };

describe('admin store', () => {
  it('persists under adminInfo; logged in = id and token', () => {
    expect(useAdminStore.getState().isLoggedIn()).toBe(false);
    useAdminStore.getState().fill(admin);
    expect(useAdminStore.getState().isLoggedIn()).toBe(true);
    expect(JSON.parse(localStorage.getItem('adminInfo')!).state).toEqual(admin);
  });

  it('logout posts the refresh token to /admin/index/logout, then forgets the admin and reloads', async () => {
    useAdminStore.getState().fill(admin);
    const reload = vi.fn();
    await expect(useAdminStore.getState().logout(reload)).resolves.toBe(true);

    expect(server.received.map((r) => [r.path, r.headers.batoken, JSON.parse(r.body)])).toEqual([['/admin/index/logout', 'at', { refreshToken: 'ar' }]]);
    expect(localStorage.getItem('adminInfo')).toBeNull();
    expect(useAdminStore.getState().isLoggedIn()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('logout follows a renamed admin entry; a refusal keeps the admin', async () => {
    useSiteConfig.getState().apply({ adminPrefix: '/manage' });
    useAdminStore.getState().fill({ ...admin, refresh_token: 'wrong' });
    const reload = vi.fn();
    await expect(useAdminStore.getState().logout(reload)).resolves.toBe(false);

    expect(server.received.map((r) => r.path)).toEqual(['/manage.php/index/logout']);
    expect(useAdminStore.getState().isLoggedIn()).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });
});
