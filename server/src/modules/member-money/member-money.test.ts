import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { user, userMoneyLog } from '../../db/schema.ts';
import { adminKit, qs } from '../admin/test-kit.ts';
import { chapter, courseFile, lesson, vipTier } from '../catalogue/tables.ts';
import { monthsBefore, paidInLast12Months } from '../commerce/index.ts';
import { shopOrder } from '../commerce/tables.ts';
import { commerceKit } from '../commerce/test-kit.ts';

describe('member money: top-up, VIP, loyalty rate', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let admins: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    admins = adminKit(ctx);
    await ctx.app.siteConfig.set({
      topupPresets: JSON.stringify([{ amount: 5000, bonus: 0 }, { amount: 10000, bonus: 500 }, { amount: 50000, bonus: 3000 }]),
      topupMinAmount: 100,
      topupMaxAmount: 100_000,
      payRateTiers: '[]',
      newMemberVipDays: 0,
    });
  });
  afterAll(() => ctx.close());

  const notify = (body: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() });
  /** Pay an order on the sandbox cashier: the fields the checkout got, answered "paid". */
  async function paySandbox(token: string, orderNo: string) {
    const submitted = await kit.call('POST', '/api/pay/submit', token, { order_no: orderNo, method: 'sandbox' });
    expect(submitted.code, submitted.msg).toBe(1);
    const fields = Object.fromEntries(new URL(submitted.data.action.url, 'http://x').searchParams) as Record<string, string>;
    return { fields, reply: await notify({ ...fields, result: 'paid' }) };
  }
  const createTopup = (token: string, amount: unknown) => kit.call('POST', '/api/order/create', token, { kind: 'topup', amount });
  const moneyLog = (userId: number) => kit.db.select().from(userMoneyLog).where(eq(userMoneyLog.userId, userId)).orderBy(userMoneyLog.id);

  describe('top-up', () => {
    it('offers the presets and bounds; refuses amounts out of bounds, fractional or not numbers, with clear messages, creating nothing', async () => {
      const options = await kit.call('GET', '/api/topup/options');
      expect(options.data).toEqual({ presets: [{ amount: 5000, bonus: 0 }, { amount: 10000, bonus: 500 }, { amount: 50000, bonus: 3000 }], min: 100, max: 100_000, currency: 'CNY' });
      const m = await kit.member();
      expect(await createTopup(m.token, 99)).toMatchObject({ code: 0, msg: 'The top-up amount is below the minimum of ¥1.00' });
      expect(await createTopup(m.token, 100_001)).toMatchObject({ code: 0, msg: 'The top-up amount is above the maximum of ¥1000.00' });
      expect(await createTopup(m.token, 10.5)).toMatchObject({ code: 0, msg: 'Enter an amount in whole cents greater than zero' });
      expect((await createTopup(m.token, '1000')).code).toBe(0);
      expect((await createTopup(m.token, -100)).code).toBe(0);
      const zh = await kit.call('POST', '/api/order/create', m.token, { kind: 'topup', amount: 99 }, 'zh-cn');
      expect(zh.msg).toBe('充值金额低于最低金额 ¥1.00');
      expect(await kit.db.select().from(shopOrder).where(eq(shopOrder.userId, m.id))).toHaveLength(0);
    });

    it('a paid top-up credits the amount and the bonus once each (two ledger lines), also when the notification is replayed', async () => {
      const m = await kit.member();
      const created = await createTopup(m.token, 12_345);
      expect(created).toMatchObject({ code: 1, data: { kind: 'topup', amount: 12_345, state: 'unpaid', lines: [{ item_id: null, price: 12_345, title: 'Top-up ¥123.45' }] } });
      const orderNo = created.data.order_no as string;
      // Never with the balance, whatever the member holds.
      expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: orderNo, method: 'balance' })).toMatchObject({
        code: 0,
        msg: 'A top-up cannot be paid with the balance: choose another payment method',
      });
      const { fields, reply } = await paySandbox(m.token, orderNo);
      expect(reply.body).toBe('success');
      const replays = await Promise.all(Array.from({ length: 10 }, () => notify({ ...fields, result: 'paid' })));
      expect(replays.every((r) => r.body === 'success')).toBe(true);
      // 12 345 reaches the 10 000 preset: its bonus of 500.
      expect(await kit.balance(m.id)).toBe(12_845);
      const log = await moneyLog(m.id);
      expect(log.map((l) => [l.kind, l.refType, l.money])).toEqual([
        ['topup', 'order', 12_345],
        ['topup', 'order_bonus', 500],
      ]);
      expect((await kit.ledgerHolds(m.id)).holds).toBe(true);
      // The member info (header, member centre) reads the new balance.
      expect((await kit.call('GET', '/api/index/index', m.token)).data.userInfo.money).toBe(12_845);
      expect((await kit.call('GET', '/api/ledger/money?page=1&limit=10', m.token)).code).not.toBe(500);
    });

    it('a preset without a bonus adds no bonus line; a top-up is not refunded to the balance; it does not count as spending', async () => {
      const m = await kit.member();
      const orderNo = (await createTopup(m.token, 5000)).data.order_no as string;
      await paySandbox(m.token, orderNo);
      expect((await moneyLog(m.id)).map((l) => l.refType)).toEqual(['order']);
      const { token } = await admins.superAdmin();
      const [row] = await kit.db.select().from(shopOrder).where(eq(shopOrder.orderNo, orderNo));
      const refund = await admins.call('POST', '/admin/shop/order/refund', token, { id: row!.id, amount: 5000 });
      expect(refund).toMatchObject({ code: 0, msg: 'A top-up cannot be refunded to the balance: return the money through the payment provider' });
      expect(await kit.balance(m.id)).toBe(5000);
      expect(await paidInLast12Months(kit.db, m.id)).toBe(0);
    });

    it('shop/topup lists only top-up orders, filters and searches them', async () => {
      const m = await kit.member(10_000);
      const topupNo = (await createTopup(m.token, 7000)).data.order_no as string;
      const item = await kit.item({ price: 300 });
      await kit.call('POST', '/api/order/create', m.token, { items: [item.id] });
      const { token } = await admins.superAdmin();
      const list = await admins.call('GET', `/admin/shop/topup/index?${qs({ 'search[0][field]': 'user_id', 'search[0][val]': m.id, 'search[0][operator]': '=' })}`, token);
      expect(list.code, list.msg).toBe(1);
      expect(list.data.list.map((r: { order_no: string; kind: string }) => [r.order_no, r.kind])).toEqual([[topupNo, 'topup']]);
      expect((await admins.call('GET', `/admin/shop/topup/index?${qs({ quickSearch: topupNo })}`, token)).data.total).toBe(1);
      const limited = await admins.adminWith(['shop/order/index']);
      expect((await admins.call('GET', '/admin/shop/topup/index', limited.token)).code).toBe(401);
    });
  });

  describe('VIP', () => {
    let tiers: { silver: number; gold: number; lifetime: number; off: number };
    beforeAll(async () => {
      const { token } = await admins.superAdmin();
      const add = async (body: Record<string, unknown>) => {
        const answer = await admins.call('POST', '/admin/shop/vip/add', token, body);
        expect(answer.code, answer.msg).toBe(1);
        const [row] = await kit.db.select().from(vipTier).where(eq(vipTier.nameZh, String(body.name_zh)));
        return row!.id;
      };
      tiers = {
        silver: await add({ level: 11, name_zh: '测试白银', name_en: 'Test silver', days: 30, price: 3000, list_price: 5000, benefits_zh: ['一'], benefits_en: ['one'] }),
        gold: await add({ level: 12, name_zh: '测试黄金', name_en: 'Test gold', days: 365, price: 20000, list_price: 30000 }),
        lifetime: await add({ level: 13, name_zh: '测试终身', name_en: 'Test lifetime', days: 0, price: 99900 }),
        off: await add({ level: 12, name_zh: '测试下架', name_en: 'Test off', days: 30, price: 100, status: 0 }),
      };
    });
    const buy = async (m: { token: string }, tierId: number) => {
      const created = await kit.call('POST', '/api/order/create', m.token, { kind: 'vip', tier_id: tierId });
      if (created.code !== 1) return created;
      return kit.call('POST', '/api/pay/submit', m.token, { order_no: created.data.order_no, method: 'balance' });
    };
    const vipOf = async (id: number) => (await kit.db.select({ level: user.vipLevel, date: user.vipDate }).from(user).where(eq(user.id, id)))[0]!;
    const DAY = 86_400_000;

    it('the back office edits tiers (bad input refused); disabled and unknown tiers cannot be bought', async () => {
      const { token } = await admins.superAdmin();
      expect((await admins.call('POST', '/admin/shop/vip/add', token, { level: 0, name_zh: 'x', days: 1, price: 1 })).code).toBe(0);
      expect((await admins.call('POST', '/admin/shop/vip/add', token, { level: 1, name_zh: 'x', days: 1, price: 1.5 })).code).toBe(0);
      expect((await admins.call('GET', `/admin/shop/vip/index?${qs({ quickSearch: '测试' })}`, token)).data.total).toBe(4);
      const m = await kit.member(100_000);
      expect(await buy(m, tiers.off)).toMatchObject({ code: 0, msg: 'This VIP tier is not on sale' });
      expect(await buy(m, 999_999)).toMatchObject({ code: 0, msg: 'The VIP tier does not exist' });
      expect((await kit.call('GET', '/api/vip/tiers')).data.list.map((t: { id: number }) => t.id)).not.toContain(tiers.off);
      expect(await kit.db.select().from(shopOrder).where(eq(shopOrder.userId, m.id))).toHaveLength(0);
    });

    it('buying extends from now, then from the current expiry; a higher tier raises the level and keeps the remaining days; a lower one is refused', async () => {
      const m = await kit.member(100_000);
      const before = Date.now();
      expect((await buy(m, tiers.silver)).code).toBe(1);
      let vip = await vipOf(m.id);
      expect(vip.level).toBe(11);
      expect(vip.date!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 5000);
      expect(vip.date!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 5000);
      const firstExpiry = vip.date!.getTime();
      expect((await buy(m, tiers.silver)).code).toBe(1);
      vip = await vipOf(m.id);
      expect(vip.date!.getTime()).toBe(firstExpiry + 30 * DAY);
      expect((await buy(m, tiers.gold)).code).toBe(1);
      vip = await vipOf(m.id);
      expect(vip).toMatchObject({ level: 12 });
      expect(vip.date!.getTime()).toBe(firstExpiry + 30 * DAY + 365 * DAY);
      expect(await buy(m, tiers.silver)).toMatchObject({ code: 0, msg: 'Your Test gold membership is higher than this tier and still running: choose Test gold or a higher tier' });
      const info = (await kit.call('GET', '/api/index/index', m.token)).data.userInfo;
      expect(info).toMatchObject({ vip_level: 12, vipLevelName: 'Test gold', vip_date: Math.floor(vip.date!.getTime() / 1000) });
      expect((await kit.call('GET', '/api/index/index', m.token, undefined, 'zh-cn')).data.userInfo.vipLevelName).toBe('测试黄金');
      expect(await kit.balance(m.id)).toBe(100_000 - 3000 - 3000 - 20000);
      expect((await kit.ledgerHolds(m.id)).holds).toBe(true);
    });

    it('an expired VIP starts again from now at the tier bought (also a lower one); lifetime clears the date and then only a higher lifetime tier is sold', async () => {
      const m = await kit.member(200_000);
      await kit.db.update(user).set({ vipLevel: 12, vipDate: new Date(Date.now() - DAY) }).where(eq(user.id, m.id));
      expect((await buy(m, tiers.silver)).code).toBe(1);
      let vip = await vipOf(m.id);
      expect(vip.level).toBe(11);
      expect(Math.abs(vip.date!.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
      expect((await buy(m, tiers.lifetime)).code).toBe(1);
      vip = await vipOf(m.id);
      expect(vip).toEqual({ level: 13, date: null });
      expect(await buy(m, tiers.gold)).toMatchObject({ code: 0, msg: 'Your Test lifetime membership is lifetime: there is nothing to extend' });
      expect((await kit.call('GET', '/api/index/index', m.token)).data.userInfo).toMatchObject({ vip_level: 13, vipLevelName: 'Test lifetime', vip_date: null });
    });

    it('expiry is read, not run: covered until the second before vip_date, not at it (detail access, cart, delivery)', async () => {
      const m = await kit.member();
      const covered = await kit.item({ price: 4000, vipFreeLevel: 1 });
      const setExpiry = (ms: number) => kit.db.update(user).set({ vipLevel: 1, vipDate: new Date(Date.now() + ms) }).where(eq(user.id, m.id));
      await setExpiry(60_000);
      expect((await kit.call('GET', `/api/catalogue/detail?id=${covered.id}`, m.token)).data).toMatchObject({ access: 'vip' });
      expect((await kit.call('POST', '/api/cart/add', m.token, { item_id: covered.id })).msg).toBe('Your VIP membership already includes this item');
      await setExpiry(0);
      expect((await kit.call('GET', `/api/catalogue/detail?id=${covered.id}`, m.token)).data).toMatchObject({ access: 'none' });
      expect((await kit.call('GET', '/api/index/index', m.token)).data.userInfo).toMatchObject({ vip_level: 0, vipLevelName: '' });
      expect((await kit.call('POST', '/api/cart/add', m.token, { item_id: covered.id })).code).toBe(1);
      // Bought again: open at once.
      await kit.db.update(user).set({ money: 0 }).where(eq(user.id, m.id));
      const orderNo = (await kit.call('POST', '/api/order/create', m.token, { kind: 'vip', tier_id: tiers.silver })).data.order_no as string;
      await paySandbox(m.token, orderNo);
      expect((await kit.call('GET', `/api/catalogue/detail?id=${covered.id}`, m.token)).data).toMatchObject({ access: 'vip' });
    });

    it('a VIP-covered course lesson and pack file are delivered while VIP runs and refused from the instant it ends', async () => {
      const m = await kit.member();
      const courseItem = await kit.item({ kind: 'course', price: 5000, vipFreeLevel: 1 });
      const pack = await kit.item({ kind: 'material', price: 5000, vipFreeLevel: 2 });
      const [ch] = await kit.db.insert(chapter).values({ courseId: courseItem.id, titleZh: '第一章' }).returning();
      const [paid] = await kit.db.insert(lesson).values({ courseId: courseItem.id, chapterId: ch!.id, titleZh: '第一课', storage: 'local_private', objectKey: 'demo/lesson.mp4' }).returning();
      const [file] = await kit.db.insert(courseFile).values({ courseId: pack.id, name: '素材包.zip', size: 10, format: 'zip', storage: 'local_private', objectKey: 'demo/sample.zip' }).returning();
      const link = (body: object) => kit.call('POST', '/api/purchase/link', m.token, body);
      const setVip = (level: number, ms: number) => kit.db.update(user).set({ vipLevel: level, vipDate: new Date(Date.now() + ms) }).where(eq(user.id, m.id));
      // Level 1 covers the course (vip_free_level 1), not the pack (level 2).
      await setVip(1, 60_000);
      const watch = await link({ item_id: courseItem.id, lesson_id: paid!.id });
      expect(watch.code, watch.msg).toBe(1);
      expect(watch.data.url).toMatch(/\/download\//);
      expect(await link({ item_id: pack.id, file_id: file!.id })).toMatchObject({ code: 0, msg: 'You do not have access to this item' });
      await setVip(2, 60_000);
      expect((await link({ item_id: pack.id, file_id: file!.id })).code).toBe(1);
      // The boundary: at vip_date the membership has ended, without a job or a restart.
      await setVip(2, 0);
      expect(await link({ item_id: courseItem.id, lesson_id: paid!.id })).toMatchObject({ code: 0, msg: 'You do not have access to this item' });
      expect(await link({ item_id: pack.id, file_id: file!.id })).toMatchObject({ code: 0, msg: 'You do not have access to this item' });
      // Lifetime (no date) covers again.
      await kit.db.update(user).set({ vipLevel: 2, vipDate: null }).where(eq(user.id, m.id));
      expect((await link({ item_id: courseItem.id, lesson_id: paid!.id })).code).toBe(1);
    });

    it('the VIP price applies while VIP runs and not after', async () => {
      const m = await kit.member(100_000);
      const item = await kit.item({ price: 10_000, vipPrice: 6000 });
      await kit.db.update(user).set({ vipLevel: 1, vipDate: new Date(Date.now() + DAY) }).where(eq(user.id, m.id));
      await kit.call('POST', '/api/cart/add', m.token, { item_id: item.id });
      expect((await kit.call('GET', '/api/cart/list', m.token)).data.list[0]).toMatchObject({ price: 6000, reason: 'vip_price' });
      await kit.db.update(user).set({ vipDate: new Date(Date.now() - 1) }).where(eq(user.id, m.id));
      expect((await kit.call('GET', '/api/cart/list', m.token)).data.list[0]).toMatchObject({ price: 10_000, reason: 'list' });
    });
  });

  describe('loyalty rate (rateInfo)', () => {
    const TIERS = [
      { min_amount: 10_000, rate: 0.95 },
      { min_amount: 50_000, rate: 0.9 },
    ];
    beforeEach(async () => {
      await ctx.app.siteConfig.set({ payRateTiers: JSON.stringify(TIERS) });
    });
    afterAll(async () => {
      await ctx.app.siteConfig.set({ payRateTiers: '[]' });
    });
    /** A paid order of `amount` cents for the member, paid at `payTime`. */
    async function paidOrder(userId: number, amount: number, payTime: Date, values: Partial<typeof shopOrder.$inferInsert> = {}) {
      await kit.db.insert(shopOrder).values({ orderNo: `2025${String(Math.random()).slice(2, 16).padEnd(14, '0')}`, userId, kind: 'course', amount, currency: 'CNY', state: 'paid', payTime, expireTime: payTime, ...values });
    }

    it('12 calendar months back, the day clipped to the month', () => {
      expect(monthsBefore(new Date('2026-11-25T14:00:00.000Z'), 12).toISOString()).toBe('2025-11-25T14:00:00.000Z');
      expect(monthsBefore(new Date('2028-02-29T08:00:00.000Z'), 12).toISOString()).toBe('2027-02-28T08:00:00.000Z');
      expect(monthsBefore(new Date('2026-03-31T00:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    });

    it('sums paid, not refunded item and VIP orders of the last 12 months: exactly 12 months ago counts, a millisecond earlier does not', async () => {
      const m = await kit.member();
      const now = new Date('2026-11-25T14:00:00.000Z');
      const edge = monthsBefore(now, 12);
      await paidOrder(m.id, 1000, edge);
      await paidOrder(m.id, 2000, new Date(edge.getTime() - 1));
      await paidOrder(m.id, 4000, new Date('2026-06-01T00:00:00Z'), { refundedAmount: 1500 });
      await paidOrder(m.id, 8000, new Date('2026-06-01T00:00:00Z'), { state: 'refunded', refundedAmount: 8000 });
      await paidOrder(m.id, 16_000, new Date('2026-06-01T00:00:00Z'), { kind: 'topup' });
      await paidOrder(m.id, 32_000, new Date('2026-06-01T00:00:00Z'), { state: 'unpaid' });
      await paidOrder(m.id, 300, new Date('2026-06-01T00:00:00Z'), { kind: 'vip' });
      expect(await paidInLast12Months(kit.db, m.id, now)).toBe(1000 + 2500 + 300);
    });

    it('pay_rate is the rate of the highest tier reached (thresholds inclusive), 1 below the first; in the init call and the member centre', async () => {
      const m = await kit.member();
      const info = async () => (await kit.call('GET', '/api/index/index', m.token)).data.userInfo.rateInfo;
      expect(await info()).toEqual({ sum12monthpay: 0, pay_rate: 1, sale_list: TIERS });
      await paidOrder(m.id, 9999, new Date());
      expect((await info()).pay_rate).toBe(1);
      await paidOrder(m.id, 1, new Date());
      expect(await info()).toMatchObject({ sum12monthpay: 10_000, pay_rate: 0.95 });
      await paidOrder(m.id, 40_000, new Date());
      expect(await info()).toMatchObject({ sum12monthpay: 50_000, pay_rate: 0.9 });
      expect((await kit.call('GET', '/api/account/profile', m.token)).data.userInfo.rateInfo.pay_rate).toBe(0.9);
      // A broken setting falls back to no tiers (rate 1), never to an error.
      await kit.db.execute(sql`update config set value = '"[{not json"'::jsonb where name = 'payRateTiers'`);
      await ctx.app.siteConfig.changed();
      expect(await info()).toEqual({ sum12monthpay: 50_000, pay_rate: 1, sale_list: [] });
    });

    it('the member price is price × rate rounded half up per line, or the VIP price when lower — the same in the cart, the order and the charge', async () => {
      const m = await kit.member(100_000);
      await paidOrder(m.id, 10_000, new Date());
      // 999 × 0.95 = 949.05 → 949; 1010 × 0.95 = 959.5 → 960; VIP price 9000 vs 10 000 × 0.95 = 9500 → 9000.
      const a = await kit.item({ price: 999 });
      const b = await kit.item({ price: 1010 });
      const c = await kit.item({ price: 10_000, vipPrice: 9000 });
      const d = await kit.item({ price: 10_000, vipPrice: 9800 });
      await kit.db.update(user).set({ vipLevel: 1, vipDate: new Date(Date.now() + 86_400_000) }).where(eq(user.id, m.id));
      for (const item of [a, b, c, d]) await kit.call('POST', '/api/cart/add', m.token, { item_id: item.id });
      const cart = (await kit.call('GET', '/api/cart/list', m.token)).data;
      const byItem = new Map(cart.list.map((l: { item_id: number; price: number; reason: string }) => [l.item_id, [l.price, l.reason]]));
      expect([a, b, c, d].map((i) => byItem.get(i.id))).toEqual([
        [949, 'loyalty_rate'],
        [960, 'loyalty_rate'],
        [9000, 'vip_price'],
        [9500, 'loyalty_rate'],
      ]);
      expect(cart.total).toBe(949 + 960 + 9000 + 9500);
      // The detail page shows the same figure to the member, the list price to a visitor.
      expect((await kit.call('GET', `/api/catalogue/detail?id=${a.id}`, m.token)).data.memberPrice).toEqual({ price: 949, listPrice: 999, reason: 'loyalty_rate' });
      expect((await kit.call('GET', `/api/catalogue/detail?id=${c.id}`, m.token)).data.memberPrice).toEqual({ price: 9000, listPrice: 10_000, reason: 'vip_price' });
      expect((await kit.call('GET', `/api/catalogue/detail?id=${a.id}`)).data.memberPrice).toBeNull();
      const order = (await kit.call('POST', '/api/order/create', m.token, { items: [a.id, b.id, c.id, d.id] })).data;
      expect(order.amount).toBe(cart.total);
      expect(order.lines.map((l: { price: number }) => l.price)).toEqual([949, 960, 9000, 9500]);
      expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: order.order_no, method: 'balance' })).code).toBe(1);
      expect(await kit.balance(m.id)).toBe(100_000 - cart.total);
      const [debit] = await kit.db.select().from(userMoneyLog).where(and(eq(userMoneyLog.userId, m.id), eq(userMoneyLog.kind, 'purchase')));
      expect(debit!.money).toBe(-cart.total);
    });
  });

  it('list cards ask for the member’s own prices: the same priceFor figures as the detail page; members only, bounded ids', async () => {
    await ctx.app.siteConfig.set({ payRateTiers: JSON.stringify([{ min_amount: 10_000, rate: 0.95 }]) });
    try {
      const m = await kit.member();
      await kit.db.insert(shopOrder).values({ orderNo: `2026${String(Math.random()).slice(2, 16).padEnd(14, '0')}`, userId: m.id, kind: 'course', amount: 10_000, currency: 'CNY', state: 'paid', payTime: new Date(), expireTime: new Date() });
      const a = await kit.item({ price: 999 });
      const b = await kit.item({ price: 10_000, vipPrice: 9000 });
      const free = await kit.item({ price: 0 });
      const off = await kit.item({ price: 5000, status: 'off_sale' });
      const ids = [a.id, b.id, free.id, off.id, 999_999_999].join(',');
      const answer = await kit.call('GET', `/api/catalogue/memberPrices?ids=${ids}`, m.token);
      expect(answer.code, answer.msg).toBe(1);
      expect(answer.data.prices).toEqual({
        [a.id]: { price: 949, listPrice: 999, reason: 'loyalty_rate' },
        [b.id]: { price: 9500, listPrice: 10_000, reason: 'loyalty_rate' },
        [free.id]: { price: 0, listPrice: 0, reason: 'free' },
      });
      expect((await kit.call('GET', `/api/catalogue/detail?id=${a.id}`, m.token)).data.memberPrice).toEqual(answer.data.prices[a.id]);
      // A running VIP's price wins when lower, read at the request (no cache between members).
      await kit.db.update(user).set({ vipLevel: 1, vipDate: new Date(Date.now() + 60_000) }).where(eq(user.id, m.id));
      expect((await kit.call('GET', `/api/catalogue/memberPrices?ids=${b.id}`, m.token)).data.prices[b.id]).toEqual({ price: 9000, listPrice: 10_000, reason: 'vip_price' });
      const response = await ctx.app.inject({ method: 'GET', url: `/api/catalogue/memberPrices?ids=${a.id}`, headers: { 'ba-user-token': m.token } });
      expect(response.headers['cache-control']).toBe('private, no-store');
      // Visitors are not members; broken or too many ids are refused with a message.
      expect((await kit.call('GET', `/api/catalogue/memberPrices?ids=${a.id}`)).code).not.toBe(1);
      expect(await kit.call('GET', '/api/catalogue/memberPrices?ids=1,x', m.token)).toMatchObject({ code: 0, msg: 'List the item ids as numbers separated by commas, at most 60' });
      const many = Array.from({ length: 61 }, (_, i) => i + 1).join(',');
      expect((await kit.call('GET', `/api/catalogue/memberPrices?ids=${many}`, m.token, undefined, 'zh-cn')).msg).toBe('商品编号须为以逗号分隔的数字，最多 60 个');
    } finally {
      await ctx.app.siteConfig.set({ payRateTiers: '[]' });
    }
  });

  it('the settings editor refuses malformed JSON settings', async () => {
    const { token } = await admins.superAdmin();
    const save = (settings: Record<string, unknown>) => admins.call('POST', '/admin/routine/config/edit', token, { settings });
    expect((await save({ payRateTiers: '[{"min_amount": 100, "rate": 1.5}]' })).data.errors).toHaveProperty('payRateTiers');
    expect((await save({ topupPresets: '[{"amount": 10.5, "bonus": 0}]' })).data.errors).toHaveProperty('topupPresets');
    expect((await save({ topupPresets: 'nope' })).data.errors).toHaveProperty('topupPresets');
    expect((await save({ payRateTiers: '[{"min_amount": 100, "rate": 0.98}]' })).code).toBe(1);
    await save({ payRateTiers: '[]' });
  });
});
