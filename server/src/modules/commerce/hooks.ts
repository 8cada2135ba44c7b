/**
 * Extension points of commerce for other modules (decision 039), kept apart from the order code:
 * - an **order adjustment** (the coupons module) takes money off a course order's lines when it is
 *   created or when the member changes the choice at checkout; the order stores what it took
 *   (`coupon_id`, `discount`) and its amount becomes lines − discount, never below 0;
 * - **events**: `onOrderPaid` and `onOrderRefunded` run inside the payment's / refund's
 *   transaction (a handler's writes commit with it, and a throw refuses it); `onOrderClosed` runs
 *   after a cancel, admin close or expiry sweep has committed (releasing what the orders held).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { itemSource } from './items.ts';
import { orderLine, shopOrder } from './tables.ts';

type OrderRow = typeof shopOrder.$inferSelect;

/** A priced line as an adjustment sees it. */
export interface AdjustableLine {
  courseId: number | null;
  /** The item's type (coupons scoped to types). */
  typeId: number | null;
  /** Charged for the line, cents. */
  price: number;
}

/** What the member asked for: undefined = the adjustment's own choice (best), 0 = none, else an id. */
export type AdjustmentChoice = number | undefined;

export interface OrderAdjustment {
  /**
   * Inside the order's transaction (the order row exists and is locked): reserve what applies and
   * answer the discount. Throw an ApiError to refuse the member's explicit choice.
   */
  apply(tx: Db, order: OrderRow, lines: AdjustableLine[], choice: AdjustmentChoice): Promise<{ couponId: number | null; discount: number }>;
  /** Inside the same transaction, before a new choice: give back what the order holds. */
  release(tx: Db, order: OrderRow): Promise<void>;
}

let adjustment: OrderAdjustment | undefined;
/** Plug in the order adjustment (one: the coupons module). */
export function registerOrderAdjustment(handler: OrderAdjustment): void {
  adjustment = handler;
}

type PaidHandler = (tx: Db, order: OrderRow) => Promise<void>;
type RefundedHandler = (tx: Db, order: OrderRow, refund: { amount: number }) => Promise<void>;
type ClosedHandler = (db: Db, orderIds: number[]) => Promise<void>;
const paidHandlers: PaidHandler[] = [];
const refundedHandlers: RefundedHandler[] = [];
const closedHandlers: ClosedHandler[] = [];

/** Runs inside the payment transaction, after the order became paid and before its delivery. */
export const onOrderPaid = (handler: PaidHandler) => void paidHandlers.push(handler);
/** Runs inside the refund transaction, after the order's refunded amount (and state) changed. */
export const onOrderRefunded = (handler: RefundedHandler) => void refundedHandlers.push(handler);
/** Runs after unpaid orders were closed (cancel, admin close, expiry sweep) and that committed. */
export const onOrderClosed = (handler: ClosedHandler) => void closedHandlers.push(handler);

export async function emitOrderPaid(tx: Db, order: OrderRow): Promise<void> {
  for (const handler of paidHandlers) await handler(tx, order);
}
export async function emitOrderRefunded(tx: Db, order: OrderRow, refund: { amount: number }): Promise<void> {
  for (const handler of refundedHandlers) await handler(tx, order, refund);
}
export async function emitOrderClosed(db: Db, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  for (const handler of closedHandlers) await handler(db, orderIds);
}

/** The order's lines with their items' types (from the item source; null when the item is gone), for an adjustment. */
export async function adjustableLines(db: Db, orderId: number): Promise<AdjustableLine[]> {
  const lines = await db.select({ courseId: orderLine.courseId, price: orderLine.price }).from(orderLine).where(eq(orderLine.orderId, orderId)).orderBy(orderLine.id);
  const ids = lines.flatMap((l) => (l.courseId === null ? [] : [l.courseId]));
  const items = await itemSource().items(db, ids);
  return lines.map((l) => ({ courseId: l.courseId, typeId: l.courseId === null ? null : (items.get(l.courseId)?.typeId ?? null), price: l.price }));
}

const linesTotal = (lines: AdjustableLine[]) => lines.reduce((sum, line) => sum + line.price, 0);

/**
 * Apply the adjustment to a course order inside its transaction (creation or a new choice at
 * checkout) and store the outcome on the order: amount = lines − discount (never below 0).
 * `known`: the order's lines as adjustable lines when the caller has just written them (creation),
 * so they are not read again.
 */
export async function adjustOrder(tx: Db, order: OrderRow, choice: AdjustmentChoice, known?: AdjustableLine[]): Promise<OrderRow> {
  if (!adjustment || order.kind !== 'course') {
    if (choice) throw new ApiError('coupon.courseOnly');
    return order;
  }
  const lines = known ?? (await adjustableLines(tx, order.id));
  const total = linesTotal(lines);
  const { couponId, discount } = await adjustment.apply(tx, order, lines, choice);
  const taken = Math.min(Math.max(0, discount), total);
  const [updated] = await tx
    .update(shopOrder)
    .set({ couponId, discount: taken, amount: total - taken, updatedAt: sql`now()` })
    .where(eq(shopOrder.id, order.id))
    .returning();
  return updated!;
}

/**
 * The member changes the coupon of an open order at checkout (0 = none): in one transaction the
 * order is locked while still unpaid and not expired, what it held is released and the new choice
 * applied. Undefined = the order is not open (the caller explains why).
 */
export async function readjustOpenOrder(db: Db, orderId: number, choice: number): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(shopOrder)
      .where(and(eq(shopOrder.id, orderId), eq(shopOrder.state, 'unpaid'), gt(shopOrder.expireTime, sql`now()`)))
      .for('update');
    if (!order) return undefined;
    await adjustment?.release(tx, order);
    return adjustOrder(tx, order, choice);
  });
}

/** Members among `userIds` with at least one paid (or partly refunded) item or VIP order. */
export async function membersWhoBought(db: Db, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: shopOrder.userId })
    .from(shopOrder)
    .where(and(inArray(shopOrder.userId, userIds), eq(shopOrder.state, 'paid'), inArray(shopOrder.kind, ['course', 'vip'])));
  return new Set(rows.map((r) => r.userId));
}

/** One order by id (what commission settles from): its amounts and state now. */
export async function orderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
  return row;
}
