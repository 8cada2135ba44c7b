import { bigint, index, integer, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Commission on an invitee's paid order (decision 039): one row per order (unique), credited to
 * the inviter through the ledger (kind `commission`, ref `order`/<order id>); refunds take back
 * `reversed` in proportion, each through its own ledger line.
 */
export const commission = pgTable(
  'commission',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    inviterId: integer('inviter_id').notNull(),
    inviteeId: integer('invitee_id').notNull(),
    orderAmount: bigint('order_amount', { mode: 'number' }).notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reversed: bigint('reversed', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('commission_order_uq').on(t.orderId), index('commission_inviter_idx').on(t.inviterId, t.id.desc().nullsFirst()), index('commission_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops'))],
);
