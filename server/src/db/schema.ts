import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
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

export const admin = pgTable(
  'admin',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 20 }).notNull(),
    nickname: varchar('nickname', { length: 50 }).notNull().default(''),
    avatar: varchar('avatar', { length: 255 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    password: varchar('password', { length: 255 }).notNull(),
    motto: varchar('motto', { length: 255 }).notNull().default(''),
    isSuper: smallint('is_super').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('enable'),
    loginFailure: integer('login_failure').notNull().default(0),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 50 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_username_uq').on(sql`lower(${t.username})`),
    // Quick search of auth/admin (decision 040, migration 0027).
    index('admin_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('admin_nickname_trgm_idx').using('gin', t.nickname.op('gin_trgm_ops')),
    index('admin_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('admin_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
  ],
);

/** Member; money and score are integers (cents / points) changed only through their ledgers. */
export const user = pgTable(
  'user',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().default(1),
    username: varchar('username', { length: 32 }).notNull(),
    nickname: varchar('nickname', { length: 50 }).notNull().default(''),
    email: varchar('email', { length: 100 }),
    mobile: varchar('mobile', { length: 20 }),
    avatar: varchar('avatar', { length: 255 }).notNull().default(''),
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday'),
    money: bigint('money', { mode: 'number' }).notNull().default(0),
    score: bigint('score', { mode: 'number' }).notNull().default(0),
    password: varchar('password', { length: 255 }).notNull(),
    motto: varchar('motto', { length: 255 }).notNull().default(''),
    status: varchar('status', { length: 10 }).notNull().default('enable'),
    inviteCode: varchar('invite_code', { length: 16 }).notNull(),
    inviterId: integer('inviter_id'),
    vipLevel: integer('vip_level').notNull().default(0),
    vipDate: timestamp('vip_date', { withTimezone: true }),
    loginFailure: integer('login_failure').notNull().default(0),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 50 }).notNull().default(''),
    joinTime: timestamp('join_time', { withTimezone: true }).notNull().defaultNow(),
    joinIp: varchar('join_ip', { length: 50 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('user_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('user_mobile_uq').on(t.mobile),
    uniqueIndex('user_invite_code_uq').on(t.inviteCode),
    // New members per day on the dashboard (decision 042, migration 0021).
    index('user_join_time_idx').on(t.joinTime),
    // Logins today on the dashboard (decision 049, migration 0026).
    index('user_last_login_time_idx').on(t.lastLoginTime),
    // Quick search of user/user (decision 040, migration 0027).
    index('user_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('user_nickname_trgm_idx').using('gin', t.nickname.op('gin_trgm_ops')),
    index('user_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('user_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
  ],
);

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

export * from '../modules/admin/tables.ts';
export * from '../modules/admin/crud/tables.ts';
export * from '../modules/uploads/tables.ts';
export * from '../modules/storage/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/ledger/tables.ts';
export * from '../modules/check-in/tables.ts';
export * from '../modules/member-access/tables.ts';
export * from '../modules/captcha/tables.ts';
export * from '../modules/codes/tables.ts';
export * from '../modules/commerce/tables.ts';
export * from '../modules/coupons/tables.ts';
export * from '../modules/commission/tables.ts';
export * from '../modules/jobs/tables.ts';
export * from '../modules/login-throttle/tables.ts';
export * from '../modules/generator/tables.ts';
// generator: tables
