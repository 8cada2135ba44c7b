/**
 * The sandbox provider (decision 032): a local "payment page" (`/pay/sandbox?…`, built by the web
 * app) stands in for a provider's cashier. Its URL carries the order's number, amount, currency,
 * a trade number, the order's expiry and an HMAC-SHA256 signature over them with the secret of
 * setting `paySandboxSecret`; the page POSTs those fields plus the payer's `result` (paid / failed /
 * cancelled) to `/api/pay/notify/sandbox`, the same verification path real providers use. The
 * signature does not cover `result`: on a real cashier the payer chooses it too. Refused when
 * NODE_ENV=production unless setting `paySandboxInProduction` is 1.
 */
import { sandboxNotificationInput } from '@framecraft/contracts/commerce';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../shared/errors.ts';
import type { ParsedNotification, PaymentContext, PaymentProvider } from './payments.ts';
import { sandboxTrade } from './tables.ts';

export const SANDBOX_PAGE = '/pay/sandbox';
const SIGNED_FIELDS = ['amount', 'currency', 'expire', 'order_no', 'trade_no'] as const;
type SignedFields = Record<(typeof SIGNED_FIELDS)[number], string>;

/** HMAC-SHA256 (hex) of `amount=…&currency=…&expire=…&order_no=…&trade_no=…` (keys sorted). */
export function sandboxSign(fields: SignedFields, secret: string): string {
  const text = SIGNED_FIELDS.map((k) => `${k}=${fields[k]}`).join('&');
  return createHmac('sha256', secret).update(text).digest('hex');
}

async function enabled(ctx: PaymentContext): Promise<boolean> {
  if (!(await ctx.setting('paySandboxSecret'))) return false;
  return !ctx.production || ['1', 'true'].includes(await ctx.setting('paySandboxInProduction'));
}

export const sandboxProvider: PaymentProvider = {
  code: 'sandbox',
  available: enabled,

  async create(ctx, order) {
    if (!(await enabled(ctx))) throw new ApiError('commerce.sandboxDisabled');
    const fields: SignedFields = {
      amount: String(order.amount),
      currency: order.currency,
      expire: String(Math.floor(order.expireTime.getTime() / 1000)),
      order_no: order.orderNo,
      trade_no: `SB${randomBytes(10).toString('hex')}`,
    };
    const sign = sandboxSign(fields, await ctx.setting('paySandboxSecret'));
    // The cashier's own record of the trade (what a real provider keeps): query and refund read it.
    await ctx.db.insert(sandboxTrade).values({ tradeNo: fields.trade_no, orderNo: order.orderNo, amount: order.amount, currency: order.currency });
    return { type: 'sandbox', url: `${SANDBOX_PAGE}?${new URLSearchParams({ ...fields, sign }).toString()}` };
  },

  parseNotification: verifySandboxForm,

  /** The cashier's record: paid when the payer paid on the sandbox page, notified or not. */
  async query(ctx, order) {
    const [trade] = await ctx.db.select().from(sandboxTrade).where(eq(sandboxTrade.orderNo, order.orderNo)).orderBy(sql`${sandboxTrade.state} = 'paid' desc`, desc(sandboxTrade.createdAt)).limit(1);
    if (!trade) return null;
    return { paid: trade.state === 'paid', tradeNo: trade.tradeNo, amount: trade.amount, currency: trade.currency, raw: JSON.stringify({ trade_no: trade.tradeNo, order_no: trade.orderNo, amount: trade.amount, currency: trade.currency, state: trade.state }) };
  },

  /** Gives a paid trade back at the cashier (late payments, decision 036). */
  async refund(ctx, _order, amount, tradeNo) {
    const [refunded] = await ctx.db
      .update(sandboxTrade)
      .set({ state: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(sandboxTrade.tradeNo, tradeNo), eq(sandboxTrade.state, 'paid'), eq(sandboxTrade.amount, amount)))
      .returning();
    if (!refunded) throw new Error('sandbox trade not paid');
    return `SBR${tradeNo.slice(2)}`;
  },

  reply(accepted, reason) {
    return accepted
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 400, contentType: 'text/plain; charset=utf-8', body: `fail: ${reason}` };
  },
};

/** The sandbox page's signed fields plus the payer's result, verified (notification and cashier alike). */
async function verifySandboxForm(ctx: PaymentContext, body: unknown): Promise<ParsedNotification> {
  const parsed = sandboxNotificationInput.safeParse(body);
  const refused = (reason: string, partial: Partial<ParsedNotification> = {}): ParsedNotification => ({
    verified: false,
    reason,
    orderNo: '',
    tradeNo: '',
    amount: 0,
    currency: '',
    result: 'failed',
    ...partial,
  });
  if (!parsed.success) return refused('malformed notification');
  const n = parsed.data;
  const amount = /^\d{1,15}$/.test(n.amount) ? Number(n.amount) : Number.NaN;
  const base = { orderNo: n.order_no, tradeNo: n.trade_no, amount: Number.isNaN(amount) ? 0 : amount, currency: n.currency, result: n.result };
  if (!(await enabled(ctx))) return refused('sandbox disabled', base);
  const expected = Buffer.from(sandboxSign(n, await ctx.setting('paySandboxSecret')), 'hex');
  const given = /^[0-9a-f]{64}$/.test(n.sign) ? Buffer.from(n.sign, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused('bad signature', base);
  if (Number.isNaN(amount)) return refused('malformed amount', base);
  return { verified: true, reason: '', ...base };
}

/**
 * The sandbox cashier itself (`POST /api/pay/sandbox/pay`): the sandbox page records the payer's
 * choice here before it notifies, as a real cashier records a payment before its notification is
 * sent — so "pay, but lose the notification" can be tried, and reconciliation finds the payment.
 */
export function sandboxCashierRoute(app: FastifyInstance, contextFor: (request: { lang: PaymentContext['lang']; ip: string }) => PaymentContext) {
  app.post('/api/pay/sandbox/pay', async (request, reply) => {
    const ctx = contextFor(request);
    const parsed = await verifySandboxForm(ctx, request.body);
    if (!parsed.verified) throw new ApiError('payments.sandboxRefused', { params: { reason: parsed.reason } });
    const state = parsed.result;
    await ctx.db
      .update(sandboxTrade)
      .set({ state, updatedAt: sql`now()` })
      .where(and(eq(sandboxTrade.tradeNo, parsed.tradeNo), eq(sandboxTrade.orderNo, parsed.orderNo), eq(sandboxTrade.amount, parsed.amount), eq(sandboxTrade.state, 'unpaid')));
    return reply.ok({ trade_no: parsed.tradeNo, result: state });
  });
}
