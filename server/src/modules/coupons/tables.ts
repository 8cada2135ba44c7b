import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();

/**
 * A coupon an admin made (decision 039): amount or percent off, minimum spend, validity window,
 * `quantity` of which `claimed` went out (guarded `claimed < quantity`), at most `per_member` per
 * member, scope all / types / items (`scope_ids` comma-separated). `code` (upper case) makes it
 * claimable by members; without one it is only issued by an admin.
 */
export const coupon = pgTable(
  'coupon',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 32 }),
    kind: varchar('kind', { length: 10 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull().default('0'),
    minSpend: bigint('min_spend', { mode: 'number' }).notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    claimed: integer('claimed').notNull().default(0),
    perMember: integer('per_member').notNull().default(1),
    scope: varchar('scope', { length: 10 }).notNull().default('all'),
    scopeIds: varchar('scope_ids', { length: 1000 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    adminId: integer('admin_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupon_code_uq').on(t.code).where(sql`${t.code} is not null`),
    index('coupon_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('coupon_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
  ],
);

/**
 * One coupon held by a member (a claim), and its use: `available` → `reserved` by an unpaid order
 * (until `reserved_until`, the order's expiry) → `used` when that order is paid; released back to
 * `available` when the order closes.
 */
export const memberCoupon = pgTable(
  'member_coupon',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id').notNull(),
    userId: integer('user_id').notNull(),
    source: varchar('source', { length: 10 }).notNull(),
    state: varchar('state', { length: 10 }).notNull().default('available'),
    orderId: integer('order_id'),
    orderNo: varchar('order_no', { length: 32 }).notNull().default(''),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    adminId: integer('admin_id'),
    claimTime: timestamp('claim_time', { withTimezone: true }).notNull().defaultNow(),
    useTime: timestamp('use_time', { withTimezone: true }),
  },
  (t) => [
    index('member_coupon_user_idx').on(t.userId, t.state),
    index('member_coupon_coupon_user_idx').on(t.couponId, t.userId),
    index('member_coupon_order_idx').on(t.orderId),
    index('member_coupon_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops')),
  ],
);
