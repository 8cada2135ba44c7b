/**
 * A local WeChat Pay API v3 for tests and e2e, speaking the documented wire format with its own
 * node:crypto code (not the SDK's): every request must carry a valid `Authorization:
 * WECHATPAY2-SHA256-RSA2048 …` signed with the merchant key (checked against the merchant public
 * key, mchid, serial and a 5-minute window — 401 SIGN_ERROR otherwise); every answer is signed with
 * a platform key pair generated here (`Wechatpay-Timestamp/-Nonce/-Serial/-Signature`). Native and
 * H5 prepay, order query by out_trade_no, domestic refunds. `pay(no)` plays the payer scanning the
 * code and paying: the order turns SUCCESS and an encrypted, signed TRANSACTION.SUCCESS
 * notification is POSTed to its notify_url. `notification()` builds (and can spoil) any
 * notification for the tests.
 */
import { createCipheriv, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeWechatOptions {
  mchid: string;
  appid: string;
  merchantSerial: string;
  /** The merchant's public key (what WeChat keeps of the merchant certificate). */
  merchantPublicKey: KeyObject;
  /** The API v3 key (32 characters) notifications are encrypted with. */
  apiV3Key: string;
}

export interface FakeTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  time_expire: string;
  amount: { total: number; currency: string };
  trade_type: 'NATIVE' | 'H5';
  trade_state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED';
  transaction_id: string;
  success_time?: string;
}

export interface FakeRefund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  notify_url: string;
  amount: { refund: number; total: number; currency: string };
  status: 'PROCESSING' | 'SUCCESS';
}

export interface LoggedCall {
  method: string;
  path: string;
  status: number;
  /** Why the fake refused the call ('' when accepted). */
  refused: string;
  body: unknown;
}

export interface BuiltNotification {
  headers: Record<string, string>;
  body: string;
}

/** Key pairs for a test merchant (node:crypto; nothing downloaded). */
export function merchantKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    serial: randomBytes(20).toString('hex').toUpperCase(),
  };
}

const AUTH = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export class FakeWechatPay {
  readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** Platform public key mode: the key's id, as WeChat's "微信支付公钥" names it. */
  readonly platformKeyId = `PUB_KEY_ID_01${digits(26)}`;
  readonly transactions = new Map<string, FakeTransaction>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly calls: LoggedCall[] = [];
  /** Answer every API call with this HTTP status instead (simulating an outage); 0 = off. */
  failWith = 0;
  private server: Server | null = null;
  url = '';

  constructor(readonly options: FakeWechatOptions) {}

  get platformPublicKeyPem(): string {
    return this.platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  async start(): Promise<this> {
    const server = createServer((req, res) =>
      void this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`fake wechatpay failed: ${String(error)}`);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return this;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  // ── The payer's side ──

  /** The payer scans the code and pays: SUCCESS, then the notification to the order's notify_url. */
  async pay(outTradeNo: string, tamper: { amount?: number } = {}): Promise<{ status: number; body: string }> {
    const t = this.transactions.get(outTradeNo);
    if (!t) throw new Error(`fake wechatpay: no prepay for ${outTradeNo}`);
    t.trade_state = 'SUCCESS';
    t.success_time = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
    const resource = this.transactionResource(t);
    if (tamper.amount !== undefined) resource.amount.total = tamper.amount;
    return this.deliver(t.notify_url, this.notification('TRANSACTION.SUCCESS', resource));
  }

  /** WeChat finishes a refund: SUCCESS, then REFUND.SUCCESS to the refund's notify_url. */
  async completeRefund(outRefundNo: string): Promise<{ status: number; body: string }> {
    const r = this.refunds.get(outRefundNo);
    if (!r) throw new Error(`fake wechatpay: no refund ${outRefundNo}`);
    r.status = 'SUCCESS';
    return this.deliver(r.notify_url, this.notification('REFUND.SUCCESS', this.refundResource(r)));
  }

  transactionResource(t: FakeTransaction) {
    return {
      mchid: t.mchid,
      appid: t.appid,
      out_trade_no: t.out_trade_no,
      transaction_id: t.transaction_id,
      trade_type: t.trade_type,
      trade_state: t.trade_state,
      trade_state_desc: t.trade_state === 'SUCCESS' ? '支付成功' : '未支付',
      bank_type: 'OTHERS',
      attach: '',
      success_time: t.success_time ?? '',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: t.amount.total, payer_total: t.amount.total, currency: t.amount.currency, payer_currency: 'CNY' },
    };
  }

  refundResource(r: FakeRefund) {
    const t = this.transactions.get(r.out_trade_no);
    return {
      mchid: this.options.mchid,
      out_trade_no: r.out_trade_no,
      transaction_id: t?.transaction_id ?? `42${digits(26)}`,
      out_refund_no: r.out_refund_no,
      refund_id: r.refund_id,
      refund_status: r.status,
      success_time: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
      user_received_account: '支付用户零钱',
      amount: { total: r.amount.total, refund: r.amount.refund, payer_total: r.amount.total, payer_refund: r.amount.refund },
    };
  }

  /**
   * A notification as WeChat sends it: the resource encrypted (AEAD_AES_256_GCM under the API v3
   * key), the body signed with the platform key. `spoil` makes the bad ones the tests need.
   */
  notification(
    eventType: string,
    resource: object,
    spoil: { timestamp?: number; serial?: string; signWith?: KeyObject; apiV3Key?: string; signature?: string } = {},
  ): BuiltNotification {
    const nonce = randomBytes(6).toString('hex');
    const associated = eventType.startsWith('REFUND.') ? 'refund' : 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(spoil.apiV3Key ?? this.options.apiV3Key), nonce).setAAD(Buffer.from(associated));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND.') ? '退款成功' : '支付成功',
      resource: { original_type: associated, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associated, nonce },
    });
    return { headers: this.signedHeaders(body, spoil), body };
  }

  /** POST a built notification as WeChat would (JSON), answering status and body. */
  async deliver(url: string, n: BuiltNotification): Promise<{ status: number; body: string }> {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/4.0', ...n.headers }, body: n.body });
    return { status: response.status, body: await response.text() };
  }

  // ── The API ──

  private signedHeaders(body: string, spoil: { timestamp?: number; serial?: string; signWith?: KeyObject; signature?: string } = {}): Record<string, string> {
    const timestamp = String(spoil.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = spoil.signature ?? sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), spoil.signWith ?? this.platform.privateKey).toString('base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': spoil.serial ?? this.platformKeyId,
      'wechatpay-signature': signature,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  /** Why the merchant's request signature is not acceptable, or '' when it is. */
  private checkAuthorization(req: IncomingMessage, pathAndQuery: string, body: string): string {
    const match = AUTH.exec(req.headers.authorization ?? '');
    if (!match) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const fields = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (fields.mchid !== this.options.mchid) return 'mchid mismatch';
    if (fields.serial_no !== this.options.merchantSerial) return 'serial_no mismatch';
    if (!fields.nonce_str || !/^\d+$/.test(fields.timestamp ?? '')) return 'nonce/timestamp missing';
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp expired';
    const message = `${req.method}\n${pathAndQuery}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = verify('sha256', Buffer.from(message), this.options.merchantPublicKey, Buffer.from(fields.signature ?? '', 'base64'));
    return ok ? '' : 'signature does not verify';
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const answer = (status: number, data: object | null, refused = '') => {
      const text = data === null ? '' : JSON.stringify(data);
      this.calls.push({ method: req.method ?? '', path: url.pathname + url.search, status, refused, body: body ? safeJson(body) : null });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomBytes(8).toString('hex'), ...this.signedHeaders(text) });
      res.end(text);
    };
    if (req.method === 'GET' && url.pathname === '/fake/h5cashier') {
      // WeChat's H5 cashier page, reduced to a page that names the payment (the test then calls pay()).
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><title>WeChat Pay (fake)</title><h1 data-testid="fake-h5-cashier">WeChat Pay H5 cashier (fake)</h1>`);
    }
    const refused = this.checkAuthorization(req, url.pathname + url.search, body);
    if (refused) return answer(401, { code: 'SIGN_ERROR', message: refused }, refused);
    if (this.failWith) return answer(this.failWith, { code: 'SYSTEM_ERROR', message: 'system busy' }, 'failWith');
    const json = safeJson(body) as Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any -- the wire body, checked field by field
    const prepay = /^\/v3\/pay\/transactions\/(native|h5)$/.exec(url.pathname);
    if (req.method === 'POST' && prepay) return answer(...this.prepay(prepay[1] === 'h5' ? 'H5' : 'NATIVE', json));
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== this.options.mchid) return answer(400, { code: 'PARAM_ERROR', message: 'mchid' }, 'mchid');
      const t = this.transactions.get(decodeURIComponent(query[1]!));
      return t ? answer(200, this.transactionResource(t)) : answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }, 'unknown order');
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return answer(...this.refund(json));
    return answer(404, { code: 'NOT_FOUND', message: 'no such API' }, 'no such API');
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wire body, checked field by field
  private prepay(type: 'NATIVE' | 'H5', b: Record<string, any> | null): [number, object, string?] {
    const bad = (message: string): [number, object, string] => [400, { code: 'PARAM_ERROR', message }, message];
    if (!b) return bad('body is not JSON');
    if (b.appid !== this.options.appid || b.mchid !== this.options.mchid) return bad('appid/mchid mismatch');
    if (typeof b.description !== 'string' || !b.description || b.description.length > 127) return bad('description');
    if (typeof b.out_trade_no !== 'string' || !/^[A-Za-z0-9_*|-]{6,32}$/.test(b.out_trade_no)) return bad('out_trade_no');
    if (typeof b.notify_url !== 'string' || !/^https?:\/\//.test(b.notify_url)) return bad('notify_url');
    if (b.time_expire !== undefined && !rfc3339.test(b.time_expire)) return bad('time_expire');
    if (!Number.isSafeInteger(b.amount?.total) || b.amount.total <= 0 || (b.amount.currency ?? 'CNY') !== 'CNY') return bad('amount');
    if (type === 'H5' && !b.scene_info?.payer_client_ip) return bad('scene_info.payer_client_ip');
    const existing = this.transactions.get(b.out_trade_no);
    if (existing && existing.amount.total !== b.amount.total) return [400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' }, 'out_trade_no reused'];
    if (existing?.trade_state === 'SUCCESS') return [400, { code: 'ORDERPAID', message: '该订单已支付' }, 'paid'];
    const t: FakeTransaction = existing ?? {
      appid: b.appid,
      mchid: b.mchid,
      out_trade_no: b.out_trade_no,
      description: b.description,
      notify_url: b.notify_url,
      time_expire: b.time_expire ?? '',
      amount: { total: b.amount.total, currency: 'CNY' },
      trade_type: type,
      trade_state: 'NOTPAY',
      transaction_id: `42${digits(26)}`,
    };
    this.transactions.set(t.out_trade_no, t);
    const token = randomBytes(6).toString('base64url');
    return [200, type === 'NATIVE' ? { code_url: `weixin://wxpay/bizpayurl?pr=${token}` } : { h5_url: `${this.url}/fake/h5cashier?prepay_id=wx${token}&package=${digits(10)}` }];
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wire body, checked field by field
  private refund(b: Record<string, any> | null): [number, object, string?] {
    const bad = (message: string): [number, object, string] => [400, { code: 'PARAM_ERROR', message }, message];
    if (!b || typeof b.out_refund_no !== 'string' || !b.out_refund_no) return bad('out_refund_no');
    const t = this.transactions.get(b.out_trade_no);
    if (!t) return [404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' }, 'unknown order'];
    if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') return [403, { code: 'NOT_ENOUGH', message: '订单未支付' }, 'not paid'];
    if (!Number.isSafeInteger(b.amount?.refund) || b.amount.refund <= 0 || b.amount.total !== t.amount.total) return bad('amount');
    const existing = this.refunds.get(b.out_refund_no);
    const refunded = [...this.refunds.values()].filter((r) => r.out_trade_no === t.out_trade_no && r !== existing).reduce((s, r) => s + r.amount.refund, 0);
    if (!existing && refunded + b.amount.refund > t.amount.total) return [403, { code: 'NOT_ENOUGH', message: '退款金额超过可退金额' }, 'too much'];
    const r: FakeRefund = existing ?? {
      out_refund_no: b.out_refund_no,
      out_trade_no: t.out_trade_no,
      refund_id: `50${digits(27)}`,
      notify_url: String(b.notify_url ?? ''),
      amount: { refund: b.amount.refund, total: t.amount.total, currency: 'CNY' },
      status: 'PROCESSING',
    };
    this.refunds.set(r.out_refund_no, r);
    t.trade_state = 'REFUND';
    return [200, { refund_id: r.refund_id, out_refund_no: r.out_refund_no, out_trade_no: r.out_trade_no, status: r.status, amount: { ...r.amount, payer_total: r.amount.total, payer_refund: r.amount.refund } }];
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
