import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow();

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
