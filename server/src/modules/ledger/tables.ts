import { bigint, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * One balance change of a member, in integer cents; the member's money always equals the sum of
 * deltas. `kind` + `ref_type` + `ref_id` name the business event and are unique (decision 019).
 */
export const userMoneyLog = pgTable(
  'user_money_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    money: bigint('money', { mode: 'number' }).notNull(),
    before: bigint('before', { mode: 'number' }).notNull(),
    after: bigint('after', { mode: 'number' }).notNull(),
    memo: varchar('memo', { length: 255 }).notNull().default(''),
    kind: varchar('kind', { length: 20 }).notNull(),
    refType: varchar('ref_type', { length: 40 }).notNull(),
    refId: varchar('ref_id', { length: 64 }).notNull(),
    adminId: integer('admin_id'),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_money_log_user_idx').on(t.userId, t.id),
    uniqueIndex('user_money_log_ref_uq').on(t.kind, t.refType, t.refId),
    // Quick search of the back office's log (decision 040, migration 0027).
    index('user_money_log_memo_trgm_idx').using('gin', t.memo.op('gin_trgm_ops')),
    index('user_money_log_ref_id_trgm_idx').using('gin', t.refId.op('gin_trgm_ops')),
  ],
);

/** One points change of a member; the member's score always equals the sum of deltas. Same reference rule. */
export const userScoreLog = pgTable(
  'user_score_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    score: bigint('score', { mode: 'number' }).notNull(),
    before: bigint('before', { mode: 'number' }).notNull(),
    after: bigint('after', { mode: 'number' }).notNull(),
    memo: varchar('memo', { length: 255 }).notNull().default(''),
    kind: varchar('kind', { length: 20 }).notNull(),
    refType: varchar('ref_type', { length: 40 }).notNull(),
    refId: varchar('ref_id', { length: 64 }).notNull(),
    adminId: integer('admin_id'),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_score_log_user_idx').on(t.userId, t.id),
    uniqueIndex('user_score_log_ref_uq').on(t.kind, t.refType, t.refId),
    // Quick search of the back office's log (decision 040, migration 0027).
    index('user_score_log_memo_trgm_idx').using('gin', t.memo.op('gin_trgm_ops')),
    index('user_score_log_ref_id_trgm_idx').using('gin', t.refId.op('gin_trgm_ops')),
  ],
);
