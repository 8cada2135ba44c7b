import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { rowsOf } from '../../db/client.ts';
import { listCourses } from './service.ts';
import { course } from './tables.ts';

describe('keyword search index', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers LIKE searches through the trigram index when the planner is told a scan is costly', async () => {
    const db = ctx.database.db;
    // A few demo rows make a table scan the cheaper plan; with scans priced out the index must serve.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(tx.execute(sql`explain select ${course.id} from ${course} where ${course.searchText} like '%davinci%'`));
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('course_search_trgm_idx');
    const page = await listCourses(db, { keyword: 'DaVinci' }, 'newest', { page: 1, limit: 50 }, 'en');
    const ids = (JSON.parse(page.cards) as { id: number }[]).map((card) => card.id);
    expect(ids.length).toBeGreaterThan(0);
    const rows = await db.select({ id: course.id, searchText: course.searchText }).from(course).where(inArray(course.id, ids));
    expect(rows.every((row) => row.searchText.includes('davinci'))).toBe(true);
  });

  // Decision 065: a sale changes `sales` (in the popular-order indexes), so the update adds the
  // item's trigrams to the GIN index's pending list, and every trigram search reads all of it.
  it('a keyword nothing matches reads a few index pages however many sales came before', async () => {
    const db = ctx.database.db;
    // From an empty pending list, ~300 sales: under 1 MB of pending entries, far below the default
    // limit (4 MB, when the list would be moved into the index anyway) and far above 64 kB.
    await db.execute(sql`select gin_clean_pending_list('course_search_trgm_idx'::regclass)`);
    for (let round = 0; round < 4; round++) await db.execute(sql`update ${course} set sales = ${course.sales} + 1 where ${course.status} = 'on_sale'`);
    const pagesRead = async () => {
      const [row] = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<{ 'QUERY PLAN': [{ Plan: { Plans?: { 'Node Type': string; 'Shared Hit Blocks': number; 'Shared Read Blocks': number }[] } }] }>(
          tx.execute(sql`explain (analyze, buffers, format json) select ${course.id} from ${course} where ${course.searchText} like '%zzqxw%'`),
        );
      });
      const scan = row!['QUERY PLAN'][0].Plan.Plans!.find((plan) => plan['Node Type'] === 'Bitmap Index Scan')!;
      return scan['Shared Hit Blocks'] + scan['Shared Read Blocks'];
    };
    // 64 kB of pending entries are 8 pages; with the default limit this read ~100.
    expect(await pagesRead()).toBeLessThanOrEqual(16);
    await db.execute(sql`update ${course} set sales = ${course.sales} - 4 where ${course.status} = 'on_sale'`);
  });
});

/**
 * Decision 055: a keyword search in the newest order walks at most a few thousand of the newest rows
 * in an index, reads the trigram index when they hold too few matches, walks on for a keyword
 * without trigrams, and reads over-long search texts from their own index. Whichever way a keyword
 * goes, the pages must be what checking every row says.
 */
describe('keyword search in the newest order, every way a keyword is read', () => {
  let ctx: TestContext;
  let onSale: { id: number; createdAt: Date; searchText: string }[];
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    // More new items than the walk checks (2 000), none of them matching the demo's keywords:
    // a keyword found only in the older demo items is read through the trigram index.
    await db.execute(sql`insert into ${course} (kind, type_id, title_zh, title_en, status, search_text, create_time)
      select 'material', 1, '填充 ' || n, 'filler ' || n, 'on_sale', '填充 ' || n || ' filler ' || n || ' qq', now() + n * interval '1 second'
      from generate_series(1, 2100) n`);
    // Search texts too long for the walk's index (over 2 000 bytes), one old and one new.
    const long = `${'长'.repeat(700)} oversized davinci qz`;
    await db.insert(course).values([
      { kind: 'material', typeId: 1, titleZh: '超长旧', titleEn: 'Oversized old', status: 'on_sale', searchText: `${long} old`, createdAt: new Date('2001-01-01T00:00:00Z') },
      { kind: 'material', typeId: 1, titleZh: '超长新', titleEn: 'Oversized new', status: 'on_sale', searchText: `${long} new`, createdAt: new Date(Date.now() + 10_000_000) },
    ]);
    onSale = await db.select({ id: course.id, createdAt: course.createdAt, searchText: course.searchText }).from(course).where(sql`${course.status} = 'on_sale'`);
  });
  afterAll(() => ctx.close());

  const expected = (keyword: string) =>
    onSale
      .filter((row) => row.searchText.includes(keyword.toLowerCase()))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((row) => row.id);

  const idsOf = (cards: string) => (JSON.parse(cards) as { id: number }[]).map((card) => card.id);

  /** Every page by cursor (20 a page, the prepared statement), and pages 1–3 by number (5 a page). */
  async function walk(keyword: string) {
    const db = ctx.database.db;
    const byCursor: number[] = [];
    let page = await listCourses(db, { keyword }, 'newest', { page: 1, limit: 20 }, 'en');
    byCursor.push(...idsOf(page.cards));
    for (let guard = 0; page.next && guard < 400; guard++) {
      page = await listCourses(db, { keyword, snapshot: page.snapshot }, 'newest', { page: 2, limit: 20, after: page.next }, 'en');
      byCursor.push(...idsOf(page.cards));
    }
    const byNumber: number[] = [];
    for (let number = 1; number <= 3; number++) byNumber.push(...idsOf((await listCourses(db, { keyword }, 'newest', { page: number, limit: 5 }, 'en')).cards));
    return { byCursor, byNumber };
  }

  it.each([
    ['a keyword only older items have (trigram index after the walk)', 'course'],
    ['a keyword with a trigram in over-long texts, one new, one old', 'davinci'],
    ['a keyword the newest items have (the walk alone)', 'filler 20'],
    ['a keyword the newest 500 lack but the walk would find (trigram index, no walk)', 'filler 3'],
    ['a keyword without a trigram, found only in older items (the walk to the end)', 'an'],
    ['a keyword without a trigram, only in over-long texts', 'qz'],
    ['a keyword without a trigram the newest items have', 'qq'],
    ['one character', '夜'],
    ['a keyword nothing has', 'zzzq'],
  ])('%s', async (_, keyword) => {
    const all = expected(keyword);
    const { byCursor, byNumber } = await walk(keyword);
    expect(byCursor).toEqual(all);
    expect(byNumber).toEqual(all.slice(0, 15));
  });

  it('the cases above are what they claim: matches past the walk, over-long texts among them', () => {
    const bytes = (id: number) => Buffer.byteLength(onSale.find((row) => row.id === id)!.searchText);
    const walked = new Set([...onSale].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, 2000).map((row) => row.id));
    for (const keyword of ['course', 'an']) {
      expect(expected(keyword).length).toBeGreaterThan(20);
      expect(expected(keyword).filter((id) => walked.has(id) && bytes(id) <= 2000)).toEqual([]);
    }
    expect(expected('davinci').filter((id) => bytes(id) > 2000)).toHaveLength(2);
    expect(expected('qz').map(bytes).every((size) => size > 2000)).toBe(true);
    expect(expected('qz')).toHaveLength(2);
    expect(expected('filler 20').length).toBeGreaterThan(20);
    const newest = [...onSale].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((row) => row.id);
    const filler3 = expected('filler 3');
    expect(filler3.filter((id) => newest.indexOf(id) < 500)).toEqual([]);
    expect(filler3.filter((id) => newest.indexOf(id) < 2000).length).toBeGreaterThan(20);
    expect(expected('zzzq')).toEqual([]);
  });
});
