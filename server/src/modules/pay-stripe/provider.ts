/**
 * Stripe Checkout (decision 036) on the payment interface (decision 032), with the official
 * `stripe` package: `create` opens a Checkout Session (redirect) in the order's currency; the
 * webhook (`/api/pay/notify/stripe`) is verified with `webhooks.constructEvent` on the exact bytes
 * and settled through commerce's one settle path; `query` retrieves the attempt's session;
 * `refund` is `refunds.create`. The API address can be overridden (setting `stripeApiHost`) so
 * tests and the e2e journey talk to a local fake speaking Stripe's wire format.
 */
import { translate } from '@framecraft/contracts/messages';
import type { IncomingHttpHeaders } from 'node:http';
import type Stripe from 'stripe';
import { ApiError } from '../../shared/errors.ts';
import { lastAttemptReference, type ParsedNotification, type PaymentContext, type PaymentProvider } from '../commerce/index.ts';
import { fromStripeAmount, toStripeAmount } from './amounts.ts';

/** Stripe's default tolerance for the signature timestamp (replays older than this are refused). */
export const WEBHOOK_TOLERANCE_S = 300;
/** Stripe refuses Checkout Sessions expiring sooner than 30 minutes or later than 24 hours. */
const SESSION_MIN_S = 31 * 60;
const SESSION_MAX_S = 23 * 60 * 60;

interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiHost: string;
  siteUrl: string;
}

async function settingsOf(ctx: PaymentContext): Promise<StripeSettings> {
  const [secretKey, publishableKey, webhookSecret, apiHost, siteUrl] = await Promise.all(
    ['stripeSecretKey', 'stripePublishableKey', 'stripeWebhookSecret', 'stripeApiHost', 'siteUrl'].map(async (name) => (await ctx.setting(name)).trim()),
  );
  return { secretKey: secretKey!, publishableKey: publishableKey!, webhookSecret: webhookSecret!, apiHost: apiHost!, siteUrl: siteUrl!.replace(/\/+$/, '') };
}

/** Why Stripe cannot be offered, in the admin's language; [] when it can. */
export async function stripeConfigurationProblems(ctx: PaymentContext): Promise<string[]> {
  const s = await settingsOf(ctx);
  const keys: string[] = [];
  if (!s.secretKey) keys.push('noSecretKey');
  else if (!/^(sk|rk)_/.test(s.secretKey)) keys.push('badSecretKey');
  if (!s.publishableKey) keys.push('noPublishableKey');
  else if (!s.publishableKey.startsWith('pk_')) keys.push('badPublishableKey');
  if (!s.webhookSecret) keys.push('noWebhookSecret');
  else if (!s.webhookSecret.startsWith('whsec_')) keys.push('badWebhookSecret');
  if (!/^https?:\/\/[^/]+/.test(s.siteUrl)) keys.push('noSiteUrl');
  return keys.map((key) => `payments.stripe.${key}`);
}

/** The SDK is loaded on first use: most shops never configure Stripe (decision 056). */
const loadStripe = async () => (await import('stripe')).default;

const clients = new Map<string, Stripe>();
/** One client per key and address (the settings can change at run time). */
async function clientFor(s: StripeSettings): Promise<Stripe> {
  const cacheKey = `${s.secretKey}\n${s.apiHost}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const override = s.apiHost ? new URL(/^https?:\/\//.test(s.apiHost) ? s.apiHost : `https://${s.apiHost}`) : null;
    const StripeSdk = await loadStripe();
    client = new StripeSdk(s.secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      ...(override ? { host: override.hostname, port: override.port || (override.protocol === 'http:' ? 80 : 443), protocol: override.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
    if (clients.size > 8) clients.clear();
    clients.set(cacheKey, client);
  }
  return client;
}

const providerFailed = (error: unknown) => new ApiError('commerce.providerFailed', { data: { provider: 'stripe', reason: error instanceof Error ? error.message.slice(0, 200) : 'error' } });

async function readyClient(ctx: PaymentContext): Promise<{ client: Stripe; settings: StripeSettings }> {
  if ((await stripeConfigurationProblems(ctx)).length > 0) throw new ApiError('commerce.methodUnavailable');
  const settings = await settingsOf(ctx);
  return { client: await clientFor(settings), settings };
}

const paymentIntentId = (value: string | { id: string } | null | undefined, fallback: string) => (typeof value === 'string' ? value : (value?.id ?? fallback));

// ── Notifications ─────────────────────────────────────────────────────────────────────────────

function refused(reason: string, partial: Partial<ParsedNotification> = {}): ParsedNotification {
  return { verified: false, reason, orderNo: '', tradeNo: '', amount: 0, currency: '', result: 'failed', ...partial };
}

/** A verified event about a payment: the order number from our metadata, the sum in our cents. */
function paymentOf(event: string, meta: Stripe.Metadata | null | undefined, tradeNo: string, amount: number | null | undefined, currency: string | null | undefined, result: ParsedNotification['result'], reference?: string | null): ParsedNotification {
  const orderNo = meta?.order_no ?? '';
  const code = (currency ?? '').toUpperCase();
  const cents = fromStripeAmount(amount ?? -1, code);
  const base = { orderNo, tradeNo, amount: cents ?? 0, currency: code, result };
  if (!orderNo) return refused(`${event}: no order_no in metadata`, base);
  if (reference && reference !== orderNo) return refused(`${event}: client_reference_id ${reference} is not order ${orderNo}`, base);
  if (cents === null) return refused(`${event}: amount ${amount} ${code} is not a whole cent`, base);
  return { verified: true, reason: event, ...base };
}

/** Turn a verified Stripe event into what commerce settles (or logs). */
export function notificationOf(event: Stripe.Event): ParsedNotification {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const s = event.data.object;
      const tradeNo = paymentIntentId(s.payment_intent, s.id);
      const result =
        event.type === 'checkout.session.async_payment_failed' ? 'failed' : event.type === 'checkout.session.expired' ? 'cancelled' : s.payment_status === 'paid' ? 'paid' : 'ignored';
      const parsed = paymentOf(event.type, s.metadata, tradeNo, s.amount_total, s.currency, result, s.client_reference_id);
      return result === 'ignored' && parsed.verified ? { ...parsed, reason: `${event.type}: payment ${s.payment_status}, waiting for it` } : parsed;
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      return paymentOf(event.type, pi.metadata, pi.id, pi.amount_received, pi.currency, 'paid');
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return paymentOf(event.type, pi.metadata, pi.id, pi.amount, pi.currency, 'failed');
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const tradeNo = paymentIntentId(charge.payment_intent, charge.id);
      const code = charge.currency.toUpperCase();
      const refundedCents = fromStripeAmount(charge.amount_refunded, code) ?? 0;
      return { verified: true, reason: `charge.refunded ${refundedCents} of ${fromStripeAmount(charge.amount, code) ?? 0}`, orderNo: charge.metadata?.order_no ?? '', tradeNo, amount: refundedCents, currency: code, result: 'refunded' };
    }
    default:
      return { verified: true, reason: `${event.type}: not acted on`, orderNo: '', tradeNo: '', amount: 0, currency: '', result: 'ignored' };
  }
}

async function parseNotification(ctx: PaymentContext, _body: unknown, raw: string, headers?: IncomingHttpHeaders): Promise<ParsedNotification> {
  const { webhookSecret } = await settingsOf(ctx);
  if (!webhookSecret) return refused('stripe webhook secret not configured');
  const signature = headers?.['stripe-signature'];
  if (typeof signature !== 'string' || !signature) return refused('missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    // Checks the HMAC over `${t}.${raw}` with the signing secret and the timestamp's age.
    event = (await loadStripe()).webhooks.constructEvent(raw, signature, webhookSecret, WEBHOOK_TOLERANCE_S);
  } catch (error) {
    return refused(`bad signature: ${error instanceof Error ? error.message.slice(0, 160) : 'invalid'}`);
  }
  return notificationOf(event);
}

// ── The provider ──────────────────────────────────────────────────────────────────────────────

export const stripeProvider: PaymentProvider = {
  code: 'stripe',
  available: async (ctx) => (await stripeConfigurationProblems(ctx)).length === 0,
  configurationProblems: stripeConfigurationProblems,

  async create(ctx, order) {
    const { client, settings } = await readyClient(ctx);
    const unitAmount = toStripeAmount(order.amount, order.currency);
    if (!unitAmount) throw new ApiError('payments.amountNotChargeable');
    // A second click reuses the attempt's session while it is still open.
    const previous = await lastAttemptReference(ctx.db, order.id, 'stripe');
    if (previous?.startsWith('cs_')) {
      const session = await client.checkout.sessions.retrieve(previous).catch(() => null);
      if (session?.status === 'open' && session.url) return { type: 'redirect', url: session.url, reference: session.id };
    }
    const back = (result: string) => `${settings.siteUrl}/pay?${new URLSearchParams({ order: order.orderNo, result }).toString()}`;
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Math.min(Math.max(Math.floor(order.expireTime.getTime() / 1000), now + SESSION_MIN_S), now + SESSION_MAX_S);
    const metadata = { order_no: order.orderNo };
    try {
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: order.orderNo,
        line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: unitAmount, product_data: { name: translate(ctx.lang, 'payments.stripe.productName', { order_no: order.orderNo }) } } }],
        metadata,
        payment_intent_data: { metadata },
        success_url: back('returned'),
        cancel_url: back('cancelled'),
        expires_at: expiresAt,
        locale: ctx.lang === 'en' ? 'en' : 'zh',
      });
      if (!session.url) throw new Error('session without url');
      return { type: 'redirect', url: session.url, reference: session.id };
    } catch (error) {
      throw providerFailed(error);
    }
  },

  parseNotification,

  reply(accepted, reason) {
    return accepted
      ? { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ received: true }) }
      : { status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: reason }) };
  },

  async query(ctx, order) {
    const reference = await lastAttemptReference(ctx.db, order.id, 'stripe');
    if (!reference?.startsWith('cs_')) return null;
    const { client } = await readyClient(ctx);
    const session = await client.checkout.sessions.retrieve(reference);
    const currency = (session.currency ?? '').toUpperCase();
    const cents = fromStripeAmount(session.amount_total ?? -1, currency);
    const ours = session.metadata?.order_no === order.orderNo;
    return {
      paid: ours && session.payment_status === 'paid' && cents !== null,
      tradeNo: paymentIntentId(session.payment_intent, session.id),
      amount: cents ?? 0,
      currency,
      raw: JSON.stringify(session),
    };
  },

  async refund(ctx, order, amount, tradeNo, requestKey) {
    const { client } = await readyClient(ctx);
    const unitAmount = toStripeAmount(amount, order.currency);
    if (!unitAmount) throw new ApiError('payments.amountNotChargeable');
    const refund = await client.refunds.create(
      { payment_intent: tradeNo, amount: unitAmount, metadata: { order_no: order.orderNo } },
      // The same request (the admin dialog's key; else the payment and sum) refunds once at Stripe, however often it is retried.
      { idempotencyKey: `framecraft-refund-${requestKey ?? `${tradeNo}-${amount}`}` },
    );
    return refund.id;
  },
};
