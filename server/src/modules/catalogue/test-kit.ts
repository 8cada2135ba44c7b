import { HEADER } from '@framecraft/contracts/constants';
import type { TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import type { CourseCard } from '@framecraft/contracts/catalogue';

/** A page of favourites or history (with a total: a member's lists are short). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** A page of the catalogue list: no total, whether more follow, and the snapshot for stable paging. */
export interface ListPage<T> {
  list: T[];
  hasMore: boolean;
  page: number;
  limit: number;
  snapshot: number;
}

/** Calls to the catalogue API of a test app, as a visitor or as a member. */
export function catalogueClient(ctx: TestContext) {
  const call = async (method: 'GET' | 'POST', url: string, options: { token?: string; lang?: string; body?: object } = {}) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: {
        server: 'true',
        [HEADER.lang]: options.lang ?? 'en',
        ...(options.token ? { [HEADER.userToken]: options.token } : {}),
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    return response.json() as { code: number; msg: string; data: never };
  };
  return {
    call,
    async list(query: string, lang = 'en'): Promise<ListPage<CourseCard>> {
      const answer = await call('GET', `/api/catalogue/list?${query}`, { lang });
      if (answer.code !== 1) throw new Error(`list ${query}: ${answer.msg}`);
      return answer.data;
    },
    async member(values: Parameters<typeof createMember>[1] = {}) {
      const row = await createMember(ctx.database.db, values);
      return { row, token: (await ctx.app.tokens.issue('user', row.id)).token };
    },
  };
}
