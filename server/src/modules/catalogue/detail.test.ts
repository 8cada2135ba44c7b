import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { chapter, collect, course, courseFile, courseViews, lesson, notice } from './tables.ts';
import { catalogueClient } from './test-kit.ts';

describe('catalogue detail, home and VIP tiers', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof catalogueClient>;
  let courseItem: typeof course.$inferSelect;
  let materialItem: typeof course.$inferSelect;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = catalogueClient(ctx);
    const db = ctx.database.db;
    const firstOf = async (kind: string) => (await db.select().from(course).where(and(eq(course.kind, kind), eq(course.status, 'on_sale'))).limit(1))[0]!;
    courseItem = await firstOf('course');
    materialItem = await firstOf('material');
    // Every lesson has a video here, so a leak of a non-preview one would show.
    await db.update(lesson).set({ video: '/storage/lesson-video.mp4' });
  });
  afterAll(() => ctx.close());

  const detail = (id: number | string, options: { token?: string; lang?: string } = {}) =>
    api.call('GET', `/api/catalogue/detail?id=${id}`, options);

  it('shows a course with its syllabus; only free-preview lessons carry a video, and no file has a URL', async () => {
    const answer = await detail(courseItem.id);
    expect(answer.code).toBe(1);
    const data = answer.data as {
      title: string; chapters: { lessons: { freePreview: boolean; video: string | null }[] }[]; files: object[];
      collected: boolean; owned: boolean; vipCovered: boolean; related: { id: number }[]; type: { layout: string };
    };
    expect(data.title).toBe(courseItem.titleEn);
    expect(data.type.layout).toBe('course');
    const chapters = await ctx.database.db.select().from(chapter).where(eq(chapter.courseId, courseItem.id));
    expect(data.chapters.length).toBe(chapters.length);
    const lessons = data.chapters.flatMap((c) => c.lessons);
    expect(lessons.some((l) => l.freePreview)).toBe(true);
    expect(lessons.some((l) => !l.freePreview)).toBe(true);
    for (const l of lessons) expect(l.video).toBe(l.freePreview ? '/storage/lesson-video.mp4' : null);
    expect(data.files.length).toBeGreaterThan(0);
    for (const file of data.files) expect(Object.keys(file).sort()).toEqual(['format', 'id', 'name', 'size']);
    expect(data).toMatchObject({ collected: false, owned: false, vipCovered: false });
    expect(data.related.length).toBeGreaterThan(0);
    expect(data.related.map((r) => r.id)).not.toContain(courseItem.id);
  });

  it('never leaks a stored file URL or the search text anywhere in a material detail', async () => {
    const files = await ctx.database.db.select().from(courseFile).where(eq(courseFile.courseId, materialItem.id));
    const text = JSON.stringify((await detail(materialItem.id, { lang: 'zh-cn' })).data);
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      // Where the file lives (decision 024) is for signed links only.
      expect(file.objectKey).not.toBe('');
      expect(text).not.toContain(file.objectKey);
      if (file.url) expect(text).not.toContain(file.url);
    }
    expect(text).not.toContain('local_private');
    expect(text).not.toContain('searchText');
    expect(text).toContain(materialItem.titleZh);
  });

  it('counts a view per detail request without writing in the request; the counter writes them in one batch', async () => {
    const read = async () => (await ctx.database.db.select().from(courseViews).where(eq(courseViews.courseId, materialItem.id)))[0]?.views ?? 0;
    await ctx.app.catalogueViews.flush();
    const before = await read();
    const answers = await Promise.all(Array.from({ length: 5 }, () => detail(materialItem.id)));
    // The answers count the views the database does not have yet.
    expect(answers.map((a) => (a.data as { views: number }).views).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((n) => before + n));
    expect(await read()).toBe(before);
    // The item's own row is not written (decision 070): its row version stays the same.
    const rowVersion = async () =>
      (await rowsOf<{ xmin: string }>(ctx.database.db.execute(sql`select xmin::text from ${course} where ${course.id} = ${materialItem.id}`)))[0]!.xmin;
    const itemRow = await rowVersion();
    await ctx.app.catalogueViews.flush();
    expect(await read()).toBe(before + 5);
    expect(ctx.app.catalogueViews.pendingFor(materialItem.id)).toBe(0);
    expect(await rowVersion()).toBe(itemRow);
  });

  it('sanitises the description: an image without a safe source is dropped whole (decision 051)', async () => {
    const db = ctx.database.db;
    await db
      .update(course)
      .set({ descriptionEn: '<p onclick="steal()">Hi<script>alert(1)</script><img src="javascript:alert(1)"><img src="/storage/a.png" alt="a"><a href="https://x.test">x</a></p>' })
      .where(eq(course.id, materialItem.id));
    const { description } = (await detail(materialItem.id)).data as { description: string };
    expect(description).toBe('<p>Hi<img src="/storage/a.png" alt="a" /><a href="https://x.test">x</a></p>');
  });

  it('answers a translated not-found for unknown, draft and off-sale items, and validates the id', async () => {
    const db = ctx.database.db;
    const [draft] = await db.insert(course).values({ kind: 'material', typeId: 1, titleZh: '草稿', status: 'draft' }).returning();
    const [off] = await db.insert(course).values({ kind: 'material', typeId: 1, titleZh: '下架', status: 'off_sale' }).returning();
    for (const id of [999_999, draft!.id, off!.id]) {
      expect(await detail(id)).toMatchObject({ code: 0, msg: 'The item does not exist or is no longer on sale' });
      expect(await detail(id, { lang: 'zh-cn' })).toMatchObject({ code: 0, msg: '该商品不存在或已下架' });
    }
    expect(await detail('abc')).toMatchObject({ code: 0, msg: 'Must be a number' });
    expect((await api.call('GET', '/api/catalogue/detail')).code).toBe(0);
  });

  it('sets collected and vipCovered for a member whose VIP level covers the item', async () => {
    const db = ctx.database.db;
    await db.update(course).set({ vipFreeLevel: 2 }).where(eq(course.id, courseItem.id));
    const gold = await api.member({ vipLevel: 2, vipDate: new Date(Date.now() + 86_400_000) });
    const lapsed = await api.member({ vipLevel: 3, vipDate: new Date(Date.now() - 1000) });
    const basic = await api.member({ vipLevel: 1 });
    await db.insert(collect).values({ userId: gold.row.id, courseId: courseItem.id });
    expect((await detail(courseItem.id, { token: gold.token })).data).toMatchObject({ collected: true, vipCovered: true, owned: false });
    expect((await detail(courseItem.id, { token: lapsed.token })).data).toMatchObject({ collected: false, vipCovered: false });
    expect((await detail(courseItem.id, { token: basic.token })).data).toMatchObject({ vipCovered: false });
  });

  it('serves home sections and VIP tiers in the request language', async () => {
    const home = (await api.call('GET', '/api/catalogue/home', { lang: 'zh-cn' })).data as {
      banner: unknown[]; notices: { title: string }[]; latest: unknown[]; popular: unknown[];
      shelves: { type: { name: string }; items: unknown[] }[]; vipTiers: { name: string }[];
    };
    expect(home.latest.length).toBe(8);
    expect(home.popular.length).toBe(8);
    expect(home.notices.length).toBeGreaterThan(0);
    expect(home.shelves.length).toBeGreaterThanOrEqual(8);
    expect(home.shelves[0]!.type.name).toBe('短剧素材');
    expect(home.vipTiers.map((t) => t.name)).toEqual(['月度会员', '年度会员', '终身会员']);
    const tiers = (await api.call('GET', '/api/vip/tiers')).data as { list: { name: string; days: number; price: number; benefits: string[] }[] };
    expect(tiers.list.map((t) => t.name)).toEqual(['Monthly', 'Annual', 'Lifetime']);
    expect(tiers.list[2]).toMatchObject({ days: 0, price: 69900 });
    expect(tiers.list[0]!.benefits[0]).toMatch(/at no cost/);
  });

  it('fills each home shelf with the newest items of its type and the types below it, as the list filtered by that type does', async () => {
    const home = (await api.call('GET', '/api/catalogue/home', { lang: 'en' })).data as {
      latest: { id: number }[]; popular: { id: number }[]; shelves: { type: { id: number; name: string }; items: { id: number }[] }[];
    };
    const firstOf = async (query: string) => (await api.list(`${query}&limit=8`)).list.map((card) => card.id);
    expect(home.latest.map((card) => card.id)).toEqual(await firstOf('sort=newest'));
    expect(home.popular.map((card) => card.id)).toEqual(await firstOf('sort=popular'));
    const withSubTypes = home.shelves.find((shelf) => shelf.type.name === 'Short-drama footage');
    expect(withSubTypes).toBeDefined();
    for (const shelf of home.shelves) expect([shelf.type.name, shelf.items.map((card) => card.id)]).toEqual([shelf.type.name, await firstOf(`type=${shelf.type.id}&sort=newest`)]);
  });

  it('shows a published notice, sanitised, and not-found for a hidden one', async () => {
    const db = ctx.database.db;
    const [shown] = await db.insert(notice).values({ titleZh: '维护通知', titleEn: 'Maintenance', contentEn: '<p>Tonight<script>x()</script></p>' }).returning();
    const [hidden] = await db.insert(notice).values({ titleZh: '草稿公告', status: 0 }).returning();
    expect((await api.call('GET', `/api/catalogue/notice?id=${shown!.id}`)).data).toMatchObject({ title: 'Maintenance', content: '<p>Tonight</p>' });
    expect(await api.call('GET', `/api/catalogue/notice?id=${hidden!.id}`, { lang: 'zh-cn' })).toMatchObject({ code: 0, msg: '公告不存在' });
  });

  it('lists filters (type tree and tags) and serves generated artwork', async () => {
    const filters = (await api.call('GET', '/api/catalogue/filters')).data as { types: { name: string; children: unknown[] }[]; tags: unknown[] };
    expect(filters.types.find((t) => t.name === 'Short-drama footage')!.children.length).toBe(2);
    expect(filters.tags.length).toBeGreaterThan(5);
    const art = await ctx.app.inject({ url: '/api/catalogue/art/12.svg' });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(art.body).toMatch(/^<svg /);
    const unknown = await ctx.app.inject({ url: '/api/catalogue/nothing-here' });
    for (const url of ['/api/catalogue/art/..%2Fx.svg', '/api/catalogue/art/abc.svg']) {
      const refused = await ctx.app.inject({ url });
      expect([refused.statusCode, refused.headers['content-type']]).toEqual([unknown.statusCode, unknown.headers['content-type']]);
    }
  });
});
