import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { createAdmin, createMember, FIXTURE_PASSWORD } from '../../../test/fixtures.ts';
import { captcha } from './tables.ts';
import { captchaKit } from './test-kit.ts';
import { ClickCaptcha } from './service.ts';
import { DatabaseCaptchaStore, RedisCaptchaStore } from './store.ts';

describe('click captcha', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof captchaKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = captchaKit(ctx);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, lang = 'en') =>
    ctx.app.inject({ method: 'POST', url, headers: { server: 'true', 'think-lang': lang }, payload }).then((r) => r.json());
  const check = (id: string, info: string, unset = false, lang = 'en') => post('/api/common/checkClickCaptcha', { id, info, unset }, lang);

  it('answers an image (a real JPEG of the stated size) and the targets to click, never their positions', async () => {
    const answer = await kit.fetchCaptcha('zh-cn');
    expect(answer.code).toBe(1);
    const { data } = answer;
    expect(data).toMatchObject({ width: 350, height: 200 });
    expect(data.text).toHaveLength(3);
    for (const t of data.text) expect(t).toMatch(/^(\p{Script=Han}|<\p{Script=Han}+>)$/u);
    expect(data.base64).toMatch(/^data:image\/jpeg;base64,/);
    const meta = await sharp(Buffer.from(data.base64.split(',')[1]!, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 350, height: 200 });
    expect(JSON.stringify(data)).not.toMatch(/"(x|y|targets)"/);
  });

  it('icons are named in the request language', async () => {
    for (let i = 0; i < 12; i++) {
      const { data } = await kit.fetchCaptcha('en');
      const icon = data.text.find((t) => t.startsWith('<'));
      if (icon) return expect(icon).toMatch(/^<[a-z ]+>$/);
    }
  });

  it('accepts the targets clicked in order on a scaled rendering, and keeps it for the login call', async () => {
    const { data } = await kit.fetchCaptcha();
    const info = await kit.clicksFor(data.id, { render: { width: 175, height: 100 } });
    expect(await check(data.id, info)).toMatchObject({ code: 1, msg: 'Verification is successful!' });
    expect(await check(data.id, info, true)).toMatchObject({ code: 1 });
    // unset consumed it
    expect(await check(data.id, info)).toMatchObject({ code: 0, msg: 'The correct area is not clicked, please try again!' });
  });

  it('refuses the wrong order, a miss, too few clicks and malformed info — and an image gets one try only', async () => {
    const cases = async (make: (id: string) => Promise<string>) => {
      const { data } = await kit.fetchCaptcha();
      const answer = await check(data.id, await make(data.id), false, 'zh-cn');
      expect(answer).toMatchObject({ code: 0, msg: '未点中正确区域，请重试！' });
      // the right answer no longer helps
      expect(await check(data.id, await kit.clicksFor(data.id).catch(() => '1,1;350;200'))).toMatchObject({ code: 0 });
    };
    await cases((id) => kit.clicksFor(id, { order: [1, 0, 2] }));
    await cases(async (id) => (await kit.clicksFor(id)).replace(/^\d+,\d+/, '0,0'));
    await cases(async (id) => (await kit.clicksFor(id)).replace(/-\d+,\d+;/, ';'));
    await cases(async () => 'garbage');
    await cases(async (id) => (await kit.clicksFor(id)).replace(/;350;200$/, ';0;200'));
  });

  it('scales: a click right for the image size is wrong for a bigger rendering', async () => {
    const { data } = await kit.fetchCaptcha();
    const info = (await kit.clicksFor(data.id)).replace(/;350;200$/, ';700;400');
    expect(await check(data.id, info)).toMatchObject({ code: 0 });
  });

  it('issues ids itself: a client-chosen id cannot be re-requested to replace someone else\'s image', async () => {
    const { data: victim } = await kit.fetchCaptcha();
    const before = await ctx.app.captcha.answer(victim.id);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/common/clickCaptcha?id=${victim.id}`, headers: { server: 'true' } });
    expect(res.json()).toMatchObject({ code: 1 });
    expect(res.json().data.id).not.toBe(victim.id);
    expect(await ctx.app.captcha.answer(victim.id)).toEqual(before);
    expect(await check(victim.id, await kit.clicksFor(victim.id))).toMatchObject({ code: 1 });
    const chosen = `mine${Math.random().toString(36).slice(2, 12)}`;
    await ctx.app.inject({ method: 'GET', url: `/api/common/clickCaptcha?id=${chosen}`, headers: { server: 'true' } });
    expect(await ctx.app.captcha.answer(chosen)).toBeUndefined();
  });

  it('validates the check payload with translated messages', async () => {
    expect(await check('short', '1,1;1;1')).toMatchObject({ code: 0 });
    expect(await post('/api/common/checkClickCaptcha', { id: 'abcdefgh1' })).toMatchObject({ code: 0, msg: expect.stringMatching(/required/i) });
  });

  it('an answer expires', async () => {
    const redis = ctx.app.deps.redis;
    const store = redis ? new RedisCaptchaStore(redis, ctx.env.REDIS_PREFIX) : new DatabaseCaptchaStore(ctx.database.db);
    const shortLived = new ClickCaptcha(store, 1);
    const { id } = await shortLived.create('en');
    const info = await kit.clicksFor(id);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await shortLived.check(id, info, { consume: false })).toBe(false);
  });

  it('lives 600 s and is kept where every instance sees it', async () => {
    const { data } = await kit.fetchCaptcha();
    if (!ctx.app.deps.redis) {
      const [row] = await ctx.database.db.select().from(captcha).where(eq(captcha.key, data.id));
      const ttl = (row!.expiresAt.getTime() - Date.now()) / 1000;
      expect(ttl).toBeGreaterThan(590);
      expect(ttl).toBeLessThanOrEqual(600);
    } else {
      expect(await ctx.app.deps.redis.ttl(`${ctx.env.REDIS_PREFIX}captcha:${data.id}`)).toBeGreaterThan(590);
    }
    const other = await createTestApp({}, { shareWith: ctx });
    try {
      const info = await kit.clicksFor(data.id);
      const res = await other.app.inject({ method: 'POST', url: '/api/common/checkClickCaptcha', headers: { server: 'true' }, payload: { id: data.id, info, unset: true } });
      expect(res.json()).toMatchObject({ code: 1 });
      expect(await ctx.app.captcha.answer(data.id)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('member login requires and consumes it when userLoginCaptchaSwitch is on', async () => {
    const member = await createMember(ctx.database.db);
    await ctx.app.siteConfig.set({ userLoginCaptchaSwitch: 1 });
    try {
      const settings = await ctx.app.inject({ method: 'GET', url: '/api/user/checkIn', headers: { server: 'true' } });
      expect(settings.json().data.userLoginCaptchaSwitch).toBe(true);
      const login = (extra: object) => post('/api/user/checkIn', { tab: 'login', username: member.username, password: FIXTURE_PASSWORD, ...extra });
      expect(await login({})).toMatchObject({ code: 0, msg: 'Please complete the click verification first' });
      const solved = await kit.solved();
      expect(await check(solved.captchaId, solved.captchaInfo)).toMatchObject({ code: 1 });
      expect(await login(solved)).toMatchObject({ code: 1 });
      expect(await login(solved)).toMatchObject({ code: 0, msg: 'The correct area is not clicked, please try again!' });
    } finally {
      await ctx.app.siteConfig.set({ userLoginCaptchaSwitch: 0 });
    }
  });

  it('admin login requires it by default (adminLoginCaptchaSwitch), and not once switched off', async () => {
    const row = await createAdmin(ctx.database.db);
    const settings = async () => (await ctx.app.inject({ method: 'GET', url: '/admin/index/login', headers: { server: 'true' } })).json().data;
    expect(await settings()).toEqual({ captcha: true });
    const login = (extra: object) => post('/admin/index/login', { username: row.username, password: FIXTURE_PASSWORD, ...extra });
    expect(await login({})).toMatchObject({ code: 0, msg: 'Please complete the click verification first' });
    expect(await login({ captchaId: 'nope-nope', captchaInfo: '1,1;1;1' })).toMatchObject({ code: 0, msg: 'The correct area is not clicked, please try again!' });
    expect(await login(await kit.solved())).toMatchObject({ code: 1 });
    try {
      await ctx.app.siteConfig.set({ adminLoginCaptchaSwitch: 0 });
      expect(await settings()).toEqual({ captcha: false });
      expect(await login({})).toMatchObject({ code: 1 });
    } finally {
      await ctx.app.siteConfig.set({ adminLoginCaptchaSwitch: 1 });
    }
  });

  it('old answers are removed as new ones come (database store)', async () => {
    if (ctx.app.deps.redis) return;
    await ctx.database.db.insert(captcha).values({ key: 'stale-entry', answer: {}, expiresAt: new Date(Date.now() - 1000) });
    await kit.fetchCaptcha();
    const [{ n }] = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(captcha).where(eq(captcha.key, 'stale-entry'))) as [{ n: number }];
    expect(n).toBe(0);
  });
});
