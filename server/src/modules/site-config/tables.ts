import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const updatedAt = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();

/** Site settings, grouped (basic, upload, mail, sms, agreements …); values are JSON. */
export const config = pgTable('config', {
  name: varchar('name', { length: 64 }).primaryKey(),
  group: varchar('group', { length: 32 }).notNull(),
  title: varchar('title', { length: 100 }).notNull().default(''),
  type: varchar('type', { length: 20 }).notNull().default('string'),
  value: jsonb('value').$type<unknown>(),
  weigh: integer('weigh').notNull().default(0),
  updatedAt: updatedAt(),
});
