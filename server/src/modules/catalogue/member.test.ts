import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { browseHistory, course } from './tables.ts';
import { catalogueClient, type Page } from './test-kit.ts';

describe('favourites and browsing history', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof catalogueClient>;
  let items: (typeof course.$inferSelect)[];
  beforeAll(async () => {
    ctx = await createTestApp();
    api = catalogueClient(ctx);
    items = await ctx.database.db.select().from(course).where(eq(course.status, 'on_sale')).orderBy(course.id).limit(4);
  });
  afterAll(() => ctx.close());

  const favourites = async (id: number) => (await ctx.database.db.select().from(course).where(eq(course.id, id)))[0]!.favourites;

  it('asks a visitor to log in', async () => {
    for (const [method, url] of [
      ['POST', '/api/catalogue/collect/add'],
      ['GET', '/api/catalogue/collect/list'],
      ['POST', '/api/catalogue/history/record'],
      ['GET', '/api/catalogue/history/list'],
      ['POST', '/api/catalogue/history/clear'],
    ] as const) {
      expect(await api.call(method, url, { body: { id: items[0]!.id } })).toMatchObject({ code: 303, msg: 'Please log in first' });
    }
  });

  it('adds a favourite once however often it is added, and removes it once', async () => {
    const { token } = await api.member();
    const item = items[0]!;
    const before = await favourites(item.id);
    for (let i = 0; i < 3; i++) {
      expect(await api.call('POST', '/api/catalogue/collect/add', { token, body: { id: item.id } })).toMatchObject({ code: 1, msg: 'Added to favourites' });
    }
    await Promise.all([1, 2, 3].map(() => api.call('POST', '/api/catalogue/collect/add', { token, body: { id: item.id } })));
    expect(await favourites(item.id)).toBe(before + 1);
    const listed = (await api.call('GET', '/api/catalogue/collect/list', { token })).data as Page<{ id: number; collectedAt: number }>;
    expect(listed.list.map((i) => i.id)).toEqual([item.id]);
    expect(listed.total).toBe(1);
    expect((await api.call('GET', `/api/catalogue/detail?id=${item.id}`, { token })).data).toMatchObject({ collected: true });

    for (let i = 0; i < 2; i++) {
      expect(await api.call('POST', '/api/catalogue/collect/remove', { token, body: { id: item.id } })).toMatchObject({ code: 1, data: { collected: false } });
    }
    expect(await favourites(item.id)).toBe(before);
    expect(((await api.call('GET', '/api/catalogue/collect/list', { token })).data as Page<unknown>).total).toBe(0);
  });

  it('lists favourites newest first, per member, and refuses unknown items', async () => {
    const alice = await api.member();
    const bob = await api.member();
    for (const item of items.slice(0, 3)) await api.call('POST', '/api/catalogue/collect/add', { token: alice.token, body: { id: item.id } });
    await api.call('POST', '/api/catalogue/collect/add', { token: bob.token, body: { id: items[3]!.id } });
    const page = (await api.call('GET', '/api/catalogue/collect/list?limit=2', { token: alice.token })).data as Page<{ id: number }>;
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.list.map((i) => i.id)).toEqual([items[2]!.id, items[1]!.id]);
    const second = (await api.call('GET', '/api/catalogue/collect/list?limit=2&page=2', { token: alice.token })).data as Page<{ id: number }>;
    expect(second.list.map((i) => i.id)).toEqual([items[0]!.id]);
    expect(await api.call('POST', '/api/catalogue/collect/add', { token: alice.token, body: { id: 999_999 } })).toMatchObject({
      code: 0,
      msg: 'The item does not exist or is no longer on sale',
    });
    expect(await api.call('POST', '/api/catalogue/collect/add', { token: alice.token, body: { id: 'x' } })).toMatchObject({ code: 0, msg: 'Must be a number' });
  });

  it('records one history row per item, moving a repeat view to the top and counting it', async () => {
    const { row, token } = await api.member();
    const [a, b] = items as [typeof course.$inferSelect, typeof course.$inferSelect];
    await api.call('POST', '/api/catalogue/history/record', { token, body: { id: a.id } });
    await api.call('POST', '/api/catalogue/history/record', { token, body: { id: b.id } });
    await api.call('POST', '/api/catalogue/history/record', { token, body: { id: a.id } });
    const list = (await api.call('GET', '/api/catalogue/history/list', { token })).data as Page<{ id: number; viewCount: number; viewedAt: number }>;
    expect(list.list.map((i) => [i.id, i.viewCount])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    expect(list.list[0]!.viewedAt).toBeGreaterThan(Date.now() / 1000 - 60);
    const rows = await ctx.database.db.select().from(browseHistory).where(eq(browseHistory.userId, row.id));
    expect(rows.length).toBe(2);
    expect(await api.call('POST', '/api/catalogue/history/record', { token, body: { id: 999_999 } })).toMatchObject({ code: 0 });
  });

  it('deletes one history entry and clears all, only for the member', async () => {
    const alice = await api.member();
    const bob = await api.member();
    for (const item of items.slice(0, 3)) await api.call('POST', '/api/catalogue/history/record', { token: alice.token, body: { id: item.id } });
    await api.call('POST', '/api/catalogue/history/record', { token: bob.token, body: { id: items[0]!.id } });
    expect(await api.call('POST', '/api/catalogue/history/delete', { token: alice.token, body: { id: items[1]!.id } })).toMatchObject({
      code: 1,
      msg: 'Removed from history',
    });
    const left = (await api.call('GET', '/api/catalogue/history/list', { token: alice.token })).data as Page<{ id: number }>;
    expect(left.list.map((i) => i.id)).toEqual([items[2]!.id, items[0]!.id]);
    expect(await api.call('POST', '/api/catalogue/history/clear', { token: alice.token, lang: 'zh-cn' })).toMatchObject({ code: 1, msg: '浏览记录已清空' });
    expect(((await api.call('GET', '/api/catalogue/history/list', { token: alice.token })).data as Page<unknown>).total).toBe(0);
    const bobRows = await ctx.database.db.select().from(browseHistory).where(and(eq(browseHistory.userId, bob.row.id)));
    expect(bobRows.length).toBe(1);
  });
});
