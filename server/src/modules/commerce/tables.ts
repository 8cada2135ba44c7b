import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();

/** A member's cart: one row per member and item, kept on the server (survives logout/login). */
export const cart = pgTable(
  'cart',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    courseId: integer('course_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_user_course_uq').on(t.userId, t.courseId), index('cart_course_idx').on(t.courseId)],
);

/**
 * An order (decision 031). `order_no` is yyyymmdd + 10 random digits (unique, never a count).
 * States unpaid → paid → refunded, unpaid → closed; every change is a guarded update on `state`.
 * `payload` holds what a vip/topup order delivers (tier id, amount) for the member-money issue.
 */
export const shopOrder = pgTable(
  'shop_order',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: integer('user_id').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('unpaid'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    payMethod: varchar('pay_method', { length: 20 }),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    memo: varchar('memo', { length: 255 }).notNull().default(''),
    /** The member's coupon this order holds or used (coupons module, decision 039); null = none. */
    couponId: integer('coupon_id'),
    /** Cents the order adjustment (coupon) took off the lines' total: amount = lines − discount. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    payTime: timestamp('pay_time', { withTimezone: true }),
    closeTime: timestamp('close_time', { withTimezone: true }),
    refundTime: timestamp('refund_time', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shop_order_no_uq').on(t.orderNo),
    index('shop_order_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    // The back office's quick search (decision 040, migration 0020).
    index('shop_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops')),
    index('shop_order_trade_no_trgm_idx').using('gin', t.tradeNo.op('gin_trgm_ops')),
    index('shop_order_unpaid_expire_idx').on(t.expireTime).where(sql`${t.state} = 'unpaid'`),
    // Dashboard sales of a window (decision 042, migration 0021).
    index('shop_order_state_pay_time_idx').on(t.state, t.payTime),
    // The admin orders list at a million orders: each filter and sort on an index (decision 049, migration 0026).
    index('shop_order_state_id_idx').on(t.state, t.id.desc().nullsFirst()),
    index('shop_order_method_id_idx').on(t.payMethod, t.id.desc().nullsFirst()),
    index('shop_order_kind_id_idx').on(t.kind, t.id.desc().nullsFirst()),
    index('shop_order_create_time_idx').on(t.createdAt),
    index('shop_order_pay_time_idx').on(t.payTime),
    index('shop_order_amount_idx').on(t.amount),
    // Dashboard sales of a window read from the index alone (decision 049).
    index('shop_order_paid_sales_idx').on(t.payTime, t.kind, t.amount, t.refundedAmount, t.id).where(sql`${t.state} in ('paid', 'refunded')`),
  ],
);

/** One line of an order: the item and its price as they were when ordered, and why that price. */
export const orderLine = pgTable(
  'order_line',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    courseId: integer('course_id'),
    title: varchar('title', { length: 200 }).notNull(),
    cover: varchar('cover', { length: 255 }).notNull().default(''),
    listPrice: bigint('list_price', { mode: 'number' }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 20 }).notNull().default('list'),
  },
  (t) => [index('order_line_order_idx').on(t.orderId), index('order_line_course_idx').on(t.courseId)],
);

/** A member owns an item after a paid order (revoked, i.e. deleted, by a full refund). */
export const ownership = pgTable(
  'ownership',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    courseId: integer('course_id').notNull(),
    orderId: integer('order_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ownership_user_course_uq').on(t.userId, t.courseId), index('ownership_order_idx').on(t.orderId)],
);

/**
 * Every payment event (decision 032): a payment made, a provider notification (raw body and the
 * verification outcome, also when refused), a refund. The member's "my payments" reads it.
 */
export const payLog = pgTable(
  'pay_log',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id'),
    orderNo: varchar('order_no', { length: 40 }).notNull().default(''),
    userId: integer('user_id'),
    method: varchar('method', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    currency: varchar('currency', { length: 8 }).notNull().default(''),
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    note: varchar('note', { length: 255 }).notNull().default(''),
    raw: text('raw').notNull().default(''),
    ip: varchar('ip', { length: 50 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('pay_log_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('pay_log_order_idx').on(t.orderId),
    // A notification's "refunded at the provider before?" check by trade (decision 049, migration 0026).
    index('pay_log_trade_idx').on(t.method, t.tradeNo),
    // Quick search of shop/payLog (decision 040, migration 0027).
    index('pay_log_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops')),
    index('pay_log_trade_no_trgm_idx').using('gin', t.tradeNo.op('gin_trgm_ops')),
  ],
);

/**
 * The sandbox cashier's own record of its trades (decision 036): what a real provider keeps on
 * its side, so the sandbox can answer `query` (reconciliation after a lost notification) and
 * `refund` (a late payment given back) like one. Written only by the sandbox provider.
 */
export const sandboxTrade = pgTable(
  'sandbox_trade',
  {
    tradeNo: varchar('trade_no', { length: 64 }).primaryKey(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('unpaid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_trade_order_idx').on(t.orderNo)],
);
