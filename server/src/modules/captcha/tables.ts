import { jsonb, pgTable, timestamp, varchar, index } from 'drizzle-orm/pg-core';

/** Click-captcha answers when Redis is not configured (decision 010). */
export const captcha = pgTable(
  'captcha',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    /** `{width, height, targets: [{x, y, r}]}`: target centres and hit radii in image pixels, in click order. */
    answer: jsonb('answer').notNull(),
    expiresAt: timestamp('expire_time', { withTimezone: true }).notNull(),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_expire_idx').on(t.expiresAt)],
);
