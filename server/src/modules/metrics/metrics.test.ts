import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';

/** Issue 22 item 1: Prometheus metrics of requests, the database pool, the job queue and the process. */
describe('GET /metrics', () => {
  let ctx: TestContext;
  let guarded: TestContext;
  const TOKEN = 'scrape-token-0123456789';
  beforeAll(async () => {
    ctx = await createTestApp();
    guarded = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await ctx.close();
    await guarded.close();
  });

  const scrape = async (app: TestContext, authorization?: string) =>
    app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  const valueOf = (text: string, line: RegExp) => Number(text.split('\n').find((l) => line.test(l))?.split(' ').at(-1) ?? NaN);

  it('counts requests by route pattern and status, with latency histograms', async () => {
    await ctx.app.inject({ method: 'GET', url: '/healthz' });
    await ctx.app.inject({ method: 'GET', url: '/api/catalogue/detail?id=1', headers: { server: 'true' } });
    await ctx.app.inject({ method: 'GET', url: '/api/catalogue/detail?id=999999', headers: { server: 'true' } });
    const answer = await scrape(ctx);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(valueOf(text, /^framecraft_http_requests_total\{.*route="\/healthz".*status="200"/)).toBeGreaterThanOrEqual(1);
    // One series per route pattern, never per URL.
    expect(text).toContain('route="/api/catalogue/detail"');
    expect(text).not.toContain('id=999999');
    expect(valueOf(text, /^framecraft_http_request_duration_seconds_count\{.*route="\/api\/catalogue\/detail"/)).toBeGreaterThanOrEqual(2);
  });

  it('reports the database connections, the job queue depth and the event-loop lag', async () => {
    ctx.app.jobs.define('metrics.test.later', async () => {});
    await ctx.app.jobs.enqueue('metrics.test.later', {}, { runAt: new Date(Date.now() + 3_600_000) });
    const text = (await scrape(ctx)).body;
    expect(valueOf(text, /^framecraft_db_pool_connections\{.*state="total"/)).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, /^framecraft_jobs\{.*state="queued"/)).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^framecraft_nodejs_eventloop_lag_seconds\{/m);
  });

  it('with a token set, answers only a scraper that sends it', async () => {
    expect((await scrape(guarded)).statusCode).toBe(401);
    expect((await scrape(guarded, 'Bearer wrong-token-0123456789')).statusCode).toBe(401);
    expect((await scrape(guarded, `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });
});
