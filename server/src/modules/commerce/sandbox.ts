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
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../shared/errors.ts';
import type { ParsedNotification, PaymentContext, PaymentProvider } from './payments.ts';

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
    return { type: 'sandbox', url: `${SANDBOX_PAGE}?${new URLSearchParams({ ...fields, sign }).toString()}` };
  },

  async parseNotification(ctx, body) {
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
  },

  reply(accepted, reason) {
    return accepted
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 400, contentType: 'text/plain; charset=utf-8', body: `fail: ${reason}` };
  },
};
