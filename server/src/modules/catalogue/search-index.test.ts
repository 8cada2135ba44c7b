import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListSort } from '@framecraft/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { rowsOf } from '../../db/client.ts';
import { listCourses, SEARCH_WALK_ROWS, SEARCH_WALK_TABLE_ROWS } from './service.ts';
import { course, courseTag, keywordGrams, searchGrams } from './tables.ts';

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
    await db.execute(sql`select gin_clean_pending_list('course_search_trgm_idx'::regclass), gin_clean_pending_list('course_search_gram_idx'::regclass)`);
    for (let round = 0; round < 4; round++) await db.execute(sql`update ${course} set sales = ${course.sales} + 1 where ${course.status} = 'on_sale'`);
    const pagesRead = async (condition: SQL) => {
      const [row] = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<{ 'QUERY PLAN': [{ Plan: { Plans?: { 'Node Type': string; 'Shared Hit Blocks': number; 'Shared Read Blocks': number }[] } }] }>(
          tx.execute(sql`explain (analyze, buffers, format json) select ${course.id} from ${course} where ${condition}`),
        );
      });
      const scan = row!['QUERY PLAN'][0].Plan.Plans!.find((plan) => plan['Node Type'] === 'Bitmap Index Scan')!;
      return scan['Shared Hit Blocks'] + scan['Shared Read Blocks'];
    };
    // 64 kB of pending entries are 8 pages; with the default limit this read ~100. The gram index
    // (decision 067) keeps the same limit.
    expect(await pagesRead(sql`${course.searchText} like '%zzqxw%'`)).toBeLessThanOrEqual(16);
    expect(await pagesRead(sql`${searchGrams(course.searchText)} @> ${keywordGrams(sql`'xq'`)}`)).toBeLessThanOrEqual(16);
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
  let onSale: { id: number; createdAt: Date; searchText: string; sales: number; kind: string; price: number }[];
  let byId: Map<number, (typeof onSale)[number]>;
  let tagId: number;
  let withTag: Set<number>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    // More new items than the walk checks (6 000), none of them matching the demo's keywords:
    // a keyword found only in the older demo items is read through the trigram index.
    await db.execute(sql`insert into ${course} (kind, type_id, title_zh, title_en, status, search_text, create_time)
      select 'material', 1, '填充 ' || n, 'filler ' || n, 'on_sale', '填充 ' || n || ' filler ' || n || ' qq', now() + n * interval '1 second'
      from generate_series(1, 6100) n`);
    // Search texts too long for the walk's index (over 2 000 bytes), one old and one new.
    const long = `${'长'.repeat(700)} oversized davinci qz`;
    await db.insert(course).values([
      { kind: 'material', typeId: 1, titleZh: '超长旧', titleEn: 'Oversized old', status: 'on_sale', searchText: `${long} old`, createdAt: new Date('2001-01-01T00:00:00Z') },
      { kind: 'material', typeId: 1, titleZh: '超长新', titleEn: 'Oversized new', status: 'on_sale', searchText: `${long} new`, createdAt: new Date(Date.now() + 10_000_000) },
    ]);
    onSale = await db
      .select({ id: course.id, createdAt: course.createdAt, searchText: course.searchText, sales: course.sales, kind: course.kind, price: course.price })
      .from(course)
      .where(sql`${course.status} = 'on_sale'`);
    byId = new Map(onSale.map((row) => [row.id, row]));
    // The demo's most used tag.
    const [mostUsed] = await db.select({ tagId: courseTag.tagId }).from(courseTag).groupBy(courseTag.tagId).orderBy(desc(count())).limit(1);
    tagId = mostUsed!.tagId;
    withTag = new Set((await db.select({ id: courseTag.courseId }).from(courseTag).where(eq(courseTag.tagId, tagId))).map((row) => row.id));
  });
  afterAll(() => ctx.close());

  const expected = (keyword: string) =>
    onSale
      .filter((row) => row.searchText.includes(keyword.toLowerCase()))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((row) => row.id);

  const idsOf = (cards: string) => (JSON.parse(cards) as { id: number }[]).map((card) => card.id);

  /** Every page by cursor (20 a page, the prepared statement). */
  async function everyPage(keyword: string, sort: ListSort) {
    const db = ctx.database.db;
    const ids: number[] = [];
    let page = await listCourses(db, { keyword }, sort, { page: 1, limit: 20 }, 'en');
    ids.push(...idsOf(page.cards));
    for (let guard = 0; page.next && guard < 400; guard++) {
      page = await listCourses(db, { keyword, snapshot: page.snapshot }, sort, { page: 2, limit: 20, after: page.next }, 'en');
      ids.push(...idsOf(page.cards));
    }
    return ids;
  }

  /** Every page by cursor, newest first, and pages 1–3 by number (5 a page). */
  async function walk(keyword: string) {
    const db = ctx.database.db;
    const byCursor = await everyPage(keyword, 'newest');
    const byNumber: number[] = [];
    for (let number = 1; number <= 3; number++) byNumber.push(...idsOf((await listCourses(db, { keyword }, 'newest', { page: number, limit: 5 }, 'en')).cards));
    return { byCursor, byNumber };
  }

  it.each([
    ['a keyword only older items have (trigram index after the walk)', 'course'],
    ['a keyword with a trigram in over-long texts, one new, one old', 'davinci'],
    ['a keyword the newest items have (the walk alone)', 'filler 20'],
    ['a keyword the newest 500 lack but the walk would find (trigram index, no walk)', 'filler 3'],
    ['a keyword without a trigram, found only in older items (gram index after the walk)', 'an'],
    ['a keyword without a trigram, only in over-long texts', 'qz'],
    ['a keyword without a trigram the newest items have (the walk alone)', 'qq'],
    ['one character', '夜'],
    ['two words without a trigram the newest 500 lack (gram index, no walk)', '充 7'],
    ['a keyword nothing has', 'zzzq'],
    ['a keyword without a trigram nothing has', 'xq'],
  ])('%s', async (_, keyword) => {
    const all = expected(keyword);
    const { byCursor, byNumber } = await walk(keyword);
    expect(byCursor).toEqual(all);
    expect(byNumber).toEqual(all.slice(0, 15));
  });

  const rowOf = (id: number) => byId.get(id)!;
  const popular = (ids: number[]) => [...ids].sort((a, b) => rowOf(b).sales - rowOf(a).sales || b - a);

  // Another sort or a filter walks the sort's index, then reads the trigram or gram index
  // (decision 068); the pages must still be what every row says.
  it.each([
    ['a keyword only older items have', 'an'],
    ['one character', '夜'],
    ['two words the first 500 lack', '充 7'],
    ['a keyword without a trigram nothing has', 'xq'],
    ['a keyword the walk finds', 'filler 3'],
    ['a keyword the first 500 have, too rare for the walk', 'filler 61'],
  ])('by popularity, and only one kind: %s', async (_, keyword) => {
    const db = ctx.database.db;
    expect(await everyPage(keyword, 'popular')).toEqual(popular(expected(keyword)));
    const materials = await listCourses(db, { keyword, kind: 'material' }, 'newest', { page: 1, limit: 50 }, 'en');
    expect(idsOf(materials.cards)).toEqual(expected(keyword).filter((id) => rowOf(id).kind === 'material').slice(0, 50));
    // A price band and a tag are checked on the rows whose text matches (decision 068).
    const paid = await listCourses(db, { keyword, price: 'paid' }, 'priceAsc', { page: 1, limit: 50 }, 'en');
    const byPrice = expected(keyword)
      .filter((id) => rowOf(id).price > 0)
      .sort((a, b) => rowOf(a).price - rowOf(b).price || a - b);
    expect(idsOf(paid.cards)).toEqual(byPrice.slice(0, 50));
    const taggedPage = await listCourses(db, { keyword, tag: tagId }, 'popular', { page: 1, limit: 50 }, 'en');
    expect(idsOf(taggedPage.cards)).toEqual(popular(expected(keyword).filter((id) => withTag.has(id))).slice(0, 50));
  });

  it('the cases above are what they claim: matches past the walk, over-long texts among them', () => {
    const bytes = (id: number) => Buffer.byteLength(rowOf(id).searchText);
    const walked = new Set([...onSale].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, SEARCH_WALK_ROWS).map((row) => row.id));
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
    expect(filler3.filter((id) => newest.indexOf(id) < SEARCH_WALK_ROWS).length).toBeGreaterThan(20);
    expect(expected('zzzq')).toEqual([]);
    expect(expected('xq')).toEqual([]);
    // By popularity: 'filler 61' is among the first 500 rows, but too rare to fill a page in the walk.
    const byPopularity = popular(onSale.map((row) => row.id));
    const filler61 = expected('filler 61').map((id) => byPopularity.indexOf(id));
    expect(filler61.filter((rank) => rank < 500).length).toBeGreaterThan(0);
    expect(filler61.filter((rank) => rank < SEARCH_WALK_TABLE_ROWS).length).toBeLessThan(20);
    expect(filler61.length).toBeGreaterThan(1);
    // The price band and the tag keep some matches and drop others.
    for (const keyword of ['an', '夜']) {
      const all = expected(keyword);
      expect(all.filter((id) => rowOf(id).price > 0).length).toBeGreaterThan(0);
      expect(all.filter((id) => rowOf(id).price === 0).length).toBeGreaterThan(0);
      expect(all.filter((id) => withTag.has(id)).length).toBeGreaterThan(0);
      expect(all.filter((id) => !withTag.has(id)).length).toBeGreaterThan(0);
    }
    const twoWords = expected('充 7');
    expect(twoWords.length).toBeGreaterThan(20);
    expect(twoWords.filter((id) => newest.indexOf(id) < 500)).toEqual([]);
  });
});

/**
 * Decision 067: keywords without a trigram are narrowed by the grams of the text's words. The
 * index is right only if every text's grams hold the grams of every keyword the text contains.
 */
describe('the grams of a text and of a keyword', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const texts = ['雨夜街头重逢 rainy-night street reunion', '  leading,  double  spaces ', 'tab\tand\nnew line', 'c++ 4k·hd 竖屏', '', '夜', 'ab'];

  /** Each word's characters and character pairs, words split at whitespace (as JavaScript sees it; the texts use ASCII whitespace only). */
  const gramsOf = (text: string) => {
    const grams = new Set<string>();
    for (const word of text.split(/\s+/u).filter(Boolean)) {
      const chars = [...word];
      chars.forEach((char, i) => {
        grams.add(char);
        if (i + 1 < chars.length) grams.add(char + chars[i + 1]);
      });
    }
    return [...grams].sort();
  };

  it("a text's grams are the characters and character pairs of its words", async () => {
    for (const text of texts) {
      const [row] = await rowsOf<{ grams: string[] }>(ctx.database.db.execute(sql`select ${searchGrams(sql`${text}::text`)} as grams`));
      expect([...row!.grams].sort(), text).toEqual(gramsOf(text));
    }
  });

  it('a text holds the grams of every keyword it contains, and a keyword asks for fewer', async () => {
    for (const text of texts) {
      const chars = [...text];
      const keywords = new Set<string>();
      for (let start = 0; start < chars.length; start++) {
        for (let length = 1; length <= 5 && start + length <= chars.length; length++) {
          const keyword = chars.slice(start, start + length).join('').trim();
          if (keyword) keywords.add(keyword);
        }
      }
      const missed = await rowsOf<{ keyword: string }>(
        ctx.database.db.execute(sql`select k as keyword from jsonb_array_elements_text(${JSON.stringify([...keywords])}::jsonb) k
          where not (${searchGrams(sql`${text}::text`)} @> ${keywordGrams(sql`k`)})`),
      );
      expect(missed, text).toEqual([]);
    }
    const [asked] = await rowsOf<{ pair: string[]; one: string[]; words: string[] }>(
      ctx.database.db.execute(sql`select ${keywordGrams(sql`'城市'::text`)} as pair, ${keywordGrams(sql`'夜'::text`)} as one, ${keywordGrams(sql`'a-b  c'::text`)} as words`),
    );
    expect(asked!.pair).toEqual(['城市']);
    expect(asked!.one).toEqual(['夜']);
    expect([...asked!.words].sort()).toEqual(['-b', 'a-', 'c']);
  });
});
