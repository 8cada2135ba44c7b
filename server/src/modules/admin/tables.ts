import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = (name = 'create_time') => timestamp(name, { withTimezone: true }).notNull().defaultNow();
const updatedAt = (name = 'update_time') => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** Back-office administrator; the password is an argon2 hash. */
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

/** Admin menu / permission node (conventions "Rule fields"). `name` is the node, e.g. `auth/admin/add`. */
export const adminRule = pgTable(
  'admin_rule',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    type: varchar('type', { length: 10 }).notNull().default('menu'),
    title: varchar('title', { length: 50 }).notNull().default(''),
    name: varchar('name', { length: 100 }).notNull(),
    path: varchar('path', { length: 100 }).notNull().default(''),
    icon: varchar('icon', { length: 50 }).notNull().default(''),
    menuType: varchar('menu_type', { length: 10 }).notNull().default('tab'),
    url: varchar('url', { length: 255 }).notNull().default(''),
    component: varchar('component', { length: 100 }).notNull().default(''),
    keepalive: smallint('keepalive').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    weigh: integer('weigh').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_rule_name_uq').on(t.name),
    index('admin_rule_pid_idx').on(t.pid),
    index('admin_rule_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('admin_rule_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Admin group: a set of rule ids (`*` = everything) and the data scope of its admins. */
export const adminGroup = pgTable(
  'admin_group',
  {
  id: serial('id').primaryKey(),
  pid: integer('pid').notNull().default(0),
  name: varchar('name', { length: 100 }).notNull(),
  /** Comma-separated rule ids, or `*`. */
  rules: text('rules').notNull().default(''),
  /** own | group | subgroups | all */
  dataScope: varchar('data_scope', { length: 10 }).notNull().default('all'),
  /** The admin who created the group (0 = seeded). */
  adminId: integer('admin_id').notNull().default(0),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  },
  (t) => [index('admin_group_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops'))],
);

export const adminGroupAccess = pgTable(
  'admin_group_access',
  {
    uid: integer('uid').notNull(),
    groupId: integer('group_id').notNull(),
  },
  (t) => [uniqueIndex('admin_group_access_uq').on(t.uid, t.groupId), index('admin_group_access_group_idx').on(t.groupId)],
);

/** Every admin POST/DELETE (passwords masked). */
export const adminLog = pgTable(
  'admin_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').notNull().default(0),
    username: varchar('username', { length: 20 }).notNull().default(''),
    url: varchar('url', { length: 1500 }).notNull().default(''),
    title: varchar('title', { length: 100 }).notNull().default(''),
    data: jsonb('data').$type<unknown>(),
    ip: varchar('ip', { length: 50 }).notNull().default(''),
    useragent: varchar('useragent', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_log_admin_idx').on(t.adminId),
    index('admin_log_time_idx').on(t.createdAt),
    index('admin_log_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('admin_log_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('admin_log_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
  ],
);

/** Which CRUD controllers copy deleted rows to the recycle log. */
export const securityDataRecycle = pgTable(
  'security_data_recycle',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    controller: varchar('controller', { length: 100 }).notNull(),
    dataTable: varchar('data_table', { length: 100 }).notNull(),
    primaryKey: varchar('primary_key', { length: 50 }).notNull().default('id'),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('security_data_recycle_controller_uq').on(t.controller),
    index('security_data_recycle_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('security_data_recycle_controller_trgm_idx').using('gin', t.controller.op('gin_trgm_ops')),
    index('security_data_recycle_data_table_trgm_idx').using('gin', t.dataTable.op('gin_trgm_ops')),
  ],
);

export const securityDataRecycleLog = pgTable(
  'security_data_recycle_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').notNull().default(0),
    recycleId: integer('recycle_id').notNull().default(0),
    controller: varchar('controller', { length: 100 }).notNull(),
    dataTable: varchar('data_table', { length: 100 }).notNull(),
    primaryKey: varchar('primary_key', { length: 50 }).notNull().default('id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ip: varchar('ip', { length: 50 }).notNull().default(''),
    useragent: varchar('useragent', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_data_recycle_log_time_idx').on(t.createdAt),
    index('security_data_recycle_log_controller_trgm_idx').using('gin', t.controller.op('gin_trgm_ops')),
    index('security_data_recycle_log_data_table_trgm_idx').using('gin', t.dataTable.op('gin_trgm_ops')),
  ],
);

/** Fields of a CRUD controller whose edits are logged with before/after. */
export const securitySensitiveData = pgTable(
  'security_sensitive_data',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    controller: varchar('controller', { length: 100 }).notNull(),
    dataTable: varchar('data_table', { length: 100 }).notNull(),
    primaryKey: varchar('primary_key', { length: 50 }).notNull().default('id'),
    /** API field name → its label. */
    dataFields: jsonb('data_fields').$type<Record<string, string>>().notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('security_sensitive_data_controller_uq').on(t.controller),
    index('security_sensitive_data_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('security_sensitive_data_controller_trgm_idx').using('gin', t.controller.op('gin_trgm_ops')),
    index('security_sensitive_data_data_table_trgm_idx').using('gin', t.dataTable.op('gin_trgm_ops')),
  ],
);

export const securitySensitiveDataLog = pgTable(
  'security_sensitive_data_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').notNull().default(0),
    sensitiveDataId: integer('sensitive_data_id').notNull().default(0),
    controller: varchar('controller', { length: 100 }).notNull(),
    dataTable: varchar('data_table', { length: 100 }).notNull(),
    primaryKey: varchar('primary_key', { length: 50 }).notNull().default('id'),
    dataField: varchar('data_field', { length: 50 }).notNull(),
    dataComment: varchar('data_comment', { length: 100 }).notNull().default(''),
    idValue: integer('id_value').notNull(),
    before: text('before'),
    after: text('after'),
    ip: varchar('ip', { length: 50 }).notNull().default(''),
    useragent: varchar('useragent', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_sensitive_data_log_time_idx').on(t.createdAt),
    index('security_sensitive_data_log_controller_trgm_idx').using('gin', t.controller.op('gin_trgm_ops')),
    index('security_sensitive_data_log_data_table_trgm_idx').using('gin', t.dataTable.op('gin_trgm_ops')),
    index('security_sensitive_data_log_data_field_trgm_idx').using('gin', t.dataField.op('gin_trgm_ops')),
    index('security_sensitive_data_log_data_comment_trgm_idx').using('gin', t.dataComment.op('gin_trgm_ops')),
  ],
);

/** Department (spec §3), a tree by `pid`. */
export const department = pgTable(
  'department',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    name: varchar('name', { length: 100 }).notNull(),
    responsible: varchar('responsible', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    weigh: integer('weigh').notNull().default(0),
    createtime: createdAt('createtime'),
    updatetime: updatedAt('updatetime'),
  },
  (t) => [
    index('department_pid_idx').on(t.pid),
    // Quick search (decision 040, migration 0027).
    index('department_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('department_responsible_trgm_idx').using('gin', t.responsible.op('gin_trgm_ops')),
    index('department_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('department_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** Job (spec §3). */
export const job = pgTable(
  'job',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    status: smallint('status').notNull().default(1),
    weigh: integer('weigh').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    createtime: createdAt('createtime'),
    updatetime: updatedAt('updatetime'),
  },
  (t) => [
    uniqueIndex('job_code_uq').on(t.code),
    index('job_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('job_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    index('job_remark_trgm_idx').using('gin', t.remark.op('gin_trgm_ops')),
  ],
);
