import { HEADER } from '@framecraft/contracts/constants';
import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { FakeWechatPay, merchantKeys, type BuiltNotification } from '../../../test/fake-wechatpay.ts';
import { paymentContextFor } from '../commerce/index.ts';
import { payLog, shopOrder } from '../commerce/tables.ts';
import { commerceKit } from '../commerce/test-kit.ts';
import { wechatProvider } from './provider.ts';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('WeChat Pay API v3 against a local fake', () => {
  let ctx: TestContext;
  let kit: ReturnType<typeof commerceKit>;
  let fake: FakeWechatPay;
  let base = '';
  const merchant = merchantKeys();
  const apiV3Key = 'k'.repeat(16) + 'V3KEY-0123456789'.slice(0, 16);

  const settings = () => ({
    payMethods: 'balance,sandbox,wechat',
    siteUrl: base,
    wechatMchid: '1900000109',
    wechatAppid: 'wxd678efh567hg6787',
    wechatMerchantSerial: merchant.serial,
    // Pasted into a one-line field: the line breaks are gone, and that is fine.
    wechatMerchantPrivateKey: merchant.privatePem.replace(/\n/g, ' '),
    wechatApiV3Key: apiV3Key,
    wechatPlatformKey: fake.platformPublicKeyPem,
    wechatPlatformKeyId: fake.platformKeyId,
    wechatApiBase: fake.url,
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    kit = commerceKit(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    fake = await new FakeWechatPay({ mchid: '1900000109', appid: 'wxd678efh567hg6787', merchantSerial: merchant.serial, merchantPublicKey: merchant.publicKey, apiV3Key }).start();
    await ctx.app.siteConfig.set(settings());
  });
  afterAll(async () => {
    await fake?.close();
    await ctx?.close();
  });

  const notifyUrl = () => `${base}/api/pay/notify/wechat`;
  const refundUrl = () => `${base}/api/pay/notify/wechat/refund`;
  const submit = async (token: string, orderNo: string, userAgent = DESKTOP) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/pay/submit', headers: { server: 'true', [HEADER.lang]: 'en', [HEADER.userToken]: token, 'user-agent': userAgent }, payload: { order_no: orderNo, method: 'wechat' } })).json();
  /** A member with an unpaid order of one item (price in cents), prepaid at the fake by a Native submit. */
  const prepaidOrder = async (price = 1234) => {
    const m = await kit.member();
    const item = await kit.item({ price });
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [item.id] })).data.order_no as string;
    const answer = await submit(m.token, no);
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: 1, data: { state: 'unpaid', action: { type: 'qrcode' } } });
    return { m, no, item, code_url: answer.data.action.code_url as string };
  };
  const orderRow = async (no: string) => (await kit.db.select().from(shopOrder).where(eq(shopOrder.orderNo, no)))[0]!;
  const logs = (no: string) => kit.db.select().from(payLog).where(eq(payLog.orderNo, no)).orderBy(payLog.id);
  /** The notification the fake would send for a paid order (its state set to SUCCESS first). */
  const paidNotice = (no: string, change: (r: ReturnType<FakeWechatPay['transactionResource']>) => void = () => {}) => {
    const t = fake.transactions.get(no)!;
    t.trade_state = 'SUCCESS';
    const resource = fake.transactionResource(t);
    change(resource);
    return fake.notification('TRANSACTION.SUCCESS', resource);
  };
  const post = (url: string, n: BuiltNotification, contentType = 'application/json') => fake.deliver(url, { ...n, headers: { ...n.headers, 'content-type': contentType } });

  it('incomplete settings: not offered, and the admin is told why in their language', async () => {
    await ctx.app.siteConfig.set({ wechatMchid: '', wechatApiV3Key: 'short', wechatPlatformKey: '-----BEGIN PUBLIC KEY-----abc-----END PUBLIC KEY-----' });
    const m = await kit.member();
    expect((await kit.call('GET', '/api/pay/methods', m.token)).data.list.map((x: { code: string }) => x.code)).not.toContain('wechat');
    const request = { lang: 'en', ip: '127.0.0.1', headers: {} } as never;
    const problems = await wechatProvider.configurationProblems!(paymentContextFor(ctx.app, request));
    expect(problems).toEqual([
      'Merchant ID (mchid) is not set or is not 8–32 digits',
      'API v3 key must be exactly 32 characters',
      'WeChat Pay platform certificate or public key is missing or cannot be read',
    ]);
    const zh = await wechatProvider.configurationProblems!(paymentContextFor(ctx.app, { lang: 'zh-cn', ip: '', headers: {} } as never));
    expect(zh[0]).toBe('未填写商户号（mchid），或不是 8–32 位数字');
    await ctx.app.siteConfig.set(settings());
    expect(await wechatProvider.configurationProblems!(paymentContextFor(ctx.app, request))).toEqual([]);
    expect((await kit.call('GET', '/api/pay/methods', m.token)).data.list.map((x: { code: string }) => x.code)).toContain('wechat');
  });

  it('Native: the signed prepay gives a code_url; the payer pays; the notification pays the order once', async () => {
    const { m, no, item, code_url } = await prepaidOrder(1234);
    expect(code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const prepay = fake.calls.find((c) => c.path === '/v3/pay/transactions/native' && (c.body as { out_trade_no: string }).out_trade_no === no)!;
    expect(prepay).toMatchObject({ status: 200, refused: '', body: { mchid: '1900000109', appid: 'wxd678efh567hg6787', amount: { total: 1234, currency: 'CNY' }, notify_url: notifyUrl() } });
    expect((prepay.body as { time_expire: string }).time_expire).toMatch(/\+08:00$/);
    const reply = await fake.pay(no);
    expect(reply).toEqual({ status: 200, body: JSON.stringify({ code: 'SUCCESS', message: 'OK' }) });
    const order = await orderRow(no);
    expect(order).toMatchObject({ state: 'paid', payMethod: 'wechat', tradeNo: fake.transactions.get(no)!.transaction_id });
    expect((await kit.call('GET', `/api/catalogue/detail?id=${item.id}`, m.token)).data).toMatchObject({ access: 'owned' });
    expect((await logs(no)).map((l) => [l.kind, l.state])).toEqual([
      ['payment', 'pending'],
      ['notify', 'succeeded'],
    ]);
  });

  it('H5 on a phone: redirect to the h5_url, coming back to the checkout page', async () => {
    const m = await kit.member();
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [(await kit.item({ price: 800 })).id] })).data.order_no as string;
    const answer = await submit(m.token, no, PHONE);
    expect(answer).toMatchObject({ code: 1, data: { action: { type: 'redirect' } } });
    const url = new URL(answer.data.action.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/fake/h5cashier`);
    expect(url.searchParams.get('redirect_url')).toBe(`${base}/pay?order=${no}`);
    expect(fake.calls.find((c) => c.path === '/v3/pay/transactions/h5' && (c.body as { out_trade_no: string }).out_trade_no === no)?.body).toMatchObject({
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
  });

  it('the same notification 20 times at once pays once; the others are acknowledged duplicates', async () => {
    const { no } = await prepaidOrder(990);
    const notice = paidNotice(no);
    const replies = await Promise.all(Array.from({ length: 20 }, () => post(notifyUrl(), notice)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect((await orderRow(no)).state).toBe('paid');
    const states = (await logs(no)).filter((l) => l.kind === 'notify').map((l) => l.state);
    expect(states.filter((s) => s === 'succeeded')).toHaveLength(1);
    expect(states.filter((s) => s === 'duplicate')).toHaveLength(19);
  });

  it('refused without paying: tampered body, wrong signature, old timestamp, unknown key id, wrong API v3 key, wrong amount, wrong mchid/appid, unknown order', async () => {
    const { no } = await prepaidOrder(1500);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const resource = () => {
      const t = fake.transactions.get(no)!;
      return fake.transactionResource({ ...t, trade_state: 'SUCCESS' });
    };
    const good = paidNotice(no);
    const cases: [string, BuiltNotification, RegExp][] = [
      ['tampered', { ...good, body: good.body.replace('"event_type":"TRANSACTION.SUCCESS"', '"event_type":"TRANSACTION.SUCCESS" ') }, /bad signature/],
      ['wrong signature', fake.notification('TRANSACTION.SUCCESS', resource(), { signWith: stranger }), /bad signature/],
      ['signature probe', fake.notification('TRANSACTION.SUCCESS', resource(), { signature: 'WECHATPAY/SIGNTEST/abc' }), /signature probe/],
      ['old timestamp', fake.notification('TRANSACTION.SUCCESS', resource(), { timestamp: Math.floor(Date.now() / 1000) - 301 }), /timestamp/],
      ['unknown key id', fake.notification('TRANSACTION.SUCCESS', resource(), { serial: 'PUB_KEY_ID_0199999999' }), /unknown platform key/],
      ['wrong API v3 key', fake.notification('TRANSACTION.SUCCESS', resource(), { apiV3Key: 'x'.repeat(32) }), /decrypt/],
      ['wrong amount', fake.notification('TRANSACTION.SUCCESS', { ...resource(), amount: { total: 1499, currency: 'CNY' } }), /amount\/currency mismatch/],
      ['amount in yuan, not fen', fake.notification('TRANSACTION.SUCCESS', { ...resource(), amount: { total: 15.0001, currency: 'CNY' } }), /malformed transaction/],
      ['wrong mchid', fake.notification('TRANSACTION.SUCCESS', { ...resource(), mchid: '1900000999' }), /mchid/],
      ['wrong appid', fake.notification('TRANSACTION.SUCCESS', { ...resource(), appid: 'wx0000000000000000' }), /appid/],
      ['unknown order', fake.notification('TRANSACTION.SUCCESS', { ...resource(), out_trade_no: '20260101' + '0'.repeat(10) }), /unknown order/],
      ['not a payment event', fake.notification('REFUND.SUCCESS', resource()), /not a payment/],
    ];
    for (const [name, notice, reason] of cases) {
      const reply = await post(notifyUrl(), notice);
      expect([name, reply.status], reply.body).toEqual([name, 400]);
      const body = JSON.parse(reply.body) as { code: string; message: string };
      expect(body.code).toBe('FAIL');
      expect(body.message, name).toMatch(reason);
    }
    expect((await orderRow(no)).state).toBe('unpaid');
    const refusals = await kit.db.select().from(payLog).where(and(eq(payLog.method, 'wechat'), eq(payLog.kind, 'notify'), eq(payLog.state, 'refused')));
    expect(refusals.length).toBeGreaterThanOrEqual(cases.length);
    // The genuine notice still pays it afterwards.
    expect((await post(notifyUrl(), paidNotice(no))).status).toBe(200);
    expect((await orderRow(no)).state).toBe('paid');
  });

  it('refund notification before the payment notice: refused (WeChat retries), then recorded once after the payment settles', async () => {
    const { no } = await prepaidOrder(2000);
    const t = fake.transactions.get(no)!;
    t.trade_state = 'SUCCESS';
    fake.refunds.set(`${no}R0-2000`, { out_refund_no: `${no}R0-2000`, out_trade_no: no, refund_id: '50300000000000000000000000001', notify_url: refundUrl(), amount: { refund: 2000, total: 2000, currency: 'CNY' }, status: 'SUCCESS' });
    const refundNotice = fake.notification('REFUND.SUCCESS', fake.refundResource(fake.refunds.get(`${no}R0-2000`)!));
    const early = await post(refundUrl(), refundNotice);
    expect(early.status).toBe(400);
    expect(JSON.parse(early.body)).toMatchObject({ code: 'FAIL', message: expect.stringMatching(/refund before payment notice/) });
    expect((await orderRow(no)).state).toBe('unpaid');
    expect((await post(notifyUrl(), paidNotice(no))).status).toBe(200);
    const replies = await Promise.all(Array.from({ length: 5 }, () => post(refundUrl(), refundNotice)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const refundLogs = (await logs(no)).filter((l) => l.kind === 'refund').map((l) => l.state).sort();
    expect(refundLogs).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'refused', 'succeeded']);
  });

  it('query and refund through the API: signed calls, the refund notification recorded', async () => {
    const { no } = await prepaidOrder(3000);
    const context = paymentContextFor(ctx.app, { lang: 'en', ip: '10.0.0.1', headers: {} } as never);
    expect(await wechatProvider.query!(context, await orderRow(no))).toEqual({ paid: false, tradeNo: fake.transactions.get(no)!.transaction_id, amount: 3000 });
    await fake.pay(no);
    expect(await wechatProvider.query!(context, await orderRow(no))).toMatchObject({ paid: true, amount: 3000 });
    expect(await wechatProvider.query!(context, { ...(await orderRow(no)), orderNo: '20250101' + '1'.repeat(10) })).toBeNull();
    await wechatProvider.refund!(context, await orderRow(no), 1000, '');
    const refund = fake.refunds.get(`${no}R0-1000`)!;
    expect(refund).toMatchObject({ amount: { refund: 1000, total: 3000 }, notify_url: refundUrl() });
    expect((await fake.completeRefund(refund.out_refund_no)).status).toBe(200);
    expect((await logs(no)).filter((l) => l.kind === 'refund').map((l) => [l.state, l.amount, l.tradeNo])).toEqual([
      ['pending', 1000, refund.refund_id],
      ['succeeded', 1000, refund.refund_id],
    ]);
    // Refunding more than was paid is WeChat's refusal, reported to the admin, logged.
    await expect(wechatProvider.refund!(context, await orderRow(no), 2500, '')).rejects.toMatchObject({ msgKey: 'payWechat.unavailable' });
    expect(fake.calls.every((c) => c.refused !== 'signature does not verify')).toBe(true);
  });

  it('WeChat down, or an answer not signed by the platform key: the member is told, the attempt logged, nothing paid', async () => {
    const m = await kit.member();
    const no = (await kit.call('POST', '/api/order/create', m.token, { items: [(await kit.item({ price: 500 })).id] })).data.order_no as string;
    fake.failWith = 500;
    try {
      expect(await submit(m.token, no)).toMatchObject({ code: 0, msg: 'WeChat Pay is not available right now: try again in a moment or choose another payment method' });
    } finally {
      fake.failWith = 0;
    }
    await ctx.app.siteConfig.set({ wechatPlatformKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString() });
    try {
      expect(await submit(m.token, no)).toMatchObject({ code: 0 });
    } finally {
      await ctx.app.siteConfig.set(settings());
    }
    const attempts = (await logs(no)).map((l) => [l.kind, l.state, l.note.split(':')[0]]);
    expect(attempts).toEqual([
      ['payment', 'failed', 'prepay failed'],
      ['payment', 'failed', 'prepay failed'],
    ]);
    expect((await orderRow(no)).state).toBe('unpaid');
  });

  it('never a 5xx on garbage; JSON only; a size limit; every refusal logged', async () => {
    const bodies: [string, string | Buffer][] = [
      ['application/json', ''],
      ['application/json', 'null'],
      ['application/json', '{}'],
      ['application/json', '{"resource":{"algorithm":"AEAD_AES_256_GCM"}}'],
      ['application/json', '{not json'],
      ['application/json', Buffer.from([0xff, 0xfe, 0x00, 0x01])],
      ['application/x-www-form-urlencoded', 'a=1&b=2'],
      ['text/xml', '<xml><return_code>SUCCESS</return_code></xml>'],
      ['text/plain', 'success'],
      ['', 'x'],
    ];
    const before = (await kit.db.select().from(payLog).where(eq(payLog.method, 'wechat'))).length;
    for (const url of [notifyUrl(), refundUrl()]) {
      for (const [type, body] of bodies) {
        const response = await fetch(url, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
        expect([url, type, response.status, response.status === 400 ? '' : await response.clone().text()]).toEqual([url, type, 400, '']);
        expect(await response.json()).toMatchObject({ code: 'FAIL' });
      }
      // A valid signed notification sent as text/plain is still refused.
      const { no } = await prepaidOrder(700);
      const reply = await post(url, paidNotice(no), 'text/plain');
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body).message).toMatch(/JSON expected/);
    }
    const after = (await kit.db.select().from(payLog).where(eq(payLog.method, 'wechat'))).length;
    expect(after - before).toBeGreaterThanOrEqual(bodies.length * 2 + 2);
    const big = JSON.stringify({ pad: 'x'.repeat(40 * 1024) });
    const payment = await fetch(notifyUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(payment.status).toBe(400);
    expect(await payment.json()).toMatchObject({ code: 'FAIL', message: 'body too large' });
    const refund = await fetch(refundUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(refund.status).toBe(413);
    expect(await refund.json()).toMatchObject({ code: 'FAIL' });
  });
});
