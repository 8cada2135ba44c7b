import { and, eq, inArray, lt } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { rowsOf } from '../../db/client.ts';
import { userMoneyLog } from '../../db/schema.ts';
import { sweepExpiredOrders } from './orders.ts';
import { sandboxSign } from './sandbox.ts';
import { ownership, payLog, shopOrder } from './tables.ts';
import { commerceKit } from './test-kit.ts';

describe('payments', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
  });
  afterAll(() => ctx.close());

  const order = async (token: string, items: number[]) => (await kit.call('POST', '/api/order/create', token, { items })).data.order_no as string;
  const notify = (body: Record<string, string>, contentType: 'form' | 'json' = 'form') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': contentType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
      payload: contentType === 'form' ? new URLSearchParams(body).toString() : JSON.stringify(body),
    });
  const sandboxFields = async (token: string, orderNo: string) => {
    const submitted = await kit.call('POST', '/api/pay/submit', token, { order_no: orderNo, method: 'sandbox' });
    expect(submitted).toMatchObject({ code: 1, data: { state: 'unpaid', action: { type: 'sandbox' } } });
    const url = new URL(submitted.data.action.url, 'http://x');
    expect(url.pathname).toBe('/pay/sandbox');
    return Object.fromEntries(url.searchParams) as Record<string, string>;
  };

  it('200 concurrent balance payments over 20 members: never overdrawn, one debit per paid order, ledger invariant holds', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => kit.member(5000)));
    const items = await Promise.all(Array.from({ length: 10 }, (_, i) => kit.item({ price: 600 + i * 10 })));
    const orders: { token: string; no: string }[] = [];
    for (const m of members) for (const item of items) orders.push({ token: m.token, no: await order(m.token, [item.id]) });
    const answers = await Promise.all(orders.map((o) => kit.call('POST', '/api/pay/submit', o.token, { order_no: o.no, method: 'balance' })));
    for (const a of answers) expect([a.code === 1 ? 'paid' : a.msg]).toEqual([a.code === 1 ? 'paid' : 'Insufficient balance: top up or choose another payment method']);
    const paidNos = orders.filter((_, i) => answers[i]!.code === 1).map((o) => o.no);
    expect(paidNos.length).toBeGreaterThan(100);
    for (const m of members) {
      const check = await kit.ledgerHolds(m.id);
      expect(check.holds, JSON.stringify(check)).toBe(true);
    }
    const paidRows = await kit.db.select().from(shopOrder).where(inArray(shopOrder.orderNo, paidNos));
    expect(paidRows.every((r) => r.state === 'paid')).toBe(true);
    const debits = await kit.db
      .select({ n: sql<string>`count(*)`, total: sql<string>`coalesce(sum(${userMoneyLog.money}), 0)` })
      .from(userMoneyLog)
      .where(and(inArray(userMoneyLog.userId, members.map((m) => m.id)), lt(userMoneyLog.money, 0)));
    expect(Number(debits[0]!.n)).toBe(paidNos.length);
    expect(-Number(debits[0]!.total)).toBe(paidRows.reduce((s, r) => s + r.amount, 0));
    const unpaid = await kit.db.select().from(shopOrder).where(inArray(shopOrder.orderNo, orders.filter((_, i) => answers[i]!.code !== 1).map((o) => o.no)));
    expect(unpaid.every((r) => r.state === 'unpaid')).toBe(true);
  }, 120_000);

  it('the same order paid twice at once is charged once', async () => {
    const m = await kit.member(10_000);
    const no = await order(m.token, [(await kit.item({ price: 3000 })).id]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 1).every((a) => a.msg === 'This order has already been paid')).toBe(true);
    expect(await kit.balance(m.id)).toBe(7000);
    expect((await kit.ledgerHolds(m.id)).holds).toBe(true);
  });

  it('sandbox: the page’s notification pays once, even replayed 50 times at once; the pay log keeps every raw body', async () => {
    const m = await kit.member();
    const item = await kit.item({ price: 2500 });
    const no = await order(m.token, [item.id]);
    const fields = await sandboxFields(m.token, no);
    expect(fields).toMatchObject({ order_no: no, amount: '2500', currency: 'CNY' });
    const replies = await Promise.all(Array.from({ length: 50 }, () => notify({ ...fields, result: 'paid' })));
    expect(replies.every((r) => r.statusCode === 200 && r.body === 'success')).toBe(true);
    expect((await kit.call('GET', `/api/order/detail?order_no=${no}`, m.token)).data).toMatchObject({ state: 'paid', pay_method: 'sandbox' });
    const logs = await kit.db.select().from(payLog).where(eq(payLog.orderNo, no));
    expect(logs.filter((l) => l.state === 'succeeded')).toHaveLength(1);
    expect(logs.filter((l) => l.state === 'duplicate')).toHaveLength(49);
    expect(logs[0]!.raw).toContain(`order_no=${no}`);
    expect(await kit.db.select().from(ownership).where(eq(ownership.userId, m.id))).toHaveLength(1);
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, m.token)).data).toMatchObject({ sales: 1, access: 'owned' });
    // JSON works too, and a replay after the fact is still acknowledged and changes nothing.
    expect((await notify({ ...fields, result: 'paid' }, 'json')).body).toBe('success');
  });

  it('sandbox: a tampered signature or amount, an unknown order are refused, logged, and change nothing; fail/cancel leave it unpaid', async () => {
    const m = await kit.member();
    const no = await order(m.token, [(await kit.item({ price: 4000 })).id]);
    const fields = await sandboxFields(m.token, no);
    const refused = async (body: Record<string, string>, note: RegExp) => {
      const reply = await notify(body);
      expect(reply.statusCode).toBe(400);
      expect(reply.body).toMatch(/^fail/);
      const [last] = await kit.db.select().from(payLog).orderBy(sql`${payLog.id} desc`).limit(1);
      expect(last).toMatchObject({ kind: 'notify', state: 'refused' });
      expect(last!.note).toMatch(note);
      // The raw body is kept with its signature masked (decision 036).
      expect(last!.raw).toBe(new URLSearchParams({ ...body, ...(body.sign ? { sign: '***' } : {}) }).toString().replaceAll('%2A', '*'));
    };
    await refused({ ...fields, sign: fields.sign!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), result: 'paid' }, /bad signature/);
    await refused({ ...fields, amount: '1', result: 'paid' }, /bad signature/);
    // Correctly signed but not the order's amount (a provider reporting another sum): refused by the amount check.
    const secret = await ctx.app.siteConfig.string('paySandboxSecret');
    const wrongAmount = { ...fields, amount: '1' };
    await refused({ ...wrongAmount, sign: sandboxSign(wrongAmount as never, secret), result: 'paid' }, /amount\/currency mismatch/);
    const wrongCurrency = { ...fields, currency: 'USD' };
    await refused({ ...wrongCurrency, sign: sandboxSign(wrongCurrency as never, secret), result: 'paid' }, /amount\/currency mismatch/);
    const unknown = { ...fields, order_no: '202601010000000000' };
    await refused({ ...unknown, sign: sandboxSign(unknown as never, secret), result: 'paid' }, /unknown order/);
    await refused({ ...fields, result: 'paid', extra: '1' }, /malformed/);

    expect((await notify({ ...fields, result: 'cancelled' })).body).toBe('success');
    expect((await notify({ ...fields, result: 'failed' })).body).toBe('success');
    expect((await kit.call('GET', `/api/order/detail?order_no=${no}`, m.token)).data.state).toBe('unpaid');

    // An expired order's payment is a late payment (decision 036, reconcile.test.ts): never simply refused.
    await kit.expire(no);
    expect((await kit.call('GET', `/api/order/detail?order_no=${no}`, m.token)).data.state).toBe('closed');
    expect(await kit.db.select().from(ownership).where(eq(ownership.userId, m.id))).toHaveLength(0);
    const mine = await kit.call('GET', '/api/pay/log', m.token);
    expect(mine.data.list.map((l: { state: string }) => l.state)).toEqual(expect.arrayContaining(['refused', 'cancelled', 'failed']));
  });

  it('the sandbox is refused in production unless the admin enables it', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' }, { shareWith: ctx });
    try {
      const m = await kit.member();
      const token = (await prod.app.tokens.issue('user', m.id)).token;
      const no = await order(m.token, [(await kit.item()).id]);
      const call = (method: 'GET' | 'POST', url: string, body?: object) =>
        prod.app.inject({ method, url, headers: { server: 'true', 'think-lang': 'en', 'ba-user-token': token }, ...(body ? { payload: body } : {}) }).then((r) => r.json());
      expect((await call('GET', '/api/pay/methods')).data.list.map((l: { code: string }) => l.code)).toEqual(['balance']);
      expect(await call('POST', '/api/pay/submit', { order_no: no, method: 'sandbox' })).toMatchObject({ code: 0, msg: 'This payment method is not available' });
      await prod.app.siteConfig.set({ paySandboxInProduction: 1 });
      expect((await call('GET', '/api/pay/methods')).data.list.map((l: { code: string }) => l.code)).toEqual(['balance', 'sandbox']);
    } finally {
      await ctx.app.siteConfig.set({ paySandboxInProduction: 0 });
      await prod.close();
    }
  });

  it('the expiry sweeper, run by two instances at once, closes each expired order once', async () => {
    const second = await createTestApp({}, { shareWith: ctx });
    try {
      const m = await kit.member();
      const nos: string[] = [];
      for (let i = 0; i < 30; i++) nos.push(await order(m.token, [(await kit.item()).id]));
      const keep = await order(m.token, [(await kit.item()).id]);
      await kit.db.update(shopOrder).set({ expireTime: sql`now() - interval '1 minute'` }).where(inArray(shopOrder.orderNo, nos));
      const [a, b] = await Promise.all([sweepExpiredOrders(ctx.database.db), sweepExpiredOrders(second.database.db)]);
      expect(a + b).toBeGreaterThanOrEqual(30);
      const rows = await kit.db.select().from(shopOrder).where(inArray(shopOrder.orderNo, [...nos, keep]));
      expect(rows.filter((r) => r.state === 'closed')).toHaveLength(30);
      expect(rows.find((r) => r.orderNo === keep)!.state).toBe('unpaid');
      expect(await sweepExpiredOrders(ctx.database.db)).toBe(0);

      // The same through the job runner: both instances tick at once, the periodic job runs once.
      const more: string[] = [];
      for (let i = 0; i < 10; i++) more.push(await order(m.token, [(await kit.item()).id]));
      await kit.db.update(shopOrder).set({ expireTime: sql`now() - interval '1 minute'` }).where(inArray(shopOrder.orderNo, more));
      await Promise.all([ctx.app.jobs.runDue(), second.app.jobs.runDue()]);
      const after = await kit.db.select().from(shopOrder).where(inArray(shopOrder.orderNo, more));
      expect(after.every((r) => r.state === 'closed')).toBe(true);
      const [runs] = await rowsOf<{ n: number }>(kit.db.execute(sql`select count(*)::int as n from background_job where name = 'commerce.closeExpiredOrders'`));
      expect(runs!.n).toBe(1);
    } finally {
      await second.close();
    }
  });
});
