import { index, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Server secrets for HMAC signatures (signed download links; decision 024). Never leaves the
 * server. A token names the key that signed it, so a new key can be added (rotation) while links
 * signed with the previous one stay valid until they expire; a retired key signs nothing new.
 */
export const signingKey = pgTable(
  'signing_key',
  {
    id: serial('id').primaryKey(),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    /** 32 random bytes, hex. */
    secret: varchar('secret', { length: 128 }).notNull(),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retire_time', { withTimezone: true }),
  },
  (t) => [index('signing_key_purpose_idx').on(t.purpose, t.id)],
);
