import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { user, userMoneyLog } from '../../db/schema.ts';
import { adminKit } from '../admin/test-kit.ts';
import { commerceKit } from '../commerce/test-kit.ts';
import { commissionOn, settleCommission } from './service.ts';
import { commission } from './tables.ts';

describe('invite commission (decision 039)', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let admin: ReturnType<typeof adminKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    admin = adminKit(ctx);
    await ctx.app.siteConfig.set({ inviteCommissionPercent: '10' });
  });
  afterAll(() => ctx.close());

  const commissionLines = (userId: number) =>
    kit.db.select().from(userMoneyLog).where(and(eq(userMoneyLog.userId, userId), eq(userMoneyLog.kind, 'commission'))).orderBy(userMoneyLog.id);
  const runJobs = () => ctx.app.jobs.runDue();

  /** An inviter and a friend who joined through the link and has money to spend. */
  async function pair() {
    const inviter = await kit.member();
    const friend = await kit.member(100_000, { inviterId: inviter.id });
    return { inviter, friend };
  }
  async function buy(token: string, price: number) {
    const item = await kit.item({ price });
    const created = await kit.call('POST', '/api/order/create', token, { items: [item.id] });
    const paid = await kit.call('POST', '/api/pay/submit', token, { order_no: created.data.order_no, method: 'balance' });
    expect(paid).toMatchObject({ code: 1, data: { state: 'paid' } });
    const [row] = await kit.db.select().from(commission).where(eq(commission.orderNo, created.data.order_no));
    return { orderNo: created.data.order_no as string, row };
  }
  let refunds = 0;
  async function refund(orderNo: string, amount: number) {
    refunds += 1;
    const boss = await admin.superAdmin();
    const list = await admin.call('GET', `/admin/shop/order/index?quickSearch=${orderNo}`, boss.token);
    return admin.call('POST', '/admin/shop/order/refund', boss.token, { id: list.data.list[0].id, amount, idempotency_key: `refund-${orderNo}-${refunds}` });
  }

  it('rounds half up through the money module', () => {
    expect(commissionOn(1005, '10')).toBe(100); // 100.5 → the payer side 904.5 → 905 paid, 100 commission
    expect(commissionOn(999, '12.5')).toBe(125);
    expect(commissionOn(1000, '0')).toBe(0);
  });

  it('credits the inviter once when the friend pays, and takes it back on refund with its own ledger line', async () => {
    const { inviter, friend } = await pair();
    const { orderNo } = await buy(friend.token, 4990);
    await runJobs();
    const [row] = await kit.db.select().from(commission).where(eq(commission.orderNo, orderNo));
    expect(row).toMatchObject({ inviterId: inviter.id, inviteeId: friend.id, orderAmount: 4990, amount: 499, reversed: 0 });
    expect(await kit.balance(inviter.id)).toBe(499);
    // Settling again (a replayed job) changes nothing.
    await settleCommission(kit.db, row!.orderId, '10');
    await runJobs();
    expect(await kit.balance(inviter.id)).toBe(499);
    expect(await commissionLines(inviter.id)).toHaveLength(1);

    // /share: earnings, the friend marked as a buyer.
    const summary = await kit.call('GET', '/api/invite/summary', inviter.token);
    expect(summary.data).toMatchObject({ commission_percent: '10', earnings: 499, invitees: 1, buyers: 1 });
    expect((await kit.call('GET', '/api/invite/list', inviter.token)).data.list[0]).toMatchObject({ bought: true });

    // Half refunded, then the rest: two reversal lines, the total back to 0.
    expect(await refund(orderNo, 2495)).toMatchObject({ code: 1 });
    await runJobs();
    expect(await kit.balance(inviter.id)).toBe(499 - 250);
    expect(await refund(orderNo, 2495)).toMatchObject({ code: 1 });
    await runJobs();
    expect(await kit.balance(inviter.id)).toBe(0);
    const lines = await commissionLines(inviter.id);
    expect(lines.map((l) => [l.money, l.refType])).toEqual([
      [499, 'order'],
      [-250, 'order_refund'],
      [-249, 'order_refund'],
    ]);
    expect((await kit.db.select().from(commission).where(eq(commission.orderNo, orderNo)))[0]).toMatchObject({ reversed: 499 });
    expect((await kit.call('GET', '/api/invite/summary', inviter.token)).data).toMatchObject({ earnings: 0 });
    expect((await kit.ledgerHolds(inviter.id)).holds).toBe(true);
  });

  it('pays no commission on a self-invite, on an order refunded before it settled, without an inviter or at 0 %', async () => {
    const self = await kit.member(100_000);
    await kit.db.update(user).set({ inviterId: self.id }).where(eq(user.id, self.id));
    const selfToken = (await ctx.app.tokens.issue('user', self.id)).token;
    const mine = await buy(selfToken, 1000);
    await runJobs();
    expect(mine.row).toBeUndefined();
    expect(await kit.db.select().from(commission).where(eq(commission.orderNo, mine.orderNo))).toHaveLength(0);
    expect(await commissionLines(self.id)).toHaveLength(0);

    const { inviter, friend } = await pair();
    const refunded = await buy(friend.token, 2000);
    expect(await refund(refunded.orderNo, 2000)).toMatchObject({ code: 1 });
    await runJobs();
    expect(await kit.db.select().from(commission).where(eq(commission.orderNo, refunded.orderNo))).toHaveLength(0);
    expect(await kit.balance(inviter.id)).toBe(0);

    const loner = await kit.member(10_000);
    await buy(loner.token, 1000);
    await ctx.app.siteConfig.set({ inviteCommissionPercent: '0' });
    const zero = await buy(friend.token, 3000);
    await runJobs();
    await ctx.app.siteConfig.set({ inviteCommissionPercent: '10' });
    expect(await kit.db.select().from(commission).where(eq(commission.orderNo, zero.orderNo))).toHaveLength(0);
    expect((await kit.call('GET', '/api/invite/summary', inviter.token)).data).toMatchObject({ earnings: 0, invitees: 1 });
  });

  it('lists commission records in the back office', async () => {
    const { friend } = await pair();
    const { orderNo } = await buy(friend.token, 1000);
    await runJobs();
    const boss = await admin.superAdmin();
    const list = await admin.call('GET', `/admin/user/commission/index?quickSearch=${orderNo}`, boss.token);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ order_no: orderNo, amount: 100, invitee: { username: friend.row.username } });
  });
});
