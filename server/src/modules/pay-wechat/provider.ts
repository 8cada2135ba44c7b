/**
 * WeChat Pay API v3 as a payment provider (decisions 032, 035): Native pay (a `code_url` the
 * checkout page draws as a QR code) on computers, H5 pay (a redirect to `h5_url`) in phone
 * browsers; notifications verified and decrypted (`notification.ts`), then settled by commerce;
 * order query and refunds. Amounts: WeChat's fen are our cents, integers both sides.
 */
import { translate } from '@framecraft/contracts/messages';
import { ApiError } from '../../shared/errors.ts';
import { writePayLog, type OrderRow, type ParsedNotification, type ParsedRefundNotification, type PaymentContext, type PaymentProvider } from '../commerce/index.ts';
import { createRefund, h5Prepay, nativePrepay, queryByOutTradeNo, WechatApiError, type PrepayBody } from './client.ts';
import { PAYMENT_NOTIFY_PATH, readConfig, REFUND_NOTIFY_PATH, type WechatConfig } from './config.ts';
import { openNotification, refundSchema, transactionSchema } from './notification.ts';

/** Phone browsers get H5 pay; computers (and WeChat's own browser, where a long press reads the code) get Native. */
export function isPhoneBrowser(userAgent = ''): boolean {
  return /Android|iPhone|iPod|iPad|Mobile|HarmonyOS/i.test(userAgent) && !/MicroMessenger/i.test(userAgent);
}

/** `time_expire` in RFC 3339 at UTC+8, as WeChat's examples write it. */
export function timeExpire(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
  return `${local}+08:00`;
}

async function configured(ctx: PaymentContext): Promise<WechatConfig> {
  const { config } = await readConfig(ctx);
  if (!config) throw new ApiError('commerce.methodUnavailable');
  return config;
}

async function prepay(ctx: PaymentContext, config: WechatConfig, order: OrderRow) {
  const phone = isPhoneBrowser(ctx.userAgent);
  const body: PrepayBody = {
    description: translate(ctx.lang, 'payWechat.description', { site: config.siteName, order_no: order.orderNo }).slice(0, 127),
    out_trade_no: order.orderNo,
    time_expire: timeExpire(order.expireTime),
    notify_url: `${config.siteUrl}${PAYMENT_NOTIFY_PATH}`,
    amount: { total: order.amount, currency: 'CNY' },
    ...(phone ? { scene_info: { payer_client_ip: ctx.ip, h5_info: { type: 'Wap' as const } } } : {}),
  };
  if (phone) {
    const { h5_url } = await h5Prepay(config, body);
    if (!h5_url) throw new WechatApiError('no h5_url in the answer');
    // After paying, WeChat sends the payer back to the checkout page (which shows the result).
    const back = `${config.siteUrl}/pay?order=${encodeURIComponent(order.orderNo)}`;
    return { action: { type: 'redirect' as const, url: `${h5_url}${h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}` }, scene: 'H5' };
  }
  const { code_url } = await nativePrepay(config, body);
  if (!code_url) throw new WechatApiError('no code_url in the answer');
  return { action: { type: 'qrcode' as const, code_url }, scene: 'NATIVE' };
}

const refusedPayment = (reason: string): ParsedNotification => ({ verified: false, reason, orderNo: '', tradeNo: '', amount: 0, currency: '', result: 'failed' });

export const wechatProvider: PaymentProvider = {
  code: 'wechat',
  available: async (ctx) => (await readConfig(ctx)).config !== null,
  configurationProblems: async (ctx) => (await readConfig(ctx)).problems,

  async create(ctx, order) {
    const config = await configured(ctx);
    try {
      // The attempt itself is logged by commerce's submit (one `payment` row per attempt).
      const { action } = await prepay(ctx, config, order);
      return action;
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      await writePayLog(ctx.db, { order, method: 'wechat', kind: 'payment', state: 'failed', amount: order.amount, currency: order.currency, note: `prepay failed: ${error.status} ${error.code} ${error.message}`, ip: ctx.ip });
      throw new ApiError('payWechat.unavailable');
    }
  },

  async parseNotification(ctx, _body, raw, headers) {
    const { config } = await readConfig(ctx);
    if (!config) return refusedPayment('WeChat Pay is not configured');
    const opened = await openNotification(config, headers, raw);
    if (!opened.ok) return refusedPayment(opened.reason);
    if (opened.eventType !== 'TRANSACTION.SUCCESS') return refusedPayment(`event ${opened.eventType.slice(0, 40)} is not a payment`);
    const parsed = transactionSchema.safeParse(opened.resource);
    if (!parsed.success) return refusedPayment('malformed transaction');
    const t = parsed.data;
    const base = { orderNo: t.out_trade_no, tradeNo: t.transaction_id, amount: t.amount.total, currency: t.amount.currency };
    if (t.mchid !== config.mchid) return { ...refusedPayment(`mchid ${t.mchid.slice(0, 32)} is not ours`), ...base };
    if (t.appid !== config.appid) return { ...refusedPayment(`appid ${t.appid.slice(0, 32)} is not ours`), ...base };
    return { verified: true, reason: '', ...base, result: t.trade_state === 'SUCCESS' ? 'paid' : 'failed' };
  },

  // v3: success is a 2xx (no body needed); failure a 4xx/5xx with {code: 'FAIL', message}.
  // Refusals are 400 (never 5xx): WeChat retries them on its schedule, each retry is logged.
  reply(accepted, reason) {
    return accepted
      ? { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: 'OK' }) }
      : { status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: reason.slice(0, 120) || 'FAIL' }) };
  },

  async query(ctx, order) {
    const config = await configured(ctx);
    try {
      const t = await queryByOutTradeNo(config, order.orderNo);
      if (t.mchid && t.mchid !== config.mchid) return null;
      return { paid: t.trade_state === 'SUCCESS', tradeNo: t.transaction_id ?? '', amount: Number.isSafeInteger(t.amount?.total) ? t.amount!.total! : 0 };
    } catch (error) {
      if (error instanceof WechatApiError && error.code === 'ORDER_NOT_EXIST') return null;
      throw error;
    }
  },

  async refund(ctx, order, amount) {
    const config = await configured(ctx);
    // Same order, same refunded-so-far and amount → same refund number: WeChat refunds a retry once.
    const outRefundNo = `${order.orderNo}R${order.refundedAmount}-${amount}`.slice(0, 64);
    try {
      const answer = await createRefund(config, {
        out_trade_no: order.orderNo,
        out_refund_no: outRefundNo,
        notify_url: `${config.siteUrl}${REFUND_NOTIFY_PATH}`,
        amount: { refund: amount, total: order.amount, currency: 'CNY' },
      });
      const state = answer.status === 'SUCCESS' ? 'succeeded' : answer.status === 'PROCESSING' ? 'pending' : 'failed';
      await writePayLog(ctx.db, { order, method: 'wechat', kind: 'refund', state, amount, currency: order.currency, tradeNo: answer.refund_id ?? '', note: `refund ${outRefundNo}: ${answer.status ?? ''}`, ip: ctx.ip });
      if (state === 'failed') throw new ApiError('payWechat.unavailable');
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      await writePayLog(ctx.db, { order, method: 'wechat', kind: 'refund', state: 'failed', amount, currency: order.currency, note: `refund ${outRefundNo} failed: ${error.status} ${error.code} ${error.message}`, ip: ctx.ip });
      throw new ApiError('payWechat.unavailable');
    }
  },
};

/** A refund notification, opened and checked against our merchant. */
export async function parseRefundNotification(ctx: PaymentContext, raw: string, headers: Parameters<typeof openNotification>[1]): Promise<ParsedRefundNotification> {
  const refused = (reason: string, partial: Partial<ParsedRefundNotification> = {}): ParsedRefundNotification => ({
    verified: false,
    reason,
    orderNo: '',
    refundId: '',
    amount: 0,
    total: 0,
    currency: 'CNY',
    result: 'failed',
    ...partial,
  });
  const { config } = await readConfig(ctx);
  if (!config) return refused('WeChat Pay is not configured');
  const opened = await openNotification(config, headers, raw);
  if (!opened.ok) return refused(opened.reason);
  if (!opened.eventType.startsWith('REFUND.')) return refused(`event ${opened.eventType.slice(0, 40)} is not a refund`);
  const parsed = refundSchema.safeParse(opened.resource);
  if (!parsed.success) return refused('malformed refund');
  const r = parsed.data;
  const base = { orderNo: r.out_trade_no, refundId: r.refund_id, amount: r.amount.refund, total: r.amount.total, currency: 'CNY' };
  if (r.mchid !== config.mchid) return refused(`mchid ${r.mchid.slice(0, 32)} is not ours`, base);
  return { verified: true, reason: '', ...base, result: r.refund_status === 'SUCCESS' ? 'succeeded' : 'failed' };
}
