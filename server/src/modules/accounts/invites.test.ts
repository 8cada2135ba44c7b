import { HEADER } from '@framecraft/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { userScoreLog } from '../ledger/tables.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';
import { maskUsername } from './invites.ts';

describe('invites (/share)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const register = (username: string, inviteCode: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/checkIn', headers: { server: 'true' }, payload: { tab: 'register', username, password: 'secret123', inviteCode } });
  const list = (token: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/invite/list${query}`, headers: { server: 'true', [HEADER.lang]: 'en', [HEADER.userToken]: token } });

  it('masks usernames to their first and last character', () => {
    expect(maskUsername('alice99')).toBe('a***9');
    expect(maskUsername('ab')).toBe('a***b');
    expect(maskUsername('x')).toBe('x***');
    expect(maskUsername('')).toBe('***');
  });

  it('a friend who registers through the link is listed (masked, with the join time) and the inviter gets the promised points', async () => {
    const db = ctx.database.db;
    const inviter = await createMember(db);
    const { token } = await ctx.app.tokens.issue('user', inviter.id);
    const before = (await list(token)).json();
    // The default reward is what the page promises: the answer carries the setting.
    expect(before).toMatchObject({ code: 1, data: { list: [], total: 0, rewardScore: 50 } });

    expect((await register('friend_one', inviter.inviteCode)).json().code).toBe(1);
    expect((await register('friend_two', inviter.inviteCode.toLowerCase())).json().code).toBe(1);
    expect((await register('stranger_x', '')).json().code).toBe(1);

    const after = (await list(token)).json();
    expect(after.data.total).toBe(2);
    expect(after.data.list.map((row: { username: string }) => row.username)).toEqual(['f***o', 'f***e']);
    for (const row of after.data.list) expect(Math.abs(row.join_time - Date.now() / 1000)).toBeLessThan(60);
    const paged = (await list(token, '?page=2&limit=1')).json();
    expect(paged.data).toMatchObject({ total: 2, list: [{ username: 'f***e' }] });

    const logs = await db.select().from(userScoreLog).where(eq(userScoreLog.userId, inviter.id));
    expect(logs.map((log) => log.score)).toEqual([50, 50]);
    const [row] = await db.select({ score: user.score }).from(user).where(eq(user.id, inviter.id));
    expect(row!.score).toBe(100);

    // The page promises what the setting says, whatever the owner sets.
    await ctx.app.siteConfig.set({ inviteRewardScore: 0 });
    expect((await list(token)).json().data.rewardScore).toBe(0);
    await ctx.app.siteConfig.set({ inviteRewardScore: 50 });
  });

  it('needs a logged-in member and refuses a bad page with a field message', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/invite/list', headers: { server: 'true' } });
    expect(visitor.json()).toMatchObject({ code: 303, data: { type: 'need login' } });
    const member = await createMember(ctx.database.db);
    const { token } = await ctx.app.tokens.issue('user', member.id);
    const bad = (await list(token, '?page=abc')).json();
    expect(bad.code).toBe(0);
    expect(bad.msg).toMatch(/number/i);
  });
});

describe('VIP days for new members', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const register = (username: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/checkIn', headers: { server: 'true' }, payload: { tab: 'register', username, password: 'secret123' } });

  it('the demo shop switches it on for the 7 days its notice promises', async () => {
    expect(Number(await ctx.app.siteConfig.get('newMemberVipDays'))).toBe(7);
  });

  it('off (0) grants nothing; set, it starts a new member on VIP level 1 for that many days', async () => {
    const db = ctx.database.db;
    await ctx.app.siteConfig.set({ newMemberVipDays: 0 });
    expect((await register('novip_a')).json().code).toBe(1);
    const [plain] = await db.select().from(user).where(eq(user.username, 'novip_a'));
    expect(plain).toMatchObject({ vipLevel: 0, vipDate: null });

    await ctx.app.siteConfig.set({ newMemberVipDays: 7 });
    const answer = (await register('vip_new_b')).json();
    expect(answer.code).toBe(1);
    expect(answer.data.userInfo.vip_level).toBe(1);
    const [vip] = await db.select().from(user).where(eq(user.username, 'vip_new_b'));
    expect(vip!.vipLevel).toBe(1);
    const days = (vip!.vipDate!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });
});
