import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { providerAnswer, providerRoute, type ProviderRequest } from './provider-routes.ts';

/**
 * Provider-facing routes (decision 025) on the real app: a notification in a provider's own format
 * reaches the handler byte for byte and is answered in that format, whatever goes wrong.
 */
describe('provider-facing routes', () => {
  let ctx: TestContext;
  let base: string;
  const seen: ProviderRequest[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(
      // A small global per-IP limit, to show provider routes are not counted by it.
      { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000', BODY_LIMIT_BYTES: '4096' },
      {
        beforeReady(app) {
          // Alipay style: form body, plain-text `success` / `fail`.
          providerRoute(
            app,
            { url: '/api/pay/notify/test-alipay', rateLimit: { max: 12, timeWindowMs: 60_000 }, onError: () => providerAnswer.text('fail') },
            async (input) => {
              seen.push(input);
              if (input.form?.trade_status === 'BOOM') throw new Error('handler failed');
              return providerAnswer.text(input.form?.sign === 'good' ? 'success' : 'fail');
            },
          );
          // WeChat Pay v3 style: JSON body, `{"code":"SUCCESS"}` / `{"code":"FAIL","message":…}`.
          providerRoute(
            app,
            { url: '/api/pay/notify/test-wechat', onError: (_error, status) => providerAnswer.json({ code: 'FAIL', message: `refused (${status})` }) },
            async (input) => {
              seen.push(input);
              return providerAnswer.json({ code: 'SUCCESS' });
            },
          );
        },
      },
    );
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const post = (path: string, body: string | Buffer, type?: string) =>
    fetch(`${base}${path}`, { method: 'POST', body, headers: type ? { 'content-type': type } : {} });

  it('takes a real form POST (no 415): exact raw bytes, decoded fields, its own plain-text answer', async () => {
    const body = 'out_trade_no=20261125001&subject=%E8%B0%83%E8%89%B2%E9%A2%84%E8%AE%BE+LUT&total_amount=19.90&sign=good&note=a%2Bb%3Dc%26d';
    const response = await post('/api/pay/notify/test-alipay', body, 'application/x-www-form-urlencoded; charset=utf-8');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('success');
    const input = seen.at(-1)!;
    expect(input.raw.equals(Buffer.from(body))).toBe(true);
    expect(input.mediaType).toBe('application/x-www-form-urlencoded');
    expect(input.form).toMatchObject({ out_trade_no: '20261125001', subject: '调色预设 LUT', total_amount: '19.90', note: 'a+b=c&d' });
  });

  it('decodes a GBK form by its declared charset while keeping the raw bytes', async () => {
    // "调色" in GBK, percent-encoded as Alipay does with charset=GBK.
    const body = Buffer.from('subject=%B5%F7%C9%AB&sign=good');
    const response = await post('/api/pay/notify/test-alipay', body, 'application/x-www-form-urlencoded; charset=GBK');
    expect(await response.text()).toBe('success');
    expect(seen.at(-1)!.form!.subject).toBe('调色');
    expect(seen.at(-1)!.raw.equals(body)).toBe(true);
  });

  it('takes JSON with non-ASCII text byte for byte (whitespace and key order kept) and answers its JSON', async () => {
    const body = Buffer.from('{ "id":"EV-1",\n  "summary" : "支付成功 ✓",  "resource":{"ciphertext":"x+/="} }\n', 'utf8');
    const response = await post('/api/pay/notify/test-wechat', body, 'application/json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ code: 'SUCCESS' });
    const input = seen.at(-1)!;
    expect(input.raw.equals(body)).toBe(true);
    expect(input.json).toMatchObject({ id: 'EV-1', summary: '支付成功 ✓' });
    // Broken JSON still reaches the handler as bytes (its signature check decides), never an envelope 400.
    const broken = await post('/api/pay/notify/test-wechat', '{"id":', 'application/json');
    expect(broken.status).toBe(200);
    expect(seen.at(-1)!.json).toBeUndefined();
    // XML (WeChat Pay v2) or no content type at all: bytes too.
    const xml = '<xml><return_code><![CDATA[SUCCESS]]></return_code></xml>';
    expect((await post('/api/pay/notify/test-wechat', xml, 'text/xml')).status).toBe(200);
    expect(seen.at(-1)!.text).toBe(xml);
  });

  it('answers errors in the caller\'s format: a failing handler, a body over the limit', async () => {
    const failed = await post('/api/pay/notify/test-alipay', 'trade_status=BOOM', 'application/x-www-form-urlencoded');
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe('fail');
    const big = await post('/api/pay/notify/test-wechat', JSON.stringify({ pad: 'x'.repeat(5000) }), 'application/json');
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 'FAIL', message: 'refused (413)' });
  });

  it('is not counted by the global per-IP limit, but by its own', async () => {
    // The global limit (5 a minute here) is spent by ordinary calls…
    for (let i = 0; i < 6; i++) await fetch(`${base}/api/index/index`, { headers: { server: 'true' } });
    const limited = await fetch(`${base}/api/index/index`, { headers: { server: 'true' } });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: number }).code).toBe(0);
    // …while the provider route still answers, up to its own limit (12 a minute, 3 used above)…
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await post('/api/pay/notify/test-alipay', 'sign=good', 'application/x-www-form-urlencoded')).status);
    expect(answers.filter((s) => s === 200).length).toBe(9);
    expect(answers.slice(9)).toEqual([429]);
    // …and past it answers 429 in its own format, not the envelope.
    const over = await post('/api/pay/notify/test-alipay', 'sign=good', 'application/x-www-form-urlencoded');
    expect(over.status).toBe(429);
    expect(await over.text()).toBe('fail');
  });

  it('leaves the rest of the API as it was: a form POST elsewhere is still an envelope 415', async () => {
    const response = await fetch(`${base}/api/user/checkIn`, { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', server: 'true', 'think-lang': 'en' } });
    // (The global limit is spent by now: 429 envelope; both are envelopes, never the provider format.)
    expect([415, 429]).toContain(response.status);
    expect(((await response.json()) as { code: number }).code).toBe(0);
  });
});
