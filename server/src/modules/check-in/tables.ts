import { date, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One daily check-in; the unique (member, day) index makes a second one the same day fail. */
export const userCheckIn = pgTable(
  'user_check_in',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    day: date('day').notNull(),
    streak: integer('streak').notNull().default(1),
    score: integer('score').notNull().default(0),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_check_in_day_uq').on(t.userId, t.day)],
);
