import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Codes sent by e-mail or SMS (decision 010). Only a hash of the code is kept. Status:
 * `pending` while the message goes out, `sent` = usable, `used`, or `void` (superseded, too many
 * wrong tries, or never delivered because the address may not learn whether an account exists).
 */
export const verificationCode = pgTable(
  'verification_code',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 10 }).notNull(),
    target: varchar('target', { length: 100 }).notNull(),
    event: varchar('event', { length: 30 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    ip: varchar('ip', { length: 50 }).notNull().default(''),
    expiresAt: timestamp('expire_time', { withTimezone: true }).notNull(),
    usedAt: timestamp('use_time', { withTimezone: true }),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_code_target_idx').on(t.channel, t.target, t.createdAt),
    index('verification_code_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Every SMS: the `log` provider's only delivery, and a record of what real providers sent (code masked). */
export const smsLog = pgTable(
  'sms_log',
  {
    id: serial('id').primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    event: varchar('event', { length: 30 }).notNull().default(''),
    templateCode: varchar('template_code', { length: 64 }).notNull().default(''),
    content: text('content').notNull().default(''),
    status: varchar('status', { length: 10 }).notNull(),
    error: varchar('error', { length: 255 }).notNull().default(''),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_log_mobile_idx').on(t.mobile, t.createdAt),
    // The back office's quick search (decision 040, migration 0020).
    index('sms_log_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
    index('sms_log_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

/**
 * The provider's template for one code event (back office shop/smsTemplate): `template_code` is
 * what the provider knows it by (Aliyun), `content` the readable text with `${code}` (the `log`
 * provider). An enabled row overrides the template-code setting of its event.
 */
export const smsTemplate = pgTable(
  'sms_template',
  {
    id: serial('id').primaryKey(),
    event: varchar('event', { length: 30 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    templateCode: varchar('template_code', { length: 64 }).notNull().default(''),
    content: varchar('content', { length: 500 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_template_event_provider_uq').on(t.event, t.provider), index('sms_template_code_trgm_idx').using('gin', t.templateCode.op('gin_trgm_ops'))],
);
