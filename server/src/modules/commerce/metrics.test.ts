import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { sandboxSign } from './sandbox.ts';
import { commerceKit } from './test-kit.ts';

/**
 * Issue 22: commerce's counters on `/metrics` move with real payments — a balance checkout and
 * signed sandbox-cashier notifications over HTTP (paid, replayed, tampered, unknown order, wrong sum).
 */
describe('commerce metrics', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
  });
  afterAll(() => ctx.close());

  const scrape = async () => (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
  /** The value of one series (0 when it does not exist yet). */
  const value = (text: string, name: string, labels: Record<string, string>) => {
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  const order = async (token: string, price: number) => (await kit.call('POST', '/api/order/create', token, { items: [(await kit.item({ price })).id] })).data.order_no as string;
  const notify = (body: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() });

  it('a balance checkout counts one paid order of its kind and method', async () => {
    const before = value(await scrape(), 'framecraft_orders_paid_total', { kind: 'course', method: 'balance' });
    const m = await kit.member(10_000);
    const no = await order(m.token, 2500);
    expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).code).toBe(1);
    // A refused payment (already paid) counts nothing.
    expect((await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'balance' })).code).toBe(0);
    expect(value(await scrape(), 'framecraft_orders_paid_total', { kind: 'course', method: 'balance' })).toBe(before + 1);
  });

  it('notifications are counted by provider and outcome; only the one that paid counts as a paid order', async () => {
    const m = await kit.member();
    const no = await order(m.token, 4000);
    const submitted = await kit.call('POST', '/api/pay/submit', m.token, { order_no: no, method: 'sandbox' });
    const fields = Object.fromEntries(new URL(submitted.data.action.url, 'http://x').searchParams) as Record<string, string>;
    const secret = await ctx.app.siteConfig.string('paySandboxSecret');
    const signed = (f: Record<string, string>) => ({ ...f, sign: sandboxSign(f as never, secret), result: 'paid' });
    const before = await scrape();
    const outcome = (text: string, name: string) => value(text, 'framecraft_payment_notifications_total', { provider: 'sandbox', kind: 'payment', outcome: name });

    expect((await notify({ ...fields, sign: fields.sign!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), result: 'paid' })).statusCode).toBe(400);
    expect((await notify(signed({ ...fields, amount: '1' }))).statusCode).toBe(400);
    expect((await notify(signed({ ...fields, order_no: '202601010000000000' }))).statusCode).toBe(400);
    expect((await notify({ ...fields, result: 'paid' })).body).toBe('success');
    expect((await notify({ ...fields, result: 'paid' })).body).toBe('success');
    expect((await notify({ ...fields, result: 'paid' })).body).toBe('success');

    const after = await scrape();
    expect(outcome(after, 'bad_signature') - outcome(before, 'bad_signature')).toBe(1);
    expect(outcome(after, 'amount_mismatch') - outcome(before, 'amount_mismatch')).toBe(1);
    expect(outcome(after, 'not_found') - outcome(before, 'not_found')).toBe(1);
    expect(outcome(after, 'paid') - outcome(before, 'paid')).toBe(1);
    expect(outcome(after, 'duplicate') - outcome(before, 'duplicate')).toBe(2);
    const paid = (text: string) => value(text, 'framecraft_orders_paid_total', { kind: 'course', method: 'sandbox' });
    expect(paid(after) - paid(before)).toBe(1);
  });
});
