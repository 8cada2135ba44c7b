/**
 * Back office of the shop's commerce tables (shop/order, shop/payLog, shop/cart) on the generic
 * CRUD, plus the order detail (lines and payments), closing an unpaid order and refunding a paid
 * one to the member's balance through the ledger (full refunds revoke ownership).
 */
import { adminOrderIdInput, adminRefundInput, type AdminOrderDetail, type AdminRefundAnswer } from '@framecraft/contracts/commerce';
import { shopCartCrud, shopOrderCrud, shopPayLogCrud } from '@framecraft/contracts/crud/commerce';
import { translate } from '@framecraft/contracts/messages';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberSummary, user } from '../member-access/index.ts';
import type { Db } from '../../db/client.ts';
import type { Language } from '@framecraft/contracts/constants';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute, crudRoutes, fromContract } from '../admin/index.ts';
import { changeMoney, findLedgerEntry } from '../ledger/index.ts';
import { emitOrderRefunded } from './hooks.ts';
import { itemSource } from './items.ts';
import { closeOrder, linesOf, revoke, toOrder, type OrderRow } from './orders.ts';
import { orderPayments, paymentProvider, toPayLogEntry, writePayLog, type PaymentContext } from './payments.ts';
import { cart, payLog, shopOrder } from './tables.ts';

/**
 * Refund `amount` cents of a paid order to the member's balance. The order row is locked first
 * (then the member row, by the ledger), the refunded total can never pass the amount, and the
 * ledger entry references its own pay log row, so each refund credits once.
 */
export async function refundToBalance(db: Db, orderId: number, amount: number, memo: string, lang: Language, requestKey?: string): Promise<AdminRefundAnswer> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrder).where(eq(shopOrder.id, orderId)).for('update');
    if (!order) throw new ApiError('commerce.orderNotFound');
    // A retried request (same key) finds its refund already made and changes nothing.
    if (requestKey && (await findLedgerEntry(tx, 'money', 'refund', 'refund_request', requestKey))) {
      return { state: order.state as AdminRefundAnswer['state'], refunded_amount: order.refundedAmount, full: order.state === 'refunded' };
    }
    if (order.state !== 'paid') throw new ApiError('commerce.refundNotPaid');
    // Refunding a top-up to the balance would credit it twice: it goes back through the provider.
    if (order.kind === 'topup') throw new ApiError('memberMoney.topupNotRefundable');
    if (order.refundedAmount + amount > order.amount) throw new ApiError('commerce.refundTooLarge');
    const full = order.refundedAmount + amount === order.amount;
    const [updated] = await tx
      .update(shopOrder)
      .set({
        refundedAmount: sql`${shopOrder.refundedAmount} + ${amount}`,
        state: full ? 'refunded' : 'paid',
        refundTime: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(sql`${shopOrder.id} = ${orderId} and ${shopOrder.state} = 'paid' and ${shopOrder.refundedAmount} + ${amount} <= ${shopOrder.amount}`)
      .returning();
    if (!updated) throw new ApiError('commerce.refundTooLarge');
    const logId = await writePayLog(tx, {
      order,
      method: 'balance',
      kind: 'refund',
      state: 'succeeded',
      amount,
      currency: order.currency,
      note: memo,
    });
    await changeMoney(tx, {
      userId: order.userId,
      delta: amount,
      kind: 'refund',
      refType: requestKey ? 'refund_request' : 'pay_log',
      refId: requestKey ?? String(logId),
      memo: memo || translate(lang, 'commerce.ledgerMemo.refund', { order_no: order.orderNo }),
    });
    if (full) await revoke(tx, order);
    await emitOrderRefunded(tx, updated, { amount });
    return { state: updated.state as AdminRefundAnswer['state'], refunded_amount: updated.refundedAmount, full };
  });
}

/**
 * Refund `amount` cents of an order paid through a provider back to the payer's card/account
 * (decision 036): the refund is reserved on the order in one transaction (guarded like a balance
 * refund, with a pending pay log row naming the request key), the provider is called after the
 * commit, and the outcome is recorded — a failure gives the reserved sum back. A retried request
 * (same key) finds its row and changes nothing; the provider's own idempotency key covers a retry
 * that reaches it twice.
 */
export async function refundThroughProvider(ctx: PaymentContext, orderId: number, amount: number, memo: string, requestKey?: string): Promise<AdminRefundAnswer> {
  const keyNote = `request ${requestKey ?? 'none'}`;
  const reserved = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrder).where(eq(shopOrder.id, orderId)).for('update');
    if (!order) throw new ApiError('commerce.orderNotFound');
    if (requestKey) {
      const [earlier] = await tx.select({ id: payLog.id }).from(payLog).where(and(eq(payLog.orderId, order.id), eq(payLog.kind, 'refund'), like(payLog.note, `${keyNote}%`))).limit(1);
      if (earlier) return { order, logId: 0, retry: true };
    }
    if (order.state !== 'paid') throw new ApiError('commerce.refundNotPaid');
    const [updated] = await tx
      .update(shopOrder)
      .set({ refundedAmount: sql`${shopOrder.refundedAmount} + ${amount}`, state: sql`case when ${shopOrder.refundedAmount} + ${amount} = ${shopOrder.amount} then 'refunded' else 'paid' end`, refundTime: sql`now()`, updatedAt: sql`now()` })
      .where(sql`${shopOrder.id} = ${orderId} and ${shopOrder.state} = 'paid' and ${shopOrder.refundedAmount} + ${amount} <= ${shopOrder.amount}`)
      .returning();
    if (!updated) throw new ApiError('commerce.refundTooLarge');
    const logId = await writePayLog(tx, { order, method: order.payMethod ?? '', kind: 'refund', state: 'pending', amount, currency: order.currency, note: `${keyNote}: ${memo}`, ip: ctx.ip });
    return { order: updated, logId, retry: false };
  });
  const answer = (o: OrderRow): AdminRefundAnswer => ({ state: o.state as AdminRefundAnswer['state'], refunded_amount: o.refundedAmount, full: o.state === 'refunded' });
  if (reserved.retry) return answer(reserved.order);
  const provider = paymentProvider(reserved.order.payMethod ?? '');
  try {
    const refundId = await provider!.refund!(ctx, reserved.order, amount, reserved.order.tradeNo, requestKey);
    await ctx.db.transaction(async (tx) => {
      await tx.update(payLog).set({ state: 'succeeded', tradeNo: String(refundId ?? '').slice(0, 64) }).where(eq(payLog.id, reserved.logId));
      if (reserved.order.state === 'refunded') await revoke(tx, reserved.order);
    });
    return answer(reserved.order);
  } catch (error) {
    // The provider did not refund: give the reserved sum back to the order.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(shopOrder)
        .set({ refundedAmount: sql`${shopOrder.refundedAmount} - ${amount}`, state: 'paid', updatedAt: sql`now()` })
        .where(sql`${shopOrder.id} = ${orderId} and ${shopOrder.refundedAmount} >= ${amount}`);
      await tx.update(payLog).set({ state: 'failed', note: sql`left(${payLog.note} || ' — failed: ' || ${error instanceof Error ? error.message : String(error)}, 255)` }).where(eq(payLog.id, reserved.logId));
    });
    throw new ApiError('commerce.providerFailed');
  }
}

/**
 * Orders paid through a real provider that can refund go back that way; balance and sandbox
 * payments (no real money: a demo shop's refunds stay visible in the balance, decision 032) go to the balance.
 */
export const refundsThroughProvider = (order: Pick<OrderRow, 'payMethod'>) =>
  order.payMethod !== null && !['balance', 'sandbox'].includes(order.payMethod) && Boolean(paymentProvider(order.payMethod)?.refund);

export async function adminOrderDetail(db: Db, order: OrderRow): Promise<AdminOrderDetail> {
  const [lines, payments, member] = await Promise.all([
    linesOf(db, [order.id]),
    orderPayments(db, order.id),
    memberSummary(db, order.userId),
  ]);
  return {
    id: order.id,
    order: toOrder(order, lines.get(order.id) ?? []),
    member: member ?? null,
    trade_no: order.tradeNo,
    memo: order.memo,
    payments: payments.map((p) => ({ ...toPayLogEntry(p), user_id: p.userId, note: p.note, raw: p.raw, ip: p.ip })),
  };
}

export function commerceAdminRoutes(app: FastifyInstance, contextFor: (request: { lang: Language; ip: string }) => PaymentContext) {
  const db = app.deps.db;
  const findOrder = async (id: number) => {
    const [order] = await db.select().from(shopOrder).where(eq(shopOrder.id, id));
    if (!order) throw new ApiError('commerce.orderNotFound');
    return order;
  };

  crudRoutes(app, fromContract(shopOrderCrud, { table: shopOrder, relationTables: { user }, hidden: ['payload'] }));
  crudRoutes(app, fromContract(shopPayLogCrud, { table: payLog, relationTables: { user } }));
  // The cart's item column: the catalogue's item table, handed over by the item source (decision 033, follow-up 2).
  crudRoutes(app, fromContract(shopCartCrud, { table: cart, relationTables: { user, course: itemSource().relationTable } }));

  adminRoute(app, { method: 'GET', path: 'shop/order/detail', node: 'shop/order/index' }, async (request, reply) => {
    const { id } = validate(adminOrderIdInput, request.query, request.lang);
    return reply.ok(await adminOrderDetail(db, await findOrder(id)));
  });
  adminRoute(app, { method: 'POST', path: 'shop/order/close', node: 'shop/order/close' }, async (request, reply) => {
    const { id } = validate(adminOrderIdInput, request.body, request.lang);
    const order = await findOrder(id);
    const closed = await closeOrder(db, id);
    if (!closed) throw new ApiError(order.state === 'paid' ? 'commerce.orderPaid' : order.state === 'refunded' ? 'commerce.orderRefunded' : 'commerce.orderClosed');
    return reply.ok(await adminOrderDetail(db, closed), 'commerce.orderClosedByAdmin');
  });
  adminRoute(app, { method: 'POST', path: 'shop/order/refund', node: 'shop/order/refund' }, async (request, reply) => {
    const { id, amount, memo, idempotency_key } = validate(adminRefundInput, request.body, request.lang);
    const order = await findOrder(id);
    const refunded = refundsThroughProvider(order)
      ? await refundThroughProvider(contextFor(request), id, amount, memo, idempotency_key)
      : await refundToBalance(db, id, amount, memo, request.lang, idempotency_key);
    return reply.ok(refunded, 'commerce.refundDone');
  });
}
