import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { adminKit } from '../admin/test-kit.ts';
import { course } from '../catalogue/tables.ts';
import { shopOrder } from '../commerce/tables.ts';
import { sweepExpiredOrders } from '../commerce/index.ts';
import { commerceKit } from '../commerce/test-kit.ts';
import { coupon, memberCoupon } from './tables.ts';

const HOUR = 3600_000;

describe('coupons (decision 039)', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let admin: ReturnType<typeof adminKit>;
  let seq = 0;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    admin = adminKit(ctx);
  });
  afterAll(() => ctx.close());

  /** A coupon row valid now (an hour either side), 10 ¥ off, 100 of them, 1 per member, code CPN<n>. */
  async function makeCoupon(values: Partial<typeof coupon.$inferInsert> = {}) {
    seq += 1;
    const [row] = await kit.db
      .insert(coupon)
      .values({ name: `Coupon ${seq}`, code: `CPN${seq}X`, kind: 'amount', amount: 1000, startTime: new Date(Date.now() - HOUR), endTime: new Date(Date.now() + HOUR), quantity: 100, perMember: 1, ...values })
      .returning();
    return row!;
  }
  const claim = (token: string, code: string, lang = 'en') => kit.call('POST', '/api/coupon/claim', token, { code }, lang);
  const order = (token: string, body: object) => kit.call('POST', '/api/order/create', token, body);
  /** The order's expiry passes (as 30 minutes would): the order and the reservation it holds. */
  const expire = async (orderNo: string) => {
    await kit.expire(orderNo);
    await kit.db.update(memberCoupon).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(memberCoupon.orderNo, orderNo));
  };
  const held = async (id: number) => (await kit.db.select().from(memberCoupon).where(eq(memberCoupon.id, id)))[0]!;

  it('admin creates coupons (yuan typed, checked) and issues them to a member or to all', async () => {
    const boss = await admin.superAdmin();
    const now = Math.floor(Date.now() / 1000);
    const body = { name: 'Welcome', code: 'welcome-10', kind: 'amount', amount: '10.50', min_spend: '50', start_time: now - 60, end_time: now + 86_400, quantity: 5, per_member: 1, scope: 'all' };
    const added = await admin.call('POST', '/admin/shop/coupon/add', boss.token, body);
    expect(added).toMatchObject({ code: 1 });
    const [row] = await kit.db.select().from(coupon).where(eq(coupon.id, added.data.id));
    expect(row).toMatchObject({ code: 'WELCOME-10', amount: 1050, minSpend: 5000, quantity: 5, claimed: 0 });
    // Bad input: each refused with its message.
    expect(await admin.call('POST', '/admin/shop/coupon/add', boss.token, { ...body, code: '', kind: 'percent', percent: 150 })).toMatchObject({ code: 0, msg: 'Enter a percentage above 0 and below 100, with at most 2 decimals' });
    expect(await admin.call('POST', '/admin/shop/coupon/add', boss.token, { ...body, code: '', end_time: now - 120 })).toMatchObject({ code: 0, msg: 'The end of the validity window must come after its start' });
    expect(await admin.call('POST', '/admin/shop/coupon/add', boss.token, { ...body, code: '', scope: 'type' })).toMatchObject({ code: 0, msg: 'Choose the types or items the coupon applies to' });
    expect(await admin.call('POST', '/admin/shop/coupon/add', boss.token, { ...body, code: '', amount: '1.005' })).toMatchObject({ code: 0 });
    expect((await admin.call('POST', '/admin/shop/coupon/add', boss.token, { ...body, code: '', quantity: 0 }, 'zh-cn')).msg).toBe('发行数量须为不小于 1 的整数');

    const m = await kit.member();
    await Promise.all(Array.from({ length: 5 }, () => kit.member()));
    expect(await admin.call('POST', '/admin/shop/coupon/issue', boss.token, { id: row!.id, target: 'member', user_id: m.id })).toMatchObject({ code: 1, data: { count: 1 } });
    // Per member 1: a second one to the same member is refused.
    expect(await admin.call('POST', '/admin/shop/coupon/issue', boss.token, { id: row!.id, target: 'member', user_id: m.id })).toMatchObject({ code: 0, msg: 'You already hold as many of this coupon as one member may claim' });
    // To all: more members than the 4 left → refused, nothing issued.
    const members = (await kit.db.execute(sql`select count(*)::int as n from "user" where status = 'enable'`)) as unknown as { rows?: { n: number }[] };
    expect(Number(members.rows?.[0]?.n ?? 0)).toBeGreaterThan(4);
    expect(await admin.call('POST', '/admin/shop/coupon/issue', boss.token, { id: row!.id, target: 'all' })).toMatchObject({ code: 0, msg: 'Not enough coupons left: 4 remain' });
    const roomy = await makeCoupon({ quantity: 10_000, code: null });
    const all = await admin.call('POST', '/admin/shop/coupon/issue', boss.token, { id: roomy.id, target: 'all' });
    expect(all).toMatchObject({ code: 1, msg: 'Coupon issued' });
    expect(all.data.count).toBeGreaterThan(4);
    expect((await kit.db.select().from(coupon).where(eq(coupon.id, roomy.id)))[0]!.claimed).toBe(all.data.count);
    // A coupon members hold cannot be deleted (switch it off instead).
    expect(await admin.call('DELETE', `/admin/shop/coupon/del?ids[]=${roomy.id}`, boss.token)).toMatchObject({ code: 0, msg: 'Members already hold this coupon: switch it off instead of deleting it' });
    // The claims list shows them, with the member.
    const claims = await admin.call('GET', `/admin/shop/couponClaim/index?search[0][field]=coupon_id&search[0][val]=${roomy.id}&search[0][operator]==`, boss.token);
    expect(claims.data.total).toBe(all.data.count);
    expect(claims.data.list[0]).toMatchObject({ source: 'issued', state: 'available', coupon: { name: roomy.name } });
  });

  it('claims by code: past window, not started, disabled, over the limit, sold out — refused in both languages', async () => {
    const m = await kit.member();
    const open = await makeCoupon({ perMember: 2, quantity: 3 });
    expect(await claim(m.token, open.code!.toLowerCase())).toMatchObject({ code: 1, msg: 'Coupon claimed', data: { coupon_id: open.id, state: 'available', amount: 1000 } });
    expect(await claim(m.token, open.code!)).toMatchObject({ code: 1 });
    expect(await claim(m.token, open.code!)).toMatchObject({ code: 0, msg: 'You already hold as many of this coupon as one member may claim' });
    expect((await claim(m.token, open.code!, 'zh-cn')).msg).toBe('你领取该优惠券的数量已达每人上限');
    const other = await kit.member();
    expect(await claim(other.token, open.code!)).toMatchObject({ code: 1 });
    expect(await claim((await kit.member()).token, open.code!)).toMatchObject({ code: 0, msg: 'This coupon has all been claimed' });
    expect((await claim((await kit.member()).token, open.code!, 'zh-cn')).msg).toBe('该优惠券已被领完');

    const past = await makeCoupon({ startTime: new Date(Date.now() - 2 * HOUR), endTime: new Date(Date.now() - 1000) });
    expect(await claim(m.token, past.code!)).toMatchObject({ code: 0, msg: 'This coupon has expired' });
    expect((await claim(m.token, past.code!, 'zh-cn')).msg).toBe('该优惠券已过期');
    const later = await makeCoupon({ startTime: new Date(Date.now() + HOUR), endTime: new Date(Date.now() + 2 * HOUR) });
    expect(await claim(m.token, later.code!)).toMatchObject({ code: 0, msg: 'This coupon cannot be used yet' });
    const off = await makeCoupon({ status: 0 });
    expect(await claim(m.token, off.code!)).toMatchObject({ code: 0, msg: 'This coupon is no longer available' });
    expect(await claim(m.token, 'NOSUCHCODE')).toMatchObject({ code: 0, msg: 'No coupon has this code' });
    expect(await claim(m.token, '<bad>')).toMatchObject({ code: 0, msg: 'No coupon has this code' });
    expect((await kit.call('POST', '/api/coupon/claim', undefined, { code: open.code })).code).toBe(303);

    const list = await kit.call('GET', '/api/coupon/list?tab=usable', m.token);
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]).toMatchObject({ name: open.name, state: 'available', order_no: '' });
  });

  it('holds the quantity under 100 concurrent claims, and the per-member limit under concurrent claims of one member', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => kit.member()));
    const scarce = await makeCoupon({ quantity: 37, perMember: 100 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => claim(members[i % 5]!.token, scarce.code!)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(37);
    expect(answers.filter((a) => a.code === 0).every((a) => a.msg === 'This coupon has all been claimed')).toBe(true);
    const [{ n }] = (await kit.db.select({ n: count() }).from(memberCoupon).where(eq(memberCoupon.couponId, scarce.id))) as [{ n: number }];
    expect(n).toBe(37);
    expect((await kit.db.select().from(coupon).where(eq(coupon.id, scarce.id)))[0]!.claimed).toBe(37);

    const one = members[0]!;
    const limited = await makeCoupon({ quantity: 100, perMember: 3 });
    const mine = await Promise.all(Array.from({ length: 20 }, () => claim(one.token, limited.code!)));
    expect(mine.filter((a) => a.code === 1)).toHaveLength(3);
    expect((await kit.db.select().from(coupon).where(eq(coupon.id, limited.id)))[0]!.claimed).toBe(3);
  }, 60_000);

  it('scope: the types and items named must exist (deleted items too), with a field message in both languages; "all" keeps no ids', async () => {
    const boss = await admin.superAdmin();
    const now = Math.floor(Date.now() / 1000);
    const body = { name: 'Scoped', code: '', kind: 'amount', amount: '5', min_spend: '0', start_time: now - 60, end_time: now + 86_400, quantity: 5, per_member: 1 };
    const add = (extra: object, lang?: 'zh-cn' | 'en') => admin.call('POST', '/admin/shop/coupon/add', boss.token, { ...body, ...extra }, lang);
    const item = await kit.item({ price: 1000, typeId: 1 });
    const gone = await kit.item({ price: 1000, typeId: 1 });
    await kit.db.update(course).set({ deletedAt: new Date() }).where(eq(course.id, gone.id));

    const types = await add({ scope: 'type', scope_ids: '1, 2' });
    expect(types).toMatchObject({ code: 1 });
    expect((await kit.db.select().from(coupon).where(eq(coupon.id, types.data.id)))[0]).toMatchObject({ scope: 'type', scopeIds: '1,2' });
    const badType = await add({ scope: 'type', scope_ids: '1,999999' });
    expect(badType).toMatchObject({ code: 0, msg: 'These types do not exist: 999999', data: { errors: { scope_ids: 'These types do not exist: 999999' } } });
    expect((await add({ scope: 'type', scope_ids: '999998' }, 'zh-cn')).msg).toBe('以下分类不存在：999998');

    expect(await add({ scope: 'items', scope_ids: String(item.id) })).toMatchObject({ code: 1 });
    expect(await add({ scope: 'items', scope_ids: `${item.id},${gone.id}` })).toMatchObject({ code: 0, msg: `These items do not exist or were deleted: ${gone.id}` });
    expect((await add({ scope: 'items', scope_ids: '999997' }, 'zh-cn')).msg).toBe('以下商品不存在或已删除：999997');
    // Editing keeps the check; "all" drops whatever ids came with it.
    const edited = await admin.call('POST', '/admin/shop/coupon/edit', boss.token, { ...body, id: types.data.id, scope: 'all', scope_ids: '1,999999' });
    expect(edited).toMatchObject({ code: 1 });
    expect((await kit.db.select().from(coupon).where(eq(coupon.id, types.data.id)))[0]).toMatchObject({ scope: 'all', scopeIds: '' });
    expect(await admin.call('POST', '/admin/shop/coupon/edit', boss.token, { ...body, id: types.data.id, scope: 'type', scope_ids: '424242' })).toMatchObject({ code: 0, msg: 'These types do not exist: 424242' });
  });

  it('preselects the best coupon on a new order; amount = lines − discount; scope and minimum spend apply', async () => {
    const m = await kit.member(100_000);
    const a = await kit.item({ price: 3333, typeId: 1 });
    const b = await kit.item({ price: 2000, typeId: 2 });
    const fixed = await makeCoupon({ amount: 500 });
    const percent = await makeCoupon({ kind: 'percent', amount: 0, percent: '15' });
    const typed = await makeCoupon({ amount: 3000, scope: 'type', scopeIds: '2' });
    const big = await makeCoupon({ amount: 5000, minSpend: 100_000 });
    for (const c of [fixed, percent, typed, big]) expect(await claim(m.token, c.code!)).toMatchObject({ code: 1 });

    // Item a (type 1): 15 % of 3333 = 499.95 → 500 off (half up, the money module), ties with 5 ¥ → the one expiring first;
    // the type-2 coupon is out of scope and the 50 ¥ one below its minimum spend.
    const created = await order(m.token, { items: [a.id] });
    expect(created).toMatchObject({ code: 1, data: { discount: 500, amount: 2833 } });
    const options = await kit.call('GET', `/api/coupon/forOrder?order_no=${created.data.order_no}`, m.token);
    expect(options.data.selected).toBe(created.data.coupon_id);
    const byCoupon = new Map(options.data.list.map((o: { coupon_id: number }) => [o.coupon_id, o]));
    expect(byCoupon.get(typed.id)).toMatchObject({ refused: 'outOfScope', order_discount: 0 });
    expect(byCoupon.get(big.id)).toMatchObject({ refused: 'belowMinimum', order_discount: 0 });
    expect(byCoupon.get(percent.id)).toMatchObject({ refused: null, order_discount: 500 });

    // An explicit choice out of scope or below the minimum is refused with its message (both languages).
    const heldTyped = (byCoupon.get(typed.id) as { id: number }).id;
    const heldBig = (byCoupon.get(big.id) as { id: number }).id;
    const apply = (id: number, lang = 'en') => kit.call('POST', '/api/coupon/apply', m.token, { order_no: created.data.order_no, coupon_id: id }, lang);
    expect(await apply(heldTyped)).toMatchObject({ code: 0, msg: 'This coupon does not apply to the items in this order' });
    expect((await apply(heldTyped, 'zh-cn')).msg).toBe('该优惠券不适用于此订单中的商品');
    expect(await apply(heldBig)).toMatchObject({ code: 0, msg: "This order does not reach the coupon's minimum spend" });
    expect((await apply(heldBig, 'zh-cn')).msg).toBe('此订单未达到该优惠券的最低消费金额');
    // No coupon, then back to one: the order's amount follows.
    expect(await apply(0)).toMatchObject({ code: 1, msg: 'Coupon removed', data: { discount: 0, amount: 3333, coupon_id: null } });
    const fixedHeld = options.data.list.find((o: { coupon_id: number }) => o.coupon_id === fixed.id).id;
    expect(await apply(fixedHeld)).toMatchObject({ code: 1, msg: 'Coupon applied', data: { discount: 500, amount: 2833, coupon_id: fixedHeld } });
    expect((await held(fixedHeld)).state).toBe('reserved');

    // Item b (type 2) in another order: the 30 ¥ type coupon is the best there.
    const second = await order(m.token, { items: [b.id] });
    expect(second.data).toMatchObject({ discount: 2000, amount: 0, coupon_id: heldTyped });

    // Pay: the coupon becomes used by this order, shown under "used".
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: created.data.order_no, method: 'balance' })).toMatchObject({ code: 1, data: { state: 'paid' } });
    expect(await kit.balance(m.id)).toBe(100_000 - 2833);
    expect(await held(fixedHeld)).toMatchObject({ state: 'used', orderNo: created.data.order_no, discount: 500 });
    const used = await kit.call('GET', '/api/coupon/list?tab=used', m.token);
    expect(used.data.list[0]).toMatchObject({ id: fixedHeld, state: 'used', order_no: created.data.order_no, discount: 500 });
    // A zero-amount order pays too.
    expect(await kit.call('POST', '/api/pay/submit', m.token, { order_no: second.data.order_no, method: 'balance' })).toMatchObject({ code: 1, data: { state: 'paid' } });
    expect(await kit.balance(m.id)).toBe(100_000 - 2833);
    expect((await kit.ledgerHolds(m.id)).holds).toBe(true);
  });

  it('refuses one coupon used by two orders at once; releases it on cancel and on expiry', async () => {
    const m = await kit.member(100_000);
    const items = await Promise.all([kit.item(), kit.item(), kit.item(), kit.item()]);
    const only = await makeCoupon({ amount: 300 });
    const mine = (await claim(m.token, only.code!)).data.id as number;
    const both = await Promise.all(items.slice(0, 2).map((item) => order(m.token, { items: [item.id], coupon_id: mine })));
    expect(both.filter((a) => a.code === 1)).toHaveLength(1);
    expect(both.find((a) => a.code === 0)).toMatchObject({ msg: 'This coupon is already held by another unpaid order' });
    const winner = both.find((a) => a.code === 1)!.data;
    expect(winner).toMatchObject({ coupon_id: mine, discount: 300 });

    // Cancel → released; a new order gets it (preselected).
    expect(await kit.call('POST', '/api/order/cancel', m.token, { order_no: winner.order_no })).toMatchObject({ code: 1 });
    expect(await held(mine)).toMatchObject({ state: 'available', orderId: null });
    const next = await order(m.token, { items: [items[2]!.id] });
    expect(next.data).toMatchObject({ coupon_id: mine, discount: 300 });

    // Expired (not yet swept): the reservation has lapsed, another order may take it at once.
    await expire(next.data.order_no);
    const after = await order(m.token, { items: [items[3]!.id] });
    expect(after.data).toMatchObject({ coupon_id: mine, discount: 300 });
    // The sweeper closing the expired order leaves the new order's reservation alone…
    expect(await sweepExpiredOrders(kit.db)).toBeGreaterThanOrEqual(1);
    expect(await held(mine)).toMatchObject({ state: 'reserved', orderNo: after.data.order_no });
    // …and releases it when that order expires in turn.
    await expire(after.data.order_no);
    expect(await sweepExpiredOrders(kit.db)).toBeGreaterThanOrEqual(1);
    expect(await held(mine)).toMatchObject({ state: 'available', orderId: null, orderNo: '' });
  });

  it('spends a coupon once even when two orders race to pay with it', async () => {
    const m = await kit.member(100_000);
    const [x, y] = [await kit.item(), await kit.item()];
    const c = await makeCoupon({ amount: 200 });
    const mine = (await claim(m.token, c.code!)).data.id as number;
    const first = await order(m.token, { items: [x.id] });
    expect(first.data.coupon_id).toBe(mine);
    // Simulate the narrow race: the first order's reservation lapsed and a second order took it,
    // then the first one is paid anyway (its own expiry moved back) — the second payment is refused.
    await kit.db.update(memberCoupon).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(memberCoupon.id, mine));
    const second = await order(m.token, { items: [y.id] });
    expect(second.data.coupon_id).toBe(mine);
    const paid = await Promise.all([first, second].map((o) => kit.call('POST', '/api/pay/submit', m.token, { order_no: o.data.order_no, method: 'balance' })));
    expect(paid.filter((p) => p.code === 1)).toHaveLength(1);
    expect(paid.find((p) => p.code === 0)).toMatchObject({ msg: 'This coupon has already been used' });
    const [{ n }] = (await kit.db.select({ n: count() }).from(shopOrder).where(and(eq(shopOrder.userId, m.id), eq(shopOrder.state, 'paid')))) as [{ n: number }];
    expect(n).toBe(1);
    expect((await kit.ledgerHolds(m.id)).holds).toBe(true);
  });
});
