import { createHash, createSign, createVerify, generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Alipay open platform gateway (`/gateway.do`), speaking its documented
 * wire format with keys generated here:
 * - requests (page pay links as GET, `exec` calls as POST with the common parameters in the query
 *   string and the rest as a form) must carry an RSA2 signature by the app's private key over the
 *   sorted `key=value` pairs (all parameters but `sign`, empty values left out), checked with the
 *   app public key the test hands in;
 * - `alipay.trade.page.pay` / `alipay.trade.wap.pay` open a cashier page; its "Pay" button marks
 *   the trade paid, POSTs the signed asynchronous notification to `notify_url` (form, utf-8) and
 *   sends the browser to `return_url` with the signed synchronous return fields;
 * - `alipay.trade.query` / `alipay.trade.refund` answer `{"<method>_response": {...}, "sign": …}`,
 *   signed over the exact response object text with the Alipay private key.
 */

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  /** Yuan text as the merchant sent it. */
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  method: string;
  notifyUrl: string;
  returnUrl: string;
  /** out_request_no → refunded yuan text. */
  refunds: Map<string, string>;
}

export interface GatewayCall {
  method: string;
  signatureValid: boolean;
  params: Record<string, string>;
}

const SIGN_EXCLUDED = new Set(['sign']);

/** Alipay's signing text: parameters sorted by name, `key=value` joined with `&`, without `sign` and empty values. */
export function alipaySignText(params: Record<string, string>, exclude: ReadonlySet<string> = SIGN_EXCLUDED): string {
  return Object.keys(params)
    .filter((key) => !exclude.has(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export const rsa2Sign = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
export const rsa2Verify = (text: string, sign: string, key: KeyObject) => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(key, sign, 'base64');
  } catch {
    return false;
  }
};

/** An RSA key pair as the Alipay console shows it: base64 PKCS#8 private key, base64 SPKI public key. */
export function rsaKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privateBase64: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/**
 * Alipay's certificate serial number ("SN"): md5 of the issuer's distinguished name (most specific
 * attribute first, `CN=…,O=…,C=…`) followed by the decimal serial; a root file's SNs joined by `_`
 * (RSA-signed certificates only).
 */
export function certificateSn(pem: string): string {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks
    .map((block) => new X509Certificate(block))
    .map((cert) => createHash('md5').update(cert.issuer.split('\n').reverse().join(',') + BigInt(`0x${cert.serialNumber}`).toString(10), 'utf8').digest('hex'))
    .join('_');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `yyyy-MM-dd HH:mm:ss` in Beijing time. */
function beijingNow(): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FakeAlipay {
  /** The Alipay key pair (the merchant configures its public half as the "Alipay public key"). */
  alipayKeys = rsaKeyPair();
  readonly trades = new Map<string, FakeTrade>();
  readonly calls: GatewayCall[] = [];
  /** Certificate mode: the serial numbers every request must carry (`app_cert_sn`, `alipay_root_cert_sn`). */
  certMode: { appCertSn: string; rootCertSn: string } | null = null;
  /** Notifications the cashier sent, with the merchant's answer. */
  readonly notified: { fields: Record<string, string>; status: number; answer: string }[] = [];
  private server!: Server;
  url = '';

  constructor(
    readonly appId: string,
    readonly sellerId: string,
    /** The app public key the requests' signatures are checked with. */
    readonly appPublicKey: KeyObject,
  ) {}

  static async start(options: { appId: string; sellerId: string; appPublicKey: KeyObject }): Promise<FakeAlipay> {
    const fake = new FakeAlipay(options.appId, options.sellerId, options.appPublicKey);
    fake.server = createServer((request, response) => {
      fake.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/gateway.do`;
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Fields signed with the Alipay private key (`sign` over all but `sign` and `sign_type`, as notifications are). */
  signFields(fields: Record<string, string>, key: KeyObject = this.alipayKeys.privateKey): Record<string, string> {
    const signed = { sign_type: 'RSA2', ...fields };
    return { ...signed, sign: rsa2Sign(alipaySignText(signed, new Set(['sign', 'sign_type'])), key) };
  }

  /** The asynchronous notification of a trade, as Alipay POSTs it (overrides change fields before signing). */
  notification(trade: FakeTrade, overrides: Record<string, string> = {}): Record<string, string> {
    return this.signFields({
      gmt_create: beijingNow(),
      charset: 'utf-8',
      seller_email: 'shop@example.com',
      subject: trade.subject,
      buyer_id: '2088102177846880',
      invoice_amount: trade.totalAmount,
      notify_id: randomBytes(16).toString('hex'),
      fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: trade.status,
      receipt_amount: trade.totalAmount,
      app_id: this.appId,
      buyer_pay_amount: trade.totalAmount,
      seller_id: this.sellerId,
      gmt_payment: beijingNow(),
      notify_time: beijingNow(),
      version: '1.0',
      out_trade_no: trade.outTradeNo,
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: this.appId,
      point_amount: '0.00',
      ...overrides,
    });
  }

  /** A trade as if the merchant had created it (for notification tests without a browser). */
  addTrade(outTradeNo: string, totalAmount: string, notifyUrl = '', status: FakeTrade['status'] = 'WAIT_BUYER_PAY'): FakeTrade {
    const trade: FakeTrade = { outTradeNo, tradeNo: `2026${Date.now()}${randomBytes(4).readUInt32BE()}`, totalAmount, subject: 'test', status, method: 'alipay.trade.page.pay', notifyUrl, returnUrl: '', refunds: new Map() };
    this.trades.set(outTradeNo, trade);
    return trade;
  }

  /** POST a notification form to the trade's notify_url, as Alipay's servers do. */
  async notify(trade: FakeTrade, fields: Record<string, string> = this.notification(trade)) {
    const response = await fetch(trade.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    const answer = await response.text();
    this.notified.push({ fields, status: response.status, answer });
    return { status: response.status, answer };
  }

  private checkRequest(params: Record<string, string>): boolean {
    const certsOk = !this.certMode || (params.app_cert_sn === this.certMode.appCertSn && params.alipay_root_cert_sn === this.certMode.rootCertSn);
    const valid = certsOk && params.sign_type === 'RSA2' && params.app_id === this.appId && rsa2Verify(alipaySignText(params), params.sign ?? '', this.appPublicKey);
    this.calls.push({ method: params.method ?? '', signatureValid: valid, params });
    return valid;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    if (url.pathname === '/gateway.do' && request.method === 'GET') return this.cashier(query, response);
    if (url.pathname === '/gateway.do' && request.method === 'POST') {
      const params = { ...query, ...Object.fromEntries(new URLSearchParams(await readBody(request))) };
      return this.openApi(params, response);
    }
    if (url.pathname === '/cashier/pay' && request.method === 'POST') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      return this.pay(form.out_trade_no ?? '', response);
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  /** `alipay.trade.page.pay` / `wap.pay` opened in the browser: a cashier page with a Pay button. */
  private cashier(params: Record<string, string>, response: ServerResponse) {
    if (!this.checkRequest(params) || !['alipay.trade.page.pay', 'alipay.trade.wap.pay'].includes(params.method ?? '')) {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<h1 data-testid="alipay-error">invalid-signature</h1>');
      return;
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const trade = this.trades.get(biz.out_trade_no!) ?? this.addTrade(biz.out_trade_no!, biz.total_amount!);
    Object.assign(trade, { totalAmount: biz.total_amount, subject: biz.subject ?? '', method: params.method, notifyUrl: params.notify_url ?? '', returnUrl: params.return_url ?? '' });
    const kind = params.method === 'alipay.trade.wap.pay' ? 'wap' : 'page';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fake Alipay cashier</title></head>
<body data-testid="alipay-cashier" data-kind="${kind}" style="font-family:sans-serif;max-width:420px;margin:40px auto">
<h1>Fake Alipay (${kind})</h1>
<p data-testid="alipay-subject">${escapeHtml(trade.subject)}</p>
<p>¥<strong data-testid="alipay-amount">${escapeHtml(trade.totalAmount)}</strong></p>
<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}"><button data-testid="alipay-pay" type="submit">Pay</button></form>
</body></html>`);
  }

  /** The payer paid: notify the merchant, then send the browser back with the synchronous return fields. */
  private async pay(outTradeNo: string, response: ServerResponse) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('unknown trade');
      return;
    }
    trade.status = 'TRADE_SUCCESS';
    if (trade.notifyUrl) await this.notify(trade);
    const back = this.signFields({
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: `${trade.method}.return`,
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: this.appId,
      version: '1.0',
      app_id: this.appId,
      seller_id: this.sellerId,
      timestamp: beijingNow(),
    });
    const target = new URL(trade.returnUrl);
    for (const [key, value] of Object.entries(back)) target.searchParams.set(key, value);
    response.writeHead(302, { location: target.toString() }).end();
  }

  /** `exec` calls: JSON answers signed with the Alipay private key. */
  private openApi(params: Record<string, string>, response: ServerResponse) {
    const method = params.method ?? '';
    const key = `${method.replaceAll('.', '_')}_response`;
    const answer = (content: Record<string, string>) => {
      const text = JSON.stringify(content);
      const body = `{"${key}":${text},"sign":"${rsa2Sign(text, this.alipayKeys.privateKey)}"}`;
      response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(body);
    };
    const fail = (code: string, msg: string, subCode: string, subMsg: string) => answer({ code, msg, sub_code: subCode, sub_msg: subMsg });
    if (!this.checkRequest(params)) return fail('40002', 'Invalid Arguments', 'isv.invalid-signature', 'invalid signature');
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return fail('40002', 'Invalid Arguments', 'isv.invalid-parameter', 'biz_content');
    }
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (method === 'alipay.trade.query') {
      if (!trade) return fail('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', 'trade does not exist');
      return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, trade_status: trade.status, total_amount: trade.totalAmount, buyer_logon_id: '159****5620' });
    }
    if (method === 'alipay.trade.refund') {
      if (!trade || trade.status !== 'TRADE_SUCCESS') return fail('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', 'trade status error');
      const requestNo = biz.out_request_no || trade.outTradeNo;
      // Exact yuan text → cents (no floats): "12.3" → 1230.
      const cents = (yuan: string) => {
        const [whole = '0', fraction = ''] = yuan.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
      };
      const refundedCents = () => [...trade.refunds.values()].reduce((sum, yuan) => sum + cents(yuan), 0);
      let fundChange = 'N';
      if (!trade.refunds.has(requestNo)) {
        if (refundedCents() + cents(biz.refund_amount ?? '0') > cents(trade.totalAmount)) return fail('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'refund amount too large');
        trade.refunds.set(requestNo, biz.refund_amount ?? '0');
        fundChange = 'Y';
      }
      const total = refundedCents();
      return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, fund_change: fundChange, refund_fee: `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`, buyer_logon_id: '159****5620' });
    }
    return fail('40004', 'Business Failed', 'isv.invalid-method', `unknown method ${method}`);
  }
}
