import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { answerEncoding, COMPRESS_THRESHOLD_BYTES } from './compression.ts';

/** Issue 21: API answers over ~1 KB travel compressed (br or gzip by accept-encoding). */
describe('compressed answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const home = (acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/catalogue/home', headers: { server: '1', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('sends gzip to a browser (gzip first on a tie), brotli when the client prefers it, and the same JSON either way', async () => {
    const plain = await home('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const browser = await home('gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(browser.rawPayload).toString('utf8')).data).toEqual(plain.json().data);

    const br = await home('br;q=1, gzip;q=0.8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')).data).toEqual(plain.json().data);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await home('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).data).toEqual(plain.json().data);
  });

  it('answerEncoding chooses as the plugin does (cached answers keep copies in its choice)', async () => {
    const headers = ['gzip, deflate, br', 'br', 'gzip', 'br;q=1, gzip;q=0.5', 'gzip;q=0, br', 'br;q=0, gzip', '*', 'identity', 'deflate', 'x-gzip', 'br;q=0.2, *;q=0.9', 'GZIP;Q=0.5, BR'];
    for (const header of headers) {
      const answer = await home(header);
      expect([header, answerEncoding({ 'accept-encoding': header })]).toEqual([header, answer.headers['content-encoding']]);
    }
  });

  it('leaves small answers as they are', async () => {
    const small = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('reads a gzip-encoded request body, and answers a broken one with an envelope, not a 500', async () => {
    const body = JSON.stringify({ username: 'nobody-here', password: 'Wrong123456' });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      headers: { server: '1', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect(ok.statusCode).toBeLessThan(500);
    expect(ok.json()).toHaveProperty('code');

    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/checkIn',
      headers: { server: '1', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from('not gzip at all'),
    });
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.json()).toMatchObject({ code: 0 });
  });
});
