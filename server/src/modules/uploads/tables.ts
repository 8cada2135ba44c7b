import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * One stored file (conventions "Uploads"). The same sha1 + topic + storage is stored once;
 * `quote` counts the uploads that reference it, and the file is removed when it drops to zero.
 */
export const attachment = pgTable(
  'attachment',
  {
    id: serial('id').primaryKey(),
    topic: varchar('topic', { length: 20 }).notNull().default('default'),
    adminId: integer('admin_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    url: varchar('url', { length: 255 }).notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    name: varchar('name', { length: 120 }).notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mimetype: varchar('mimetype', { length: 100 }).notNull().default(''),
    quote: integer('quote').notNull().default(1),
    storage: varchar('storage', { length: 20 }).notNull().default('local'),
    sha1: varchar('sha1', { length: 40 }).notNull(),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    lastUploadTime: timestamp('last_upload_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attachment_sha1_topic_storage_uq').on(t.sha1, t.topic, t.storage),
    index('attachment_topic_idx').on(t.topic),
    index('attachment_last_upload_idx').on(sql`${t.lastUploadTime} desc`),
    // Quick search of the back office's list (decision 040, migration 0027).
    index('attachment_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('attachment_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
    index('attachment_mimetype_trgm_idx').using('gin', t.mimetype.op('gin_trgm_ops')),
  ],
);

/** Province (level 1) → city (2) → district (3), keyed by the GB/T 2260 code; seeded from china-area-data. */
export const area = pgTable(
  'area',
  {
    id: integer('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    level: smallint('level').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
  },
  (t) => [index('area_pid_level_idx').on(t.pid, t.level)],
);
