/**
 * The payment interface (decision 032, after Medusa's payment providers): every method creates a
 * payment for an order and says what the browser must do; providers that notify verify and parse
 * the notification; query and refund where the provider supports them. `balance` and `sandbox`
 * implement it here; Alipay, WeChat Pay and Stripe plug in the same way.
 */
import type { Language } from '@framecraft/contracts/constants';
import type { PayAction, PayLogKind, PayLogState, PayMethodCode } from '@framecraft/contracts/commerce';
import { PAY_METHODS } from '@framecraft/contracts/commerce';
import { translate } from '@framecraft/contracts/messages';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { changeMoney, LedgerError } from '../ledger/index.ts';
import { alreadyOwned, fulfil, linesOf, markPaid, notPayable, type OrderRow } from './orders.ts';
import { payLog, shopOrder } from './tables.ts';

/** What a method needs from the app (settings, environment), read per call. */
export interface PaymentContext {
  db: Db;
  lang: Language;
  production: boolean;
  setting(name: string): Promise<string>;
  /** Request IP, for the pay log. */
  ip: string;
}

/** A verified-or-not notification, parsed into the order it is about. */
export interface ParsedNotification {
  /** false = refused before looking at the order (bad signature, expired ticket, malformed). */
  verified: boolean;
  reason: string;
  orderNo: string;
  tradeNo: string;
  /** Cents. */
  amount: number;
  currency: string;
  result: 'paid' | 'failed' | 'cancelled';
}

export interface ProviderReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  code: PayMethodCode;
  /** Offered to members (configured, allowed in this environment)? */
  available(ctx: PaymentContext): Promise<boolean>;
  /** Start paying `order`: what the browser must do (balance pays at once and answers none). */
  create(ctx: PaymentContext, order: OrderRow): Promise<PayAction>;
  /** Check the provider's signature and parse its notification (raw body kept for the log). */
  parseNotification?(ctx: PaymentContext, body: unknown, raw: string): Promise<ParsedNotification>;
  /** The provider's own answer to its notification. */
  reply?(accepted: boolean, reason: string): ProviderReply;
  /** Ask the provider whether an order was paid (reconciliation). */
  query?(ctx: PaymentContext, order: OrderRow): Promise<{ paid: boolean; tradeNo: string; amount: number } | null>;
  /** Give money back through the provider (balance refunds go through the ledger instead). */
  refund?(ctx: PaymentContext, order: OrderRow, amount: number): Promise<void>;
}

const providers = new Map<PayMethodCode, PaymentProvider>();
export function registerPaymentProvider(provider: PaymentProvider): void {
  providers.set(provider.code, provider);
}
export const paymentProvider = (code: string) => providers.get(code as PayMethodCode);

/** Methods the settings offer and whose provider is available. */
export async function offeredMethods(ctx: PaymentContext): Promise<PayMethodCode[]> {
  const configured = (await ctx.setting('payMethods'))
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is PayMethodCode => (PAY_METHODS as readonly string[]).includes(s));
  const offered: PayMethodCode[] = [];
  for (const code of new Set(configured)) {
    const provider = providers.get(code);
    if (provider && (await provider.available(ctx))) offered.push(code);
  }
  return offered;
}

export async function writePayLog(
  db: Db,
  entry: {
    order?: Pick<OrderRow, 'id' | 'orderNo' | 'userId'> | null;
    orderNo?: string;
    method: string;
    kind: PayLogKind;
    state: PayLogState;
    amount?: number;
    currency?: string;
    tradeNo?: string;
    note?: string;
    raw?: string;
    ip?: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(payLog)
    .values({
      orderId: entry.order?.id ?? null,
      orderNo: (entry.order?.orderNo ?? entry.orderNo ?? '').slice(0, 40),
      userId: entry.order?.userId ?? null,
      method: entry.method.slice(0, 20),
      kind: entry.kind,
      state: entry.state,
      amount: entry.amount ?? 0,
      currency: (entry.currency ?? '').slice(0, 8),
      tradeNo: (entry.tradeNo ?? '').slice(0, 64),
      note: (entry.note ?? '').slice(0, 255),
      raw: (entry.raw ?? '').slice(0, 20_000),
      ip: (entry.ip ?? '').slice(0, 50),
    })
    .returning({ id: payLog.id });
  return row!.id;
}

// ── Balance ───────────────────────────────────────────────────────────────────────────────────

/**
 * Pay with the balance, all or nothing in one transaction: the order row is locked by its guarded
 * update (a second payment of it waits, then finds it paid), the ledger locks the member row,
 * checks and debits the balance, then ownership, sales and the pay log. Lock order is always
 * order → member, so concurrent payments never deadlock.
 */
export async function payWithBalance(ctx: PaymentContext, order: OrderRow): Promise<OrderRow> {
  // Topping up the balance from the balance would only move money in a circle (decision 038).
  if (order.kind === 'topup') throw new ApiError('memberMoney.topupByBalance');
  try {
    return await ctx.db.transaction(async (tx) => {
      const paid = await markPaid(tx, order.id, 'balance', '');
      if (!paid) {
        const [now] = await tx.select().from(shopOrder).where(eq(shopOrder.id, order.id));
        throw notPayable(now ?? order);
      }
      const owned = await alreadyOwned(tx, paid);
      if (owned.length > 0) throw new ApiError('commerce.owned', { data: { item_id: owned[0] } });
      if (paid.amount > 0) {
        await changeMoney(tx, {
          userId: paid.userId,
          delta: -paid.amount,
          kind: 'purchase',
          refType: 'order',
          refId: String(paid.id),
          memo: translate(ctx.lang, 'commerce.ledgerMemo.purchase', { order_no: paid.orderNo }),
        });
      }
      await writePayLog(tx, { order: paid, method: 'balance', kind: 'payment', state: 'succeeded', amount: paid.amount, currency: paid.currency, ip: ctx.ip });
      await fulfil(tx, paid);
      return paid;
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient') throw new ApiError('commerce.insufficientBalance');
    throw error;
  }
}

export const balanceProvider: PaymentProvider = {
  code: 'balance',
  available: async () => true,
  async create(ctx, order) {
    await payWithBalance(ctx, order);
    return { type: 'none' };
  },
};

// ── Notifications ─────────────────────────────────────────────────────────────────────────────

export interface SettleOutcome {
  accepted: boolean;
  state: PayLogState;
  reason: string;
}

/**
 * Apply a provider notification once: refused ones (unverified, unknown order, wrong amount or
 * currency, closed/expired order) change nothing but the log; a replay of the payment that paid
 * the order is logged as a duplicate and acknowledged; the first valid "paid" pays the order.
 * The raw body and the outcome are always logged.
 */
export async function settleNotification(ctx: PaymentContext, method: PayMethodCode, n: ParsedNotification, raw: string): Promise<SettleOutcome> {
  const log = (db: Db, order: OrderRow | null, state: PayLogState, reason: string) =>
    writePayLog(db, { order, orderNo: n.orderNo, method, kind: 'notify', state, amount: n.amount, currency: n.currency, tradeNo: n.tradeNo, note: reason, raw, ip: ctx.ip });

  if (!n.verified) {
    await log(ctx.db, null, 'refused', n.reason);
    return { accepted: false, state: 'refused', reason: n.reason };
  }
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrder).where(eq(shopOrder.orderNo, n.orderNo)).for('update');
    const finish = async (state: PayLogState, reason: string, accepted: boolean): Promise<SettleOutcome> => {
      await log(tx, order ?? null, state, reason);
      return { accepted, state, reason };
    };
    if (!order) return finish('refused', 'unknown order', false);
    if (n.amount !== order.amount || n.currency !== order.currency) {
      return finish('refused', `amount/currency mismatch: order ${order.amount} ${order.currency}`, false);
    }
    if (n.result !== 'paid') return finish(n.result === 'failed' ? 'failed' : 'cancelled', `payer ${n.result}`, true);
    if (order.state === 'paid' || order.state === 'refunded') {
      return order.payMethod === method && order.tradeNo === n.tradeNo
        ? finish('duplicate', 'already applied', true)
        : finish('refused', 'order already paid by another payment: refund it at the provider', false);
    }
    const paid = await markPaid(tx, order.id, method, n.tradeNo);
    if (!paid) return finish('refused', order.state === 'unpaid' ? 'order expired' : `order ${order.state}`, false);
    const outcome = await finish('succeeded', 'paid', true);
    await fulfil(tx, paid);
    return outcome;
  });
}

// ── The member's pay log ──────────────────────────────────────────────────────────────────────

export async function memberPayLog(db: Db, userId: number, page: number, limit: number) {
  const where = eq(payLog.userId, userId);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(payLog).where(where),
    db.select().from(payLog).where(where).orderBy(desc(payLog.id)).limit(limit).offset((page - 1) * limit),
  ]);
  return { list: rows.map(toPayLogEntry), total: Number(counted?.total ?? 0), page, limit };
}

export function toPayLogEntry(row: typeof payLog.$inferSelect) {
  return {
    id: row.id,
    order_no: row.orderNo,
    method: row.method,
    kind: row.kind as PayLogKind,
    state: row.state as PayLogState,
    amount: row.amount,
    currency: row.currency,
    trade_no: row.tradeNo,
    create_time: Math.floor(row.createdAt.getTime() / 1000),
  };
}

export async function orderPayments(db: Db, orderId: number) {
  return db.select().from(payLog).where(and(eq(payLog.orderId, orderId))).orderBy(payLog.id);
}

export { linesOf };
