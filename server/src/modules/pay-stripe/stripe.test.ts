import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '@framecraft/contracts/messages';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { FakeStripe, stripeSignature } from '../../../test/fake-stripe.ts';
import { course } from '../../db/schema.ts';
import { adminKit, qs } from '../admin/test-kit.ts';
import { maskPayload } from '../commerce/index.ts';
import { payLog, shopOrder } from '../commerce/tables.ts';
import { commerceKit } from '../commerce/test-kit.ts';
import { fromStripeAmount, toStripeAmount } from './amounts.ts';

const SECRET_KEY = 'sk_test_framecraft_fake';
const WEBHOOK_SECRET = 'whsec_framecraft_test_secret';

describe('Stripe against a local fake speaking its wire format', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let fake: FakeStripe;
  const notify = (payload: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/pay/notify/stripe', headers, payload }).then((r) => ({ status: r.statusCode, body: r.body }));

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    fake = new FakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, deliver: notify });
    await fake.start();
    await ctx.app.siteConfig.set({
      currency: 'USD',
      payMethods: 'balance,sandbox,stripe',
      siteUrl: 'https://shop.example',
      stripeSecretKey: SECRET_KEY,
      stripePublishableKey: 'pk_test_framecraft',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiHost: fake.url,
    });
  });
  afterAll(async () => {
    await fake.stop();
    await ctx.close();
  });

  /** A member, an item and an unpaid USD order started with Stripe: the fake's session. */
  async function stripeOrder(price = 1999) {
    const m = await kit.member();
    const item = await kit.item({ price });
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [item.id] })).data.order_no as string;
    const submitted = await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'stripe' });
    expect(submitted).toMatchObject({ code: 1, data: { state: 'unpaid', action: { type: 'redirect' } } });
    expect(submitted.data.action.reference).toBeUndefined();
    const sessionId = new URL(submitted.data.action.url as string).pathname.split('/').pop()!;
    return { m, item, no, sessionId, session: fake.sessions.get(sessionId)! };
  }
  const orderRow = async (no: string) => (await kit.db.select().from(shopOrder).where(eq(shopOrder.orderNo, no)))[0]!;
  const logsOf = (no: string) => kit.db.select().from(payLog).where(eq(payLog.orderNo, no)).orderBy(payLog.id);
  const sessionEvent = (session: Record<string, unknown>, patch: Record<string, unknown> = {}) => ({ ...session, payment_intent_data: undefined, ...patch });

  it('is offered only when configured; the admin sees why not', async () => {
    const m = await kit.member();
    expect((await kit.call('GET', '/api/pay/methods', m.token)).data.list.map((x: { code: string }) => x.code)).toContain('stripe');
    await ctx.app.siteConfig.set({ stripeWebhookSecret: '', stripePublishableKey: 'oops' });
    try {
      expect((await kit.call('GET', '/api/pay/methods', m.token)).data.list.map((x: { code: string }) => x.code)).not.toContain('stripe');
      const { stripeProvider } = await import('./provider.ts');
      const problems = await stripeProvider.configurationProblems!({ db: kit.db, lang: 'en', production: false, ip: '', setting: async (n) => String((await ctx.app.siteConfig.get(n)) ?? '') });
      expect(problems.map((key) => translate('en', key as MessageKey))).toEqual(['Stripe: the publishable key must start with pk_', 'Stripe: the webhook signing secret is missing']);
    } finally {
      await ctx.app.siteConfig.set({ stripeWebhookSecret: WEBHOOK_SECRET, stripePublishableKey: 'pk_test_framecraft' });
    }
  });

  it('checkout session in the shop currency → hosted page → signed webhooks → paid once and delivered', async () => {
    const { m, item, no, session } = await stripeOrder(1999);
    expect(session).toMatchObject({ mode: 'payment', amount_total: 1999, currency: 'usd', client_reference_id: no, metadata: { order_no: no }, status: 'open', success_url: `https://shop.example/pay?order=${no}&result=returned` });
    expect(fake.unauthorized).toBe(0);
    const [attempt] = await logsOf(no);
    expect(attempt).toMatchObject({ kind: 'payment', method: 'stripe', state: 'pending', tradeNo: session.id });

    await fake.pay(session.id as string);
    expect(fake.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([['checkout.session.completed', 200], ['payment_intent.succeeded', 200]]);
    expect(await orderRow(no)).toMatchObject({ state: 'paid', payMethod: 'stripe', tradeNo: session.payment_intent });
    expect((await logsOf(no)).map((l) => [l.kind, l.state])).toEqual([['payment', 'pending'], ['notify', 'succeeded'], ['notify', 'duplicate']]);
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, m.token)).data).toMatchObject({ access: 'owned', sales: 1 });
    // A second click on a paid order's checkout is refused before Stripe is asked.
    expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'stripe' })).msg).toBe('This order has already been paid');
  });

  it('a second submit reuses the open session instead of opening another', async () => {
    const { m, no, sessionId } = await stripeOrder(2500);
    const again = await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'stripe' });
    expect(new URL(again.data.action.url as string).pathname).toBe(`/pay/${sessionId}`);
  });

  it('the same webhook replayed 20 times at once pays once', async () => {
    const { item, no, session } = await stripeOrder(3000);
    await fake.pay(session.id as string, { deliver: false });
    const { payload, headers } = fake.event('checkout.session.completed', sessionEvent(session));
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(payload, headers)));
    expect(answers.every((a) => a.status === 200 && a.body === '{"received":true}')).toBe(true);
    const states = (await logsOf(no)).filter((l) => l.kind === 'notify').map((l) => l.state);
    expect(states.filter((s) => s === 'succeeded')).toHaveLength(1);
    expect(states.filter((s) => s === 'duplicate')).toHaveLength(19);
    expect((await kit.db.select({ sales: course.sales }).from(course).where(eq(course.id, item.id)))[0]!.sales).toBe(1);
  });

  it('refuses a tampered body, a wrong signature, an old timestamp, a wrong amount or currency and an unknown order — logged, nothing changes', async () => {
    const { no, session } = await stripeOrder(4200);
    await fake.pay(session.id as string, { deliver: false });
    const good = fake.event('checkout.session.completed', sessionEvent(session));
    const refusedWith = async (answer: { status: number; body: string }, note: RegExp) => {
      expect(answer.status).toBe(400);
      const [last] = await kit.db.select().from(payLog).orderBy(sql`${payLog.id} desc`).limit(1);
      expect(last).toMatchObject({ kind: 'notify', state: 'refused', method: 'stripe' });
      expect(last!.note).toMatch(note);
    };
    await refusedWith(await notify(good.payload.replace('"amount_total": 4200', '"amount_total": 1'), good.headers), /bad signature/);
    await refusedWith(await notify(good.payload, { ...good.headers, 'stripe-signature': stripeSignature(good.payload, 'whsec_someone_else') }), /bad signature/);
    const { 'stripe-signature': _dropped, ...unsigned } = good.headers;
    await refusedWith(await notify(good.payload, unsigned), /missing Stripe-Signature/);
    const old = fake.event('checkout.session.completed', sessionEvent(session), Math.floor(Date.now() / 1000) - 600);
    await refusedWith(await notify(old.payload, old.headers), /bad signature: .*tolerance/i);
    const wrongAmount = fake.event('checkout.session.completed', sessionEvent(session, { amount_total: 4100 }));
    await refusedWith(await notify(wrongAmount.payload, wrongAmount.headers), /amount\/currency mismatch/);
    const wrongCurrency = fake.event('checkout.session.completed', sessionEvent(session, { currency: 'eur' }));
    await refusedWith(await notify(wrongCurrency.payload, wrongCurrency.headers), /amount\/currency mismatch/);
    const unknown = fake.event('checkout.session.completed', sessionEvent(session, { metadata: { order_no: '202001010000000000' }, client_reference_id: null }));
    await refusedWith(await notify(unknown.payload, unknown.headers), /unknown order/);
    const noOrder = fake.event('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent', amount_received: 4200, currency: 'usd', metadata: {} });
    await refusedWith(await notify(noOrder.payload, noOrder.headers), /no order_no/);
    expect((await notify('not json at all', { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' })).status).toBe(400);
    expect(await orderRow(no)).toMatchObject({ state: 'unpaid' });
    // The genuine one still pays.
    expect((await notify(good.payload, good.headers)).status).toBe(200);
    expect(await orderRow(no)).toMatchObject({ state: 'paid' });
  });

  it('a refund reported before the payment notice: the payment is not delivered', async () => {
    const { no, session } = await stripeOrder(1500);
    await fake.pay(session.id as string, { deliver: false });
    const pi = fake.paymentIntents.get(session.payment_intent as string)!;
    const refunded = await fake.send('charge.refunded', { id: 'ch_1', object: 'charge', amount: 1500, amount_refunded: 1500, currency: 'usd', payment_intent: pi.id, metadata: { order_no: no } });
    expect(refunded.status).toBe(200);
    const paid = await fake.send('checkout.session.completed', sessionEvent(session));
    expect(paid.status).toBe(200);
    expect(await orderRow(no)).toMatchObject({ state: 'unpaid' });
    const notes = (await logsOf(no)).filter((l) => l.kind === 'notify').map((l) => `${l.state}: ${l.note}`);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^succeeded: refunded at the provider: charge.refunded 1500 of 1500/);
    expect(notes[1]).toMatch(/^refused: refunded at the provider before the payment notice/);
    // An event type we do not act on is acknowledged and logged as ignored.
    expect((await fake.send('customer.created', { id: 'cus_1', object: 'customer' })).status).toBe(200);
    expect((await kit.db.select().from(payLog).orderBy(sql`${payLog.id} desc`).limit(1))[0]).toMatchObject({ state: 'ignored', method: 'stripe' });
  });

  it('reconciliation: a lost webhook, the member returns → the query settles once; the late webhook is a duplicate', async () => {
    const { m, no, session } = await stripeOrder(2200);
    await fake.pay(session.id as string, { deliver: false });
    const first = await kit.call('POST', '/api/pay/query', m.token, { order_no: no });
    expect(first).toMatchObject({ code: 1, msg: 'Payment received', data: { order_no: no, state: 'paid', provider: 'paid', settled: true } });
    const again = await kit.call('POST', '/api/pay/query', m.token, { order_no: no });
    expect(again.data).toMatchObject({ state: 'paid', settled: false });
    expect(await fake.send('checkout.session.completed', sessionEvent(session))).toMatchObject({ status: 200 });
    const logs = await logsOf(no);
    expect(logs.map((l) => [l.kind, l.state])).toEqual([['payment', 'pending'], ['query', 'succeeded'], ['notify', 'duplicate']]);
    // Another member's order answers like an unknown one.
    const other = await kit.member();
    expect(await kit.call('POST', '/api/pay/query', other.token, { order_no: no })).toMatchObject({ code: 0, msg: 'The order does not exist' });
  });

  it('an unpaid order asked about twice within seconds reaches Stripe once', async () => {
    const { m, no } = await stripeOrder(2300);
    expect((await kit.call('POST', '/api/pay/query', m.token, { order_no: no })).data).toMatchObject({ state: 'unpaid', provider: 'unpaid' });
    expect((await kit.call('POST', '/api/pay/query', m.token, { order_no: no })).data).toMatchObject({ state: 'unpaid', provider: 'unknown' });
    expect((await logsOf(no)).filter((l) => l.kind === 'query')).toHaveLength(1);
  });

  it('the periodic job settles an order near expiry whose webhook was lost', async () => {
    const { no, session } = await stripeOrder(2400);
    await fake.pay(session.id as string, { deliver: false });
    await kit.db.update(shopOrder).set({ expireTime: sql`now() + interval '2 minutes'` }).where(eq(shopOrder.orderNo, no));
    await ctx.app.jobs.runDue();
    expect(await orderRow(no)).toMatchObject({ state: 'paid', tradeNo: session.payment_intent });
    expect((await logsOf(no)).map((l) => [l.kind, l.state])).toEqual([['payment', 'pending'], ['query', 'succeeded']]);
  });

  it('late payment, items still on sale: the closed order is re-opened and delivered', async () => {
    const { m, item, no, session } = await stripeOrder(2600);
    await kit.expire(no);
    await fake.pay(session.id as string);
    expect(await orderRow(no)).toMatchObject({ state: 'paid', closeTime: null });
    expect((await logsOf(no)).find((l) => l.state === 'succeeded')!.note).toBe('late payment: order re-opened and delivered');
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, m.token)).data.access).toBe('owned');
    expect(fake.refunds.size).toBe(0);
  });

  it('late payment, item off sale: recorded late_paid and refunded once through Stripe', async () => {
    const { item, no, session } = await stripeOrder(2700);
    await kit.expire(no);
    await kit.db.update(course).set({ status: 'off_sale' }).where(eq(course.id, item.id));
    const refundsBefore = fake.refunds.size;
    await fake.pay(session.id as string);
    await fake.settled();
    expect(await orderRow(no)).toMatchObject({ state: 'unpaid' });
    const refunds = [...fake.refunds.values()].slice(refundsBefore);
    expect(refunds).toMatchObject([{ amount: 2700, payment_intent: session.payment_intent, metadata: { order_no: no } }]);
    // Replays of both events change nothing and refund nothing more.
    await fake.send('checkout.session.completed', sessionEvent(session));
    await fake.send('payment_intent.succeeded', { ...fake.paymentIntents.get(session.payment_intent as string)!, amount_refunded: undefined });
    await fake.settled();
    expect(fake.refunds.size).toBe(refundsBefore + 1);
    // Stripe's charge.refunded may arrive before its refund call has answered: the order of those two rows varies.
    const logs = (await logsOf(no)).map((l) => `${l.kind} ${l.state}`);
    expect(logs.slice(0, 2)).toEqual(['payment pending', 'notify late_paid']);
    expect(logs.slice(2).sort()).toEqual(['notify duplicate', 'notify duplicate', 'notify duplicate', 'notify succeeded', 'refund succeeded']);
  });

  it('admin "query provider" settles an unpaid order once', async () => {
    const admins = adminKit(ctx);
    const { token } = await admins.superAdmin();
    const { no, session } = await stripeOrder(2800);
    const { id } = await orderRow(no);
    expect(await admins.call('POST', '/admin/shop/order/query', token, { id })).toMatchObject({ code: 1, msg: 'The payment has not arrived yet', data: { provider: 'unpaid', state: 'unpaid' } });
    await fake.pay(session.id as string, { deliver: false });
    expect(await admins.call('POST', '/admin/shop/order/query', token, { id })).toMatchObject({ code: 1, msg: 'Payment received', data: { provider: 'paid', state: 'paid', settled: true } });
    expect((await admins.call('POST', '/admin/shop/order/query', token, { id })).msg).toBe('This order has already been paid');
    const search = [{ field: 'order_no', operator: '=', val: no }, { field: 'kind', operator: '=', val: 'query' }];
    const filtered = await admins.call('GET', `/admin/shop/payLog/index?${qs({ search, order: 'id,desc' })}`, token);
    expect(filtered.data.list.map((r: { state: string }) => r.state)).toEqual(['succeeded', 'pending']);
  });

  it('admin refunds of a Stripe order go back to the card: partial, retried, failed, then full (ownership revoked)', async () => {
    const admins = adminKit(ctx);
    const { token } = await admins.superAdmin();
    const { m, item, no, session } = await stripeOrder(5000);
    await fake.pay(session.id as string);
    const { id } = await orderRow(no);
    const refund = (amount: number, key: string) => admins.call('POST', '/admin/shop/order/refund', token, { id, amount, memo: 'e2e', idempotency_key: key });
    const before = fake.refunds.size;
    const key = 'k'.repeat(8) + Date.now();
    const answers = await Promise.all([refund(2000, key), refund(2000, key)]);
    expect(answers.map((a) => a.code)).toEqual([1, 1]);
    await fake.settled();
    expect([...fake.refunds.values()].slice(before)).toMatchObject([{ amount: 2000, payment_intent: session.payment_intent }]);
    expect(await orderRow(no)).toMatchObject({ state: 'paid', refundedAmount: 2000 });
    expect(await kit.balance(m.id)).toBe(0);
    // Stripe refuses (wrong key): the reserved sum goes back to the order, the log says why.
    await ctx.app.siteConfig.set({ stripeSecretKey: 'sk_test_wrong' });
    try {
      expect((await refund(1000, `${key}b`)).msg).toBe('The payment provider could not be reached, please try again');
    } finally {
      await ctx.app.siteConfig.set({ stripeSecretKey: SECRET_KEY });
    }
    expect(await orderRow(no)).toMatchObject({ state: 'paid', refundedAmount: 2000 });
    expect((await refund(3000, `${key}c`)).data).toMatchObject({ state: 'refunded', refunded_amount: 5000, full: true });
    await fake.settled();
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, m.token)).data.access).toBe('none');
    const refunds = (await logsOf(no)).filter((l) => l.kind === 'refund').map((l) => l.state);
    expect(refunds).toEqual(['succeeded', 'failed', 'succeeded']);
  });

  it('amounts convert exactly between cents and Stripe units; the pay log masks secrets', () => {
    expect([toStripeAmount(1999, 'USD'), toStripeAmount(120_000, 'JPY'), toStripeAmount(12_345, 'JPY'), toStripeAmount(1234, 'KWD')]).toEqual([1999, 1200, null, 12_340]);
    expect([fromStripeAmount(1999, 'usd'), fromStripeAmount(1200, 'jpy'), fromStripeAmount(12_340, 'kwd'), fromStripeAmount(12_341, 'kwd')]).toEqual([1999, 120_000, 1234, null]);
    const masked = JSON.parse(maskPayload(JSON.stringify({ id: 'ch_1', payment_method_details: { card: { number: '4242424242424242', cvc: '123' } }, client_secret: 'pi_secret', metadata: { order_no: '1' } })));
    expect(masked).toEqual({ id: 'ch_1', payment_method_details: { card: '***' }, client_secret: '***', metadata: { order_no: '1' } });
    expect(maskPayload('a=1&sign=abc&key=zzz')).toBe('a=1&sign=***&key=***');
  });
});

