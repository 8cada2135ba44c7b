import { ORDER_NO_PATTERN } from '@framecraft/contracts/commerce-constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { rowsOf } from '../db/client.ts';
import { commerceKit } from '../modules/commerce/test-kit.ts';
import { seedScale } from './scale-seed.ts';

/** Issue 22: `db:seed -- --members N --orders N` at a small size: counts, distributions, the ledger invariant, and the orders as members see them. */
describe('seeding members and orders at scale', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(ctx.database.db.execute(query)))[0]!;
  const n = (value: unknown) => Number(value);

  /** Every member: balance = sum of its log; each row's after = before + money ≥ 0, chained in id order; one debit per balance-paid order. */
  async function ledgerBroken() {
    const balance = await one<{ n: string }>(sql`
      select count(*) as n from "user" u left join (select user_id, sum(money) as total from user_money_log group by user_id) l on l.user_id = u.id
      where u.money <> coalesce(l.total, 0) or u.money < 0`);
    const rows = await one<{ n: string }>(sql`select count(*) as n from user_money_log where after <> before + money or after < 0`);
    const chain = await one<{ n: string }>(sql`
      select count(*) as n from (select before, lag(after) over (partition by user_id order by id) as prev from user_money_log) x where prev is not null and prev <> before`);
    const debits = await one<{ n: string }>(sql`
      select count(*) as n from shop_order o where o.pay_method = 'balance' and o.state = 'paid' and o.amount > 0
        and (select count(*) from user_money_log l where l.kind = 'purchase' and l.ref_type = 'order' and l.ref_id = o.id::text and l.money = -o.amount and l.user_id = o.user_id) <> 1`);
    return { balance: n(balance.n), rows: n(rows.n), chain: n(chain.n), debits: n(debits.n) };
  }

  it('adds the members and orders asked for, with lines, pay log rows and a ledger that holds', async () => {
    const added = await seedScale(ctx.database.db, { members: 200, orders: 2000, chunk: 700, memberChunk: 70 });
    expect(added).toEqual({ members: 200, orders: 2000 });
    const counts = await one<Record<string, string>>(sql`
      select (select count(*) from "user" where username like 'seed.%') as members,
        (select count(*) from shop_order) as orders,
        (select count(*) from order_line l join shop_order o on o.id = l.order_id) as lines,
        (select count(*) from shop_order where state in ('paid', 'refunded')) as paid,
        (select count(*) from pay_log where state = 'succeeded') as logged,
        (select count(*) from shop_order where state = 'paid' and pay_method = 'balance' and amount > 0) as balance_paid,
        (select count(*) from user_money_log where kind = 'purchase') as debits,
        (select count(distinct user_id) from shop_order) as buyers,
        (select extract(epoch from max(create_time) - min(create_time)) / 86400 from shop_order) as days`);
    expect(n(counts.members)).toBe(200);
    // Members in several statements (the full size takes two of 50 000): names stay unique and numbered 1..200.
    const names = await one<{ distinct: string; nicknames: string }>(sql`select count(distinct username) as distinct, count(distinct nickname) as nicknames from "user" where username like 'seed.%'`);
    expect([n(names.distinct), n(names.nicknames)]).toEqual([200, 200]);
    expect(n(counts.orders)).toBe(2000);
    expect(n(counts.lines)).toBe(2000);
    expect(n(counts.logged)).toBe(n(counts.paid));
    expect(n(counts.debits)).toBe(n(counts.balance_paid));
    // Realistic spreads: most orders paid, some balance payments, many buyers, two years of dates.
    expect(n(counts.paid) / 2000).toBeGreaterThan(0.5);
    expect(n(counts.paid) / 2000).toBeLessThan(0.8);
    expect(n(counts.balance_paid)).toBeGreaterThan(200);
    expect(n(counts.buyers)).toBeGreaterThan(150);
    expect(n(counts.days)).toBeGreaterThan(500);
    const states = await rowsOf<{ state: string }>(ctx.database.db.execute(sql`select distinct state from shop_order`));
    expect(states.map((s) => s.state).sort()).toEqual(['closed', 'paid', 'refunded', 'unpaid']);
    expect(await ledgerBroken()).toEqual({ balance: 0, rows: 0, chain: 0, debits: 0 });
  });

  it('tops up on a second run (the ledger still holds), and members see their seeded orders', async () => {
    expect(await seedScale(ctx.database.db, { members: 200, orders: 2600 })).toEqual({ members: 0, orders: 600 });
    expect(n((await one<{ n: string }>(sql`select count(*) as n from shop_order`)).n)).toBe(2600);
    expect(await ledgerBroken()).toEqual({ balance: 0, rows: 0, chain: 0, debits: 0 });
    const buyer = await one<{ user_id: number; orders: string }>(sql`select user_id, count(*) as orders from shop_order group by user_id order by 2 desc limit 1`);
    const kit = commerceKit(ctx);
    const { token } = await ctx.app.tokens.issue('user', buyer.user_id);
    const list = await kit.call('GET', '/api/order/list?page=1&limit=50', token);
    expect(list.code).toBe(1);
    expect(list.data.total).toBe(n(buyer.orders));
    for (const order of list.data.list as { order_no: string }[]) expect(order.order_no).toMatch(ORDER_NO_PATTERN);
    const detail = await kit.call('GET', `/api/order/detail?order_no=${list.data.list[0].order_no}`, token);
    expect(detail.code).toBe(1);
    expect(detail.data.lines.length).toBe(1);
  });
});
