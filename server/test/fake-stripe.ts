import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe speaking its REST wire format (form-encoded requests with bracketed
 * keys, `Authorization: Bearer <secret key>` checked, JSON answers shaped like Stripe's objects and
 * errors, `Idempotency-Key` replayed): Checkout Sessions (create, retrieve), refunds, and a hosted
 * "checkout page" (`/pay/<session id>`) whose Pay button completes the session and sends the
 * webhook events `checkout.session.completed` + `payment_intent.succeeded`, signed with the
 * Stripe-Signature scheme (`t=<unix>,v1=<HMAC-SHA256 of "t.payload" with the endpoint secret>`),
 * to the app's real notify endpoint. Refunds send `charge.refunded` the same way.
 */

type Obj = Record<string, unknown>;

export interface Delivery {
  type: string;
  status: number;
  body: string;
}

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** POSTs a signed webhook to the app (fetch to its URL, or `app.inject` in integration tests). */
  deliver(payload: string, headers: Record<string, string>): Promise<{ status: number; body: string }>;
}

/** Deliver over HTTP to `<base>/api/pay/notify/stripe`. */
export const httpDelivery =
  (notifyUrl: string): FakeStripeOptions['deliver'] =>
  async (payload, headers) => {
    const response = await fetch(notifyUrl, { method: 'POST', headers, body: payload });
    return { status: response.status, body: await response.text() };
  };

/** `t=…,v1=…` over `${t}.${payload}`, as Stripe signs webhook deliveries. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** `a[b][0][c]=1` form fields → nested objects/arrays (Stripe's encoding of parameters). */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Obj;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export class FakeStripe {
  readonly sessions = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly deliveries: Delivery[] = [];
  /** Requests refused for a wrong or missing key. */
  unauthorized = 0;
  private readonly idempotent = new Map<string, { status: number; body: Obj }>();
  private readonly pending = new Set<Promise<unknown>>();
  private server: Server | null = null;
  url = '';

  constructor(readonly options: FakeStripeOptions) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.settled();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Waits for webhooks still being delivered. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** A signed event delivery, as Stripe sends it (tests may pass another secret or an old timestamp). */
  event(type: string, object: Obj, at = now()): { payload: string; headers: Record<string, string> } {
    const event = { id: id('evt'), object: 'event', api_version: '2025-01-27.acacia', created: at, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
    const payload = JSON.stringify(event, null, 2);
    return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignature(payload, this.options.webhookSecret, at), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' } };
  }

  async send(type: string, object: Obj): Promise<Delivery> {
    const { payload, headers } = this.event(type, object);
    const answer = await this.options.deliver(payload, headers);
    const delivery = { type, ...answer };
    this.deliveries.push(delivery);
    return delivery;
  }

  /**
   * The payer pays on the hosted page: the session completes, its PaymentIntent succeeds, and
   * (unless `deliver` is false — a lost notification) both webhooks are sent.
   */
  async pay(sessionId: string, options: { deliver?: boolean } = {}): Promise<Obj> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${String(session.status)}`);
    const pi: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
      metadata: (session.payment_intent_data as Obj | undefined)?.metadata ?? {},
      latest_charge: id('ch'),
      created: now(),
      livemode: false,
      amount_refunded: 0,
    };
    this.paymentIntents.set(pi.id as string, pi);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: pi.id });
    if (options.deliver !== false) {
      await this.send('checkout.session.completed', this.publicSession(session));
      await this.send('payment_intent.succeeded', this.publicIntent(pi));
    }
    return session;
  }

  private publicSession(session: Obj): Obj {
    const { payment_intent_data: _hidden, ...rest } = session;
    return rest;
  }

  private publicIntent(pi: Obj): Obj {
    const { amount_refunded: _refunded, ...rest } = pi;
    return rest;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, json: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    try {
      if (url.pathname.startsWith('/pay/')) return await this.page(req, res, url, body);
      if (!this.authorized(req.headers.authorization)) {
        this.unauthorized += 1;
        throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      }
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replay = typeof key === 'string' ? this.idempotent.get(key) : undefined;
      if (replay) return send(replay.status, replay.body);
      const answer = this.route(req.method ?? 'GET', url.pathname, parseStripeForm(body));
      if (typeof key === 'string') this.idempotent.set(key, { status: 200, body: answer });
      return send(200, answer);
    } catch (error) {
      if (error instanceof StripeError) return send(error.status, { error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}), ...(error.code ? { code: error.code } : {}) } });
      return send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private authorized(header: string | undefined): boolean {
    const expected = Buffer.from(`Bearer ${this.options.secretKey}`);
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private route(method: string, path: string, params: Obj): Obj {
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = this.sessions.get(retrieve[1]!);
      if (!session) throw new StripeError(404, 'invalid_request_error', `No such checkout.session: '${retrieve[1]}'`, 'session', 'resource_missing');
      return this.publicSession(session);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(p: Obj): Obj {
    const required = (name: string) => {
      if (p[name] === undefined || p[name] === '') throw new StripeError(400, 'invalid_request_error', `Missing required param: ${name}.`, name, 'parameter_missing');
      return p[name] as string;
    };
    if (required('mode') !== 'payment') throw new StripeError(400, 'invalid_request_error', 'Only payment mode is faked.', 'mode');
    required('success_url');
    const items = (p.line_items as Obj[] | undefined) ?? [];
    if (items.length === 0) throw new StripeError(400, 'invalid_request_error', 'Missing required param: line_items.', 'line_items', 'parameter_missing');
    let total = 0;
    let currency = '';
    for (const [i, item] of items.entries()) {
      const price = item.price_data as Obj | undefined;
      const unit = Number(price?.unit_amount);
      if (!price || !/^\d+$/.test(String(price.unit_amount)) || !Number.isSafeInteger(unit)) throw new StripeError(400, 'invalid_request_error', 'Invalid integer: unit_amount', `line_items[${i}][price_data][unit_amount]`);
      if (!/^[a-z]{3}$/.test(String(price.currency))) throw new StripeError(400, 'invalid_request_error', 'Invalid currency', `line_items[${i}][price_data][currency]`);
      if (currency && currency !== price.currency) throw new StripeError(400, 'invalid_request_error', 'All line items must share a currency.');
      currency = String(price.currency);
      total += unit * Number(item.quantity ?? 1);
    }
    if (total < 50 && !['jpy', 'krw'].includes(currency)) throw new StripeError(400, 'invalid_request_error', 'The Checkout Session\'s total amount due must add up to at least $0.50 usd', undefined, 'amount_too_small');
    const expiresAt = p.expires_at === undefined ? now() + 86_400 : Number(p.expires_at);
    if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600) throw new StripeError(400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    const sessionId = id('cs');
    const session: Obj = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      amount_subtotal: total,
      amount_total: total,
      currency,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      payment_intent_data: p.payment_intent_data ?? {},
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? null,
      expires_at: expiresAt,
      locale: p.locale ?? null,
      created: now(),
      livemode: false,
      url: `${this.url}/pay/${sessionId}`,
    };
    this.sessions.set(sessionId, session);
    return this.publicSession(session);
  }

  private createRefund(p: Obj): Obj {
    const piId = String(p.payment_intent ?? '');
    const pi = this.paymentIntents.get(piId);
    if (!pi) throw new StripeError(404, 'invalid_request_error', `No such payment_intent: '${piId}'`, 'payment_intent', 'resource_missing');
    const left = Number(pi.amount_received) - Number(pi.amount_refunded);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) throw new StripeError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
    pi.amount_refunded = Number(pi.amount_refunded) + amount;
    const refund: Obj = { id: id('re'), object: 'refund', amount, currency: pi.currency, payment_intent: piId, charge: pi.latest_charge, status: 'succeeded', metadata: p.metadata ?? {}, created: now() };
    this.refunds.set(refund.id as string, refund);
    const charge = { id: pi.latest_charge, object: 'charge', amount: pi.amount_received, amount_refunded: pi.amount_refunded, refunded: pi.amount_refunded === pi.amount_received, currency: pi.currency, payment_intent: piId, metadata: pi.metadata };
    const delivery = this.send('charge.refunded', charge).catch(() => undefined);
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
    return refund;
  }

  /** The hosted checkout page: the order's sum, Pay (→ webhooks → success_url) and Cancel (→ cancel_url). */
  private async page(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const [, , sessionId, action] = url.pathname.split('/');
    const session = this.sessions.get(sessionId ?? '');
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<h1>Session not found</h1>');
    }
    if (req.method === 'POST' && action === 'confirm') {
      const form = new URLSearchParams(body);
      if (session.status === 'open') await this.pay(session.id as string, { deliver: form.get('deliver') !== '0' });
      res.writeHead(303, { location: String(session.success_url) });
      return res.end();
    }
    const amount = Number(session.amount_total);
    const currency = String(session.currency).toUpperCase();
    const shown = ['JPY', 'KRW'].includes(currency) ? String(amount) : (amount / 100).toFixed(2);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Fake Stripe Checkout</title>
<style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;width:min(360px,90vw)}h1{font-size:16px;color:#635bff;margin:0 0 8px}p{margin:8px 0;color:#333}.amount{font-size:32px;font-weight:600}button{width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;margin-top:16px}label{display:block;font-size:13px;color:#666;margin-top:12px}a{display:block;text-align:center;margin-top:12px;color:#666}</style></head>
<body><main data-testid="fake-stripe"><h1>Fake Stripe Checkout (test)</h1><p data-testid="fake-stripe-amount" class="amount">${currency} ${shown}</p><p>Session <code>${String(session.id).slice(0, 18)}…</code> · ${String(session.status)}</p>
<form method="post" action="/pay/${String(session.id)}/confirm"><label><input type="checkbox" name="deliver" value="0" data-testid="fake-stripe-lose"> Lose the webhook (test reconciliation)</label><button type="submit" data-testid="fake-stripe-pay">Pay ${currency} ${shown}</button></form>
${session.cancel_url ? `<a href="${String(session.cancel_url)}" data-testid="fake-stripe-cancel">Cancel and return</a>` : ''}</main></body></html>`);
  }
}
