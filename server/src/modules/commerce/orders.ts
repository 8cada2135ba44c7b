/**
 * Orders (decision 031): creation with priced, snapshotted lines; the member's reads; cancel;
 * expiry (lazy in every read and guard, and a sweeper); fulfilment once paid. Every state change
 * is a guarded update on `state` (and `expire_time` for payments), so whatever arrives twice or at
 * the same time changes an order at most once.
 */
import type { Language } from '@framecraft/contracts/constants';
import type { Order, OrderCreateInput, OrderKind, OrderLine, OrderState, PayMethodCode, PriceReason } from '@framecraft/contracts/commerce';
import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { ApiError, isUniqueViolation } from '../../shared/errors.ts';
import { accessMap, type AccessMember } from './access.ts';
import { adjustOrder, emitOrderClosed, emitOrderPaid, type AdjustableLine } from './hooks.ts';
import { itemSource } from './items.ts';
import { priceFor, pricingContextOf, totalOf } from './pricing.ts';
import { cart, orderLine, ownership, shopOrder } from './tables.ts';

export type OrderRow = typeof shopOrder.$inferSelect;
export type OrderLineRow = typeof orderLine.$inferSelect;
/** `payRate`: the member's loyalty rate, looked up by the caller (`memberRateInfo`); absent = 1. */
export type CommerceMember = AccessMember & { money: number; payRate?: number };

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const pick = (lang: Language, zh: string, en: string) => (lang === 'en' && en ? en : zh);

/** yyyymmdd (UTC) + 10 random digits: readable, unique by index, never a count of sales. */
export function newOrderNo(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');
  return day + random;
}

/** The state a member sees: an unpaid order past its expiry is closed even before the sweeper ran. */
export function effectiveState(row: Pick<OrderRow, 'state' | 'expireTime'>, now = new Date()): OrderState {
  return row.state === 'unpaid' && row.expireTime.getTime() <= now.getTime() ? 'closed' : (row.state as OrderState);
}

export function toOrder(row: OrderRow, lines: OrderLineRow[], now = new Date()): Order {
  const state = effectiveState(row, now);
  return {
    order_no: row.orderNo,
    kind: row.kind as OrderKind,
    state,
    amount: row.amount,
    discount: row.discount,
    coupon_id: row.couponId,
    currency: row.currency,
    refunded_amount: row.refundedAmount,
    pay_method: (row.payMethod as PayMethodCode | null) ?? null,
    create_time: seconds(row.createdAt)!,
    expire_time: seconds(row.expireTime)!,
    pay_time: seconds(row.payTime),
    close_time: seconds(row.closeTime) ?? (state === 'closed' ? seconds(row.expireTime) : null),
    expires_in: state === 'unpaid' ? Math.max(0, Math.floor((row.expireTime.getTime() - now.getTime()) / 1000)) : 0,
    lines: lines.map(
      (l): OrderLine => ({
        id: l.id,
        item_id: l.courseId,
        title: l.title,
        cover: l.cover,
        list_price: l.listPrice,
        price: l.price,
        reason: l.reason as PriceReason,
      }),
    ),
  };
}

export async function linesOf(db: Db, orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
  const map = new Map<number, OrderLineRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db.select().from(orderLine).where(inArray(orderLine.orderId, orderIds)).orderBy(orderLine.id);
  for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  return map;
}

/** The member's own order by number; another member's answers exactly like an unknown one. */
export async function findMemberOrder(db: Db, userId: number, orderNo: string): Promise<OrderRow> {
  const [row] = await db.select().from(shopOrder).where(and(eq(shopOrder.orderNo, orderNo), eq(shopOrder.userId, userId))).limit(1);
  if (!row) throw new ApiError('commerce.orderNotFound');
  return row;
}

export async function orderDetail(db: Db, userId: number, orderNo: string): Promise<Order> {
  const row = await findMemberOrder(db, userId, orderNo);
  return toOrder(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

export async function listOrders(db: Db, userId: number, query: { state?: OrderState; page: number; limit: number }) {
  const now = new Date();
  // Lazy expiry: an expired unpaid order is listed as closed, and under "closed".
  const stateFilter =
    query.state === undefined
      ? undefined
      : query.state === 'unpaid'
        ? and(eq(shopOrder.state, 'unpaid'), gt(shopOrder.expireTime, now))
        : query.state === 'closed'
          ? sql`(${shopOrder.state} = 'closed' or (${shopOrder.state} = 'unpaid' and ${shopOrder.expireTime} <= ${now}))`
          : eq(shopOrder.state, query.state);
  const where = and(eq(shopOrder.userId, userId), stateFilter);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(shopOrder).where(where),
    db
      .select()
      .from(shopOrder)
      .where(where)
      .orderBy(desc(shopOrder.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  const lines = await linesOf(db, rows.map((r) => r.id));
  return { list: rows.map((r) => toOrder(r, lines.get(r.id) ?? [], now)), total: Number(counted?.total ?? 0), page: query.page, limit: query.limit };
}

// ── Creating ──────────────────────────────────────────────────────────────────────────────────

interface NewLine {
  courseId: number | null;
  title: string;
  cover: string;
  listPrice: number;
  price: number;
  reason: PriceReason;
}

/** What another kind (vip, topup — the member-money issue) must provide to be ordered and paid. */
export interface OrderKindHandler {
  /** Lines and payload of a new order; throw ApiError to refuse. */
  prepare(db: Db, member: CommerceMember, input: OrderCreateInput, lang: Language): Promise<{ lines: NewLine[]; payload: Record<string, unknown> }>;
  /** Deliver a paid order, inside the payment's transaction. */
  fulfil(tx: Db, order: OrderRow): Promise<void>;
}
const kindHandlers = new Map<OrderKind, OrderKindHandler>();
/** Plug in a kind's creation and delivery (vip, topup). Course orders are built in. */
export function registerOrderKind(kind: Exclude<OrderKind, 'course'>, handler: OrderKindHandler): void {
  kindHandlers.set(kind, handler);
}

const refusal = (key: 'commerce.owned' | 'commerce.vipCovered' | 'commerce.free', itemId: number) =>
  new ApiError(key, { data: { item_id: itemId } });

/**
 * Price the requested items for the member; refuses unknown/off-sale, owned, VIP-covered and free
 * items. Also answers each item's type (for the order adjustment, without reading the items again).
 */
async function courseLines(db: Db, member: CommerceMember, itemIds: number[], lang: Language): Promise<{ lines: NewLine[]; typeOf: Map<number, number> }> {
  const byId = await itemSource().items(db, itemIds);
  const items = [...byId.values()];
  for (const id of itemIds) {
    const item = byId.get(id);
    if (!item || item.status !== 'on_sale') throw new ApiError('commerce.itemNotFound', { data: { item_id: id } });
  }
  const access = await accessMap(db, member, items);
  for (const id of itemIds) {
    const kind = access.get(id);
    if (kind === 'owned') throw refusal('commerce.owned', id);
    if (kind === 'free') throw refusal('commerce.free', id);
    if (kind === 'vip') throw refusal('commerce.vipCovered', id);
  }
  const ctx = pricingContextOf(member);
  const lines = itemIds.map((id) => {
    const item = byId.get(id)!;
    const price = priceFor(item, ctx);
    return {
      courseId: id,
      title: pick(lang, item.titleZh, item.titleEn).slice(0, 200),
      cover: item.cover,
      listPrice: price.listPrice,
      price: price.price,
      reason: price.reason,
    };
  });
  return { lines, typeOf: new Map(items.map((i) => [i.id, i.typeId])) };
}

/** Open (unpaid, not expired) course orders of the member holding any of the items. */
async function openOrdersWith(db: Db, userId: number, itemIds: number[]): Promise<{ order: OrderRow; items: number[] }[]> {
  const rows = await db
    .select({ order: shopOrder, courseId: orderLine.courseId })
    .from(shopOrder)
    .innerJoin(orderLine, eq(orderLine.orderId, shopOrder.id))
    .where(and(eq(shopOrder.userId, userId), eq(shopOrder.state, 'unpaid'), gt(shopOrder.expireTime, sql`now()`)));
  const byOrder = new Map<number, { order: OrderRow; items: number[] }>();
  for (const row of rows) {
    const entry = byOrder.get(row.order.id) ?? { order: row.order, items: [] };
    if (row.courseId !== null) entry.items.push(row.courseId);
    byOrder.set(row.order.id, entry);
  }
  return [...byOrder.values()].filter((e) => e.items.some((id) => itemIds.includes(id)));
}

export interface CreateOrderOptions {
  expireMinutes: number;
  currency: string;
  lang: Language;
}

/**
 * A new unpaid order. Asking again for exactly the items of an open order answers that order
 * (a second click on "buy" does not make a second order); overlapping an open order is refused.
 */
export async function createOrder(db: Db, member: CommerceMember, input: OrderCreateInput, options: CreateOrderOptions): Promise<Order> {
  const kind: OrderKind = 'kind' in input && input.kind ? input.kind : 'course';
  let lines: NewLine[];
  let payload: Record<string, unknown> = {};
  let typeOf = new Map<number, number>();
  if (kind === 'course') {
    const itemIds = (input as { items: number[] }).items;
    ({ lines, typeOf } = await courseLines(db, member, itemIds, options.lang));
    const open = await openOrdersWith(db, member.id, itemIds);
    const same = open.find((e) => e.items.length === itemIds.length && itemIds.every((id) => e.items.includes(id)));
    if (same) return toOrder(same.order, (await linesOf(db, [same.order.id])).get(same.order.id) ?? []);
    if (open.length > 0) throw new ApiError('commerce.pendingOrder', { data: { order_no: open[0]!.order.orderNo } });
  } else {
    const handler = kindHandlers.get(kind);
    if (!handler) throw new ApiError('commerce.kindUnavailable');
    ({ lines, payload } = await handler.prepare(db, member, input, options.lang));
  }
  const amount = totalOf(lines);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [order] = await tx
          .insert(shopOrder)
          .values({
            orderNo: newOrderNo(),
            userId: member.id,
            kind,
            amount,
            currency: options.currency,
            payload,
            expireTime: sql`now() + make_interval(mins => ${options.expireMinutes})`,
          })
          .returning();
        const inserted = await tx
          .insert(orderLine)
          .values(lines.map((l) => ({ ...l, orderId: order!.id })))
          .returning();
        // The order adjustment (coupons, decision 039): the member's choice, else the best one —
        // on the lines just written, with the types read when they were priced.
        const adjustable = [...inserted]
          .sort((a, b) => a.id - b.id)
          .map((l): AdjustableLine => ({ courseId: l.courseId, typeId: l.courseId === null ? null : (typeOf.get(l.courseId) ?? null), price: l.price }));
        const adjusted = kind === 'course' ? await adjustOrder(tx, order!, (input as { coupon_id?: number }).coupon_id, adjustable) : order!;
        return toOrder(adjusted, inserted);
      });
    } catch (error) {
      // A random number already taken (unlikely): draw again.
      if (attempt < 4 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

// ── Closing ───────────────────────────────────────────────────────────────────────────────────

/** Why an order cannot be paid or cancelled now (it is not an open unpaid order). */
export function notPayable(row: Pick<OrderRow, 'state' | 'expireTime'>, now = new Date()): ApiError {
  if (row.state === 'paid') return new ApiError('commerce.orderPaid');
  if (row.state === 'refunded') return new ApiError('commerce.orderRefunded');
  if (row.state === 'unpaid' && row.expireTime.getTime() <= now.getTime()) return new ApiError('commerce.orderExpired');
  if (row.state === 'unpaid') return new ApiError('commerce.orderNotUnpaid');
  return new ApiError('commerce.orderClosed');
}

/** Member cancels an unpaid order. */
export async function cancelOrder(db: Db, userId: number, orderNo: string): Promise<Order> {
  const row = await findMemberOrder(db, userId, orderNo);
  const [closed] = await db
    .update(shopOrder)
    .set({ state: 'closed', closeTime: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(shopOrder.id, row.id), eq(shopOrder.state, 'unpaid')))
    .returning();
  if (!closed) throw notPayable(row);
  await emitOrderClosed(db, [closed.id]);
  return toOrder(closed, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/** Admin closes an unpaid order (expired or not). */
export async function closeOrder(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [closed] = await db
    .update(shopOrder)
    .set({ state: 'closed', closeTime: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(shopOrder.id, orderId), eq(shopOrder.state, 'unpaid')))
    .returning();
  if (closed) await emitOrderClosed(db, [closed.id]);
  return closed;
}

/**
 * The sweeper: close every unpaid order past its expiry. Safe on several instances at once: each
 * row is changed by one guarded update only (a second instance's update finds it closed).
 * Returns how many this run closed.
 */
export async function sweepExpiredOrders(db: Db, batch = 500): Promise<number> {
  const closed = await db
    .update(shopOrder)
    .set({ state: 'closed', closeTime: shopOrder.expireTime, updatedAt: sql`now()` })
    .where(
      and(
        eq(shopOrder.state, 'unpaid'),
        inArray(
          shopOrder.id,
          db
            .select({ id: shopOrder.id })
            .from(shopOrder)
            .where(and(eq(shopOrder.state, 'unpaid'), lte(shopOrder.expireTime, sql`now()`)))
            .limit(batch),
        ),
      ),
    )
    .returning({ id: shopOrder.id });
  await emitOrderClosed(db, closed.map((c) => c.id));
  return closed.length;
}

// ── Paying (inside the payment's transaction) ─────────────────────────────────────────────────

/**
 * unpaid → paid, only while the order is unpaid and not expired (database time). Locks the row;
 * a second payment of the same order waits here and then finds it paid. Undefined = not payable.
 */
export async function markPaid(tx: Db, orderId: number, method: PayMethodCode, tradeNo: string): Promise<OrderRow | undefined> {
  const [paid] = await tx
    .update(shopOrder)
    .set({ state: 'paid', payMethod: method, tradeNo, payTime: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(shopOrder.id, orderId), eq(shopOrder.state, 'unpaid'), gt(shopOrder.expireTime, sql`now()`)))
    .returning();
  return paid;
}

/**
 * A late payment (decision 036): closed or expired unpaid → paid, without the expiry guard. Only
 * for an order whose items can still be delivered (the caller checks `stillSellable` and
 * ownership, under the order row's lock).
 */
export async function reopenPaid(tx: Db, orderId: number, method: PayMethodCode, tradeNo: string): Promise<OrderRow | undefined> {
  const [paid] = await tx
    .update(shopOrder)
    .set({ state: 'paid', payMethod: method, tradeNo, payTime: sql`now()`, closeTime: null, updatedAt: sql`now()` })
    .where(and(eq(shopOrder.id, orderId), inArray(shopOrder.state, ['unpaid', 'closed'])))
    .returning();
  return paid;
}

/** Every item of a course order still exists and is on sale (other kinds deliver no catalogue items). */
export async function stillSellable(tx: Db, order: OrderRow): Promise<boolean> {
  if (order.kind !== 'course') return kindHandlers.has(order.kind as OrderKind);
  const lines = await tx.select({ courseId: orderLine.courseId }).from(orderLine).where(eq(orderLine.orderId, order.id));
  const ids = lines.flatMap((l) => (l.courseId === null ? [] : [l.courseId]));
  const items = await itemSource().items(tx, ids);
  return lines.length > 0 && lines.every((l) => l.courseId !== null && items.get(l.courseId)?.status === 'on_sale');
}

/** Items of a course order the member already owns (paid elsewhere meanwhile): one query. */
export async function alreadyOwned(tx: Db, order: OrderRow): Promise<number[]> {
  if (order.kind !== 'course') return [];
  const owned = await tx
    .select({ courseId: ownership.courseId })
    .from(orderLine)
    .innerJoin(ownership, and(eq(ownership.courseId, orderLine.courseId), eq(ownership.userId, order.userId)))
    .where(eq(orderLine.orderId, order.id));
  return owned.map((o) => o.courseId);
}

/**
 * Deliver a paid order: ownership of its items, the items leave the cart, sales +1; or the kind's
 * handler. The sales update comes last: it locks popular item rows, which should be held only
 * until the commit that follows.
 */
export async function fulfil(tx: Db, order: OrderRow): Promise<void> {
  // Other modules' paid handlers (coupon used, commission queued) — before the hot item rows lock.
  await emitOrderPaid(tx, order);
  if (order.kind !== 'course') {
    const handler = kindHandlers.get(order.kind as OrderKind);
    if (!handler) throw new Error(`no fulfilment for order kind ${order.kind}`);
    await handler.fulfil(tx, order);
    return;
  }
  const lines = await tx.select({ courseId: orderLine.courseId }).from(orderLine).where(eq(orderLine.orderId, order.id));
  const ids = lines.map((l) => l.courseId).filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  await tx
    .insert(ownership)
    .values(ids.map((courseId) => ({ userId: order.userId, courseId, orderId: order.id })))
    .onConflictDoNothing();
  await tx.delete(cart).where(and(eq(cart.userId, order.userId), inArray(cart.courseId, ids)));
  await itemSource().addSales(tx, ids);
}

/** A full refund takes back what the order delivered (ownership of its items). */
export async function revoke(tx: Db, order: OrderRow): Promise<void> {
  if (order.kind === 'course') await tx.delete(ownership).where(eq(ownership.orderId, order.id));
}
