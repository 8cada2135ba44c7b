/**
 * Sales figures for the back-office dashboard (decision 042): SQL aggregates over paid orders of a
 * time window, each one range scan of `shop_order_state_pay_time_idx` (state, pay_time) or of the covering
 * `shop_order_paid_sales_idx` (decision 049) — fast at a
 * million orders without a rollup table. Sales are net of refunds; top-ups are not sales.
 */
import { and, desc, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLine, shopOrder } from './tables.ts';

/** Orders that were paid (a refunded order was paid first). */
const PAID_STATES = ['paid', 'refunded'];
const paidSince = (from: Date) => and(inArray(shopOrder.state, PAID_STATES), gte(shopOrder.payTime, from), ne(shopOrder.kind, 'topup'));
const netAmount = sql<string>`coalesce(sum(${shopOrder.amount} - ${shopOrder.refundedAmount}), 0)`;

/** Net sales (cents) and paid orders since `from`. */
export async function salesSince(db: Db, from: Date): Promise<{ amount: number; orders: number }> {
  const [row] = await db.select({ amount: netAmount, orders: sql<number>`count(*)::int` }).from(shopOrder).where(paidSince(from));
  return { amount: Number(row?.amount ?? 0), orders: row?.orders ?? 0 };
}

/** Net sales and paid orders per local day (`YYYY-MM-DD` of the database's time zone) since `from`. */
export async function salesPerDay(db: Db, from: Date): Promise<{ day: string; amount: number; orders: number }[]> {
  const day = sql<string>`to_char(${shopOrder.payTime} at time zone current_setting('TimeZone'), 'YYYY-MM-DD')`;
  const rows = await db.select({ day, amount: netAmount, orders: sql<number>`count(*)::int` }).from(shopOrder).where(paidSince(from)).groupBy(sql`1`);
  return rows.map((r) => ({ day: r.day, amount: Number(r.amount), orders: r.orders }));
}

/** The best-selling items since `from`: paid lines per item, by net line revenue. */
export async function topSellingItems(db: Db, from: Date, limit = 5): Promise<{ courseId: number; title: string; orders: number; amount: number }[]> {
  const amount = sql<string>`sum(${orderLine.price})`;
  const rows = await db
    .select({ courseId: orderLine.courseId, title: sql<string>`max(${orderLine.title})`, orders: sql<number>`count(*)::int`, amount })
    .from(orderLine)
    .innerJoin(shopOrder, sql`${shopOrder.id} = ${orderLine.orderId}`)
    .where(and(paidSince(from), sql`${orderLine.courseId} is not null`))
    .groupBy(orderLine.courseId)
    .orderBy(desc(amount))
    .limit(limit);
  return rows.map((r) => ({ courseId: r.courseId!, title: r.title, orders: r.orders, amount: Number(r.amount) }));
}
