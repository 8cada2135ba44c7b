import { HEADER, UPLOAD_DEFAULTS } from '@framecraft/contracts/constants';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vipTier } from '../catalogue/tables.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createMember } from '../../../test/fixtures.ts';

describe('GET /api/index/index', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const init = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: '/api/index/index', headers: { server: 'true', ...headers } });

  it('answers a visitor with the site settings and no member', async () => {
    const response = await init();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 1,
      data: {
        site: {
          siteName: 'Framecraft',
          recordNumber: '',
          version: '1.0.0',
          cdnUrl: '',
          apiUrl: '',
          upload: { ...UPLOAD_DEFAULTS },
          headNav: [],
          adminPrefix: '/admin',
          currency: 'CNY',
        },
        openMemberCenter: true,
        userInfo: null,
        menus: [],
        rules: [],
      },
    });
  });

  it("answers a member with the member's fields: money in integer cents, times in seconds, no password", async () => {
    const lastLogin = new Date('2025-03-04T05:06:07Z');
    const member = await createMember(ctx.database.db, {
      money: 1230,
      score: 88,
      email: 'ann@example.com',
      gender: 2,
      birthday: '1999-12-31',
      lastLoginTime: lastLogin,
      lastLoginIp: '203.0.113.9',
      vipLevel: 2,
      vipDate: new Date('2036-01-01T00:00:00Z'),
    });
    const { token } = await ctx.app.tokens.issue('user', member.id);
    const response = await init({ [HEADER.userToken]: token });
    const { userInfo } = response.json().data;
    const [tier2] = await ctx.database.db.select().from(vipTier).where(eq(vipTier.level, 2)).orderBy(desc(vipTier.weigh)).limit(1);
    expect(userInfo).toEqual({
      id: member.id,
      username: member.username,
      nickname: member.nickname,
      email: 'ann@example.com',
      mobile: '',
      avatar: '',
      gender: 2,
      birthday: '1999-12-31',
      money: 1230,
      score: 88,
      last_login_time: lastLogin.getTime() / 1000,
      last_login_ip: '203.0.113.9',
      join_time: Math.floor(member.joinTime.getTime() / 1000),
      motto: '',
      invate_code: member.inviteCode,
      vip_level: 2,
      vip_date: Date.parse('2036-01-01T00:00:00Z') / 1000,
      // The seeded demo shop has a VIP tier of level 2; its Chinese name is sent.
      vipLevelName: tier2!.nameZh,
      rateInfo: { sum12monthpay: 0, pay_rate: 1, sale_list: [] },
    });
    // (The member rule tree has a change-password page, so only the member's part is checked by name.)
    expect(JSON.stringify(userInfo)).not.toContain('password');
    expect(response.body).not.toContain(member.password);
  });

  it('sends the shop currency setting, and refuses an unknown one in the back office', async () => {
    await ctx.app.siteConfig.set({ currency: 'USD' });
    expect((await init()).json().data.site.currency).toBe('USD');
    await ctx.app.siteConfig.set({ currency: 'XYZ' });
    expect((await init()).json().data.site.currency).toBe('CNY');
    await ctx.app.siteConfig.set({ currency: 'CNY' });
  });

  it('sends the balance as integer cents (decision 018), whole and tiny alike', async () => {
    for (const cents of [0, 5, 100_000]) {
      const member = await createMember(ctx.database.db, { money: cents });
      const { token } = await ctx.app.tokens.issue('user', member.id);
      expect((await init({ [HEADER.userToken]: token })).json().data.userInfo.money).toBe(cents);
    }
  });
});
