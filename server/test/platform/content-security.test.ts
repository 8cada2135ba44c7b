import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app.ts';
import { serverDir } from './process.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const THEME = `(function(){document.documentElement.dataset.fixture="1"})()`;

/** Issue 15 item 10 (decision 029): CSP with the inline script's hash, Permissions-Policy, HSTS over https. */
describe('content security policy of the pages', () => {
  const dist = mkdtempSync(join(tmpdir(), 'fc-csp-'));
  let ctx: TestContext;
  beforeAll(async () => {
    const index = `<!doctype html><html><head><meta charset="utf-8"><title>Framecraft</title><script>${THEME}</script><script type="module" src="/assets/app.js"></script></head><body><div id="app"></div>${'<!-- padding -->'.repeat(60)}</body></html>`;
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), index);
    writeFileSync(join(dist, 'assets', 'app.js'), 'export {};');
    execFileSync(process.execPath, [join(serverDir, '..', 'scripts', 'compress-dist.mjs'), dist]);
    ctx = await createTestApp(
      { WEB_DIST_DIR: dist, TRUST_PROXY: '1' },
      {
        beforeReady(app) {
          // A payment provider registers the page it posts to; a keyword would loosen the policy and is ignored.
          app.contentSecurity.add(() => ({ 'form-action': ['https://openapi.alipay.com'], 'script-src': ["'unsafe-eval'", 'https://js.stripe.com'] }));
        },
      },
    );
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (headers: Record<string, string> = {}) => ctx.app.inject({ url: '/login', headers: { accept: BROWSER_ACCEPT, ...headers } });
  const directives = (header: unknown) => Object.fromEntries(String(header).split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('allows only our scripts and the inline theme script by its hash, for plain and precompressed shells', async () => {
    const hash = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;
    for (const encoding of ['identity', 'gzip', 'br']) {
      const res = await page({ 'accept-encoding': encoding });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", hash, 'https://js.stripe.com']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'", 'https://openapi.alipay.com']);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('follows the settings: CDN, Qiniu upload hosts (region or override) and domain', async () => {
    await ctx.app.siteConfig.set({ cdnUrl: 'https://cdn.shop.test/files', uploadMode: 'qiniu', qiniuDomain: 'media.shop.test', qiniuUpHost: '' });
    let csp = directives((await page()).headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://*.qiniup.com', 'https://*.qbox.me', 'https://*.qiniuapi.com', 'https://media.shop.test']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.shop.test', 'https://media.shop.test']);
    await ctx.app.siteConfig.set({ qiniuUpHost: 'http://127.0.0.1:9001,http://127.0.0.1:9002' });
    csp = directives((await page()).headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9001', 'http://127.0.0.1:9002', 'https://media.shop.test']);
    await ctx.app.siteConfig.set({ cdnUrl: '', uploadMode: 'local', qiniuDomain: '', qiniuUpHost: '' });
  });

  it('lets the page fetch icons from the icon API hosts only when set (decision 046)', async () => {
    await ctx.app.siteConfig.set({ iconApiHost: 'http://127.0.0.1:9301, http://127.0.0.1:9302/api' });
    const csp = directives((await page()).headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9301', 'http://127.0.0.1:9302']);
    await ctx.app.siteConfig.set({ iconApiHost: '' });
    expect(directives((await page()).headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
  });

  it('sends HSTS only over https (x-forwarded-proto behind a trusted proxy)', async () => {
    expect((await page()).headers['strict-transport-security']).toBeUndefined();
    expect((await page({ 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await ctx.app.inject({ url: '/api/index/index', headers: { server: 'true', 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});
