import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { course } from '../../db/schema.ts';
import { changeMoney } from '../ledger/index.ts';
import { newOrderNo } from './orders.ts';
import { ownership, payLog, shopOrder } from './tables.ts';
import { commerceKit } from './test-kit.ts';

describe('cart and orders', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
  });
  afterAll(() => ctx.close());

  it('keeps a cart on the server, priced now; owned, free, VIP-covered and off-sale items are refused', async () => {
    const m = await kit.member();
    const a = await kit.item({ price: 1990 });
    const b = await kit.item({ price: 500 });
    const free = await kit.item({ price: 0 });
    const off = await kit.item({ status: 'off_sale' });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: a.id })).toMatchObject({ code: 1, msg: 'Added to your cart', data: { count: 1 } });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: a.id })).toMatchObject({ code: 1, msg: 'This item is already in your cart', data: { count: 1 } });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: b.id })).toMatchObject({ code: 1, data: { count: 2 } });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: free.id })).toMatchObject({ code: 0, msg: 'This item is free: no need to buy it' });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: off.id })).toMatchObject({ code: 0, msg: 'The item does not exist or is no longer on sale' });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: 999_999 })).toMatchObject({ code: 0, msg: 'The item does not exist or is no longer on sale' });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: a.id, price: 1 })).toMatchObject({ code: 0, msg: 'Unknown parameter' });
    expect((await kit.call('POST', '/api/cart/add', m.token, { item_id: a.id }, 'zh-cn')).msg).toBe('该商品已在购物车中');
    expect((await kit.call('POST', '/api/cart/add', undefined, { item_id: a.id })).code).toBe(303);

    const list = await kit.call('GET', '/api/cart/list', m.token);
    expect(list.data).toMatchObject({ count: 2, total: 2490 });
    expect(list.data.list[0]).toMatchObject({ item_id: b.id, price: 500, list_price: 500, reason: 'list', unavailable: null });
    // An item taken off sale stays in the cart, marked, and out of the total.
    await kit.db.update(course).set({ status: 'off_sale' }).where(eq(course.id, b.id));
    expect((await kit.call('GET', '/api/cart/list', m.token)).data).toMatchObject({ count: 2, total: 1990, list: [{ unavailable: 'off_sale' }, { unavailable: null }] });
    expect((await kit.call('GET', '/api/cart/count', m.token)).data).toEqual({ count: 2 });

    // Another member cannot remove my lines; I can.
    const other = await kit.member();
    const ids = list.data.list.map((l: { id: number }) => l.id);
    expect((await kit.call('POST', '/api/cart/remove', other.token, { ids })).data).toEqual({ count: 0 });
    expect((await kit.call('POST', '/api/cart/remove', m.token, { ids: [ids[0]] })).data).toEqual({ count: 1 });
    expect(await kit.call('POST', '/api/cart/remove', m.token, { ids: [] })).toMatchObject({ code: 0, msg: 'Choose the cart lines to remove' });
  });

  it('orders in the shop currency of the moment: the setting is snapshotted into the order', async () => {
    const m = await kit.member();
    const item = await kit.item({ price: 990 });
    await ctx.app.siteConfig.set({ currency: 'USD' });
    try {
      const created = await kit.call('POST', '/api/order/create', m.token, { items: [item.id] });
      expect(created.data).toMatchObject({ amount: 990, currency: 'USD' });
      expect((await kit.call('GET', '/api/pay/methods', m.token)).data).toMatchObject({ currency: 'USD' });
      await ctx.app.siteConfig.set({ currency: 'CNY' });
      expect((await kit.call('GET', `/api/order/detail?order_no=${created.data.order_no}`, m.token)).data).toMatchObject({ currency: 'USD' });
    } finally {
      await ctx.app.siteConfig.set({ currency: 'CNY' });
    }
  });

  it('prices with the VIP rules: VIP price for VIP members, VIP-covered items cannot be bought', async () => {
    const vip = await kit.member(0, { vipLevel: 2, vipDate: new Date(Date.now() + 86_400_000) });
    const lapsed = await kit.member(0, { vipLevel: 2, vipDate: new Date(Date.now() - 1000) });
    const priced = await kit.item({ price: 2000, vipPrice: 1200 });
    const covered = await kit.item({ price: 3000, vipFreeLevel: 2 });
    const created = await kit.call('POST', '/api/order/create', vip.token, { items: [priced.id] });
    expect(created.data).toMatchObject({ kind: 'course', state: 'unpaid', amount: 1200, lines: [{ item_id: priced.id, list_price: 2000, price: 1200, reason: 'vip_price' }] });
    expect(await kit.call('POST', '/api/order/create', vip.token, { items: [covered.id] })).toMatchObject({ code: 0, msg: 'Your VIP membership already includes this item', data: { item_id: covered.id } });
    const plain = await kit.call('POST', '/api/order/create', lapsed.token, { items: [priced.id, covered.id] });
    expect(plain.data).toMatchObject({ amount: 5000, lines: [{ price: 2000, reason: 'list' }, { price: 3000, reason: 'list' }] });
  });

  it('creates unguessable order numbers, answers the same open order for the same items, refuses overlaps and bad input', async () => {
    expect(newOrderNo(new Date('2026-11-25T10:00:00Z'))).toMatch(/^20261125\d{10}$/);
    const m = await kit.member();
    const a = await kit.item();
    const b = await kit.item();
    const first = await kit.call('POST', '/api/order/create', m.token, { items: [a.id, b.id] });
    expect(first).toMatchObject({ code: 1, msg: 'Order created', data: { amount: 2000, state: 'unpaid', currency: 'CNY' } });
    expect(first.data.expire_time - first.data.create_time).toBe(30 * 60);
    expect(first.data.expires_in).toBeGreaterThan(29 * 60);
    const again = await kit.call('POST', '/api/order/create', m.token, { items: [b.id, a.id] });
    expect(again.data.order_no).toBe(first.data.order_no);
    expect(await kit.call('POST', '/api/order/create', m.token, { items: [a.id] })).toMatchObject({ code: 0, data: { order_no: first.data.order_no } });

    for (const body of [{ items: [] }, { items: [a.id, a.id] }, { items: ['x'] }, { items: [a.id], amount: 1 }, { kind: 'topup', amount: -5 }, { kind: 'topup', amount: 10.5 }, { kind: 'other' }]) {
      const answer = await kit.call('POST', '/api/order/create', m.token, body);
      expect(answer.code, JSON.stringify(body)).toBe(0);
      expect(answer.msg).not.toMatch(/^commerce\./);
    }
    expect((await kit.call('POST', '/api/order/create', m.token, { kind: 'topup', amount: 50 })).msg).toBe('The top-up amount is below the minimum of ¥1.00');
    expect((await kit.call('POST', '/api/order/create', m.token, { kind: 'topup', amount: 0 }, 'zh-cn')).msg).toBe('请输入大于零的整数金额（单位：分）');
    const [{ n }] = (await kit.db.select({ n: count() }).from(shopOrder).where(eq(shopOrder.userId, m.id))) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });

  it('lists, details and cancels only the member’s own orders; expiry is lazy and final', async () => {
    const m = await kit.member(10_000);
    const other = await kit.member();
    const order = (await kit.call('POST', '/api/order/create', m.token, { items: [(await kit.item()).id] })).data;
    const no = order.order_no;
    expect((await kit.call('GET', `/api/order/detail?order_no=${no}`, m.token)).data).toMatchObject({ order_no: no, state: 'unpaid' });
    expect(await kit.call('GET', `/api/order/detail?order_no=${no}`, other.token)).toMatchObject({ code: 0, msg: 'The order does not exist' });
    expect(await kit.call('POST', '/api/order/cancel', other.token, { order_no: no })).toMatchObject({ code: 0, msg: 'The order does not exist' });
    expect(await kit.call('GET', '/api/order/detail?order_no=12345', m.token)).toMatchObject({ code: 0, msg: 'The order does not exist' });
    expect(await kit.call('POST', '/api/pay/submit', other.token, { order_no: no, method: 'balance' })).toMatchObject({ code: 0, msg: 'The order does not exist' });

    expect((await kit.call('GET', '/api/order/list?state=unpaid', m.token)).data).toMatchObject({ total: 1, list: [{ order_no: no }] });
    expect(await kit.call('POST', '/api/order/cancel', m.token, { order_no: no })).toMatchObject({ code: 1, msg: 'Order cancelled', data: { state: 'closed' } });
    expect(await kit.call('POST', '/api/order/cancel', m.token, { order_no: no })).toMatchObject({ code: 0, msg: 'This order is closed: place a new order' });
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).toMatchObject({ code: 0, msg: 'This order is closed: place a new order' });
    expect((await kit.call('GET', '/api/order/list?state=closed', m.token)).data.total).toBe(1);

    // Expired but not yet swept: shown closed, cannot be paid, nothing charged.
    const late = (await kit.call('POST', '/api/order/create', m.token, { items: [(await kit.item()).id] })).data;
    await kit.expire(late.order_no);
    expect((await kit.call('GET', `/api/order/detail?order_no=${late.order_no}`, m.token)).data).toMatchObject({ state: 'closed', expires_in: 0 });
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: late.order_no, method: 'balance' })).toMatchObject({ code: 0, msg: 'This order has expired: place a new order' });
    expect((await kit.call('GET', '/api/order/list?state=unpaid', m.token)).data.total).toBe(0);
    expect((await kit.call('GET', '/api/order/list?state=closed', m.token)).data.total).toBe(2);
    expect(await kit.balance(m.id)).toBe(10_000);
    expect(await kit.call('GET', '/api/order/list?state=lost', m.token)).toMatchObject({ code: 0 });
    expect(await kit.call('GET', '/api/order/list?page=1&extra=1', m.token)).toMatchObject({ code: 0, msg: 'Unknown parameter' });
  });

  it('pays with the balance once: debit through the ledger, ownership, sales, pay log, cart emptied; detail shows owned', async () => {
    const m = await kit.member(5000);
    const a = await kit.item({ price: 1200 });
    await kit.call('POST', '/api/cart/add', m.token, { item_id: a.id });
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [a.id] })).data.order_no;
    const methods = await kit.call('GET', '/api/pay/methods', m.token);
    expect(methods.data).toMatchObject({ balance: 5000, currency: 'CNY', list: [{ code: 'balance', name: 'Balance' }, { code: 'sandbox' }] });
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'alipay' })).toMatchObject({ code: 0, msg: 'This payment method is not available' });
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance', amount: 1 })).toMatchObject({ code: 0, msg: 'Unknown parameter' });

    const paid = await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' });
    expect(paid).toMatchObject({ code: 1, msg: 'Payment successful', data: { order_no: no, state: 'paid', action: { type: 'none' } } });
    expect(await kit.balance(m.id)).toBe(3800);
    expect((await kit.ledgerHolds(m.id)).holds).toBe(true);
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).toMatchObject({ code: 0, msg: 'This order has already been paid' });
    expect(await kit.call('POST', '/api/order/cancel', m.token, { order_no: no })).toMatchObject({ code: 0, msg: 'This order has already been paid' });
    expect(await kit.balance(m.id)).toBe(3800);

    expect((await kit.call('GET', `/api/order/detail?order_no=${no}`, m.token)).data).toMatchObject({ state: 'paid', pay_method: 'balance' });
    expect((await kit.call('GET', '/api/cart/list', m.token)).data.count).toBe(0);
    expect((await kit.db.select().from(ownership).where(eq(ownership.userId, m.id))).map((o) => o.courseId)).toEqual([a.id]);
    expect((await kit.call('GET', '/api/pay/log', m.token)).data).toMatchObject({ total: 1, list: [{ order_no: no, method: 'balance', kind: 'payment', state: 'succeeded', amount: 1200 }] });
    const detail = await kit.call('GET', `/api/catalogue/detail?id=${a.id}`, m.token);
    expect(detail.data).toMatchObject({ owned: true, access: 'owned', sales: 1 });
    expect((await kit.call('GET', `/api/catalogue/detail?id=${a.id}`)).data).toMatchObject({ owned: false, access: 'none' });
    expect(await kit.call('POST', '/api/cart/add', m.token, { item_id: a.id })).toMatchObject({ code: 0, msg: 'You already own this item' });
    expect(await kit.call('POST', '/api/order/create', m.token, { items: [a.id] })).toMatchObject({ code: 0, msg: 'You already own this item' });
    expect((await kit.call('GET', '/api/purchase/list', m.token)).data).toMatchObject({ total: 1, list: [{ item: { id: a.id }, access: 'owned', order_no: no }] });
  });

  it('refuses a balance payment for insufficient funds and changes nothing; pays after a credit', async () => {
    const m = await kit.member(500);
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [(await kit.item({ price: 900 })).id] })).data.order_no;
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).toMatchObject({
      code: 0,
      msg: 'Insufficient balance: top up or choose another payment method',
    });
    expect((await kit.call('GET', `/api/order/detail?order_no=${no}`, m.token)).data.state).toBe('unpaid');
    expect(await kit.balance(m.id)).toBe(500);
    expect(await kit.db.select().from(payLog).where(eq(payLog.userId, m.id))).toHaveLength(0);
    await changeMoney(kit.db, { userId: m.id, delta: 400, kind: 'admin', refType: 'test', refId: `credit-${m.id}-more`, memo: 'admin credit' });
    expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).data.state).toBe('paid');
    expect(await kit.balance(m.id)).toBe(0);
    expect((await kit.ledgerHolds(m.id)).holds).toBe(true);
  });
});
