import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestContext } from '../app.ts';
import { expectEnvelope } from './harness.ts';

const MAX = 3;
const api = { server: 'true' };

describe('rate limiting per IP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '60000' });
  });
  afterAll(() => ctx.close());

  it('answers 429 with the translated envelope once the limit is used up; probes stay exempt', async () => {
    // Every kind of request counts: API calls, unknown routes, page navigations.
    const first = await ctx.app.inject({ url: '/api/nope', headers: api });
    expect(first.statusCode).toBe(404);
    expect(first.headers['x-ratelimit-remaining']).toBe(String(MAX - 1));
    await ctx.app.inject({ url: '/course/3', headers: { accept: 'text/html' } });
    await ctx.app.inject({ url: '/healthz', headers: api }); // exempt: not counted
    const last = await ctx.app.inject({ url: '/api/nope', headers: api });
    expect(last.statusCode).toBe(404);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');

    for (const [lang, text] of [
      ['en', (s: string) => `Too many requests, please try again in ${s} seconds`],
      ['zh-cn', (s: string) => `请求过于频繁，请 ${s} 秒后再试`],
    ] as const) {
      const limited = await ctx.app.inject({ method: 'POST', url: '/api/common/refreshToken', headers: { ...api, 'think-lang': lang } });
      const seconds = limited.headers['retry-after'] as string;
      expect(Number(seconds)).toBeGreaterThan(0);
      expect(Number(seconds)).toBeLessThanOrEqual(60);
      expectEnvelope(limited, 429, text(seconds));
    }
    const page = await ctx.app.inject({ url: '/course/3', headers: { accept: 'text/html', 'think-lang': 'en' } });
    expect(page.statusCode).toBe(429);

    for (const url of ['/healthz', '/readyz', '/healthz?probe=1']) {
      const probe = await ctx.app.inject({ url, headers: api });
      expect(probe.statusCode, url).toBe(200);
      expect(probe.json()).toMatchObject({ code: 1 });
    }
  });

  it('counts per client address', async () => {
    const other = await ctx.app.inject({ url: '/api/nope', headers: api, remoteAddress: '10.9.8.7' });
    expect(other.statusCode).toBe(404);
  });

  it.runIf(process.env.REDIS_URL)('shares the counters between instances through Redis', async () => {
    const second = await buildApp(ctx.app.deps);
    await second.ready();
    try {
      // The first instance used up 127.0.0.1's allowance above; the second one knows it.
      const res = await second.inject({ url: '/api/nope', headers: { ...api, 'think-lang': 'en' } });
      expect(res.statusCode).toBe(429);
      const keys = await ctx.app.deps.redis!.keys(`${ctx.env.REDIS_PREFIX}rl:*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
