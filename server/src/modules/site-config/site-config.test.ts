import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { config } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';

const siteNameOf = async (ctx: TestContext) =>
  (await ctx.app.inject({ url: '/api/index/index', headers: { server: 'true' } })).json().data.site.siteName;

/** A write behind the service's back: the cache does not know about it. */
const writeDirectly = (ctx: TestContext, name: string, value: unknown) =>
  ctx.database.db.update(config).set({ value }).where(eq(config.name, name));

describe('site config', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('serves settings from its cache and drops the cache on change', async () => {
    expect(await siteNameOf(ctx)).toBe('Framecraft');
    await writeDirectly(ctx, 'siteName', 'Written behind the cache');
    expect(await siteNameOf(ctx)).toBe('Framecraft');
    await ctx.app.siteConfig.set({ siteName: 'Studio Frames' });
    expect(await siteNameOf(ctx)).toBe('Studio Frames');
    await writeDirectly(ctx, 'siteName', 'Edited in the back office');
    await ctx.app.siteConfig.changed();
    expect(await siteNameOf(ctx)).toBe('Edited in the back office');
  });

  it('refuses to set a setting that does not exist, changing nothing', async () => {
    await ctx.app.siteConfig.set({ version: '1.0.0' });
    await expect(ctx.app.siteConfig.set({ version: '2.0.0', noSuchSetting: 1 })).rejects.toThrow('Unknown setting');
    expect(await ctx.app.siteConfig.get('version')).toBe('1.0.0');
  });

  it.skipIf(!process.env.REDIS_URL)('drops the cache of every instance through Redis', async () => {
    const second = await createTestApp({}, { shareWith: ctx });
    try {
      await ctx.app.siteConfig.set({ siteName: 'Before' });
      expect(await siteNameOf(second)).toBe('Before');
      // Proof that the second instance answers from its cache…
      await writeDirectly(ctx, 'siteName', 'Behind both caches');
      expect(await siteNameOf(second)).toBe('Before');
      // …until the first instance announces a change.
      await ctx.app.siteConfig.set({ siteName: 'After' });
      await vi.waitFor(async () => expect(await siteNameOf(second)).toBe('After'), { timeout: 5_000, interval: 20 });
    } finally {
      await second.close();
    }
  });
});

describe('GET /api/index/content', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const content = (query: string, lang?: string) =>
    ctx.app.inject({ url: `/api/index/content${query}`, headers: { server: 'true', ...(lang ? { 'think-lang': lang } : {}) } });

  const titles = {
    about: ['关于我们', 'About Us'],
    userAgreement: ['用户协议', 'User Agreement'],
    privacyPolicy: ['隐私政策', 'Privacy Policy'],
    agreement: ['支付结算协议', 'Payment and Settlement Agreement'],
    topupAgreement: ['充值协议', 'Top-up Agreement'],
  } as const;

  it('answers every page in Chinese by default and in English on request', async () => {
    for (const [name, [zh, en]] of Object.entries(titles)) {
      const chinese = (await content(`?name=${name}`)).json();
      expect(chinese).toMatchObject({ code: 1, data: { title: zh } });
      expect(chinese.data.content).toMatch(/<p>[^<]*[\u4e00-\u9fff]/);
      expect(chinese.data.content.match(/<p>/g).length).toBeGreaterThanOrEqual(3);
      const english = (await content(`?name=${name}`, 'en')).json();
      expect(english).toMatchObject({ code: 1, data: { title: en } });
      expect(english.data.content).toContain('Framecraft');
      expect(english.data.content).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('serves what the site settings hold', async () => {
    const edited = {
      'zh-cn': { title: '关于本店', content: '<p>新的介绍</p>' },
      en: { title: 'About the shop', content: '<p>New text</p>' },
    };
    await ctx.app.siteConfig.set({ about: edited });
    expect((await content('?name=about', 'en')).json().data).toEqual(edited.en);
    expect((await content('?name=about')).json().data).toEqual(edited['zh-cn']);
  });

  it('refuses an unknown or missing page name with a translated validation message', async () => {
    const english = (await content('?name=secrets', 'en')).json();
    expect(english).toMatchObject({ code: 0, data: { errors: { name: expect.stringContaining('Must be one of') } } });
    expect(english.msg).toContain('userAgreement');
    const chinese = (await content('?name=secrets')).json();
    expect(chinese).toMatchObject({ code: 0, msg: expect.stringContaining('只能是以下值之一') });
    const missing = (await content('', 'en')).json();
    expect(missing).toMatchObject({ code: 0, data: { errors: { name: missing.msg } } });
  });
});
