import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();

/** Session tokens; only the SHA-256 of a token is stored. */
export const token = pgTable(
  'token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    type: varchar('type', { length: 15 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    /** The login session the token belongs to (decision 028): its access and refresh tokens share it. '' = none. */
    family: varchar('family', { length: 32 }).notNull().default(''),
    /** When a refresh token was exchanged (rotated); presenting it again ends the family. */
    usedAt: timestamp('use_time', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expire_time', { withTimezone: true }).notNull(),
  },
  (t) => [index('token_owner_idx').on(t.type, t.ownerId), index('token_expire_idx').on(t.expiresAt), index('token_family_idx').on(t.family)],
);
