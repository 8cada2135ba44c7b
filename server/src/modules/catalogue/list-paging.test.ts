import { LIST_LIMIT, LIST_MAX_PAGE, LIST_SORTS, type CourseCard } from '@framecraft/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { catalogueClient, type ListPage } from './test-kit.ts';

/** Decision 043: pages after the first follow the previous page's cursor; page numbers stop at LIST_MAX_PAGE. */
describe('list paging by cursor', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof catalogueClient>;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = catalogueClient(ctx);
  });
  afterAll(() => ctx.close());

  const walk = async (query: string) => {
    const seen: CourseCard[] = [];
    let page: ListPage<CourseCard> & { next: string | null } = (await api.list(`${query}&limit=7`)) as never;
    seen.push(...page.list);
    for (let guard = 0; page.next && guard < 100; guard++) {
      page = (await api.list(`${query}&limit=7&snapshot=${page.snapshot}&after=${page.next}`)) as never;
      seen.push(...page.list);
    }
    return seen;
  };

  for (const sort of LIST_SORTS) {
    it(`walks every item once, in the order one long page has, sorted by ${sort}`, async () => {
      const all = await api.list(`sort=${sort}&limit=50`);
      const rest = all.hasMore ? await api.list(`sort=${sort}&limit=50&page=2&snapshot=${all.snapshot}`) : { list: [] };
      const expected = [...all.list, ...rest.list].map((c) => c.id);
      const walked = (await walk(`sort=${sort}`)).map((c) => c.id);
      expect(walked).toEqual(expected);
      expect(new Set(walked).size).toBe(walked.length);
    });
  }

  it('walks a type with its sub-types the same way', async () => {
    const filters = (await api.call('GET', '/api/catalogue/filters')).data as { types: { id: number; children: unknown[] }[] };
    const parent = filters.types.find((t) => t.children.length > 0)!;
    const all = await api.list(`type=${parent.id}&sort=popular&limit=50`);
    const walked = await walk(`type=${parent.id}&sort=popular`);
    expect(walked.map((c) => c.id)).toEqual(all.list.map((c) => c.id));
    expect(walked.length).toBeGreaterThan(7);
  });

  it('pages by number of the default size (one prepared statement for every page) hold what the cursor walk finds there', async () => {
    const filters = (await api.call('GET', '/api/catalogue/filters')).data as { types: { id: number; children: unknown[] }[] };
    const parent = filters.types.find((t) => t.children.length > 0)!;
    for (const query of LIST_SORTS.flatMap((sort) => [`sort=${sort}`, `sort=${sort}&type=${parent.id}`])) {
      const walked = (await walk(query)).map((c) => c.id);
      const byNumber: number[] = [];
      for (let page = 1; page <= 4; page++) byNumber.push(...(await api.list(`${query}&page=${page}`)).list.map((c) => c.id));
      expect(byNumber, query).toEqual(walked.slice(0, byNumber.length));
      expect(byNumber.length, query).toBe(Math.min(walked.length, 4 * LIST_LIMIT.default));
      if (!query.includes('type=')) expect(walked.length, 'the demo shop has pages to skip').toBeGreaterThan(2 * LIST_LIMIT.default);
    }
  });

  it('refuses page numbers past the limit and broken cursors, with a message', async () => {
    const deep = await api.call('GET', `/api/catalogue/list?page=${LIST_MAX_PAGE + 1}`);
    expect(deep).toMatchObject({ code: 0, msg: 'Pages this deep cannot be opened by number; narrow the search or keep scrolling' });
    const broken = await api.call('GET', '/api/catalogue/list?after=abc');
    expect(broken).toMatchObject({ code: 0, msg: 'The link to the next page is not valid; reload the list' });
    const zh = await api.call('GET', '/api/catalogue/list?after=1.x', { lang: 'zh-cn' });
    expect(zh).toMatchObject({ code: 0, msg: '下一页的链接无效，请刷新列表' });
    expect((await api.call('GET', `/api/catalogue/list?page=${LIST_MAX_PAGE}`)).code).toBe(1);
  });
});
