import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { searchTextOf } from './service.ts';
import { catalogueType, course, courseTag, tag } from './tables.ts';
import { catalogueClient } from './test-kit.ts';

type CourseRow = typeof course.$inferSelect;

describe('catalogue list', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof catalogueClient>;
  let onSale: CourseRow[];
  beforeAll(async () => {
    ctx = await createTestApp();
    api = catalogueClient(ctx);
    const db = ctx.database.db;
    // Items that must never show: a draft and an off-sale one.
    await db.insert(course).values([
      { kind: 'material', typeId: 1, titleZh: '草稿', titleEn: 'Draft item', status: 'draft', searchText: 'draft item' },
      { kind: 'material', typeId: 1, titleZh: '已下架', titleEn: 'Withdrawn item', status: 'off_sale', searchText: 'withdrawn item' },
    ]);
    onSale = await db.select().from(course).where(eq(course.status, 'on_sale'));
  });
  afterAll(() => ctx.close());

  /** Every page of a query, with the snapshot of the first. */
  async function all(query: string) {
    const first = await api.list(`${query}&limit=50`);
    const items = [...first.list];
    for (let page = 2, more = first.hasMore; more; page++) {
      const next = await api.list(`${query}&limit=50&page=${page}&snapshot=${first.snapshot}`);
      items.push(...next.list);
      more = next.hasMore;
    }
    return items;
  }

  it('lists the seeded on-sale catalogue, newest first, and never drafts or off-sale items', async () => {
    expect(onSale.length).toBeGreaterThanOrEqual(80);
    const items = await all('sort=newest');
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(onSale.map((i) => i.id).sort((a, b) => a - b));
    const expected = [...onSale].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((i) => i.id);
    expect(items.map((i) => i.id)).toEqual(expected);
    expect(Object.keys(items[0]!)).not.toContain('searchText');
    expect(JSON.stringify(items)).not.toMatch(/description|url/i);
  });

  it.each([
    ['popular', (a: CourseRow, b: CourseRow) => b.sales - a.sales || b.id - a.id],
    ['priceAsc', (a: CourseRow, b: CourseRow) => a.price - b.price || a.id - b.id],
    ['priceDesc', (a: CourseRow, b: CourseRow) => b.price - a.price || b.id - a.id],
  ] as const)('sorts by %s with a stable tie-break', async (sort, compare) => {
    const items = await all(`sort=${sort}`);
    expect(items.map((i) => i.id)).toEqual([...onSale].sort(compare).map((i) => i.id));
  });

  it('filters by type including its descendants', async () => {
    const types = await ctx.database.db.select().from(catalogueType);
    const parent = types.find((t) => t.nameEn === 'Short-drama footage')!;
    const children = types.filter((t) => t.pid === parent.id).map((t) => t.id);
    expect(children.length).toBe(2);
    // Cards carry only what a card shows (issue 21): the type is looked up from the rows.
    const typeOf = new Map(onSale.map((i) => [i.id, i.typeId]));
    const items = await all(`type=${parent.id}`);
    expect(items.length).toBe(onSale.filter((i) => children.includes(i.typeId)).length);
    expect(items.every((i) => children.includes(typeOf.get(i.id)!))).toBe(true);
    const child = await all(`type=${children[0]}`);
    expect(child.length).toBeGreaterThan(0);
    expect(child.every((i) => typeOf.get(i.id) === children[0])).toBe(true);
    expect((await api.list('type=999999')).list).toEqual([]);
  });

  it('pages by number through a type with sub-types in the same order as one long page (each type is read past the offset)', async () => {
    const types = await ctx.database.db.select().from(catalogueType);
    const parent = types.find((t) => t.nameEn === 'Short-drama footage')!;
    const whole = (await api.list(`type=${parent.id}&sort=newest&limit=50`)).list.map((i) => i.id);
    expect(whole.length).toBeGreaterThan(10);
    const paged: number[] = [];
    for (let page = 1; paged.length < whole.length && page <= 20; page++) paged.push(...(await api.list(`type=${parent.id}&sort=newest&limit=5&page=${page}`)).list.map((i) => i.id));
    expect(paged).toEqual(whole);
  });

  it('sends a card with what a card shows and nothing more (issue 21)', async () => {
    const [card] = (await api.list('limit=1')).list;
    expect(Object.keys(card!).sort()).toEqual(['cover', 'id', 'kind', 'originalPrice', 'price', 'sales', 'subtitle', 'title', 'vipFreeLevel', 'vipPrice']);
  });

  it.each([
    ['kind=material', (i: CourseRow) => i.kind === 'material'],
    ['kind=course', (i: CourseRow) => i.kind === 'course'],
    ['price=free', (i: CourseRow) => i.price === 0],
    ['price=paid', (i: CourseRow) => i.price > 0],
    ['price=vipFree', (i: CourseRow) => i.vipFreeLevel > 0],
    ['kind=course&price=paid', (i: CourseRow) => i.kind === 'course' && i.price > 0],
  ] as const)('filters by %s', async (query, predicate) => {
    const expected = onSale.filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    const items = await all(query);
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(expected.map((i) => i.id).sort((a, b) => a - b));
  });

  it('filters by tag, combined with a sort', async () => {
    const db = ctx.database.db;
    const [aerial] = await db.select().from(tag).where(eq(tag.nameEn, 'Template'));
    const tagged = new Set((await db.select().from(courseTag).where(eq(courseTag.tagId, aerial!.id))).map((r) => r.courseId));
    const items = await all(`tag=${aerial!.id}&sort=priceDesc`);
    const expected = onSale.filter((i) => tagged.has(i.id)).sort((a, b) => b.price - a.price || b.id - a.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
  });

  it('searches titles, subtitles and tags in both languages, case-insensitively, with LIKE characters taken literally', async () => {
    const zh = await all(`keyword=${encodeURIComponent('雨夜')}`);
    expect(zh.map((i) => i.title)).toEqual(['Rainy-night street reunion']);
    const en = await all('keyword=RAINY-NIGHT');
    expect(en.map((i) => i.id)).toEqual(zh.map((i) => i.id));
    const byTag = await all(`keyword=${encodeURIComponent('航拍')}&sort=priceAsc`);
    const bySubtitle = await all('keyword=hands-on');
    expect(bySubtitle.length).toBe(onSale.filter((i) => i.kind === 'course').length);
    // "航拍" is a tag name and part of one title: both match.
    expect(byTag.some((i) => i.title === 'Snow mountain aerials')).toBe(true);
    expect((await api.list('keyword=%25')).list).toEqual([]);
    expect((await api.list('keyword=_')).list).toEqual([]);
    const combined = await all('keyword=lut&kind=material&price=paid&sort=popular');
    expect(combined.every((i) => i.kind === 'material' && i.price > 0)).toBe(true);
  });

  it('answers item texts in the request language, English falling back to Chinese', async () => {
    const [row] = await ctx.database.db
      .insert(course)
      .values({ kind: 'material', typeId: 1, titleZh: '仅中文标题', status: 'on_sale', searchText: searchTextOf(['仅中文标题']) })
      .returning();
    const en = await api.list(`keyword=${encodeURIComponent('仅中文')}`, 'en');
    expect(en.list[0]).toMatchObject({ id: row!.id, title: '仅中文标题' });
    const zh = await api.list(`keyword=${encodeURIComponent('雨夜')}`, 'zh-cn');
    expect(zh.list[0]!.title).toBe('雨夜街头重逢');
    await ctx.database.db.delete(course).where(eq(course.id, row!.id));
  });

  it('keeps pages stable when items are added while paging', async () => {
    const first = await api.list('sort=newest&limit=10');
    const db = ctx.database.db;
    const added = await db
      .insert(course)
      .values(Array.from({ length: 3 }, (_, i) => ({ kind: 'material', typeId: 1, titleZh: `新品 ${i}`, status: 'on_sale' })))
      .returning({ id: course.id });
    const second = await api.list(`sort=newest&limit=10&page=2&snapshot=${first.snapshot}`);
    const expected = [...onSale].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(10, 20);
    expect(second.list.map((i) => i.id)).toEqual(expected.map((i) => i.id));
    expect(first.hasMore && second.hasMore).toBe(true);
    const fresh = await api.list('sort=newest&limit=10');
    expect(fresh.snapshot).toBeGreaterThanOrEqual(added.at(-1)!.id);
    expect(fresh.list.slice(0, 3).map((i) => i.id).sort()).toEqual(added.map((i) => i.id).sort());
    await db.delete(course).where(inArray(course.id, added.map((i) => i.id)));
  });

  it.each([
    ['sort=cheapest', 'en', 'Must be one of: newest, popular, priceAsc, priceDesc'],
    ['kind=video', 'en', 'Must be one of: material, course'],
    ['price=cheap', 'zh-cn', undefined],
    ['limit=500', 'en', 'Must be at most 50'],
    ['page=0', 'en', 'Must be at least 1'],
    ['type=abc', 'en', 'Must be a number'],
    ['sortBy=newest', 'en', 'Unknown parameter'],
    ['sortBy=newest', 'zh-cn', '不支持的参数'],
    [`keyword=${'x'.repeat(51)}`, 'en', 'Must be at most 50 characters'],
  ])('rejects %s with a translated message (%s)', async (query, lang, message) => {
    const answer = await api.call('GET', `/api/catalogue/list?${query}`, { lang });
    expect(answer.code).toBe(0);
    expect(answer.msg).toBeTruthy();
    if (message) expect(answer.msg).toBe(message);
    else expect(answer.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('treats an empty filter value as not set', async () => {
    const everything = await all('sort=newest');
    expect(await all('kind=&price=&type=&keyword=&sort=newest')).toEqual(everything);
  });
});
