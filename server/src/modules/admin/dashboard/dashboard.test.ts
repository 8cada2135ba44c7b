import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { commerceKit } from '../../commerce/test-kit.ts';
import { adminKit } from '../test-kit.ts';

describe('dashboard sales figures', () => {
  let ctx: TestContext;
  let admins: ReturnType<typeof adminKit>;
  let shop: ReturnType<typeof commerceKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admins = adminKit(ctx);
    shop = commerceKit(ctx);
  });
  afterAll(() => ctx.close());

  async function buy(price: number) {
    const m = await shop.member(100_000);
    const item = await shop.item({ price, titleZh: `看板商品 ${price}` });
    const no = (await shop.call('POST', '/api/order/create', m.token, { items: [item.id] })).data.order_no as string;
    expect((await shop.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).code).toBe(1);
    return { item, no };
  }

  it('sums net sales and paid orders of today / 7 / 30 days, new members, the 30-day series and top items', async () => {
    const { token } = await admins.superAdmin();
    const before = (await admins.call('GET', '/admin/dashboard/index', token)).data.sales;
    const a = await buy(1200);
    await buy(800);
    // An order paid 10 days ago counts for 30 days, not for 7.
    const old = await buy(500);
    await shop.db.execute(sql`update shop_order set pay_time = now() - interval '10 days' where order_no = ${old.no}`);
    // An unpaid order counts nowhere.
    const m = await shop.member(0);
    await shop.call('POST', '/api/order/create', m.token, { items: [a.item.id] });

    const sales = (await admins.call('GET', '/admin/dashboard/index', token)).data.sales;
    expect(sales.windows.today.amount - before.windows.today.amount).toBe(2000);
    expect(sales.windows.today.orders - before.windows.today.orders).toBe(2);
    expect(sales.windows.week.amount - before.windows.week.amount).toBe(2000);
    expect(sales.windows.month.amount - before.windows.month.amount).toBe(2500);
    expect(sales.windows.month.orders - before.windows.month.orders).toBe(3);
    expect(sales.windows.today.newMembers - before.windows.today.newMembers).toBe(4);
    expect(sales.windows.today.members).toBeGreaterThanOrEqual(4);
    expect(sales.chart.days).toHaveLength(30);
    expect(sales.chart.amounts.at(-1) - before.chart.amounts.at(-1)).toBe(2000);
    expect(sales.top[0]).toMatchObject({ courseId: a.item.id, orders: 1, amount: 1200 });
  });

  it('the window queries read an index of paid orders by pay time, never the whole table', async () => {
    await shop.db.execute(sql`set enable_seqscan = off`);
    const plan = await shop.db.execute(sql`explain select count(*) from shop_order where state in ('paid','refunded') and pay_time >= now() - interval '7 days' and kind <> 'topup'`);
    await shop.db.execute(sql`set enable_seqscan = on`);
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    // (state, pay_time) of decision 042, or the covering partial index of paid orders (decision 049).
    expect(text).toMatch(/Index (Only )?Scan using shop_order_(state_pay_time|paid_sales)_idx/);
    expect(text).not.toContain('Seq Scan');
  });
});
