/**
 * Alipay on the payment interface (decision 034), through the official `alipay-sdk`:
 * - `create`: desktop page pay (`alipay.trade.page.pay`) or phone pay (`alipay.trade.wap.pay`) by
 *   the payer's device — a signed GET link to the gateway, the browser is redirected to it;
 * - `parseNotification`: the asynchronous notification (form, RSA2) verified with the Alipay public
 *   key, then `app_id` and `seller_id` checked against the settings and `total_amount` (yuan, 2
 *   decimals) turned into exact cents; commerce checks order, amount and state;
 * - `query` (`alipay.trade.query`, reconciliation) and `refund` (`alipay.trade.refund`).
 * The synchronous return (`returnUrl`) only brings the payer back to the result page.
 */
import { formatMoney, parseMoney } from '@framecraft/contracts/money';
import { translate } from '@framecraft/contracts/messages';
import { ApiError } from '../../shared/errors.ts';
import type { OrderRow, ParsedNotification, PaymentContext, PaymentProvider } from '../commerce/index.ts';
import { alipayClient } from './client.ts';

/** Alipay notifications are forms of a few hundred bytes (charset utf-8 or GBK). */
const NOTIFICATION = { mediaTypes: ['application/x-www-form-urlencoded'], maxBytes: 16 * 1024 } as const;
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** Fields a notification about a refund carries; such a notice never pays an order. */
const REFUND_FIELDS = ['refund_fee', 'gmt_refund', 'out_biz_no'] as const;

async function readyClient(ctx: PaymentContext) {
  const client = await alipayClient(ctx);
  if (!client.ok) throw new ApiError('payments.alipay.unavailable');
  return client;
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as Alipay reads `time_expire`. */
function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Yuan text with at most 2 decimals → cents, exactly (the money module); NaN when it is not one. */
function centsOf(yuan: unknown): number {
  if (typeof yuan !== 'string') return Number.NaN;
  const parsed = parseMoney(yuan);
  return parsed.ok ? parsed.cents : Number.NaN;
}

/** A gateway call: network and signature failures become a translated ApiError, never a 500. */
async function call(ctx: PaymentContext, method: string, bizContent: Record<string, string>) {
  const { sdk } = await readyClient(ctx);
  try {
    return (await sdk.exec(method, { bizContent }, { validateSign: true })) as Record<string, string>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 120) : String(error);
    throw new ApiError('payments.alipay.gatewayFailed', { params: { reason } });
  }
}

function parse(body: unknown): ParsedNotification {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  const amount = centsOf(fields.total_amount);
  const refund = REFUND_FIELDS.some((name) => text(name) !== '');
  const status = text('trade_status');
  return {
    verified: false,
    reason: '',
    orderNo: text('out_trade_no').slice(0, 40),
    tradeNo: text('trade_no').slice(0, 64),
    amount: Number.isNaN(amount) ? 0 : amount,
    currency: 'CNY',
    // A refund notice (partial: TRADE_SUCCESS, full: TRADE_CLOSED) is acknowledged and changes nothing.
    result: !refund && PAID_STATES.has(status) ? 'paid' : 'cancelled',
  };
}

export const alipayProvider: PaymentProvider = {
  code: 'alipay',
  notification: NOTIFICATION,

  async available(ctx) {
    return (await alipayClient(ctx)).ok;
  },

  async configurationProblems(ctx) {
    const client = await alipayClient(ctx);
    return client.ok ? [] : client.problems;
  },

  async create(ctx, order: OrderRow) {
    const { sdk, settings } = await readyClient(ctx);
    if (order.currency !== 'CNY') throw new ApiError('payments.alipay.unavailable');
    const phone = ctx.device === 'mobile';
    const url = sdk.pageExecute(phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: order.orderNo,
        total_amount: formatMoney(order.amount),
        subject: translate(ctx.lang, 'payments.alipay.subject', { site: settings.siteName, order_no: order.orderNo }).slice(0, 256),
        product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        time_expire: beijingTime(order.expireTime),
        ...(phone ? { quit_url: settings.returnUrl(order.orderNo) } : {}),
      },
      returnUrl: settings.returnUrl(order.orderNo),
      notifyUrl: settings.notifyUrl,
    });
    return { type: 'redirect', url };
  },

  async parseNotification(ctx, body) {
    const parsed = parse(body);
    const refused = (reason: string): ParsedNotification => ({ ...parsed, verified: false, reason });
    const fields = body as Record<string, unknown>;
    if (!body || typeof body !== 'object' || Object.entries(fields).some(([k, v]) => typeof v !== 'string' || /\u0000/.test(k + v))) {
      return { ...refused('malformed notification'), orderNo: '', tradeNo: '' };
    }
    const client = await alipayClient(ctx);
    if (!client.ok) return refused('alipay not configured');
    let signed = false;
    try {
      signed = client.sdk.checkNotifySignV2(fields);
    } catch {
      signed = false;
    }
    if (!signed) return refused('bad signature');
    if (fields.app_id !== client.settings.appId) return refused(`app_id mismatch: ${String(fields.app_id).slice(0, 40)}`);
    if (fields.seller_id !== client.settings.sellerId) return refused(`seller_id mismatch: ${String(fields.seller_id).slice(0, 40)}`);
    if (!parsed.orderNo || !parsed.tradeNo) return refused('malformed notification');
    if (Number.isNaN(centsOf(fields.total_amount))) return refused('malformed amount');
    const reason = parsed.result === 'paid' ? '' : REFUND_FIELDS.some((n) => fields[n]) ? `refund notice (${String(fields.refund_fee ?? '')}): not applied` : `trade ${String(fields.trade_status)}`;
    return { ...parsed, verified: true, reason };
  },

  reply(accepted) {
    // Alipay reads the body: exactly `success`, or it retries.
    return accepted
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'failure' };
  },

  async query(ctx, order) {
    const answer = await call(ctx, 'alipay.trade.query', { out_trade_no: order.orderNo });
    if (answer.code !== '10000') {
      if (answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
      throw new ApiError('payments.alipay.gatewayFailed', { params: { reason: answer.sub_msg ?? answer.msg ?? answer.code } });
    }
    const amount = centsOf(answer.total_amount);
    return { paid: PAID_STATES.has(answer.trade_status ?? '') && !Number.isNaN(amount), tradeNo: answer.trade_no ?? '', amount: Number.isNaN(amount) ? 0 : amount };
  },

  async refund(ctx, order, amount, _tradeNo, requestKey) {
    const answer = await call(ctx, 'alipay.trade.refund', {
      out_trade_no: order.orderNo,
      refund_amount: formatMoney(amount),
      // Alipay refunds once per request number: a retry with the same key changes nothing.
      out_request_no: (requestKey ?? `${order.orderNo}-${order.refundedAmount + amount}`).slice(0, 64),
    });
    if (answer.code !== '10000') throw new ApiError('payments.alipay.refundFailed', { params: { reason: answer.sub_msg ?? answer.msg ?? answer.code } });
  },
};
