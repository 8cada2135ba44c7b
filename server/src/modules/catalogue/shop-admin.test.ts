import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { EDITOR_GROUP_NAME } from '../admin/index.ts';
import { adminGroup } from '../admin/tables.ts';
import { adminKit, qs } from '../admin/test-kit.ts';
import { catalogueType, collect, course, notice } from './tables.ts';

/** The shop's types, notices and favourites in the back office (issue 19, CRUD v2). */
describe('shop back office: types, notices, favourites', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  let token: string;
  const db = () => ctx.database.db;
  const storefront = async (url: string, lang = 'en') =>
    (await ctx.app.inject({ method: 'GET', url, headers: { server: 'true', [HEADER.lang]: lang } })).json() as { code: number; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- reads answers loosely

  beforeAll(async () => {
    // A long cache: a write must clear it for the storefront to see the change at once.
    ctx = await createTestApp({ CATALOGUE_CACHE_TTL_MS: '600000' });
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  it('types: bilingual tree with layout, validated, and the storefront sees a new type at once', async () => {
    const before = await storefront('/api/catalogue/filters');
    expect(before.code).toBe(1);
    const added = await kit.call('POST', '/admin/shop/type/add', token, { pid: 0, name_zh: '滤镜', name_en: 'Filters', icon: 'filter', layout: 'material', status: 1 });
    expect(added).toMatchObject({ code: 1, msg: 'Added successfully' });
    const parentId = added.data.id as number;
    const child = await kit.call('POST', '/admin/shop/type/add', token, { pid: parentId, name_zh: '电影感', name_en: 'Cinematic', layout: 'course', status: 1 });
    expect(child.code).toBe(1);

    // The cached answer was dropped by the write: both languages show the new type.
    const en = await storefront('/api/catalogue/filters');
    const zh = await storefront('/api/catalogue/filters', 'zh-cn');
    const find = (types: { id: number; name: string; children: unknown[] }[]) => types.find((t) => t.id === parentId);
    expect(find(en.data.types)).toMatchObject({ name: 'Filters', layout: 'material', children: [{ name: 'Cinematic' }] });
    expect(find(zh.data.types)).toMatchObject({ name: '滤镜' });

    // The admin list is a tree, with the parent attached.
    const tree = await kit.call('GET', '/admin/shop/type/index', token);
    const node = tree.data.list.find((r: { id: number }) => r.id === parentId);
    expect(node.children).toEqual([expect.objectContaining({ name_en: 'Cinematic', parent: { id: parentId, name_zh: '滤镜', name_en: 'Filters' } })]);

    // Bad input: an unknown layout, a missing Chinese name — field messages.
    const bad = await kit.call('POST', '/admin/shop/type/add', token, { pid: 0, name_zh: '', layout: 'course3' });
    expect(bad.code).toBe(0);
    expect(bad.data.errors).toMatchObject({ name_zh: 'Required', layout: 'Must be one of: course, material' });

    // A type cannot move under its own sub-type.
    const cycle = await kit.call('POST', '/admin/shop/type/edit', token, { id: parentId, pid: child.data.id, name_zh: '滤镜', layout: 'material', status: 1 });
    expect(cycle).toMatchObject({ code: 0, data: { errors: { pid: 'A type cannot be placed under itself or one of its sub-types' } } });

    // Disabling hides it from the storefront at once.
    await kit.call('POST', '/admin/shop/type/edit', token, { id: parentId, pid: 0, name_zh: '滤镜', name_en: 'Filters', layout: 'material', status: 0 });
    expect(find((await storefront('/api/catalogue/filters')).data.types)).toBeUndefined();
  });

  it('types: one with items cannot be deleted (clear message) until its items move; drag-sort reorders', async () => {
    const [full] = await db().insert(catalogueType).values({ nameZh: '有商品', nameEn: 'Stocked', weigh: 1 }).returning();
    const [empty] = await db().insert(catalogueType).values({ nameZh: '空', nameEn: 'Empty', weigh: 2 }).returning();
    const [item] = await db().insert(course).values({ kind: 'material', typeId: full!.id, titleZh: '商品', status: 'on_sale' }).returning();
    const refused = await kit.call('DELETE', `/admin/shop/type/del?${qs({ ids: [full!.id] })}`, token);
    expect(refused).toMatchObject({ code: 0, msg: 'This type still has items; move them to another type first' });
    const zh = await kit.call('DELETE', `/admin/shop/type/del?${qs({ ids: [full!.id] })}`, token, undefined, 'zh-cn');
    expect(zh.msg).toBe('该分类下仍有商品，请先将商品移至其他分类');

    const sorted = await kit.call('POST', '/admin/shop/type/sortable', token, { id: full!.id, targetId: empty!.id });
    expect(sorted.code).toBe(1);
    const weights = await db().select({ id: catalogueType.id, weigh: catalogueType.weigh }).from(catalogueType);
    const weightOf = (id: number) => weights.find((w) => w.id === id)!.weigh;
    expect(weightOf(full!.id)).toBeGreaterThan(weightOf(empty!.id));

    await db().update(course).set({ typeId: empty!.id }).where(eq(course.id, item!.id));
    expect(await kit.call('DELETE', `/admin/shop/type/del?${qs({ ids: [full!.id] })}`, token)).toMatchObject({ code: 1 });
  });

  it('notices: bilingual, sanitised, shown on the home page inside their window by weight', async () => {
    const now = Math.floor(Date.now() / 1000);
    const low = await kit.call('POST', '/admin/shop/notice/add', token, { title_zh: '低权重', title_en: 'Low weight', content_zh: '<p>内容</p>', content_en: '<p>Body<script>alert(1)</script></p>', weigh: 1, status: 1 });
    expect(low.code).toBe(1);
    const high = await kit.call('POST', '/admin/shop/notice/add', token, { title_zh: '高权重', title_en: 'High weight', content_en: '<p>Top</p>', weigh: 999, status: 1, start_time: now - 60, end_time: now + 3600 });
    expect(high.code).toBe(1);
    const later = await kit.call('POST', '/admin/shop/notice/add', token, { title_zh: '未开始', title_en: 'Not yet', weigh: 1000, status: 1, start_time: now + 3600 });
    const over = await kit.call('POST', '/admin/shop/notice/add', token, { title_zh: '已结束', title_en: 'Over', weigh: 1000, status: 1, end_time: now - 60 });
    expect([later.code, over.code]).toEqual([1, 1]);

    const [stored] = await db().select().from(notice).where(eq(notice.id, low.data.id));
    expect(stored!.contentEn).toBe('<p>Body</p>');

    const home = await storefront('/api/catalogue/home');
    const titles = home.data.notices.map((n: { title: string }) => n.title);
    expect(titles.indexOf('High weight')).toBe(0);
    expect(titles).toContain('Low weight');
    expect(titles).not.toContain('Not yet');
    expect(titles).not.toContain('Over');
    expect((await storefront('/api/catalogue/home', 'zh-cn')).data.notices[0].title).toBe('高权重');
    expect((await storefront(`/api/catalogue/notice?id=${later.data.id}`)).code).toBe(0);

    // A window that ends before it starts is refused on the end time.
    const backwards = await kit.call('POST', '/admin/shop/notice/add', token, { title_zh: '反了', start_time: now + 100, end_time: now });
    expect(backwards).toMatchObject({ code: 0, data: { errors: { end_time: 'The end time must be after the start time' } } });

    // Switching a notice off takes it off the (cached) home page at once.
    await kit.call('POST', '/admin/shop/notice/edit', token, { id: high.data.id, title_zh: '高权重', title_en: 'High weight', weigh: 999, status: 0 });
    expect((await storefront('/api/catalogue/home')).data.notices.map((n: { title: string }) => n.title)).not.toContain('High weight');
  });

  it('favourites: read only, filtered by member and item, also by their names', async () => {
    const anna = await createMember(db(), { username: 'anna_fav' });
    const bert = await createMember(db(), { username: 'bert_fav' });
    const [type] = await db().insert(catalogueType).values({ nameZh: '收藏测试' }).returning();
    const [lut] = await db().insert(course).values({ kind: 'material', typeId: type!.id, titleZh: '调色预设', titleEn: 'LUT pack', status: 'on_sale' }).returning();
    const [film] = await db().insert(course).values({ kind: 'course', typeId: type!.id, titleZh: '电影课', titleEn: 'Film course', status: 'on_sale' }).returning();
    await db().insert(collect).values([
      { userId: anna.id, courseId: lut!.id },
      { userId: anna.id, courseId: film!.id },
      { userId: bert.id, courseId: lut!.id },
    ]);
    const list = (search: object[]) => kit.call('GET', `/admin/shop/collect/index?${qs({ search })}`, token);
    const byName = await list([{ field: 'user.username', operator: '=', val: 'anna_fav' }]);
    expect(byName.data.total).toBe(2);
    expect(byName.data.list[0]).toMatchObject({ user: { username: 'anna_fav' }, course: { title_zh: expect.any(String) } });
    const byTitle = await list([{ field: 'course.title_en', operator: 'LIKE', val: 'lut' }]);
    expect(byTitle.data.list.map((r: { user_id: number }) => r.user_id).sort()).toEqual([anna.id, bert.id].sort());
    const both = await list([
      { field: 'user_id', operator: '=', val: String(bert.id) },
      { field: 'course_id', operator: '=', val: String(lut!.id) },
    ]);
    expect(both.data.total).toBe(1);
    // Only declared relation fields: the member's password hash is not a filter.
    expect(await list([{ field: 'user.password', operator: '=', val: 'x' }])).toMatchObject({ code: 0, msg: 'This field cannot be filtered: user.password' });
    // Read only: no add, edit or delete routes.
    for (const action of ['add', 'edit']) expect((await kit.call('POST', `/admin/shop/collect/${action}`, token, {})).code).not.toBe(1);
    expect(ctx.app.adminRouteTable.filter((r) => r.path.startsWith('shop/collect/')).map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET shop/collect/index',
      'POST shop/collect/export',
    ]);
  });

  it('the seeded editor group holds catalogue rights only', async () => {
    const [group] = await db().select().from(adminGroup).where(eq(adminGroup.name, EDITOR_GROUP_NAME));
    const editor = await kit.adminIn([group!.id]);
    const ok = ['/admin/shop/type/index', '/admin/shop/notice/index', '/admin/shop/collect/index', '/admin/dashboard/index'];
    for (const url of ok) expect((await kit.call('GET', url, editor.token)).code, url).toBe(1);
    expect((await kit.call('POST', '/admin/shop/type/add', editor.token, { name_zh: '编辑加的', layout: 'course' })).code).toBe(1);
    const denied = ['/admin/shop/order/index', '/admin/shop/smsTemplate/index', '/admin/auth/admin/index', '/admin/user/user/index', '/admin/routine/config/index', '/admin/shop/payLog/index'];
    for (const url of denied) expect(await kit.call('GET', url, editor.token), url).toMatchObject({ code: 401 });
    // Favourites are read only for them too.
    expect((await kit.call('GET', '/admin/index/index', editor.token)).code).toBe(1);
  });
});
