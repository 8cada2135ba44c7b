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
import { and, count, desc, eq, gte, inArray, isNotNull, like, lte, ne, sql } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { changeMoney, LedgerError } from '../ledger/index.ts';
import { alreadyOwned, fulfil, linesOf, markPaid, notPayable, reopenPaid, stillSellable, type OrderRow } from './orders.ts';
import { maskPayload } from './pay-log-mask.ts';
import { payLog, shopOrder } from './tables.ts';

/** What a method needs from the app (settings, environment), read per call. */
export interface PaymentContext {
  db: Db;
  lang: Language;
  production: boolean;
  setting(name: string): Promise<string>;
  /** Request IP, for the pay log. */
  ip: string;
  /** The payer's device (the web's `device` input, else the user agent): picks desktop or phone cashiers. */
  device?: 'desktop' | 'mobile';
  /** The member's browser (`user-agent`), for providers that pay differently on phones. */
  userAgent?: string;
  /** Told of paid orders and notification outcomes after they committed (metrics, issue 22). */
  observe?: PaymentObserver;
}

/** What a settled notification came to, for metrics (one bounded label value each). */
export type NotificationOutcome =
  | 'paid'
  | 'duplicate'
  | 'bad_signature'
  | 'not_found'
  | 'amount_mismatch'
  | 'late_paid'
  | 'refunded'
  | 'refunded_before'
  | 'failed'
  | 'cancelled'
  | 'ignored'
  | 'refund_succeeded'
  | 'refund_failed'
  | 'refund_duplicate'
  | 'refund_early'
  | 'media_refused';

/** Receives what the payment code did once it committed (commerce's routes plug the metrics in). */
export interface PaymentObserver {
  orderPaid(order: Pick<OrderRow, 'kind' | 'payMethod'>): void;
  notification(provider: string, kind: 'payment' | 'refund', outcome: NotificationOutcome): void;
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
  /**
   * `refunded`: the provider reports money given back for `tradeNo` (e.g. Stripe `charge.refunded`);
   * logged, and a payment notice for that trade arriving later is not delivered (decision 036).
   * `ignored`: a verified event that changes nothing (logged only).
   */
  result: 'paid' | 'failed' | 'cancelled' | 'refunded' | 'ignored';
}

/** The provider's answer to "was this order paid?" (reconciliation). */
export interface ProviderQueryResult {
  paid: boolean;
  tradeNo: string;
  /** Cents. */
  amount: number;
  /** The order's currency when the provider does not say. */
  currency?: string;
  /** The provider's answer as text, for the pay log (masked before it is stored). */
  raw?: string;
}

/** Request headers of a notification (lower-case names), for providers that sign in headers (WeChat Pay v3). */
export type NotificationHeaders = Record<string, string | string[] | undefined>;

/** A provider's refund notification, parsed (amounts in cents). */
export interface ParsedRefundNotification {
  verified: boolean;
  reason: string;
  orderNo: string;
  /** The provider's refund id (what a replay repeats). */
  refundId: string;
  /** Cents refunded by this refund. */
  amount: number;
  /** Cents of the payment refunded (must equal the order's amount). */
  total: number;
  currency: string;
  result: 'succeeded' | 'failed';
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
  /**
   * Start paying `order`: what the browser must do (balance pays at once and answers none), plus
   * the provider's `reference` for this attempt (e.g. a Stripe Checkout Session id) — kept in the
   * pay log for `query`, never sent to the browser.
   */
  create(ctx: PaymentContext, order: OrderRow): Promise<PayAction & { reference?: string }>;
  /** Check the provider's signature and parse its notification (raw body kept for the log; headers for providers that sign in them). */
  parseNotification?(ctx: PaymentContext, body: unknown, raw: string, headers?: IncomingHttpHeaders): Promise<ParsedNotification>;
  /** The provider's own answer to its notification. */
  reply?(accepted: boolean, reason: string): ProviderReply;
  /** Ask the provider whether an order was paid (reconciliation). */
  query?(ctx: PaymentContext, order: OrderRow): Promise<ProviderQueryResult | null>;
  /**
   * Give money back through the provider (balance refunds go through the ledger instead).
   * `tradeNo` is the provider's payment (the order's, or a late payment's); returns the refund's id.
   */
  refund?(ctx: PaymentContext, order: OrderRow, amount: number, tradeNo: string, requestKey?: string): Promise<string | void>;
  /**
   * Why the method cannot be offered with the current settings, as message keys (empty = ready);
   * the back office shows them per method in System settings → Payment (decision 034).
   */
  configurationProblems?(ctx: PaymentContext): Promise<string[]>;
  /** What its notifications look like: anything else is refused before parsing (decision 034). */
  notification?: { mediaTypes: readonly string[]; maxBytes: number };
}

const providers = new Map<PayMethodCode, PaymentProvider>();
export function registerPaymentProvider(provider: PaymentProvider): void {
  providers.set(provider.code, provider);
}
export const paymentProvider = (code: string) => providers.get(code as PayMethodCode);
export const paymentProviders = () => [...providers.values()];

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
  // PostgreSQL text holds no NUL: a garbage body is still logged, without them.
  const text = (value: string | undefined, max: number) => (value ?? '').replace(/\u0000/g, '').slice(0, max);
  const [row] = await db
    .insert(payLog)
    .values({
      orderId: entry.order?.id ?? null,
      orderNo: text(entry.order?.orderNo ?? entry.orderNo, 40),
      userId: entry.order?.userId ?? null,
      method: entry.method.slice(0, 20),
      kind: entry.kind,
      state: entry.state,
      amount: entry.amount ?? 0,
      currency: (entry.currency ?? '').slice(0, 8),
      tradeNo: text(entry.tradeNo, 64),
      note: text(entry.note, 255),
      // Secrets (signatures, keys, card data) never reach the log (decision 036).
      raw: text(maskPayload(entry.raw ?? ''), 20_000),
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
    const paid = await ctx.db.transaction(async (tx) => {
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
    ctx.observe?.orderPaid(paid);
    return paid;
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

// ── Notifications and queries: one settle path ────────────────────────────────────────────────

export interface SettleOutcome {
  accepted: boolean;
  state: PayLogState;
  reason: string;
  /** The outcome as a metrics label. */
  outcome: NotificationOutcome;
}

/** A payment the provider confirmed, by notification or by our query. */
export interface ConfirmedPayment {
  orderNo: string;
  tradeNo: string;
  /** Cents. */
  amount: number;
  currency: string;
}

const REFUNDED_AT_PROVIDER = 'refunded at the provider';

/**
 * Apply a provider notification once: refused ones (unverified, unknown order, wrong amount or
 * currency) change nothing but the log; a replay of the payment that paid the order is logged as
 * a duplicate and acknowledged; the first valid "paid" pays the order; a payment the order can no
 * longer take is a late payment (decision 036). The raw body (masked) and the outcome are always
 * logged.
 */
export async function settleNotification(ctx: PaymentContext, method: PayMethodCode, n: ParsedNotification, raw: string): Promise<SettleOutcome> {
  const outcome = await settleNotificationOnce(ctx, method, n, raw);
  ctx.observe?.notification(method, 'payment', outcome.outcome);
  return outcome;
}

async function settleNotificationOnce(ctx: PaymentContext, method: PayMethodCode, n: ParsedNotification, raw: string): Promise<SettleOutcome> {
  const log = (db: Db, order: OrderRow | null, state: PayLogState, reason: string) =>
    writePayLog(db, { order, orderNo: n.orderNo, method, kind: 'notify', state, amount: n.amount, currency: n.currency, tradeNo: n.tradeNo, note: reason, raw, ip: ctx.ip });

  if (!n.verified) {
    await log(ctx.db, null, 'refused', n.reason);
    return { accepted: false, state: 'refused', reason: n.reason, outcome: 'bad_signature' };
  }
  if (n.result === 'paid') return settlePayment(ctx, method, n, { kind: 'notify', raw });
  const [order] = n.orderNo ? await ctx.db.select().from(shopOrder).where(eq(shopOrder.orderNo, n.orderNo)) : [];
  if (n.result === 'ignored') {
    await log(ctx.db, order ?? null, 'ignored', n.reason || 'event not acted on');
    return { accepted: true, state: 'ignored', reason: n.reason, outcome: 'ignored' };
  }
  if (n.result === 'refunded') {
    await log(ctx.db, order ?? null, 'succeeded', `${REFUNDED_AT_PROVIDER}${n.reason ? `: ${n.reason}` : ''}`);
    return { accepted: true, state: 'succeeded', reason: REFUNDED_AT_PROVIDER, outcome: 'refunded' };
  }
  if (!order) {
    await log(ctx.db, null, 'refused', 'unknown order');
    return { accepted: false, state: 'refused', reason: 'unknown order', outcome: 'not_found' };
  }
  const state = n.result === 'failed' ? 'failed' : 'cancelled';
  // A provider's own reason (e.g. Alipay: "refund notice: never pays") says more than the result.
  const reason = n.reason || `payer ${n.result}`;
  await log(ctx.db, order, state, reason);
  return { accepted: true, state, reason, outcome: state };
}

/**
 * The one settle path of a confirmed payment (notification or query), at most once per order and
 * per provider payment: in one transaction the order row is locked by number, the sum checked,
 * replays recognised, and the order paid (or re-opened and paid, for a late payment it can still
 * take). Money the order cannot take is recorded `late_paid`; after the commit (never inside the
 * transaction) it is refunded through the provider when it can refund, else left for the admin.
 */
export async function settlePayment(ctx: PaymentContext, method: PayMethodCode, p: ConfirmedPayment, source: { kind: 'notify' | 'query'; raw: string }): Promise<SettleOutcome> {
  let lateOrder: OrderRow | null = null;
  let paidOrder: OrderRow | undefined;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrder).where(eq(shopOrder.orderNo, p.orderNo)).for('update');
    const finish = async (state: PayLogState, reason: string, accepted: boolean, outcome: NotificationOutcome): Promise<SettleOutcome> => {
      await writePayLog(tx, { order: order ?? null, orderNo: p.orderNo, method, kind: source.kind, state, amount: p.amount, currency: p.currency, tradeNo: p.tradeNo, note: reason, raw: source.raw, ip: ctx.ip });
      return { accepted, state, reason, outcome };
    };
    if (!order) return finish('refused', 'unknown order', false, 'not_found');
    if (p.amount !== order.amount || p.currency !== order.currency) {
      return finish('refused', `amount/currency mismatch: order ${order.amount} ${order.currency}`, false, 'amount_mismatch');
    }
    if ((order.state === 'paid' || order.state === 'refunded') && order.payMethod === method && order.tradeNo === p.tradeNo) {
      return finish('duplicate', 'already applied', true, 'duplicate');
    }
    if (await tradeLogged(tx, order.id, method, p.tradeNo, 'late_paid')) return finish('duplicate', 'late payment already recorded', true, 'duplicate');
    if (await refundedAtProvider(tx, method, p.tradeNo)) return finish('refused', `${REFUNDED_AT_PROVIDER} before the payment notice: not delivered`, true, 'refunded_before');
    if (order.state === 'paid' || order.state === 'refunded') {
      lateOrder = order;
      return finish('late_paid', 'order already paid by another payment', true, 'late_paid');
    }
    let paid = await markPaid(tx, order.id, method, p.tradeNo);
    let note = 'paid';
    if (!paid) {
      paid = await reopenIfSellable(tx, order, method, p.tradeNo);
      note = 'late payment: order re-opened and delivered';
    }
    if (!paid) {
      lateOrder = order;
      return finish('late_paid', `order ${order.state === 'unpaid' ? 'expired' : order.state} and its items can no longer be delivered`, true, 'late_paid');
    }
    const result = await finish('succeeded', note, true, 'paid');
    await fulfil(tx, paid);
    paidOrder = paid;
    return result;
  });
  if (paidOrder) ctx.observe?.orderPaid(paidOrder);
  if (lateOrder) await refundLatePayment(ctx, method, lateOrder, p);
  return outcome;
}

/** A late payment for a closed/expired order is taken when everything it sells can still be delivered. */
async function reopenIfSellable(tx: Db, order: OrderRow, method: PayMethodCode, tradeNo: string): Promise<OrderRow | undefined> {
  if (!(await stillSellable(tx, order))) return undefined;
  if ((await alreadyOwned(tx, order)).length > 0) return undefined;
  return reopenPaid(tx, order.id, method, tradeNo);
}

async function tradeLogged(db: Db, orderId: number, method: string, tradeNo: string, state: PayLogState): Promise<boolean> {
  if (!tradeNo) return false;
  const [row] = await db
    .select({ id: payLog.id })
    .from(payLog)
    .where(and(eq(payLog.orderId, orderId), eq(payLog.method, method), eq(payLog.tradeNo, tradeNo), eq(payLog.state, state)))
    .limit(1);
  return row !== undefined;
}

/** Did the provider already tell us (verified) that this payment was given back? */
async function refundedAtProvider(db: Db, method: string, tradeNo: string): Promise<boolean> {
  if (!tradeNo) return false;
  const [row] = await db
    .select({ id: payLog.id })
    .from(payLog)
    .where(and(eq(payLog.method, method), eq(payLog.tradeNo, tradeNo), eq(payLog.kind, 'notify'), eq(payLog.state, 'succeeded'), like(payLog.note, `${REFUNDED_AT_PROVIDER}%`)))
    .limit(1);
  return row !== undefined;
}

/**
 * Give a late payment back through its provider, outside any transaction. The `late_paid` row was
 * written once (replays are duplicates), so this runs once per provider payment; a provider
 * without refunds, or a failed refund, leaves the row for the admin (pay log filter "late paid").
 */
async function refundLatePayment(ctx: PaymentContext, method: PayMethodCode, order: OrderRow, p: ConfirmedPayment): Promise<void> {
  const provider = providers.get(method);
  const log = (state: PayLogState, note: string, tradeNo = p.tradeNo) =>
    writePayLog(ctx.db, { order, method, kind: 'refund', state, amount: p.amount, currency: p.currency, tradeNo, note, ip: ctx.ip });
  if (!provider?.refund) {
    await log('pending', 'late payment: refund it at the provider (no automatic refund for this method)');
    return;
  }
  try {
    const refundId = await provider.refund(ctx, order, p.amount, p.tradeNo);
    await log('succeeded', `late payment refunded automatically${refundId ? ` (${refundId})` : ''}`);
  } catch (error) {
    await log('failed', `late payment: automatic refund failed, refund it at the provider: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ── Reconciliation: ask the provider ──────────────────────────────────────────────────────────

/** The provider reference of the latest attempt with `method` on the order (what `query` looks up). */
export async function lastAttemptReference(db: Db, orderId: number, method: PayMethodCode): Promise<string | null> {
  const [row] = await db
    .select({ tradeNo: payLog.tradeNo })
    .from(payLog)
    .where(and(eq(payLog.orderId, orderId), eq(payLog.kind, 'payment'), eq(payLog.method, method), ne(payLog.tradeNo, '')))
    .orderBy(desc(payLog.id))
    .limit(1);
  return row?.tradeNo ?? null;
}

/** Provider methods a member tried for this order (pay log attempts), most recent first. */
export async function attemptedMethods(db: Db, orderId: number): Promise<PayMethodCode[]> {
  const rows = await db
    .select({ method: payLog.method })
    .from(payLog)
    .where(and(eq(payLog.orderId, orderId), eq(payLog.kind, 'payment'), ne(payLog.method, 'balance')))
    .orderBy(desc(payLog.id));
  return [...new Set(rows.map((r) => r.method as PayMethodCode))];
}

export interface ReconcileResult {
  provider: 'paid' | 'unpaid' | 'unknown';
  settled: boolean;
}

/**
 * Ask the providers the member tried whether `order` was paid, and settle it through the same path
 * as notifications when one says so. The provider is called outside any transaction; each answer
 * is logged (kind `query`).
 */
export async function reconcileOrder(ctx: PaymentContext, order: OrderRow): Promise<ReconcileResult> {
  let answer: ReconcileResult = { provider: 'unknown', settled: false };
  for (const method of await attemptedMethods(ctx.db, order.id)) {
    const provider = providers.get(method);
    if (!provider?.query) continue;
    let result: ProviderQueryResult | null;
    try {
      result = await provider.query(ctx, order);
    } catch (error) {
      await writePayLog(ctx.db, { order, method, kind: 'query', state: 'failed', amount: order.amount, currency: order.currency, note: `query failed: ${error instanceof Error ? error.message : String(error)}`, ip: ctx.ip });
      continue;
    }
    if (!result?.paid) {
      await writePayLog(ctx.db, { order, method, kind: 'query', state: 'pending', amount: order.amount, currency: order.currency, tradeNo: result?.tradeNo, note: 'provider: not paid', raw: result?.raw, ip: ctx.ip });
      if (answer.provider === 'unknown') answer = { provider: 'unpaid', settled: false };
      continue;
    }
    const outcome = await settlePayment(ctx, method, { orderNo: order.orderNo, tradeNo: result.tradeNo, amount: result.amount, currency: result.currency ?? order.currency }, { kind: 'query', raw: result.raw ?? '' });
    return { provider: 'paid', settled: outcome.state === 'succeeded' };
  }
  return answer;
}

/**
 * Orders a provider was asked to take that are still unpaid (or closed by expiry) and expire within
 * `withinMs` or expired within the last `graceMs`: the periodic job's batch.
 */
export async function ordersToReconcile(db: Db, withinMs: number, graceMs: number, limit = 50): Promise<OrderRow[]> {
  const attempted = db
    .select({ orderId: payLog.orderId })
    .from(payLog)
    .where(and(eq(payLog.kind, 'payment'), ne(payLog.method, 'balance'), isNotNull(payLog.orderId)));
  return db
    .select()
    .from(shopOrder)
    .where(
      and(
        inArray(shopOrder.state, ['unpaid', 'closed']),
        inArray(shopOrder.id, attempted),
        lte(shopOrder.expireTime, sql`now() + make_interval(secs => ${withinMs / 1000})`),
        gte(shopOrder.expireTime, sql`now() - make_interval(secs => ${graceMs / 1000})`),
      ),
    )
    .orderBy(shopOrder.expireTime)
    .limit(limit);
}

/**
 * Record a provider's refund notification once. Refund state on the order is the refund flow's
 * (admin refund) business; this keeps the provider's word in the pay log: a replay of a refund
 * already recorded is `duplicate`; a refund for an order not paid here yet (the payment notice is
 * late) is refused so the provider sends it again later, after the payment has settled.
 */
export async function settleRefundNotification(ctx: PaymentContext, method: PayMethodCode, n: ParsedRefundNotification, raw: string): Promise<SettleOutcome> {
  const outcome = await settleRefundNotificationOnce(ctx, method, n, raw);
  ctx.observe?.notification(method, 'refund', outcome.outcome);
  return outcome;
}

async function settleRefundNotificationOnce(ctx: PaymentContext, method: PayMethodCode, n: ParsedRefundNotification, raw: string): Promise<SettleOutcome> {
  const log = (db: Db, order: OrderRow | null, state: PayLogState, reason: string) =>
    writePayLog(db, { order, orderNo: n.orderNo, method, kind: 'refund', state, amount: n.amount, currency: n.currency, tradeNo: n.refundId, note: `notify: ${reason}`, raw, ip: ctx.ip });
  if (!n.verified) {
    await log(ctx.db, null, 'refused', n.reason);
    return { accepted: false, state: 'refused', reason: n.reason, outcome: 'bad_signature' };
  }
  return ctx.db.transaction(async (tx) => {
    // The order row lock serialises replays of the same refund.
    const [order] = await tx.select().from(shopOrder).where(eq(shopOrder.orderNo, n.orderNo)).for('update');
    const finish = async (state: PayLogState, reason: string, accepted: boolean, outcome: NotificationOutcome): Promise<SettleOutcome> => {
      await log(tx, order ?? null, state, reason);
      return { accepted, state, reason, outcome };
    };
    if (!order) return finish('refused', 'unknown order', false, 'not_found');
    if (order.state !== 'paid' && order.state !== 'refunded') return finish('refused', `refund before payment notice (order ${order.state}): retry later`, false, 'refund_early');
    if (n.total !== order.amount || n.currency !== order.currency || n.amount > order.amount) {
      return finish('refused', `amount/currency mismatch: order ${order.amount} ${order.currency}`, false, 'amount_mismatch');
    }
    const [seen] = await tx
      .select({ id: payLog.id })
      .from(payLog)
      .where(and(eq(payLog.orderId, order.id), eq(payLog.method, method), eq(payLog.kind, 'refund'), eq(payLog.tradeNo, n.refundId.slice(0, 64)), inArray(payLog.state, ['succeeded', 'failed'])))
      .limit(1);
    if (seen) return finish('duplicate', 'already recorded', true, 'refund_duplicate');
    return finish(n.result, n.result === 'succeeded' ? 'refunded at the provider' : 'refund failed at the provider', true, n.result === 'succeeded' ? 'refund_succeeded' : 'refund_failed');
  });
}

// ── The member's pay log ──────────────────────────────────────────────────────────────────────

export async function memberPayLog(db: Db, userId: number, page: number, limit: number) {
  // Provider checks and events we do not act on are the shop's bookkeeping, not the member's payments.
  const where = and(eq(payLog.userId, userId), ne(payLog.kind, 'query'), ne(payLog.state, 'ignored'));
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
