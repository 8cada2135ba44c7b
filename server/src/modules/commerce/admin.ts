/**
 * Back office of the shop's commerce tables (shop/order, shop/payLog, shop/cart) on the generic
 * CRUD, plus the order detail (lines and payments), closing an unpaid order and refunding a paid
 * one to the member's balance through the ledger (full refunds revoke ownership).
 */
import { adminOrderIdInput, adminRefundInput, type AdminOrderDetail, type AdminRefundAnswer } from '@framecraft/contracts/commerce';
import { shopOrderCrud } from '@framecraft/contracts/crud/commerce';
import { translate } from '@framecraft/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { course, user } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { Language } from '@framecraft/contracts/constants';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute } from '../admin/core/route-table.ts';
import { fromContract } from '../admin/crud/contract.ts';
import { crudRoutes } from '../admin/crud/routes.ts';
import { changeMoney, findLedgerEntry } from '../ledger/index.ts';
import { closeOrder, linesOf, revoke, toOrder, type OrderRow } from './orders.ts';
import { orderPayments, toPayLogEntry, writePayLog } from './payments.ts';
import { cart, payLog, shopOrder } from './tables.ts';

const memberRelation = { as: 'user', localField: 'user_id', table: user, foreignField: 'id', fields: ['username', 'nickname'] };

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
    return { state: updated.state as AdminRefundAnswer['state'], refunded_amount: updated.refundedAmount, full };
  });
}

export async function adminOrderDetail(db: Db, order: OrderRow): Promise<AdminOrderDetail> {
  const [lines, payments, [member]] = await Promise.all([
    linesOf(db, [order.id]),
    orderPayments(db, order.id),
    db.select({ id: user.id, username: user.username, nickname: user.nickname }).from(user).where(eq(user.id, order.userId)),
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

export function commerceAdminRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const findOrder = async (id: number) => {
    const [order] = await db.select().from(shopOrder).where(eq(shopOrder.id, id));
    if (!order) throw new ApiError('commerce.orderNotFound');
    return order;
  };

  crudRoutes(app, fromContract(shopOrderCrud, { table: shopOrder, relationTables: { user }, hidden: ['payload'] }));
  crudRoutes(app, {
    controller: 'shop/payLog',
    table: payLog,
    actions: ['index'],
    quickSearch: ['order_no', 'trade_no'],
    filterable: ['id', 'order_no', 'user_id', 'method', 'kind', 'state', 'amount', 'create_time'],
    sortable: ['id', 'amount', 'create_time'],
    defaultOrder: 'id,desc',
    relations: [memberRelation],
    schemas: {},
  });
  crudRoutes(app, {
    controller: 'shop/cart',
    table: cart,
    actions: ['index', 'del'],
    quickSearch: [],
    filterable: ['id', 'user_id', 'course_id', 'create_time'],
    sortable: ['id', 'create_time'],
    defaultOrder: 'id,desc',
    relations: [memberRelation, { as: 'course', localField: 'course_id', table: course, foreignField: 'id', fields: ['title_zh', 'title_en', 'price'] }],
    schemas: {},
  });

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
    return reply.ok(await refundToBalance(db, id, amount, memo, request.lang, idempotency_key), 'commerce.refundDone');
  });
}
