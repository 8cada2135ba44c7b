import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { rowsOf } from '../../db/client.ts';
import { catalogueHome, catalogueHomeVersion, course, notice } from './tables.ts';
import { catalogueClient } from './test-kit.ts';

interface HomeCard {
  id: number;
  title: string;
  sales: number;
}
interface Home {
  latest: HomeCard[];
  popular: HomeCard[];
  notices: { title: string }[];
}

/** Decision 062: the home answer is stored by the database and built again when what it shows changes. */
describe('the stored home answer', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof catalogueClient>;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = catalogueClient(ctx);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const home = async (lang = 'en') => (await api.call('GET', '/api/catalogue/home', { lang })).data as Home;
  const version = async () => (await db().select().from(catalogueHomeVersion))[0]!.version;
  const stored = async (lang = 'en') => (await db().select().from(catalogueHome).where(eq(catalogueHome.lang, lang)))[0];
  const newestItem = async () => (await db().select().from(course).where(eq(course.status, 'on_sale')).orderBy(desc(course.createdAt), desc(course.id)).limit(1))[0]!;

  it('is served from the stored answer while nothing it shows has changed', async () => {
    const first = await home();
    const row = await stored();
    expect(row).toMatchObject({ builtVersion: await version() });
    expect(JSON.parse(row!.body)).toEqual(first);
    // The body is read again only under a new stamp: this process holds the one of its stamp.
    const marked = { ...first, latest: first.latest.map((card, i) => (i === 0 ? { ...card, title: 'Served as stored' } : card)) };
    await db().update(catalogueHome).set({ body: JSON.stringify(marked) }).where(eq(catalogueHome.lang, 'en'));
    expect(await home()).toEqual(first);
    // Stored behind the model's back under a new stamp (no version change): the stored text is what is served.
    await db().update(catalogueHome).set({ stamp: 'marked', body: JSON.stringify(marked) }).where(eq(catalogueHome.lang, 'en'));
    expect((await home()).latest[0]!.title).toBe('Served as stored');
    // Each language has its own answer.
    expect((await home('zh-cn')).latest[0]!.title).not.toBe('Served as stored');
  });

  it('shows a change to an item, a notice or a new item at once, however it was written', async () => {
    const before = await version();
    const item = await newestItem();
    await db().update(course).set({ titleEn: 'Renamed by SQL' }).where(eq(course.id, item.id));
    expect(await version()).toBeGreaterThan(before);
    expect((await home()).latest[0]).toMatchObject({ id: item.id, title: 'Renamed by SQL' });

    const [added] = await db()
      .insert(course)
      .values({ kind: 'material', typeId: item.typeId, titleZh: '新素材', titleEn: 'Brand new pack', status: 'on_sale', createdAt: new Date(Date.now() + 1000) })
      .returning({ id: course.id });
    expect((await home()).latest[0]).toMatchObject({ id: added!.id, title: 'Brand new pack' });

    await db().update(course).set({ status: 'off_sale' }).where(eq(course.id, added!.id));
    expect((await home()).latest.map((card) => card.id)).not.toContain(added!.id);

    await db().insert(notice).values({ titleZh: '新公告', titleEn: 'Fresh notice', weigh: 10_000 });
    expect((await home()).notices[0]!.title).toBe('Fresh notice');
  });

  it('does not count an order, a view or a favourite as a change; counters show once the answer is no longer fresh', async () => {
    const item = (await home()).popular[0]!;
    const before = await version();
    // What a paid order writes (the item source's sales update).
    await db().update(course).set({ sales: sql`${course.sales} + 1` }).where(eq(course.id, item.id));
    ctx.app.catalogueViews.add(item.id);
    await ctx.app.catalogueViews.flush();
    await db().update(course).set({ favourites: sql`${course.favourites} + 1` }).where(eq(course.id, item.id));
    expect(await version()).toBe(before);
    expect((await home()).popular[0]).toMatchObject({ id: item.id, sales: item.sales });

    // Past its freshness the stored answer is served once more while it is built again.
    await db().update(catalogueHome).set({ freshUntil: new Date(Date.now() - 1000) }).where(eq(catalogueHome.lang, 'en'));
    expect((await home()).popular[0]!.sales).toBe(item.sales);
    await vi.waitFor(async () => expect((await home()).popular[0]).toMatchObject({ id: item.id, sales: item.sales + 1 }));
    const row = await stored();
    expect(row!.freshUntil.getTime()).toBeGreaterThan(Date.now());
  });

  it('is fresh only until a notice window opens or closes', async () => {
    const opens = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5_000);
    await db().insert(notice).values({ titleZh: '稍后', titleEn: 'Shown soon', weigh: 20_000, startTime: opens });
    expect((await home()).notices.map((n) => n.title)).not.toContain('Shown soon');
    expect((await stored())!.freshUntil.getTime()).toBe(opens.getTime());
    // When the window has opened the next request builds again (waiting 5 s is not needed: the clock is the database's).
    await db().update(catalogueHome).set({ freshUntil: new Date(Date.now() - 1) }).where(eq(catalogueHome.lang, 'en'));
    await db().update(notice).set({ startTime: new Date(Date.now() - 1000) }).where(eq(notice.titleEn, 'Shown soon'));
    expect((await home()).notices[0]!.title).toBe('Shown soon');
  });

  it('with the cache off, compresses one build once a second, and a new build anew', async () => {
    const get = () => ctx.app.inject({ method: 'GET', url: '/api/catalogue/home', headers: { server: 'true', 'think-lang': 'en', 'accept-encoding': 'gzip' } });
    const decode = (reply: Awaited<ReturnType<typeof get>>) => JSON.parse(gunzipSync(reply.rawPayload).toString('utf8')) as { time: number; data: Home };
    const [first, second] = [await get(), await get()];
    expect(first.headers['content-encoding']).toBe('gzip');
    const [a, b] = [decode(first), decode(second)];
    if (a.time === b.time) expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(b.data).toEqual(a.data);
    const item = await newestItem();
    await db().update(course).set({ titleEn: 'Compressed anew' }).where(eq(course.id, item.id));
    expect(decode(await get()).data.latest[0]!.title).toBe('Compressed anew');
  });

  it('never lets an older build replace a newer stored answer', async () => {
    const current = await version();
    // A build from a later version (another instance's) is stored; this one was read before it.
    await db().update(catalogueHome).set({ stamp: 'newer', body: '{"newer":true}', builtVersion: current + 5 }).where(eq(catalogueHome.lang, 'en'));
    await home();
    expect(await stored()).toMatchObject({ stamp: 'newer', body: '{"newer":true}', builtVersion: current + 5 });
  });

  it('builds again when the version row was lost (a restore of an older backup)', async () => {
    await db().delete(catalogueHomeVersion);
    expect((await home()).latest.length).toBeGreaterThan(0);
    expect(await db().select().from(catalogueHomeVersion)).toEqual([{ id: 1, version: 0 }]);
  });

  it('counts every item column but the counters as a change (the trigger names them one by one)', async () => {
    const rows = await rowsOf<{ name: string }>(
      db().execute(sql`
        select a.attname as name from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
        where t.tgname = 'course_home_changed'`),
    );
    const watched = rows.map((row) => row.name).sort();
    const columns = Object.values(getTableColumns(course)).map((column) => column.name);
    expect(watched).toEqual(columns.filter((name) => !['sales', 'views', 'favourites'].includes(name)).sort());
  });
});
