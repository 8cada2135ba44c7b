import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { courseDetail } from './detail.ts';
import { homeSections } from './home.ts';
import { enabledTypes, listCourses } from './service.ts';
import { course } from './tables.ts';
import { LIST_LIMIT, LIST_MAX_PAGE, LIST_SORTS } from '@framecraft/contracts/catalogue';

/**
 * Issue 21: every storefront query can run on an index. Each query the list, home and detail
 * calls send is captured and EXPLAINed with sequential scans priced out (`enable_seqscan = off`):
 * a plan that still scans a catalogue table sequentially has no index to use. (The demo shop is
 * small enough that the planner would rightly prefer a scan; pricing scans out asks whether an
 * index exists, which is what must hold at 100 000 items.)
 */
const WATCHED = ['course', 'course_tag', 'chapter', 'lesson', 'course_file', 'collect'];

describe('storefront queries run on indexes', () => {
  let ctx: TestContext;
  let logging: Db;
  const captured: { query: string; params: unknown[] }[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    const client = (ctx.database.db as unknown as { $client: unknown }).$client;
    const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
    if (ctx.database.kind === 'pglite') {
      const { drizzle } = await import('drizzle-orm/pglite');
      logging = drizzle(client as never, { schema, logger }) as unknown as Db;
    } else {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      logging = drizzle(client as never, { schema, logger }) as unknown as Db;
    }
  });
  afterAll(() => ctx.close());

  /** The query with its parameters written in as literals (EXPLAIN takes no parameters here). */
  const inline = ({ query, params }: (typeof captured)[number]) =>
    query.replace(/\$(\d+)/g, (_, n: string) => {
      const value = params[Number(n) - 1];
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      if (value === null || value === undefined) return 'null';
      return `'${String(value instanceof Date ? value.toISOString() : value).replace(/'/g, "''")}'`;
    });

  const literal = (value: unknown) => inline({ query: '$1', params: [value] });

  /**
   * Sequential scans in the plans of `queries`: as planned for their values, and (`generic`) as a
   * prepared statement planned once for any values — what PostgreSQL may keep for the storefront's
   * prepared statements (decision 053).
   */
  async function seqScansOf(queries: typeof captured, { generic = false } = {}): Promise<string[]> {
    const plans = await plansOf(queries, { generic });
    return plans.flatMap((plan, i) => {
      const scanned = WATCHED.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
      return scanned.length > 0 ? [`${scanned.join(', ')} ← ${queries[i]!.query}\n${plan}`] : [];
    });
  }

  /** The plans of `queries` with sequential scans (and, `sortsPricedOut`, sorts) priced out, as planned for their values or (`generic`) once for any. */
  async function plansOf(queries: typeof captured, { generic = false, sortsPricedOut = false } = {}): Promise<string[]> {
    const plans: string[] = [];
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // On the demo shop's few rows sorting them all is cheaper than any walk in order.
      if (sortsPricedOut) await tx.execute(sql`set local enable_sort = off`);
      if (generic) await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      for (const [i, q] of queries.entries()) {
        if (generic) await tx.execute(sql.raw(`prepare plan_check_${i} as ${q.query}`));
        const explain = generic ? `explain execute plan_check_${i}${q.params.length ? `(${q.params.map(literal).join(', ')})` : ''}` : `explain ${inline(q)}`;
        const result = (await tx.execute(sql.raw(explain))) as unknown as { rows: Record<string, string>[] };
        if (generic) await tx.execute(sql.raw(`deallocate plan_check_${i}`));
        plans.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
      }
    });
    return plans;
  }

  it('the check itself finds a scan where no index serves the query', async () => {
    captured.length = 0;
    await logging.select({ id: course.id }).from(course).where(sql`${course.favourites} > 5`);
    expect(await seqScansOf(captured)).toHaveLength(1);
  });

  it('the list: every sort, with a type (and its sub-types), a kind, a price band, a tag, a keyword, by page and by cursor', async () => {
    captured.length = 0;
    const types = await enabledTypes(ctx.database.db);
    const parent = types.find((t) => types.some((c) => c.pid === t.id)) ?? types[0]!;
    const leaf = types.find((t) => !types.some((c) => c.pid === t.id))!;
    const filters = [
      {},
      { type: parent.id },
      { type: leaf.id },
      { kind: 'course' as const },
      { price: 'free' as const },
      { tag: 1 },
      { keyword: 'ae' },
      { keyword: 'davinci' },
    ];
    // Every one of these is prepared (a keyword in a type is planned for its keyword: below).
    for (const filter of filters) {
      for (const sort of LIST_SORTS) {
        const first = await listCourses(logging, filter, sort, { page: 1, limit: LIST_LIMIT.default }, 'en');
        await listCourses(logging, filter, sort, { page: 1, limit: LIST_LIMIT.default, after: first.next ?? '0.1' }, 'en');
      }
    }
    expect(captured.length).toBe(filters.length * LIST_SORTS.length * 2);
    expect(await seqScansOf(captured)).toEqual([]);
    expect(await seqScansOf(captured, { generic: true })).toEqual([]);
    // A keyword with a kind or a tag, and in a type (planned for its keyword).
    captured.length = 0;
    for (const keyword of ['ae', 'davinci']) {
      for (const filter of [{ kind: 'course' as const }, { tag: 1 }, { price: 'paid' as const }, { type: parent.id }]) {
        await listCourses(logging, { ...filter, keyword }, 'popular', { page: 1, limit: LIST_LIMIT.default }, 'en');
      }
    }
    expect(await seqScansOf(captured)).toEqual([]);
    expect(await seqScansOf(captured.filter((q) => !q.query.includes('with recursive')), { generic: true })).toEqual([]);
  });

  it('keyword searches in the newest order keep one plan for every keyword: the walk in the index, the trigram or gram index after it', async () => {
    captured.length = 0;
    for (const keyword of ['davinci', 'ae']) {
      const first = await listCourses(logging, { keyword }, 'newest', { page: 1, limit: LIST_LIMIT.default }, 'en');
      await listCourses(logging, { keyword, snapshot: first.snapshot }, 'newest', { page: 1, limit: LIST_LIMIT.default, after: first.next ?? '0.1' }, 'en');
    }
    expect(captured).toHaveLength(4);
    const plans = await plansOf(captured, { generic: true });
    // With a trigram (page 1, by cursor): the walk, then the trigram index; without one only the walk.
    for (const plan of plans.slice(0, 2)) {
      expect(plan).toMatch(/Index (Only )?Scan using course_newest_search_idx/);
      expect(plan).toMatch(/Bitmap Index Scan on course_search_trgm_idx/);
    }
    // Without one: the walk, then the gram index (decision 067), never the trigram index.
    for (const plan of plans.slice(2)) {
      expect(plan).toMatch(/Index (Only )?Scan using course_newest_search_idx/);
      expect(plan).toMatch(/Bitmap Index Scan on course_search_gram_idx/);
      expect(plan).not.toMatch(/course_search_trgm_idx/);
    }
  });

  it('a keyword with another sort or a kind keeps one plan too: the walk in the sort\'s index, the trigram or gram index after it', async () => {
    captured.length = 0;
    for (const keyword of ['davinci', 'ae']) {
      await listCourses(logging, { keyword }, 'popular', { page: 1, limit: LIST_LIMIT.default }, 'en');
      await listCourses(logging, { keyword, kind: 'course' }, 'priceAsc', { page: 1, limit: LIST_LIMIT.default }, 'en');
    }
    expect(captured).toHaveLength(4);
    const plans = await plansOf(captured, { generic: true, sortsPricedOut: true });
    const walks = [/Index Scan( Backward)? using course_status_popular_idx/, /Index Scan( Backward)? using course_(kind|status)_price_idx/];
    plans.forEach((plan, i) => {
      expect(plan).toMatch(walks[i % 2]!);
      expect(plan).toMatch(i < 2 ? /Bitmap Index Scan on course_search_trgm_idx/ : /Bitmap Index Scan on course_search_gram_idx/);
    });
  });

  it('the list by page number (ids first, then cards): every sort and filter on an index', async () => {
    captured.length = 0;
    const types = await enabledTypes(ctx.database.db);
    const parent = types.find((t) => types.some((c) => c.pid === t.id)) ?? types[0]!;
    for (const filter of [{}, { type: parent.id }, { kind: 'course' as const }, { keyword: 'ae' }]) {
      for (const sort of LIST_SORTS) await listCourses(logging, filter, sort, { page: 3, limit: 5 }, 'en');
    }
    expect(captured.length).toBe(4 * LIST_SORTS.length);
    // Planned per execution (a page size other than the default): the planner sees the page.
    expect(captured.every((q) => !/offset \(select/.test(q.query))).toBe(true);
    expect(captured.slice(0, 3 * LIST_SORTS.length).every((q) => /offset \$\d+::int/.test(q.query))).toBe(true);
    expect(await seqScansOf(captured)).toEqual([]);
  });

  it('pages by number of the default size are one prepared statement per shape, whatever the page, on an index', async () => {
    captured.length = 0;
    const types = await enabledTypes(ctx.database.db);
    const parent = types.find((t) => types.some((c) => c.pid === t.id)) ?? types[0]!;
    for (const filter of [{}, { type: parent.id }, { price: 'paid' as const }]) {
      for (const sort of LIST_SORTS) {
        for (const page of [2, LIST_MAX_PAGE]) await listCourses(logging, filter, sort, { page, limit: LIST_LIMIT.default }, 'en');
      }
    }
    expect(captured.length).toBe(3 * LIST_SORTS.length * 2);
    for (let i = 0; i < captured.length; i += 2) {
      // Page 2 and the last page: the same SQL text (one named statement), the rows skipped a parameter.
      expect(captured[i + 1]!.query).toBe(captured[i]!.query);
      expect(captured[i]!.params).not.toEqual(captured[i + 1]!.params);
    }
    expect(await seqScansOf(captured, { generic: true })).toEqual([]);
  });

  it('home and the detail of an item', async () => {
    captured.length = 0;
    await homeSections(logging, 'en');
    const [item] = await ctx.database.db.select({ id: course.id }).from(course).where(eq(course.status, 'on_sale')).limit(1);
    await courseDetail(logging, item!.id, 'en', undefined);
    // One statement each (decision 053), planned for their values and as prepared generic plans.
    expect(captured.length).toBe(2);
    expect(await seqScansOf(captured)).toEqual([]);
    expect(await seqScansOf(captured, { generic: true })).toEqual([]);
  });
});
