import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { chapter, course, courseFile, lesson } from '../../db/schema.ts';
import { adminKit, qs } from '../admin/test-kit.ts';
import { commerceKit } from './test-kit.ts';

/**
 * Commerce reads the catalogue's items only through the item source the catalogue registers
 * (decision 033, follow-up 2): the answers are those of the joins it replaced.
 */
describe('commerce through the item source', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
  });
  afterAll(() => ctx.close());

  it('one order of two items: sales + 1 each; the purchase list has every item with its files and lessons in the syllabus order, in the member’s language', async () => {
    const m = await kit.member(10_000);
    const a = await kit.item({ kind: 'course', price: 1000, titleEn: '' });
    const b = await kit.item({ price: 500, cover: '/storage/b.png' });
    // Chapter "second" is listed first (higher weigh); lessons by their chapter, then their own weigh.
    const [first] = await kit.db.insert(chapter).values({ courseId: a.id, titleZh: '第一章', titleEn: 'First', weigh: 0 }).returning();
    const [second] = await kit.db.insert(chapter).values({ courseId: a.id, titleZh: '第二章', weigh: 5 }).returning();
    const [l1] = await kit.db.insert(lesson).values({ courseId: a.id, chapterId: first!.id, titleZh: '课一', titleEn: 'One', duration: 60, weigh: 1 }).returning();
    const [l2] = await kit.db.insert(lesson).values({ courseId: a.id, chapterId: first!.id, titleZh: '课二', duration: 30, weigh: 9 }).returning();
    const [l3] = await kit.db.insert(lesson).values({ courseId: a.id, chapterId: second!.id, titleZh: '课三', titleEn: 'Three' }).returning();
    const [f1] = await kit.db.insert(courseFile).values({ courseId: b.id, name: 'low.zip', size: 1, format: 'zip', weigh: 0 }).returning();
    const [f2] = await kit.db.insert(courseFile).values({ courseId: b.id, name: 'high.pdf', size: 2, format: 'pdf', weigh: 3 }).returning();

    const created = await kit.call('POST', '/api/order/create', m.token, { items: [a.id, b.id] });
    expect(created).toMatchObject({ code: 1, data: { amount: 1500, lines: [{ item_id: a.id, price: 1000 }, { item_id: b.id, price: 500 }] } });
    expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: created.data.order_no, method: 'balance' })).code).toBe(1);
    const sales = await kit.db.select({ id: course.id, sales: course.sales }).from(course).where(inArray(course.id, [a.id, b.id])).orderBy(course.id);
    expect(sales).toEqual([{ id: a.id, sales: 1 }, { id: b.id, sales: 1 }]);

    const en = await kit.call('GET', '/api/purchase/list?page=1&limit=10', m.token, undefined, 'en');
    expect(en.data.total).toBe(2);
    const [forB, forA] = en.data.list;
    expect(forB).toEqual({
      item: { id: b.id, kind: 'material', title: b.titleEn, cover: '/storage/b.png' },
      access: 'owned',
      order_no: created.data.order_no,
      purchase_time: expect.any(Number),
      files: [{ id: f2!.id, name: 'high.pdf', size: 2, format: 'pdf' }, { id: f1!.id, name: 'low.zip', size: 1, format: 'zip' }],
      lessons: [],
    });
    expect(forA.item).toEqual({ id: a.id, kind: 'course', title: a.titleZh, cover: '' });
    expect(forA.files).toEqual([]);
    expect(forA.lessons).toEqual([
      { id: l3!.id, chapter: '第二章', title: 'Three', duration: 0 },
      { id: l2!.id, chapter: 'First', title: '课二', duration: 30 },
      { id: l1!.id, chapter: 'First', title: 'One', duration: 60 },
    ]);
    const zh = await kit.call('GET', '/api/purchase/list?page=2&limit=1', m.token, undefined, 'zh-cn');
    expect(zh.data).toMatchObject({ total: 2, page: 2, list: [{ item: { id: a.id }, lessons: [{ chapter: '第二章', title: '课三' }, { chapter: '第一章' }, { chapter: '第一章', title: '课一' }] }] });
  });

  it('the cart skips nothing on sale, refuses what is off sale, and the back office lists and filters carts by the item’s title', async () => {
    const m = await kit.member();
    const item = await kit.item({ titleZh: '购物车里的商品', price: 800 });
    const later = await kit.item();
    expect((await kit.call('POST', '/api/cart/add', m.token, { item_id: item.id })).code).toBe(1);
    expect((await kit.call('POST', '/api/cart/add', m.token, { item_id: later.id })).code).toBe(1);
    await kit.db.update(course).set({ status: 'off_sale' }).where(eq(course.id, later.id));
    const cart = await kit.call('GET', '/api/cart/list', m.token);
    expect(cart.data).toMatchObject({ count: 2, total: 800, list: [{ item_id: later.id, unavailable: 'off_sale' }, { item_id: item.id, price: 800, unavailable: null }] });
    expect((await kit.call('POST', '/api/cart/add', m.token, { item_id: later.id })).code).toBe(0);

    const admins = adminKit(ctx);
    const { token } = await admins.superAdmin();
    const search = [{ field: 'course.title_zh', operator: 'LIKE', val: '购物车里' }];
    const list = await admins.call('GET', `/admin/shop/cart/index?${qs({ search, order: 'create_time,desc' })}`, token);
    expect(list).toMatchObject({ code: 1, data: { total: 1, list: [{ course_id: item.id, course: { title_zh: '购物车里的商品', price: 800 } }] } });
  });
});
