import { index, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Failed (and in-flight) password logins, member and admin (decision 027). One row per attempt:
 * `account` is the account's id (`#12`) when it exists, else the typed name lower-cased, so an
 * unknown account is throttled exactly like a real one. Rows older than the window are pruned as
 * new ones arrive; a correct login removes that source's rows for the account.
 */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: serial('id').primaryKey(),
    scope: varchar('scope', { length: 10 }).notNull(),
    account: varchar('account', { length: 120 }).notNull(),
    ip: varchar('ip', { length: 50 }).notNull(),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempt_account_idx').on(t.scope, t.account, t.createdAt), index('login_attempt_ip_idx').on(t.scope, t.ip, t.createdAt)],
);
