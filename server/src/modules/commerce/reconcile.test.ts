import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { course } from '../../db/schema.ts';
import { payLog, sandboxTrade, shopOrder } from './tables.ts';
import { commerceKit } from './test-kit.ts';

/** Reconciliation and late payments (decision 036) through the sandbox provider: no third party at all. */
describe('reconciliation with the sandbox provider', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
  });
  afterAll(() => ctx.close());

  async function sandboxOrder(price = 1200) {
    const m = await kit.member();
    const item = await kit.item({ price });
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [item.id] })).data.order_no as string;
    const submitted = await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'sandbox' });
    const fields = Object.fromEntries(new URL(submitted.data.action.url as string, 'http://x').searchParams) as Record<string, string>;
    return { m, item, no, fields };
  }
  /** The payer pays on the sandbox page; the page's notification may be lost. */
  const cashier = (fields: Record<string, string>, result = 'paid') => kit.call('POST', '/api/pay/sandbox/pay', undefined, { ...fields, result });
  const notify = (fields: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...fields, result: 'paid' }) });
  const order = async (no: string) => (await kit.db.select().from(shopOrder).where(eq(shopOrder.orderNo, no)))[0]!;
  const logs = async (no: string) => (await kit.db.select().from(payLog).where(eq(payLog.orderNo, no)).orderBy(payLog.id)).map((l) => `${l.kind} ${l.state}`);

  it('the cashier refuses a forged form; a lost notification is found by the member’s query, once', async () => {
    const { m, no, fields } = await sandboxOrder();
    expect((await cashier({ ...fields, amount: '1' })).msg).toBe('The sandbox payment was refused: bad signature');
    expect((await kit.call('POST', '/api/pay/query', m.token, { order_no: no })).data).toMatchObject({ state: 'unpaid', provider: 'unpaid' });
    expect(await cashier(fields)).toMatchObject({ code: 1, data: { result: 'paid' } });
    await kit.db.update(payLog).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(payLog.orderNo, no));
    const answers = await Promise.all(Array.from({ length: 5 }, () => kit.call('POST', '/api/pay/query', m.token, { order_no: no })));
    expect(answers.every((a) => a.data.state === 'paid')).toBe(true);
    expect(answers.filter((a) => a.data.settled)).toHaveLength(1);
    expect((await notify(fields)).body).toBe('success');
    expect((await logs(no)).filter((l) => l.endsWith('succeeded'))).toEqual(['query succeeded']);
    expect(await order(no)).toMatchObject({ state: 'paid', payMethod: 'sandbox', tradeNo: fields.trade_no });
  });

  it('a member-cancelled order paid anyway is re-opened and delivered when its items are still on sale', async () => {
    const { m, item, no, fields } = await sandboxOrder();
    expect((await kit.call('POST', '/api/order/cancel', m.token, { order_no: no })).code).toBe(1);
    await cashier(fields);
    expect((await notify(fields)).body).toBe('success');
    expect(await order(no)).toMatchObject({ state: 'paid' });
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, m.token)).data.access).toBe('owned');
  });

  it('a late payment for an item gone off sale is refunded automatically at the cashier, once; the job finds it too', async () => {
    const { item, no, fields } = await sandboxOrder(1300);
    await kit.expire(no);
    await kit.db.update(course).set({ status: 'off_sale' }).where(eq(course.id, item.id));
    await cashier(fields);
    // The notification is lost: the periodic job (orders expired within the hour) asks the cashier.
    await ctx.app.jobs.runDue();
    // Still not paid (the expiry sweeper of the same tick may have closed it meanwhile).
    expect(['unpaid', 'closed']).toContain((await order(no)).state);
    expect((await kit.db.select().from(sandboxTrade).where(eq(sandboxTrade.tradeNo, fields.trade_no!)))[0]!.state).toBe('refunded');
    expect(await logs(no)).toEqual(['payment pending', 'query late_paid', 'refund succeeded']);
    // The notification turns up after all: a duplicate, nothing refunded twice.
    expect((await notify(fields)).body).toBe('success');
    expect(await logs(no)).toEqual(['payment pending', 'query late_paid', 'refund succeeded', 'notify duplicate']);
  });
});
