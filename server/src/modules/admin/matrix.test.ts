import { HEADER } from '@framecraft/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { adminKit } from './test-kit.ts';

/**
 * The authorisation matrix, generated from the admin route table: a new admin route is covered
 * by being registered. Every route × anonymous / member token / admin without the node /
 * admin with only that node / super admin.
 */
describe('admin authorisation matrix', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
  });
  afterAll(() => ctx.close());

  it('covers every admin route', async () => {
    const routes = ctx.app.adminRouteTable;
    expect(routes.length).toBeGreaterThan(40);
    const member = await createMember(ctx.database.db);
    const memberToken = (await ctx.app.tokens.issue('user', member.id)).token;
    const nobody = await kit.adminWith([]);
    const boss = await kit.superAdmin();
    const outcomes: string[] = [];
    for (const route of routes) {
      const url = `/admin/${route.path}`;
      const send = (headers: Record<string, string>) =>
        ctx.app.inject({ method: route.method, url, headers: { server: 'true', [HEADER.lang]: 'en', ...headers }, ...(route.method === 'POST' ? { payload: {} } : {}) }).then((r) => r.json());

      const anonymous = await send({});
      const asMember = await send({ [HEADER.userToken]: memberToken, [HEADER.adminToken]: memberToken });
      expect([anonymous.code, asMember.code], `${route.method} ${url}`).toEqual([303, 303]);
      expect(anonymous.data).toEqual({ type: 'need login' });

      const without = await send({ [HEADER.adminToken]: nobody.token });
      if (route.node) {
        expect(without, `${route.method} ${url} without ${route.node}`).toMatchObject({ code: 401, msg: 'You do not have permission to operate!' });
        const holder = await kit.adminWith([route.node]);
        const allowed = await send({ [HEADER.adminToken]: holder.token });
        expect([303, 401, 409], `${route.method} ${url} with ${route.node}`).not.toContain(allowed.code);
      } else {
        expect([303, 401], `${route.method} ${url} for any admin`).not.toContain(without.code);
      }
      const asSuper = await send({ [HEADER.adminToken]: boss.token });
      expect([303, 401, 409], `${route.method} ${url} as super`).not.toContain(asSuper.code);
      outcomes.push(`${route.method} ${route.path}`);
    }
    // The denial is translated.
    const denied = await kit.call('GET', '/admin/auth/admin/index', nobody.token, undefined, 'zh-cn');
    expect(denied).toMatchObject({ code: 401, msg: '您没有权限操作！' });
    expect(new Set(outcomes).size).toBe(routes.length);
  });
});
