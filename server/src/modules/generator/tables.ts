import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The code generator's log (decision 045): one row per generated table with the designer's whole
 * state (`design`, JSON — reopening restores every setting and the runtime page and routes are
 * built from it), the files written, the migration and whether the generation created the table.
 */
export const genLog = pgTable(
  'gen_log',
  {
    id: serial('id').primaryKey(),
    tableName: varchar('table_name', { length: 64 }).notNull(),
    design: jsonb('design').notNull(),
    /** Paths written (relative to the output root) and lines inserted into shared files. */
    files: jsonb('files').notNull().default([]),
    migration: varchar('migration', { length: 100 }).notNull().default(''),
    createdTable: smallint('created_table').notNull().default(0),
    adminId: integer('admin_id').notNull().default(0),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gen_log_table_uq').on(t.tableName), index('gen_log_create_idx').on(t.createdAt)],
);
