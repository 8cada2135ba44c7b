import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();

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

/**
 * Member group: the rule ids its members hold. `rules` is comma-separated ids, or `*` for every
 * enabled rule. `user.group_id` points here; group 1 is the default group of new members.
 */
export const userGroup = pgTable(
  'user_group',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    rules: text('rules').notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Quick search of user/group (decision 040, migration 0027).
  (t) => [index('user_group_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops'))],
);

/**
 * Member rule: a member-centre menu or permission node (conventions "Rule fields"; member rules add
 * types `route`, `nav`, `nav_user_menu` and `no_login_valid`). `name` is the node, e.g.
 * `account/overview`; `path` is the web route (`/user/overview`); `component` the page key.
 */
export const userRule = pgTable(
  'user_rule',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    /** menu_dir | menu | route | button | nav | nav_user_menu */
    type: varchar('type', { length: 20 }).notNull().default('menu'),
    title: varchar('title', { length: 50 }).notNull().default(''),
    name: varchar('name', { length: 100 }).notNull(),
    path: varchar('path', { length: 100 }).notNull().default(''),
    icon: varchar('icon', { length: 50 }).notNull().default(''),
    /** tab | link | iframe */
    menuType: varchar('menu_type', { length: 10 }).notNull().default('tab'),
    url: varchar('url', { length: 255 }).notNull().default(''),
    component: varchar('component', { length: 100 }).notNull().default(''),
    keepalive: smallint('keepalive').notNull().default(0),
    /** 1: the node is usable without logging in (a visitor holds it too). */
    noLoginValid: smallint('no_login_valid').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    weigh: integer('weigh').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_rule_name_uq').on(t.name),
    index('user_rule_pid_idx').on(t.pid),
    index('user_rule_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('user_rule_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('user_rule_path_trgm_idx').using('gin', t.path.op('gin_trgm_ops')),
  ],
);
