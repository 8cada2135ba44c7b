import { and, sql, eq } from 'drizzle-orm';
import { maskPayload } from '../commerce/index.ts';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { FakeAlipay, rsaKeyPair } from '../../../test/fake-alipay.ts';
import { adminKit } from '../admin/test-kit.ts';
import { payLog, shopOrder } from '../commerce/tables.ts';
import { commerceKit } from '../commerce/test-kit.ts';
import { alipayProvider } from './index.ts';

const APP_ID = '2021000000000001';
const SELLER_ID = '2088000000000001';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('Alipay', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let fake: FakeAlipay;
  let siteUrl: string;
  const appKeys = rsaKeyPair();

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    fake = await FakeAlipay.start({ appId: APP_ID, sellerId: SELLER_ID, appPublicKey: appKeys.publicKey });
    // The cashier's notification reaches the app over HTTP, as Alipay's would.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    siteUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake.close();
    await ctx.close();
  });

  const configure = (extra: Record<string, unknown> = {}) =>
    ctx.app.siteConfig.set({
      payMethods: 'balance,alipay',
      siteUrl,
      alipayAppId: APP_ID,
      alipaySellerId: SELLER_ID,
      // Pasted as the console shows them: with PEM lines, or as one base64 line.
      alipayPrivateKey: appKeys.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
      alipayPublicKey: fake.alipayKeys.publicBase64,
      alipayGateway: fake.url,
      alipayCertMode: 0,
      ...extra,
    });

  const orderFor = async (price: number) => {
    const m = await kit.member();
    const item = await kit.item({ price });
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [item.id] })).data.order_no as string;
    return { m, item, no };
  };
  const submit = async (token: string, orderNo: string, userAgent = DESKTOP, device?: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/pay/submit',
      headers: { server: 'true', 'ba-user-token': token, 'think-lang': 'en', 'user-agent': userAgent },
      payload: { order_no: orderNo, method: 'alipay', ...(device ? { device } : {}) },
    });
    return response.json() as { code: number; msg: string; data: { state: string; action: { type: string; url: string } } };
  };
  const notify = (body: string | Buffer, contentType = 'application/x-www-form-urlencoded; charset=utf-8') =>
    ctx.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: { 'content-type': contentType }, payload: body });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const state = async (no: string) => (await kit.db.select().from(shopOrder).where(eq(shopOrder.orderNo, no)))[0]!;
  const lastLog = async () => (await kit.db.select().from(payLog).orderBy(sql`${payLog.id} desc`).limit(1))[0]!;

  it('is not offered while its settings are incomplete, and the admin sees why', async () => {
    await ctx.app.siteConfig.set({ payMethods: 'balance,alipay', siteUrl: '', alipayAppId: '', alipaySellerId: '', alipayPrivateKey: '', alipayPublicKey: '' });
    const admin = adminKit(ctx);
    const { token } = await admin.superAdmin();
    const m = await kit.member();
    expect((await kit.call('GET', '/api/pay/methods', m.token)).data.list.map((x: { code: string }) => x.code)).toEqual(['balance']);
    const status = await admin.call('GET', '/admin/routine/config/paymentStatus', token);
    const alipay = status.data.list.find((x: { code: string }) => x.code === 'alipay');
    expect(alipay).toMatchObject({ enabled: true, available: false });
    expect(alipay.problems).toEqual(['missing app ID', 'missing seller ID', 'the public site address (Basics) is not set', 'missing app private key', 'missing Alipay public key']);
    await configure({ alipayPublicKey: 'not a key' });
    expect((await admin.call('GET', '/admin/routine/config/paymentStatus', token)).data.list.find((x: { code: string }) => x.code === 'alipay').problems).toEqual([
      'the Alipay public key cannot be read',
    ]);
    const zh = await admin.call('GET', '/admin/routine/config/paymentStatus', token, undefined, 'zh-cn');
    expect(zh.data.list.find((x: { code: string }) => x.code === 'alipay').problems).toEqual(['支付宝公钥无法读取']);
    await configure();
    expect((await admin.call('GET', '/admin/routine/config/paymentStatus', token)).data.list.find((x: { code: string }) => x.code === 'alipay')).toMatchObject({ available: true, problems: [] });
    expect((await kit.call('GET', '/api/pay/methods', m.token)).data.list.map((x: { code: string }) => x.code)).toEqual(['balance', 'alipay']);
  });

  it('the back office edits pasted keys and certificate chains as long text, shown by mode; the private key never comes back', async () => {
    const admin = adminKit(ctx);
    const { token } = await admin.superAdmin();
    const chain = `-----BEGIN CERTIFICATE-----\n${'A'.repeat(6000)}\n-----END CERTIFICATE-----\n`;
    expect(await admin.call('POST', '/admin/routine/config/edit', token, { settings: { alipayRootCert: chain, alipayPrivateKey: appKeys.privateBase64 } })).toMatchObject({ code: 1 });
    const rows = Object.values((await admin.call('GET', '/admin/routine/config/index', token)).data.groups as Record<string, { name: string; value: unknown }[]>).flat();
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('alipayRootCert')).toMatchObject({ value: chain, multiline: true, shownWhen: { setting: 'alipayCertMode', value: 1 } });
    expect(byName.get('alipayPublicKey')).toMatchObject({ multiline: true, shownWhen: { setting: 'alipayCertMode', value: 0 } });
    expect(byName.get('alipayPrivateKey')).toMatchObject({ value: '******', secret: true });
    expect((await admin.call('POST', '/admin/routine/config/edit', token, { settings: { alipayRootCert: 'x'.repeat(20_001) } })).code).toBe(0);
    await ctx.app.siteConfig.set({ alipayRootCert: '' });
  });

  it('desktop: page pay signed link; the cashier’s notification pays the order once and the payer returns to the result page', async () => {
    await configure();
    const { m, no } = await orderFor(1234);
    const answer = await submit(m.token, no);
    expect(answer).toMatchObject({ code: 1, data: { state: 'unpaid', action: { type: 'redirect' } } });
    const link = new URL(answer.data.action.url);
    expect(link.origin + link.pathname).toBe(fake.url);
    expect(link.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(link.searchParams.get('notify_url')).toBe(`${siteUrl}/api/pay/notify/alipay`);
    expect(JSON.parse(link.searchParams.get('biz_content')!)).toMatchObject({ out_trade_no: no, total_amount: '12.34', product_code: 'FAST_INSTANT_TRADE_PAY' });

    const cashier = await fetch(link);
    expect(cashier.status).toBe(200);
    expect(await cashier.text()).toContain('data-kind="page"');
    expect(fake.calls.at(-1)).toMatchObject({ method: 'alipay.trade.page.pay', signatureValid: true });
    const paid = await fetch(fake.url.replace('/gateway.do', '/cashier/pay'), { method: 'POST', body: form({ out_trade_no: no }), headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(fake.notified.at(-1)).toMatchObject({ status: 200, answer: 'success' });
    const back = new URL(paid.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${siteUrl}/pay`);
    expect(back.searchParams.get('order')).toBe(no);
    expect(await state(no)).toMatchObject({ state: 'paid', payMethod: 'alipay', tradeNo: fake.trades.get(no)!.tradeNo });
    expect((await kit.call('GET', '/api/purchase/list', m.token)).data.list).toHaveLength(1);
  });

  it('phones get wap pay — from the user agent or the page’s device input', async () => {
    await configure();
    const { m, no } = await orderFor(500);
    const byAgent = new URL((await submit(m.token, no, PHONE)).data.action.url);
    expect(byAgent.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(byAgent.searchParams.get('biz_content')!)).toMatchObject({ product_code: 'QUICK_WAP_WAY', total_amount: '5.00' });
    expect(new URL((await submit(m.token, no, DESKTOP, 'mobile')).data.action.url).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(new URL((await submit(m.token, no, PHONE, 'desktop')).data.action.url).searchParams.get('method')).toBe('alipay.trade.page.pay');
    const cashier = await fetch(byAgent);
    expect(await cashier.text()).toContain('data-kind="wap"');
    expect((await submit(m.token, no, DESKTOP, 'tablet')).code).toBe(0);
  });

  it('a valid notification replayed 20 times at once pays once; every copy is acknowledged with exactly "success"', async () => {
    await configure();
    const { m, no } = await orderFor(9999);
    const trade = fake.addTrade(no, '99.99', '', 'TRADE_SUCCESS');
    const body = form(fake.notification(trade));
    const replies = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    expect(replies.map((r) => `${r.statusCode} ${r.body}`)).toEqual(Array(20).fill('200 success'));
    const logs = await kit.db.select().from(payLog).where(eq(payLog.orderNo, no));
    expect(logs.filter((l) => l.state === 'succeeded')).toHaveLength(1);
    expect(logs.filter((l) => l.state === 'duplicate')).toHaveLength(19);
    expect(logs[0]!.raw).toBe(maskPayload(body));
    expect(await state(no)).toMatchObject({ state: 'paid', amount: 9999 });
    expect(await kit.db.select().from(shopOrder).where(eq(shopOrder.userId, m.id))).toHaveLength(1);
  });

  it('tampered, wrongly signed, wrong amount, wrong app id or seller id, unknown order: "failure", logged, nothing changes', async () => {
    await configure();
    const { no } = await orderFor(2000);
    const trade = fake.addTrade(no, '20.00', '', 'TRADE_SUCCESS');
    const refused = async (body: string, note: RegExp) => {
      const reply = await notify(body);
      expect(`${reply.statusCode} ${reply.body}`).toBe('400 failure');
      expect(await lastLog()).toMatchObject({ kind: 'notify', state: 'refused', raw: maskPayload(body) });
      expect((await lastLog()).note).toMatch(note);
    };
    const valid = fake.notification(trade);
    await refused(form({ ...valid, total_amount: '0.01' }), /bad signature/);
    await refused(form({ ...valid, out_trade_no: '202601010000000000' }), /bad signature/);
    await refused(form(fake.signFields({ ...valid, sign: '' }, rsaKeyPair().privateKey)), /bad signature/);
    await refused(form({ ...valid, sign: '' }), /bad signature/);
    await refused(form(fake.notification(trade, { total_amount: '19.99' })), /amount\/currency mismatch/);
    await refused(form(fake.notification(trade, { total_amount: '20.001' })), /malformed amount/);
    await refused(form(fake.notification(trade, { app_id: '2021999999999999' })), /app_id mismatch/);
    await refused(form(fake.notification(trade, { seller_id: '2088999999999999' })), /seller_id mismatch/);
    await refused(form(fake.notification({ ...trade, outTradeNo: '202601010000000000' })), /unknown order/);
    expect((await state(no)).state).toBe('unpaid');
    // The genuine one still pays.
    expect((await notify(form(valid))).body).toBe('success');
    expect((await state(no)).state).toBe('paid');
  });

  it('a refund notice arriving before the payment notice is acknowledged and never pays; the payment notice then does', async () => {
    await configure();
    const { no } = await orderFor(3000);
    const trade = fake.addTrade(no, '30.00', '', 'TRADE_SUCCESS');
    const refundNotice = fake.notification({ ...trade, status: 'TRADE_CLOSED' }, { refund_fee: '30.00', gmt_refund: '2026-11-25 14:00:00.000', out_biz_no: `${no}-r1` });
    expect((await notify(form(refundNotice))).body).toBe('success');
    expect(await lastLog()).toMatchObject({ state: 'cancelled' });
    expect((await lastLog()).note).toMatch(/refund notice/);
    // A partial refund notice (TRADE_SUCCESS with refund_fee) does not pay either.
    expect((await notify(form(fake.notification(trade, { refund_fee: '1.00', gmt_refund: '2026-11-25 14:00:00.000' })))).body).toBe('success');
    expect((await state(no)).state).toBe('unpaid');
    expect((await notify(form(fake.notification(trade)))).body).toBe('success');
    expect((await state(no)).state).toBe('paid');
  });

  it('only its own content type and size are accepted; garbage never gets a 5xx and every refusal is logged', async () => {
    await configure();
    const before = (await kit.db.select({ n: sql<string>`count(*)` }).from(payLog))[0]!.n;
    const cases: [string | Buffer, string, number][] = [
      ['{"out_trade_no":"1"}', 'application/json', 415],
      ['<xml><a>1</a></xml>', 'text/xml', 415],
      ['out_trade_no=1', 'text/plain', 415],
      [`a=${'x'.repeat(20_000)}`, 'application/x-www-form-urlencoded', 413],
      ['', 'application/x-www-form-urlencoded', 400],
      ['%%%&&&===', 'application/x-www-form-urlencoded', 400],
      [Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x3d, 0x26]), 'application/x-www-form-urlencoded; charset=gbk', 400],
      ['sign=abc&sign_type=RSA2&total_amount=1e3&out_trade_no=x', 'application/x-www-form-urlencoded', 400],
    ];
    for (const [body, type, status] of cases) {
      const reply = await notify(body, type);
      expect([reply.statusCode, reply.body], `${type} ${String(body).slice(0, 30)}`).toEqual([status, 'failure']);
    }
    const after = (await kit.db.select({ n: sql<string>`count(*)` }).from(payLog))[0]!.n;
    expect(Number(after) - Number(before)).toBe(cases.length);
  });

  it('the result page’s query settles a payment whose notification was lost; unknown trades and a dead gateway leave it unpaid', async () => {
    await configure();
    const { m, no } = await orderFor(4200);
    await submit(m.token, no); // the attempt the reconciliation asks Alipay about
    // The provider is asked about one order at most every few seconds (decision 036): each step
    // here moves the last query back in time, as if the member came back later.
    const query = async () => {
      await kit.db.update(payLog).set({ createdAt: new Date(Date.now() - 600_000) }).where(and(eq(payLog.orderNo, no), eq(payLog.kind, 'query')));
      return kit.call('POST', '/api/pay/query', m.token, { order_no: no });
    };
    expect((await query()).data.state).toBe('unpaid'); // no trade at Alipay yet
    const trade = fake.addTrade(no, '42.00', '', 'WAIT_BUYER_PAY');
    expect((await query()).data.state).toBe('unpaid');
    trade.status = 'TRADE_SUCCESS';
    await configure({ alipayGateway: 'http://127.0.0.1:9/gateway.do' });
    expect(await query()).toMatchObject({ code: 1, data: { state: 'unpaid' } });
    await configure();
    expect((await query()).data).toMatchObject({ state: 'paid', provider: 'paid', settled: true });
    expect(await state(no)).toMatchObject({ state: 'paid', payMethod: 'alipay' });
    expect(fake.calls.filter((c) => c.method === 'alipay.trade.query').every((c) => c.signatureValid)).toBe(true);
    // A late notification afterwards is a duplicate.
    expect((await notify(form(fake.notification(trade)))).body).toBe('success');
    expect(await lastLog()).toMatchObject({ state: 'duplicate' });
    // Someone else's order is not theirs to query.
    const other = await kit.member();
    expect((await kit.call('POST', '/api/pay/query', other.token, { order_no: no })).code).toBe(0);
  });

  it('refunds through alipay.trade.refund: a retry with the same request key refunds once; more than was paid is refused', async () => {
    await configure();
    const { no } = await orderFor(5000);
    const trade = fake.addTrade(no, '50.00', '', 'TRADE_SUCCESS');
    const order = await state(no);
    const paymentCtx = { db: kit.db, lang: 'en' as const, production: false, ip: '127.0.0.1', setting: async (name: string) => String((await ctx.app.siteConfig.get(name)) ?? '') };
    await alipayProvider.refund!(paymentCtx, order, 2000, order.tradeNo, 'refund-key-1');
    await alipayProvider.refund!(paymentCtx, order, 2000, order.tradeNo, 'refund-key-1');
    expect([...trade.refunds]).toEqual([['refund-key-1', '20.00']]);
    await expect(alipayProvider.refund!(paymentCtx, order, 3001, order.tradeNo, 'refund-key-2')).rejects.toThrow(/payments.alipay.refundFailed/);
    expect(fake.calls.filter((c) => c.method === 'alipay.trade.refund').every((c) => c.signatureValid)).toBe(true);
  });
});
