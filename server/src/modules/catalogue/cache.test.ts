import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { course } from './tables.ts';

describe('public catalogue answers are reused for a few seconds', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CATALOGUE_CACHE_TTL_MS: '60000' });
  });
  afterAll(() => ctx.close());

  const list = async (lang = 'en', query = 'sort=newest&limit=5') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/catalogue/list?${query}`, headers: { server: 'true', 'think-lang': lang } });
    return { status: res.statusCode, type: res.headers['content-type'], body: res.json() as { code: number; msg: string; time: number; data: { list: { id: number; title: string }[] } } };
  };

  it('answers a repeated list from the cache until the catalogue is invalidated, per language', async () => {
    const first = await list();
    expect(first.body.code).toBe(1);
    expect(first.type).toMatch(/^application\/json/);
    const top = first.body.data.list[0]!;
    await ctx.database.db.update(course).set({ titleEn: 'Renamed while cached' }).where(eq(course.id, top.id));

    const again = await list();
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body).toMatchObject({ code: 1, msg: '' });
    expect(Math.abs(again.body.time - Date.now() / 1000)).toBeLessThan(5);

    // The Chinese answer is its own entry; the English one changes once the catalogue is invalidated.
    expect((await list('zh-cn')).body.data.list[0]!.title).not.toBe('Renamed while cached');
    ctx.app.invalidateCatalogue();
    expect((await list()).body.data.list[0]!.title).toBe('Renamed while cached');
  });

  it.runIf(process.env.REDIS_URL)('an edit invalidated on one instance clears the cache of every instance at once', async () => {
    const second = await createTestApp({ CATALOGUE_CACHE_TTL_MS: '60000' }, { shareWith: ctx });
    try {
      const listOn = async (app: TestContext) =>
        (await app.app.inject({ method: 'GET', url: '/api/catalogue/list?sort=newest&limit=5', headers: { server: 'true', 'think-lang': 'en' } })).json() as { data: { list: { id: number; title: string }[] } };
      const top = (await listOn(second)).data.list[0]!;
      await ctx.database.db.update(course).set({ titleEn: 'Renamed on the first instance' }).where(eq(course.id, top.id));
      expect((await listOn(second)).data.list[0]!.title).toBe(top.title);
      ctx.app.invalidateCatalogue();
      await vi.waitFor(async () => expect((await listOn(second)).data.list[0]!.title).toBe('Renamed on the first instance'), { timeout: 5_000, interval: 20 });
    } finally {
      await second.close();
    }
  });

  it('keeps the compressed copies of a cached answer: the same bytes within a second, the same JSON as uncompressed', async () => {
    const get = (encoding: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/catalogue/home', headers: { server: 'true', 'think-lang': 'en', 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const [first, second] = [await get(encoding === 'br' ? 'br, gzip;q=0.5' : 'gzip, deflate, br'), await get(encoding)];
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      const [a, b] = [JSON.parse(decode(first.rawPayload).toString('utf8')), JSON.parse(decode(second.rawPayload).toString('utf8'))];
      expect(a.data).toEqual(plain.json().data);
      // Within one second (the envelope's time) the copy is reused as it is.
      if (a.time === b.time) expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(b.data).toEqual(a.data);
    }
    // A client refusing brotli gets gzip.
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('never caches a refused query', async () => {
    for (let i = 0; i < 2; i++) {
      const bad = await list('en', 'sort=random');
      expect(bad.body.code).toBe(0);
      expect(bad.body.msg).not.toBe('');
    }
  });

  it('keeps an item\'s detail per language until that item is invalidated; the member\'s part and the views stay live', async () => {
    const detail = async (id: number, lang = 'en') =>
      (await ctx.app.inject({ method: 'GET', url: `/api/catalogue/detail?id=${id}`, headers: { server: 'true', 'think-lang': lang } })).json() as {
        code: number;
        data: { title: string; views: number; collected: boolean };
      };
    const [a, b] = await ctx.database.db.select().from(course).where(eq(course.status, 'on_sale')).limit(2);
    const first = await detail(a!.id);
    await ctx.database.db.update(course).set({ titleEn: 'Item A renamed' }).where(eq(course.id, a!.id));
    await ctx.database.db.update(course).set({ titleEn: 'Item B renamed' }).where(eq(course.id, b!.id));
    const cached = await detail(a!.id);
    expect(cached.data.title).toBe(first.data.title);
    expect(cached.data.views).toBe(first.data.views + 1);
    expect((await detail(b!.id)).data.title).toBe('Item B renamed'); // never cached before the edit

    ctx.app.invalidateCatalogueItem(a!.id);
    expect((await detail(a!.id)).data.title).toBe('Item A renamed');
    expect((await detail(a!.id, 'zh-cn')).code).toBe(1);
  });
});
