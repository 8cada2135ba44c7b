import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { config } from '../../db/schema.ts';
import { summary } from './seo.ts';
import { SITEMAP_ITEMS_PER_FILE } from './sitemap.ts';
import { catalogueType, course } from './tables.ts';

describe('search engines and sharing: page metadata in the HTML shell, sitemap, robots', () => {
  let ctx: TestContext;
  let item: typeof course.$inferSelect;
  beforeAll(async () => {
    ctx = await createTestApp();
    item = (await ctx.database.db.select().from(course).where(and(eq(course.kind, 'course'), eq(course.status, 'on_sale'))).limit(1))[0]!;
  });
  afterAll(() => ctx.close());

  const navigate = async (url: string, language = 'zh-CN,zh;q=0.9', host = 'shop.test') => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': language, host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return res.body;
  };
  const meta = (html: string, name: string) => new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)">`).exec(html)?.[1];
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('puts the item title, description, canonical URL and cover into a detail page, in the browser language', async () => {
    const zh = await navigate(`/course/${item.id}`);
    expect(title(zh)).toBe(`${item.titleZh} — Framecraft`);
    expect(meta(zh, 'og:type')).toBe('product');
    expect(meta(zh, 'og:image')).toBe(`http://shop.test${item.cover}`);
    expect(meta(zh, 'description')!.length).toBeGreaterThan(10);
    expect(zh).toContain(`<link rel="canonical" href="http://shop.test/course/${item.id}">`);
    expect(zh).toContain('<html lang="zh-CN"');

    const en = await navigate(`/course2/${item.id}`, 'en-GB,en;q=0.8');
    expect(title(en)).toBe(`${item.titleEn} — Framecraft`);
    expect(en).toContain('<html lang="en"');
    // One address per item: the course layout, whichever path was asked for.
    expect(meta(en, 'og:url')).toBe(`http://shop.test/course/${item.id}`);
  });

  it('titles the home, list (by type or keyword) and VIP pages; unknown and off-sale items keep the plain shell', async () => {
    expect(title(await navigate('/', 'en'))).toMatch(/^Framecraft — /);
    expect(title(await navigate('/vip-pricing', 'en'))).toBe('VIP membership — Framecraft');
    const [type] = await ctx.database.db.select().from(catalogueType).limit(1);
    expect(title(await navigate(`/list?type=${type!.id}`, 'zh-CN'))).toBe(`${type!.nameZh} — Framecraft`);
    expect(title(await navigate('/list?keyword=%E8%B0%83%E8%89%B2', 'zh-CN'))).toBe('“调色”的搜索结果 — Framecraft');
    expect(title(await navigate('/course/99999999'))).toBe('Framecraft');
    await ctx.database.db.update(course).set({ status: 'off_sale' }).where(eq(course.id, item.id));
    try {
      // A minute's cache holds rendered shells: ask with another language to get a fresh one.
      expect(title(await navigate(`/course/${item.id}`, 'zh-TW'))).toBe('Framecraft');
    } finally {
      await ctx.database.db.update(course).set({ status: 'on_sale' }).where(eq(course.id, item.id));
    }
  });

  it('escapes what an admin typed, so a title cannot break out of the tag', async () => {
    await ctx.database.db.update(course).set({ titleEn: '"><script>alert(1)</script>' }).where(eq(course.id, item.id));
    try {
      const html = await navigate(`/course/${item.id}`, 'en-US');
      expect(html).not.toContain('<script>alert(1)');
      expect(title(html)).toBe('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; — Framecraft');
    } finally {
      await ctx.database.db.update(course).set({ titleEn: item.titleEn }).where(eq(course.id, item.id));
    }
  });

  it('uses the siteUrl setting for absolute links when it is set', async () => {
    await ctx.database.db.update(config).set({ value: 'https://www.example.com/' }).where(eq(config.name, 'siteUrl'));
    ctx.app.siteConfig.invalidate();
    try {
      const html = await navigate('/vip-pricing', 'en-AU');
      expect(html).toContain('<link rel="canonical" href="https://www.example.com/vip-pricing">');
      const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Sitemap: https://www.example.com/sitemap.xml');
    } finally {
      await ctx.database.db.update(config).set({ value: '' }).where(eq(config.name, 'siteUrl'));
      ctx.app.siteConfig.invalidate();
    }
  });

  it('lists the fixed pages and every on-sale item in sitemap.xml, even when a browser asks for it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { accept: 'text/html', host: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const [{ count }] = (await ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(course).where(eq(course.status, 'on_sale'))) as [{ count: number }];
    expect(locs).toHaveLength(3 + count);
    expect(locs.slice(0, 3)).toEqual(['http://shop.test/', 'http://shop.test/list', 'http://shop.test/vip-pricing']);
    expect(locs).toContain(`http://shop.test/course/${item.id}`);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(SITEMAP_ITEMS_PER_FILE).toBeLessThanOrEqual(50_000 - 3);

    await ctx.database.db.update(course).set({ status: 'off_sale' }).where(eq(course.id, item.id));
    try {
      const after = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(after.body).not.toContain(`/course/${item.id}<`);
    } finally {
      await ctx.database.db.update(course).set({ status: 'on_sale' }).where(eq(course.id, item.id));
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemap-items-0.xml' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemap-items-2.xml' })).statusCode).toBe(404);
  });

  it('keeps crawlers out of member, checkout and API paths, but lets them see cover art', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { accept: 'text/html', host: 'shop.test' } });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /user', 'Disallow: /api/', 'Allow: /api/catalogue/art/', 'Sitemap: http://shop.test/sitemap.xml']));
  });

  it('summarises descriptions as plain text near 160 characters', () => {
    expect(summary('<h2>Title</h2><p>One &amp; two<script>x()</script></p>')).toBe('Title One & two');
    const long = summary(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});
