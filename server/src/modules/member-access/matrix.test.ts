import { HEADER } from '@framecraft/contracts/constants';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createAdmin, createMember } from '../../../test/fixtures.ts';
import { userGroup, userRule } from './tables.ts';

/**
 * The member authorisation matrix, generated from `app.memberRouteTable` (filled from the routes'
 * guards, decision 033): a new member route is covered by being registered. Every route ×
 * anonymous / an admin's token / a member whose group holds nothing / a member holding only the
 * route's node (or any member for a login-only route).
 */
describe('member authorisation matrix', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** A fresh token per call: a route may end the session (logout, password change). */
  async function tokenOfGroup(rules: string): Promise<string> {
    const [group] = await ctx.database.db.insert(userGroup).values({ name: `Matrix ${rules || 'none'}`, rules }).returning();
    const member = await createMember(ctx.database.db, { groupId: group!.id });
    return (await ctx.app.tokens.issue('user', member.id)).token;
  }

  it('covers every member route', async () => {
    const routes = ctx.app.memberRouteTable;
    expect(routes.length).toBeGreaterThan(20);
    const db = ctx.database.db;
    const ruleIds = new Map((await db.select({ id: userRule.id, name: userRule.name }).from(userRule)).map((r) => [r.name, r.id]));
    const admin = await createAdmin(db);
    const adminToken = (await ctx.app.tokens.issue('admin', admin.id)).token;
    const seen: string[] = [];
    for (const route of routes) {
      // Path parameters get a plausible id; the handler may then answer "not found", never a guard's code.
      const url = route.url.replace(/:\w+/g, '1');
      const send = (token?: string) =>
        ctx.app
          .inject({ method: route.method as 'GET', url, headers: { server: 'true', [HEADER.lang]: 'en', ...(token ? { [HEADER.userToken]: token } : {}) }, ...(route.method === 'POST' ? { payload: {} } : {}) })
          .then((r) => r.json() as { code: number; msg: string; data: unknown });
      const label = `${route.method} ${route.url}`;

      const anonymous = await send();
      expect([anonymous.code, anonymous.data], `${label} anonymous`).toEqual([303, { type: 'need login' }]);
      expect((await send(adminToken)).code, `${label} with an admin's token`).toBe(303);

      const holdsNothing = await send(await tokenOfGroup(''));
      if (route.node) {
        expect(ruleIds.has(route.node), `${label}: node ${route.node} is a seeded member rule`).toBe(true);
        expect(holdsNothing, `${label} without ${route.node}`).toMatchObject({ code: 401, msg: 'You do not have permission to operate!' });
        const allowed = await send(await tokenOfGroup(String(ruleIds.get(route.node))));
        expect([303, 401, 409], `${label} with only ${route.node}`).not.toContain(allowed.code);
      } else {
        expect([303, 401, 409], `${label} for any member`).not.toContain(holdsNothing.code);
      }
      seen.push(label);
    }
    expect(new Set(seen).size).toBe(routes.length);
    // The node routes of the member centre are all there (a route registered without its guard would be missing).
    expect(routes.filter((r) => r.node).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/account/overview', 'POST /api/account/profile', 'GET /api/account/balance', 'GET /api/account/integral', 'POST /api/account/checkIn']),
    );
    // The denial is translated.
    const denied = await ctx.app.inject({ url: '/api/account/overview', headers: { server: 'true', [HEADER.lang]: 'zh-cn', [HEADER.userToken]: await tokenOfGroup('') } });
    expect(denied.json()).toMatchObject({ code: 401, msg: '您没有权限操作！' });
    await db.delete(userGroup).where(inArray(userGroup.name, ['Matrix none']));
  }, 120_000); // several requests per route and role: grows with the route table, slow on a busy machine
});
