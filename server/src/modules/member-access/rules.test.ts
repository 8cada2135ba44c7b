import { HEADER } from '@framecraft/contracts/constants';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import type { MemberRuleNode } from '@framecraft/contracts/member';
import { DEFAULT_GROUP_ID, seedMember } from './seed.ts';
import { userGroup, userRule } from './tables.ts';

describe('member groups and the member rule tree', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (url: string, token: string) =>
    ctx.app.inject({ url, headers: { server: 'true', [HEADER.userToken]: token } }).then((r) => r.json());
  async function loggedIn(groupId = DEFAULT_GROUP_ID) {
    const member = await createMember(db(), { groupId });
    return (await ctx.app.tokens.issue('user', member.id)).token;
  }
  const ruleIds = async (names: string[]) =>
    (await db().select({ id: userRule.id }).from(userRule).where(inArray(userRule.name, names))).map((r) => r.id).join(',');
  const menuNames = (menus: MemberRuleNode[]): string[] => menus.flatMap((m) => [m.name, ...menuNames(m.children ?? [])]);

  it('seeds the default group (id 1) holding every member rule, and seeding again adds nothing', async () => {
    const [group] = await db().select().from(userGroup).where(eq(userGroup.id, DEFAULT_GROUP_ID));
    const rules = await db().select({ id: userRule.id }).from(userRule);
    expect(group?.name).toBe('Default group');
    expect(group!.rules.split(',').map(Number).sort()).toEqual(rules.map((r) => r.id).sort());
    expect(await seedMember(db())).toEqual({ rulesAdded: 0 });
    // The explicit id 1 moved the sequence on: the next group is 2, not a clash.
    const [next] = await db().insert(userGroup).values({ name: 'VIP members' }).returning();
    expect(next!.id).toBeGreaterThan(DEFAULT_GROUP_ID);
  });

  it("sends a default-group member the whole member-centre tree in the init call, pages by weight", async () => {
    const { data } = await call('/api/index/index', await loggedIn());
    expect(data.menus.map((m: MemberRuleNode) => m.name)).toEqual(['account/overview', 'account', 'shopping', 'user/faq']);
    const account = data.menus.find((m: MemberRuleNode) => m.name === 'account');
    expect(account.children.map((m: MemberRuleNode) => m.path)).toEqual([
      '/user/profile',
      '/user/change-password',
      '/user/security',
      '/user/balance',
      '/user/integral',
      '/user/check-in',
    ]);
    expect(account.children[0]).toMatchObject({ type: 'menu', title: 'Profile', component: 'account/profile', icon: 'IdcardOutlined', menu_type: 'tab' });
    expect(data.rules.map((r: MemberRuleNode) => r.name)).toContain('user/myOrders');
    expect(data.rules.every((r: MemberRuleNode) => r.children === undefined)).toBe(true);
  });

  it('limits menus, rules and member calls to what the group holds', async () => {
    const [group] = await db()
      .insert(userGroup)
      .values({ name: 'Limited', rules: await ruleIds(['account/overview', 'account/profile']) })
      .returning();
    const token = await loggedIn(group!.id);
    const { data } = await call('/api/index/index', token);
    // The granted page brings its directory along; empty directories are left out.
    expect(menuNames(data.menus)).toEqual(['account/overview', 'account', 'account/profile']);
    expect(data.rules.map((r: MemberRuleNode) => r.name).sort()).toEqual(['account', 'account/overview', 'account/profile']);
    expect(await call('/api/account/balance', token)).toMatchObject({ code: 401, msg: '您没有权限操作！' });
    expect(await call('/api/account/checkIn', token)).toMatchObject({ code: 401 });

    await db().update(userGroup).set({ rules: `${group!.rules},${await ruleIds(['account/balance'])}` }).where(eq(userGroup.id, group!.id));
    expect(await call('/api/account/balance', token)).toMatchObject({ code: 1, data: { total: 0 } });
  });

  it('gives a member of a disabled or missing group no menus and no member calls', async () => {
    const [disabled] = await db().insert(userGroup).values({ name: 'Off', rules: '*', status: 0 }).returning();
    for (const token of [await loggedIn(disabled!.id), await loggedIn(9999)]) {
      const { data } = await call('/api/index/index', token);
      expect(data).toMatchObject({ menus: [], rules: [] });
      expect(data.userInfo).not.toBeNull();
      expect(await call('/api/account/integral', token)).toMatchObject({ code: 401 });
    }
  });

  it('hides a disabled rule and everything under it; `*` grants every enabled rule', async () => {
    const [all] = await db().insert(userGroup).values({ name: 'Everything', rules: '*' }).returning();
    const token = await loggedIn(all!.id);
    await db().update(userRule).set({ status: 0 }).where(eq(userRule.name, 'shopping'));
    try {
      const names = menuNames((await call('/api/index/index', token)).data.menus);
      expect(names).toContain('account/checkIn');
      expect(names).not.toContain('shopping');
      expect(names).not.toContain('user/myOrders');
    } finally {
      await db().update(userRule).set({ status: 1 }).where(eq(userRule.name, 'shopping'));
    }
  });

  it('still answers 303 need login before checking a node', async () => {
    const response = await ctx.app.inject({ url: '/api/account/balance', headers: { server: 'true' } });
    expect(response.json()).toMatchObject({ code: 303, data: { type: 'need login' } });
  });
});
