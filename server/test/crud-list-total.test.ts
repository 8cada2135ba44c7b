import { CRUD_LIST_COUNT_CAP as LIST_COUNT_CAP } from '@framecraft/contracts/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../src/cli/scale-seed.ts';
import { rowsOf } from '../src/db/client.ts';
import { adminKit, qs } from '../src/modules/admin/test-kit.ts';
import { createTestApp, type TestContext } from './app.ts';

/**
 * Decision 052: a CRUD list's total is exact up to `CRUD_LIST_COUNT_CAP` rows and "more than the cap"
 * beyond it (`totalCapped`), for every table of the factory — the orders list, the pay log and the
 * balance log alike. Real HTTP calls on seeded orders; PGlite by default, PostgreSQL with DATABASE_URL.
 */
describe('CRUD list totals are exact when small and bounded when large', () => {
  let ctx: TestContext;
  let token: string;
  let kit: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = adminKit(ctx);
    token = (await kit.superAdmin()).token;
  });
  afterAll(() => ctx.close());

  const counted = async (query: ReturnType<typeof sql>) => Number((await rowsOf<{ n: string }>(ctx.database.db.execute(query)))[0]!.n);
  const list = async (controller: string, params: Record<string, unknown> = {}) => {
    const answer = await kit.call('GET', `/admin/${controller}/index?${qs({ limit: 10, page: 1, ...params })}`, token);
    expect(answer.code).toBe(1);
    return answer.data as { list: { id: number }[]; total: number; totalCapped: boolean };
  };
  const stateIs = (state: string) => ({ search: [{ field: 'state', operator: '=', val: state }] });

  it('counts a normal shop exactly, filtered or not, on every list', async () => {
    await seedScale(ctx.database.db, { members: 40, orders: 600 });
    expect(await list('shop/order')).toMatchObject({ total: 600, totalCapped: false });
    const unpaid = await counted(sql`select count(*) as n from shop_order where state = 'unpaid'`);
    expect(await list('shop/order', stateIs('unpaid'))).toMatchObject({ total: unpaid, totalCapped: false });
    expect(await list('shop/payLog')).toMatchObject({ total: await counted(sql`select count(*) as n from pay_log`), totalCapped: false });
    expect(await list('user/moneyLog')).toMatchObject({ total: await counted(sql`select count(*) as n from user_money_log`), totalCapped: false });
  });

  it('stops counting at the cap and says so; filters below the cap are exact again; the pages reach the cap', async () => {
    const wanted = LIST_COUNT_CAP + 400;
    await seedScale(ctx.database.db, { members: 40, orders: wanted, chunk: 5_000 });
    expect(await counted(sql`select count(*) as n from shop_order`)).toBe(wanted);

    // Unfiltered: more rows than the cap → the cap, labelled as a lower bound.
    expect(await list('shop/order')).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    // Filters matching fewer rows than the cap are counted exactly (paid ≈ 62 %, top-ups ≈ 10 %).
    const paid = await counted(sql`select count(*) as n from shop_order where state = 'paid'`);
    expect(paid).toBeLessThan(LIST_COUNT_CAP);
    expect(await list('shop/order', stateIs('paid'))).toMatchObject({ total: paid, totalCapped: false });
    const topups = await counted(sql`select count(*) as n from shop_order where kind = 'topup'`);
    expect(await list('shop/order', { search: [{ field: 'kind', operator: '=', val: 'topup' }] })).toMatchObject({ total: topups, totalCapped: false });
    // The same bound on a range filter that matches everything.
    expect(await list('shop/order', { search: [{ field: 'amount', operator: 'RANGE', val: '0,' }] })).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });

    // The last page the table offers (total / limit) is full, in the list's order.
    const last = await list('shop/order', { limit: 100, page: LIST_COUNT_CAP / 100 });
    expect(last.list).toHaveLength(100);
    const [oldest] = await rowsOf<{ id: number }>(ctx.database.db.execute(sql`select id from shop_order order by id desc offset ${LIST_COUNT_CAP - 1} limit 1`));
    expect(last.list.at(-1)!.id).toBe(Number(oldest!.id));

    // Generic in the factory: the pay log and the balance log follow the same rule at their sizes.
    for (const [controller, table] of [['shop/payLog', sql`pay_log`], ['user/moneyLog', sql`user_money_log`]] as const) {
      const rows = await counted(sql`select count(*) as n from ${table}`);
      expect(await list(controller)).toMatchObject(rows > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, totalCapped: true } : { total: rows, totalCapped: false });
    }
  });
});
