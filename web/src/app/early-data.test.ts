import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadScript } from '../../route-preloads.ts';
import { earlyAnswer, takeEarlyCall, type EarlyCall } from './early-data.ts';

/** index.html's inline script, run as a browser would run it, its calls answered by a real HTTP server. */
describe('early calls (index.html → route loader)', () => {
  const received: { url: string; headers: IncomingHttpHeaders }[] = [];
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push({ url: request.url!, headers: request.headers });
      const url = new URL(request.url!, 'http://x');
      const id = Number(url.searchParams.get('id'));
      const body = url.pathname === '/api/index/index' ? { code: 1, msg: '', time: 1, data: { site: { siteName: 'Shop' }, userInfo: null } } : url.pathname === '/api/catalogue/home' ? { code: 1, msg: '', time: 1, data: { banner: [{ id: 1, cover: '/c/1.jpg' }], notices: [] } } : url.pathname === '/api/user/checkIn' ? { code: 1, msg: '', time: 1, data: { captchaOnLogin: false } } : url.pathname === '/api/catalogue/list' ? { code: 1, msg: '', time: 1, data: { list: [{ id: 3, cover: '/c/3.jpg' }, { id: 2, cover: '/c/2.jpg' }], hasMore: true, page: 1 } } : id === 404 ? { code: 0, msg: 'Item not found', data: null } : { code: 1, msg: '', time: 1, data: { id, title: `item ${id}`, cover: `/api/catalogue/art/${id}.svg` } };
      response.setHeader('content-type', 'application/json').end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // Storefront routes as the build writes them (pattern, chunks, texts): home, list, detail, login.
  const storefront: [string, number[], Record<string, number[]>][] = ['^/?$', '^/list/?$', '^/course/[^/]+/?$', '^/course2/[^/]+/?$', '^/login/?$', '^/vip-pricing/?$'].map((pattern) => [pattern, [], { 'zh-cn': [], en: [] }]);
  const table = { files: ['a.js'], shell: { 'zh-cn': [0], en: [0] }, routes: storefront, early: { memberStorageKey: 'userInfo', langHeader: 'think-lang', serverHeader: 'server' } };
  /** Runs the script on `pathname` with the stored member and language; what it left behind. */
  function openPage(pathname: string, { lang = 'zh-CN', member = null as string | null, search = '' } = {}) {
    const images: string[] = [];
    const page: Record<string, unknown> = {
      document: { documentElement: { lang }, createElement: () => ({}), head: { appendChild: () => undefined } },
      location: { pathname, search },
      localStorage: { getItem: (key: string) => (key === 'userInfo' ? member : null) },
      fetch: (url: string, init: RequestInit) => fetch(base + url, init),
      Image: class {
        set src(value: string) {
          images.push(value);
        }
      },
    };
    page.window = page;
    runInNewContext(preloadScript(table), page);
    const calls = (page.__fcEarly ?? {}) as Record<string, EarlyCall>;
    /** The page's own call (not the start-up call). */
    const early = Object.values(calls).find((call) => call.url !== INIT);
    return { calls, early, images };
  }
  const INIT = '/api/index/index';

  it("a visitor's detail page asks at once, with the request layer's headers, and fetches the cover", async () => {
    received.length = 0;
    const { early, images } = openPage('/course2/12', { lang: 'en' });
    expect(early).toMatchObject({ url: '/api/catalogue/detail?id=12', lang: 'en' });
    await expect(early!.promise).resolves.toMatchObject({ id: 12, title: 'item 12' });
    expect(early!.data).toMatchObject({ id: 12 });
    expect(received.map((call) => call.url).sort()).toEqual(['/api/catalogue/detail?id=12', INIT]);
    for (const call of received) {
      expect(call.headers).toMatchObject({ server: 'true', 'think-lang': 'en' });
      expect(call.headers['ba-user-token']).toBeUndefined();
    }
    expect(images).toEqual(['/api/catalogue/art/12.svg']);
  });

  it('a refused answer leaves no data (the page asks again and shows why)', async () => {
    const { early } = openPage('/course/404');
    await expect(early!.promise).resolves.toBeUndefined();
    expect(early!.data).toBeUndefined();
  });

  it('never for a member (their answer is their own), another page or a malformed id', async () => {
    const member = JSON.stringify({ state: { id: 7, token: 't' }, version: 1 });
    expect(openPage('/course/12', { member }).calls).toEqual({});
    expect(openPage('/login', { member }).calls).toEqual({});
    expect(openPage('/vip-pricing').early).toBeUndefined();
    expect(openPage('/list', { search: '?sort=hot' }).early).toBeUndefined();
    expect(openPage('/course/0').early).toBeUndefined();
    expect(openPage('/course/12/x').early).toBeUndefined();
    // Outside the storefront (back office, member centre) nothing starts early, not even the start-up call.
    expect(openPage('/admin').calls).toEqual({});
    expect(openPage('/user/orders').calls).toEqual({});
    // A signed-out member's stored profile (no token) is a visitor.
    expect(openPage('/course/12', { member: JSON.stringify({ state: { id: 0, token: '' }, version: 1 }) }).early).toBeDefined();
  });

  it("the plain list's first page, for visitors and members alike (it is the same for everybody), with the first cover", async () => {
    received.length = 0;
    const member = JSON.stringify({ state: { id: 7, token: 't' }, version: 1 });
    for (const opened of [openPage('/list'), openPage('/list/', { member })]) {
      expect(opened.early).toMatchObject({ url: '/api/catalogue/list?page=1', lang: 'zh-cn' });
      await expect(opened.early!.promise).resolves.toMatchObject({ page: 1, list: [{ id: 3 }, { id: 2 }] });
      expect(opened.images).toEqual(['/c/3.jpg']);
    }
    expect(received.map((call) => call.url).filter((url) => url.startsWith('/api/catalogue/list'))).toEqual(['/api/catalogue/list?page=1', '/api/catalogue/list?page=1']);
  });

  it("a visitor's start-up call on every storefront page; the home sections for everybody; a visitor's login settings", async () => {
    const member = JSON.stringify({ state: { id: 7, token: 't' }, version: 1 });
    for (const path of ['/', '/vip-pricing', '/list', '/login']) {
      const { calls } = openPage(path);
      expect(calls[INIT]).toMatchObject({ url: INIT, lang: 'zh-cn' });
      await expect(calls[INIT]!.promise).resolves.toMatchObject({ site: { siteName: 'Shop' } });
    }
    const home = openPage('/', { lang: 'en' });
    expect(home.early).toMatchObject({ url: '/api/catalogue/home', lang: 'en' });
    await expect(home.early!.promise).resolves.toMatchObject({ banner: [{ id: 1 }] });
    expect(home.images).toEqual([]);
    const memberHome = openPage('/', { member });
    expect(Object.keys(memberHome.calls)).toEqual(['/api/catalogue/home']);
    const login = openPage('/login');
    expect(login.early).toMatchObject({ url: '/api/user/checkIn' });
    await expect(login.early!.promise).resolves.toEqual({ captchaOnLogin: false });
  });

  it('the loader takes the call once, only for the same URL and language', () => {
    const scope = globalThis as { __fcEarly?: Record<string, EarlyCall> };
    scope.__fcEarly = { '/api/catalogue/detail?id=5': { url: '/api/catalogue/detail?id=5', lang: 'zh-cn', data: { id: 5 } } };
    expect(takeEarlyCall('/api/catalogue/detail?id=6', 'zh-cn')).toBeUndefined();
    expect(takeEarlyCall('/api/catalogue/detail?id=5', 'en')).toBeUndefined();
    expect(takeEarlyCall('/api/catalogue/detail?id=5', 'zh-cn')).toMatchObject({ data: { id: 5 } });
    expect(takeEarlyCall('/api/catalogue/detail?id=5', 'zh-cn')).toBeUndefined();
  });

  it('an arrived answer is the data; a running call is the first fetch; a failed one is asked again', async () => {
    const asked: string[] = [];
    const ask = async () => {
      asked.push('ask');
      return { id: 0 };
    };
    expect(earlyAnswer({ url: 'u', lang: 'en', data: { id: 1 } }, ask)).toEqual({ data: { id: 1 } });
    expect(earlyAnswer(undefined, ask)).toBeUndefined();
    const running = earlyAnswer({ url: 'u', lang: 'en', promise: Promise.resolve({ id: 2 }) }, ask);
    await expect(running && 'fetch' in running ? running.fetch() : undefined).resolves.toEqual({ id: 2 });
    const failed = earlyAnswer({ url: 'u', lang: 'en', promise: Promise.resolve(undefined) }, ask);
    await expect(failed && 'fetch' in failed ? failed.fetch() : undefined).resolves.toEqual({ id: 0 });
    expect(asked).toEqual(['ask']);
  });
});
