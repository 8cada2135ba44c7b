import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app.ts';
import { expectEnvelope, SECURITY_HEADERS } from './harness.ts';
import { serverDir } from './process.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
// Pages without search-engine metadata get the built shell byte for byte (unknown item included).
const PAGES = ['/about', '/admin/login', '/course/99999999', '/nope', '/admin/ajax/upload', '/user/loading/x?to=%2Fuser&y=1'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built web app as the web build leaves it, precompressed by the real script. */
function writeFixtureDist(dir: string) {
  const index = `<!doctype html><html><head><meta charset="utf-8"><title>Framecraft fixture</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="app"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
  const script = Array.from({ length: 300 }, (_, i) => `export const value${i} = "framecraft asset ${i}";`).join('\n');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), index);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(50)}</svg>`);
  writeFileSync(join(dir, 'humans.txt'), 'ok');
  execFileSync(process.execPath, [join(serverDir, '..', 'scripts', 'compress-dist.mjs'), dir]);
  return { index, script };
}

describe('navigation vs API split, and the built assets', () => {
  const dist = mkdtempSync(join(tmpdir(), 'fc-dist-'));
  const { index, script } = writeFixtureDist(dist);
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the build script writes gzip and brotli variants, only where they are smaller', () => {
    for (const file of ['index.html', 'assets/app-abc123.js', 'favicon.svg']) {
      const original = readFileSync(join(dist, file));
      expect(gunzipSync(readFileSync(join(dist, `${file}.gz`)))).toEqual(original);
      expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`)))).toEqual(original);
    }
    expect(existsSync(join(dist, 'humans.txt.gz'))).toBe(false);
    expect(existsSync(join(dist, 'humans.txt.br'))).toBe(false);
  });

  it.each(PAGES)('a browser navigation to %s gets the app shell, never cached', async (url) => {
    const res = await ctx.app.inject({ url, headers: { accept: BROWSER_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(index);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('the shell comes precompressed (Accept-Encoding %s → %s)', async (acceptEncoding, encoding) => {
    const res = await ctx.app.inject({ url: '/course/99999999', headers: { accept: BROWSER_ACCEPT, 'accept-encoding': acceptEncoding } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
    expect(decoded.toString()).toBe(index);
  });

  it('a page with metadata (home) gets the same shell with its title and tags in the head, compressed as well', async () => {
    const plain = await ctx.app.inject({ url: '/', headers: { accept: BROWSER_ACCEPT, 'accept-language': 'en' } });
    expect(plain.body).not.toBe(index);
    expect(plain.body).toMatch(/<title>Framecraft — [^<]+<\/title><meta name="description"/);
    expect(plain.body.replace(/<title>.*?<meta name="twitter:card" content="summary">/, '<title>Framecraft fixture</title>')).toBe(index);
    expect(plain.headers.vary).toMatch(/accept-language/i);
    const br = await ctx.app.inject({ url: '/', headers: { accept: BROWSER_ACCEPT, 'accept-language': 'en', 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('a HEAD navigation gets the shell headers without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/admin/login', headers: { accept: BROWSER_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('');
  });

  it.each(['/admin/login', '/course/3', '/nope', '/admin/ajax/nothing-here'])(
    'an API call (server header) to %s gets the API',
    async (url) => {
      const res = await ctx.app.inject({ url, headers: { accept: BROWSER_ACCEPT, server: 'true', 'think-lang': 'en' } });
      expectEnvelope(res, 404, `Error requesting address: ${url}`);
    },
  );

  it.each([{}, { accept: '*/*' }])('a tool that accepts anything (curl, %j) gets the page at page paths and the API at API paths', async (headers) => {
    for (const url of ['/', '/course/3', '/admin/login', '/user/my-orders', '/nope']) {
      const page = await ctx.app.inject({ url, headers });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    // A registered API path answers JSON; /api, assets, dotted names and calls with `server` stay API 404s.
    const health = await ctx.app.inject({ url: '/healthz', headers });
    expect(health.headers['content-type']).toMatch(/json/);
    for (const url of ['/api/nope', '/assets/gone.js', '/nope.php']) expectEnvelope(await ctx.app.inject({ url, headers: { ...headers, 'think-lang': 'en' } }), 404, `Error requesting address: ${url}`);
    expectEnvelope(await ctx.app.inject({ url: '/', headers: { ...headers, server: 'true', 'think-lang': 'en' } }), 404, 'Error requesting address: /');
  });

  it('only GET/HEAD requests that accept HTML are navigations', async () => {
    const json = await ctx.app.inject({ url: '/course/3', headers: { accept: 'application/json', 'think-lang': 'en' } });
    expectEnvelope(json, 404, 'Error requesting address: /course/3');
    const post = await ctx.app.inject({ method: 'POST', url: '/nope', headers: { accept: BROWSER_ACCEPT, 'think-lang': 'en' } });
    expectEnvelope(post, 404, 'Error requesting address: /nope');
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['', undefined],
  ])('hashed assets are immutable and precompressed (Accept-Encoding %j → %s)', async (acceptEncoding, encoding) => {
    const res = await ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': acceptEncoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers).toMatchObject(SECURITY_HEADERS);
    expect(res.headers['content-encoding']).toBe(encoding);
    // Caches must keep the variants apart.
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const decoded =
      encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
    expect(decoded.toString()).toBe(script);
  });

  it('a navigation to an asset path gets the asset, not the shell', async () => {
    const res = await ctx.app.inject({ url: '/favicon.svg', headers: { accept: BROWSER_ACCEPT, 'accept-encoding': 'br' } });
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-encoding']).toBe('br');
    // Not hashed, so it may change with the next build.
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('index.html fetched by name is not cached either', async () => {
    const res = await ctx.app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is an API 404', async () => {
    const res = await ctx.app.inject({ url: '/assets/app-gone00.js', headers: { accept: '*/*', 'think-lang': 'en' } });
    expectEnvelope(res, 404, 'Error requesting address: /assets/app-gone00.js');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/app-gone00.js' });
    expect(head.statusCode).toBe(404);
  });

  it('the built assets are served through one route, however many there are (decision 058)', () => {
    const urls = ctx.app.routeTable.filter((route) => route.method === 'GET').map((route) => route.url);
    expect(urls).toContain('/assets/*');
    expect(urls.filter((url) => url.startsWith('/assets/'))).toEqual(['/assets/*']);
    // The files beside index.html keep their own routes.
    expect(urls).toContain('/favicon.svg');
  });
});

describe('without a built web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('navigations still get a minimal shell with the mount point', async () => {
    const res = await ctx.app.inject({ url: '/course/3', headers: { accept: BROWSER_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="app"></div>');
  });
});
